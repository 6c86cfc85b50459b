import { Suspense, lazy } from "react";
import { Route, Switch, useLocation } from "wouter";
import { Footer } from "./components/chrome/Footer";
import { Header } from "./components/chrome/Header";
import { Toaster } from "./components/toast/Toaster";
import { ComingSoon } from "./pages/common/ComingSoon";
import { NotFound } from "./pages/common/NotFound";
import { Brokers } from "./pages/marketing/Brokers";
import { Contact } from "./pages/marketing/Contact";
import { Employers } from "./pages/marketing/Employers";
import { EnrollmentLead } from "./pages/marketing/EnrollmentLead";
import { Home } from "./pages/marketing/Home";
import { Platforms } from "./pages/marketing/Platforms";
import { comingSoonPaths } from "./routes";

// Employer and admin screens load on demand so the home page's first load stays small.
const EnrollPage = lazy(() => import("./pages/enroll/EnrollPage"));
const SuccessPage = lazy(() => import("./pages/enroll/SuccessPage"));
const DashboardPage = lazy(() => import("./pages/dashboard/DashboardPage"));
const EnrollmentDetailsPage = lazy(() => import("./pages/dashboard/EnrollmentDetailsPage"));
const EnrollmentClassesPage = lazy(() => import("./pages/dashboard/EnrollmentClassesPage"));
const NoticePage = lazy(() => import("./pages/dashboard/NoticePage"));
const EmployeeRegistration = lazy(() => import("./pages/employee/EmployeeRegistration"));
const EmployeeNoticePage = lazy(() => import("./pages/employee/EmployeeNoticePage"));
const LoginPage = lazy(() => import("./pages/login/LoginPage"));

const AdminLogin = lazy(() => import("./pages/admin/AdminLogin").then((m) => ({ default: m.AdminLogin })));
const AdminDashboard = lazy(() => import("./pages/admin/AdminDashboard").then((m) => ({ default: m.AdminDashboard })));

function Loading({ label = "Loading..." }: { label?: string }) {
  return <p aria-busy="true">{label}</p>;
}

/** The employee flow (and the employee's notice) is shown without the site chrome, on a light gray background. */
export const isChromeless = (path: string) => path.startsWith("/employee-registration/");

function Routes() {
  return (
    <Switch>
      <Route path="/" component={Home} />
      <Route path="/enroll">{() => <Suspense fallback={<Loading />}><EnrollPage /></Suspense>}</Route>
      <Route path="/enrollment-form" component={EnrollmentLead} />
      <Route path="/employers" component={Employers} />
      <Route path="/brokers" component={Brokers} />
      <Route path="/platforms" component={Platforms} />
      <Route path="/contact" component={Contact} />
      <Route path="/login">{() => <Suspense fallback={<Loading />}><LoginPage /></Suspense>}</Route>
      <Route path="/admin/login">{() => <Suspense fallback={<Loading />}><AdminLogin /></Suspense>}</Route>
      <Route path="/admin">{() => <Suspense fallback={<Loading label="Loading dashboard..." />}><AdminDashboard /></Suspense>}</Route>
      <Route path="/dashboard/:businessId">{(params) => <Suspense fallback={<Loading />}><DashboardPage params={params} /></Suspense>}</Route>
      <Route path="/success/:enrollmentId">{(params) => <Suspense fallback={<Loading />}><SuccessPage params={params} /></Suspense>}</Route>
      <Route path="/enrollment/:enrollmentId/classes">{(params) => <Suspense fallback={<Loading />}><EnrollmentClassesPage params={params} /></Suspense>}</Route>
      <Route path="/enrollment/:enrollmentId/notice/:classIndex">{(params) => <Suspense fallback={<Loading />}><NoticePage params={params} /></Suspense>}</Route>
      <Route path="/enrollment/:enrollmentId">{(params) => <Suspense fallback={<Loading />}><EnrollmentDetailsPage params={params} /></Suspense>}</Route>
      <Route path="/employee-registration/:enrollmentId/notice">{() => <Suspense fallback={<Loading />}><EmployeeNoticePage /></Suspense>}</Route>
      <Route path="/employee-registration/:enrollmentId">{() => <Suspense fallback={<Loading />}><EmployeeRegistration /></Suspense>}</Route>
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
