// /benefits/notice: a registered employee's own ICHRA notice, signed in. They need it long
// after their invitation's link stopped working: to claim a premium tax credit, or to read
// again what the HRA offers them.
import "./benefits.css";
import { Link } from "wouter";
import { api, read } from "../../api/client";
import { ApiError } from "../../api/errors";
import { usePageTitle } from "../../components/chrome/page-title";
import { EmployeeNotice } from "../../components/compliance/EmployeeNotice";
import { AlertNotice, RetryNotice } from "../../components/notice/Alerts";
import { askWhenSignedIn } from "../../lib/signed-in-cookie";
import { useLoad } from "../../lib/use-load";

export default function BenefitsNoticePage() {
  usePageTitle("Your ICHRA Notice");
  const [load, reload] = useLoad(() => askWhenSignedIn(() => read(api.api.benefits.notice.get())));
  const refused = load.status === "error" && load.error instanceof ApiError ? load.error : null;
  const back = (
    <p>
      <Link href="/benefits">Back to My benefits</Link>
    </p>
  );
  if (load.status === "ready")
    return (
      <section class="benefits-page benefits-notice">
        {back}
        <EmployeeNotice notice={load.value} />
        {back}
      </section>
    );
  return (
    <section class="benefits-page">
      <h1>Your ICHRA notice</h1>
      {load.status === "loading" && <p aria-busy="true">Loading your notice...</p>}
      {refused?.status === 401 && (
        <>
          <p>Please sign in to read your ICHRA notice. We'll email you a one-time sign-in link.</p>
          {/* In a paragraph of its own: the link back below keeps its distance from it. */}
          <p>
            <Link href="/login" role="button">
              Sign in
            </Link>
          </p>
        </>
      )}
      {refused?.status === 403 && (
        <p>
          You're signed in with an account that is not an employee's. To read your own notice, sign out and sign in with the link sent to
          your employee email address.
        </p>
      )}
      {refused?.status === 409 && <AlertNotice message={refused.serverMessage ?? "Your notice is not available yet."} tone="warning" />}
      {load.status === "error" && ![401, 403, 409].includes(refused?.status ?? 0) && (
        <RetryNotice message="We couldn't load your notice. Please check your connection and try again." onRetry={reload} />
      )}
      {load.status === "error" && back}
    </section>
  );
}
