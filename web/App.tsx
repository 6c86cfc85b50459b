import { isKnownRoute, type PageName, routes } from "@src/lib/site-routes";
import { type ComponentType, lazy, Suspense } from "react";
import { Route, Switch, useLocation } from "wouter";
import { Footer } from "./components/chrome/Footer";
import { Header } from "./components/chrome/Header";
import { Toaster } from "./components/toast/Toaster";
import { benefitsHomePath } from "./lib/benefits-home-path";
import { startEarly } from "./lib/early";
import { maybeSignedIn } from "./lib/signed-in-cookie";
import { useTopOnNavigate } from "./lib/top-on-navigate";
import { ComingSoon } from "./pages/common/ComingSoon";
import { NotFound } from "./pages/common/NotFound";
import { Brokers } from "./pages/marketing/Brokers";
import { Contact } from "./pages/marketing/Contact";
import { Employers } from "./pages/marketing/Employers";
import { EnrollmentLead } from "./pages/marketing/EnrollmentLead";
import { Home } from "./pages/marketing/Home";
import { Platforms } from "./pages/marketing/Platforms";

type Params = Record<string, string>;
// Each page declares the params its own pattern gives it; `never` lets the table hold them all.
type PageComponent = ComponentType<{ params: never }>;

/**
 * A screen of the route table: marketing pages are bundled (they are prerendered); the rest
 * load on demand. A screen with its own chrome draws its header and main itself.
 */
type Page = { component: PageComponent; lazy?: boolean; loading?: string; ownChrome?: boolean };

const onDemand = (load: () => Promise<{ default: PageComponent }>, options: { loading?: string; ownChrome?: boolean } = {}): Page => ({
  component: lazy<PageComponent>(load),
  lazy: true,
  ...options,
});

// Employer and admin screens load on demand so the home page's first load stays small.
export const pages: Record<PageName, Page> = {
  home: { component: Home },
  enrollmentLead: { component: EnrollmentLead },
  employers: { component: Employers },
  brokers: { component: Brokers },
  platforms: { component: Platforms },
  contact: { component: Contact },
  comingSoon: { component: ComingSoon },
  // The wizard first asks what this session owns: that request starts with the screen's download.
  enroll: onDemand(() => {
    if (maybeSignedIn()) startEarly("/api/business/mine");
    return import("./pages/enroll/EnrollPage");
  }),
  login: onDemand(() => import("./pages/login/LoginPage")),
  terms: onDemand(() => import("./pages/common/TermsPage")),
  admin: onDemand(() => import("./pages/admin/AdminArea"), { ownChrome: true }),
  benefits: onDemand(
    () => {
      if (maybeSignedIn()) startEarly(benefitsHomePath());
      return import("./pages/benefits/BenefitsPage");
    },
    { loading: "Loading your benefits..." },
  ),
  benefitsNotice: onDemand(() => import("./pages/benefits/BenefitsNoticePage"), { loading: "Loading your notice..." }),
  dashboard: onDemand(() => import("./pages/dashboard/DashboardPage")),
  success: onDemand(() => import("./pages/enroll/SuccessPage")),
  enrollmentClasses: onDemand(() => import("./pages/dashboard/EnrollmentClassesPage")),
  enrollmentNotice: onDemand(() => import("./pages/dashboard/NoticePage")),
  enrollmentDetails: onDemand(() => import("./pages/dashboard/EnrollmentDetailsPage")),
  employeeNotice: onDemand(() => import("./pages/employee/EmployeeNoticePage")),
  employeeRegistration: onDemand(() => import("./pages/employee/EmployeeRegistration")),
};

function Loading({ label = "Loading..." }: { label?: string }) {
  // The screen's height is held while it loads, so the footer does not jump when it arrives.
  return (
    <p aria-busy="true" class="page-loading">
      {label}
    </p>
  );
}

let drawingShells = false;

/**
 * While prerendering the shells of the screens that load on demand (scripts/prerender.ts):
 * each is drawn as it looks while its code loads, its chrome and its loading line, so a
 * phone paints the page before any script has run.
 */
export const prerenderShells = (on: boolean) => {
  drawingShells = on;
};

function renderPage(page: Page, params: Params) {
  // The route's pattern is the one that names these params, so the page gets what it declares.
  const Component = page.component as ComponentType<{ params: Params }>;
  if (!page.lazy) return <Component params={params} />;
  const loading = <Loading label={page.loading} />;
  const fallback = page.ownChrome ? (
    <main class="container" id="main">
      {loading}
    </main>
  ) : (
    loading
  );
  if (drawingShells) return fallback;
  return (
    <Suspense fallback={fallback}>
      <Component params={params} />
    </Suspense>
  );
}

/** The employee flow (and the employee's notice) is shown without the site chrome, on a light gray background. */
export const isChromeless = (path: string) => path.startsWith("/employee-registration/");

/** The admin area has a header of its own (web/pages/admin/AdminArea.tsx), not the public site's. */
export const isAdminArea = (path: string) => path === "/admin" || path.startsWith("/admin/");

function Routes() {
  return (
    <Switch>
      {routes.map(({ pattern, page }) => (
        <Route key={pattern} path={pattern}>
          {(params: Params) => renderPage(pages[page], params)}
        </Route>
      ))}
      <Route component={NotFound} />
    </Switch>
  );
}

export function App({ ssrPath }: { ssrPath?: string } = {}) {
  const [location] = useLocation();
  useTopOnNavigate();
  const path = ssrPath ?? location;
  if (isAdminArea(path) && isKnownRoute(path)) {
    return (
      <>
        <Routes />
        <Toaster />
      </>
    );
  }
  const chromeless = isChromeless(path);
  return (
    <>
      {!chromeless && <Header />}
      <main class={chromeless ? "container chromeless" : "container"} id="main">
        <Routes />
      </main>
      {!chromeless && <Footer />}
      <Toaster />
    </>
  );
}
