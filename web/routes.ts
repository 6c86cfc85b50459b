// The site's routes, shared by the browser router and the server (which answers 404 for
// anything else). Patterns use wouter's `:param` syntax.

export const comingSoonPaths = [
  "/schedule-consultation",
  "/coming-soon",
  "/about-ichra",
  "/for-employers",
  "/resources",
  "/blog",
  "/pricing",
  "/faq",
  "/terms",
  "/privacy",
  "/features",
] as const;

export const routePatterns = [
  "/",
  "/enroll",
  "/enrollment-form",
  "/employers",
  "/brokers",
  "/platforms",
  "/contact",
  "/login",
  "/admin",
  "/admin/login",
  "/dashboard/:businessId",
  "/success/:enrollmentId",
  "/employee-registration/:enrollmentId",
  "/employee-registration/:enrollmentId/notice",
  "/enrollment/:enrollmentId",
  "/enrollment/:enrollmentId/classes",
  "/enrollment/:enrollmentId/notice/:classIndex",
  ...comingSoonPaths,
] as const;

const matchers = routePatterns.map(
  (pattern) => new RegExp(`^${pattern.replace(/:[A-Za-z]+/g, "[^/]+")}/?$`),
);

export function isKnownRoute(pathname: string): boolean {
  return matchers.some((m) => m.test(pathname));
}
