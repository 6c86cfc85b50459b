import { lazy, Suspense } from "react";
import { Route, Switch, useLocation } from "wouter";
import { Footer } from "./components/chrome/Footer";
import { Header } from "./components/chrome/Header";
import { Toaster } from "./components/toast/Toaster";
import { ComingSoon } from "./pages/common/ComingSoon";
import { NotAvailableYet } from "./pages/common/NotAvailableYet";
import { NotFound } from "./pages/common/NotFound";
import { Home } from "./pages/marketing/Home";
import { comingSoonPaths } from "./routes";

const EmployeeRegistration = lazy(() => import("./pages/employee/EmployeeRegistration"));

/** The employee flow is shown without the site chrome, on a light gray background. */
export const isChromeless = (path: string) => path.startsWith("/employee-registration/");

function Routes() {
  return (
    <Switch>
      <Route path="/" component={Home} />
      <Route path="/enroll">{() => <NotAvailableYet title="Employer Enrollment" />}</Route>
      <Route path="/enrollment-form">{() => <NotAvailableYet title="Start Your Enrollment" />}</Route>
      <Route path="/employers">{() => <NotAvailableYet title="Employers" />}</Route>
      <Route path="/brokers">{() => <NotAvailableYet title="Brokers/Consultants" />}</Route>
      <Route path="/platforms">{() => <NotAvailableYet title="Platforms/Administrators" />}</Route>
      <Route path="/contact">{() => <NotAvailableYet title="Get in Touch" />}</Route>
      <Route path="/login" component={ComingSoon} />
      <Route path="/admin/login">{() => <NotAvailableYet title="Admin Login" />}</Route>
      <Route path="/admin">{() => <NotAvailableYet title="Form Submissions Dashboard" />}</Route>
      <Route path="/dashboard/:businessId">{() => <NotAvailableYet title="Business Dashboard" />}</Route>
      <Route path="/success/:enrollmentId">{() => <NotAvailableYet title="Enrollment Complete" />}</Route>
      <Route path="/enrollment/:enrollmentId/classes">{() => <NotAvailableYet title="Employee Classes" />}</Route>
      <Route path="/enrollment/:enrollmentId">{() => <NotAvailableYet title="Enrollment Details" />}</Route>
      <Route path="/employee-registration/:enrollmentId">
        {() => (
          <Suspense fallback={<p aria-busy="true">Loading...</p>}>
            <EmployeeRegistration />
          </Suspense>
        )}
      </Route>
      {comingSoonPaths.map((path) => (
        <Route key={path} path={path} component={ComingSoon} />
      ))}
      <Route component={NotFound} />
    </Switch>
  );
}

export function App({ ssrPath }: { ssrPath?: string } = {}) {
  const [location] = useLocation();
  const chromeless = isChromeless(ssrPath ?? location);
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
