// The site's one route table: the browser's router renders it (web/App.tsx maps each page
// name to its component) and the server answers 404 for any path it does not match. It holds
// only patterns and page names so the server can import it without any screen's code.
// Patterns use wouter's `:param` syntax; the more specific of two overlapping patterns comes first.

export const comingSoonPaths = [
  "/schedule-consultation",
  "/coming-soon",
  "/about-ichra",
  "/for-employers",
  "/resources",
  "/blog",
  "/pricing",
  "/faq",
  "/privacy",
  "/features",
] as const;

export const routes = [
  { pattern: "/", page: "home" },
  { pattern: "/enroll", page: "enroll" },
  { pattern: "/enrollment-form", page: "enrollmentLead" },
  { pattern: "/employers", page: "employers" },
  { pattern: "/brokers", page: "brokers" },
  { pattern: "/platforms", page: "platforms" },
  { pattern: "/contact", page: "contact" },
  { pattern: "/login", page: "login" },
  { pattern: "/terms", page: "terms" },
  { pattern: "/benefits", page: "benefits" },
  { pattern: "/benefits/notice", page: "benefitsNotice" },
  // The admin area draws its own chrome; its sections are listed in the web app (web/pages/admin/sections.ts).
  { pattern: "/admin/login", page: "admin" },
  { pattern: "/admin", page: "admin" },
  { pattern: "/admin/:section", page: "admin" },
  { pattern: "/dashboard/:businessId", page: "dashboard" },
  { pattern: "/success/:enrollmentId", page: "success" },
  { pattern: "/employee-registration/:enrollmentId/notice", page: "employeeNotice" },
  { pattern: "/employee-registration/:enrollmentId", page: "employeeRegistration" },
  { pattern: "/enrollment/:enrollmentId/classes", page: "enrollmentClasses" },
  { pattern: "/enrollment/:enrollmentId/notice/:classIndex", page: "enrollmentNotice" },
  { pattern: "/enrollment/:enrollmentId", page: "enrollmentDetails" },
  ...comingSoonPaths.map((pattern) => ({ pattern, page: "comingSoon" as const })),
] as const;

export type PageName = (typeof routes)[number]["page"];

export const routePatterns: readonly string[] = routes.map((r) => r.pattern);

const matchers = routePatterns.map((pattern) => new RegExp(`^${pattern.replace(/:[A-Za-z]+/g, "[^/]+")}/?$`));

export function isKnownRoute(pathname: string): boolean {
  return matchers.some((m) => m.test(pathname));
}

/** The page a path opens (the first pattern it matches), or null for an unknown path. */
export function pageOf(pathname: string): PageName | null {
  const index = matchers.findIndex((m) => m.test(pathname));
  return index < 0 ? null : routes[index]!.page;
}
