import { formatDate } from "@src/lib/date-rules";
import { formatUsd } from "@src/lib/money";
import { shownPhone } from "@src/lib/phone";
import { stateName } from "@src/lib/us-states";
import { REGISTERED_NEXT_STEPS } from "@src/modules/employees/model";
import { goToStep, registration } from "@web/state/employee-registration";
import type { ComponentChildren } from "preact";
import { Link } from "wouter";
import { EmailAddress } from "../../../components/text/EmailAddress";
import { shownDateTime } from "../../../lib/dates";
import { SIGN_IN_EMAIL_STATE } from "../../../lib/sign-in-email";
import { siteContact } from "../../marketing/site-contact";
import { coverageLabel, planName } from "../figures";
import { startOf } from "../start-date";

export function ConfirmStep() {
  const view = registration.value!;
  const saved = view.registration;
  if (saved?.declinedAt && !saved.submittedAt) {
    return (
      <div>
        <p class="confirm-banner" role="status">
          You opted out of the ICHRA on {formatDate(saved.declinedAt.slice(0, 10))} and waived its reimbursements.
        </p>
        <p>
          We emailed you a confirmation. Keep it with your ICHRA notice: if the offer is not affordable for you, you may be able to claim a
          premium tax credit.
        </p>
        {view.editable && view.optedOut?.takeBackUntil && (
          <>
            <p>Changed your mind? You can still register with your invitation until {formatDate(view.optedOut.takeBackUntil)}.</p>
            <button type="button" class="secondary outline" onClick={() => goToStep(1)}>
              Register instead
            </button>
          </>
        )}
        {view.optedOut && !view.optedOut.takeBackUntil && (
          <p>Your allowance's months have started, so this holds until the plan year ends on {formatDate(view.optedOut.until)}.</p>
        )}
      </div>
    );
  }
  if (!saved?.submittedAt) {
    return <p>Your registration has not been submitted yet.</p>;
  }
  const start = startOf(view);
  const rows: [string, ComponentChildren][] = [
    ["Name", `${saved.firstName ?? ""} ${saved.lastName ?? ""}`],
    ["Email", <EmailAddress key="email" email={saved.email ?? ""} />],
    ["Phone", shownPhone(saved.phone ?? "")],
    ["Date of birth", saved.dateOfBirth ? formatDate(saved.dateOfBirth) : ""],
    ["SSN (last 4)", saved.ssnMasked ?? ""],
    ["Address", `${saved.address ?? ""}, ${saved.city ?? ""}, ${stateName(saved.state ?? "") ?? saved.state ?? ""} ${saved.zipCode ?? ""}`],
    ["Coverage level", coverageLabel(saved.coverageLevel)],
    ["Health plan", planName(saved.healthPlanId)],
    ["Monthly allowance", `${formatUsd(view.allowance)}/month`],
    [start.label, start.date],
    ["Submitted", shownDateTime(saved.submittedAt)],
  ];
  return (
    <div>
      <p class="confirm-banner" role="status">
        Thank you! Your registration is complete. We sent a confirmation to {saved.email}.
      </p>
      <dl class="confirm-list" data-testid="stored-registration">
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <section class="what-next" aria-labelledby="what-next-title">
        <h3 id="what-next-title">What comes next</h3>
        <ol>
          <li>Sign in to My benefits with {saved.email}: we email you a one-time sign-in link.</li>
          {REGISTERED_NEXT_STEPS.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        {/* The address goes along in the history entry (not the link's query, kept in logs): the sign-in page starts with it. */}
        <Link href="/login" state={{ [SIGN_IN_EMAIL_STATE]: saved.email }} role="button">
          Sign in to My benefits
        </Link>
      </section>
      <p>
        Your registration is submitted, so it can no longer be changed here. To correct something, write to us, the plan's administrator, at{" "}
        <a href={`mailto:${siteContact().email}`}>{siteContact().email}</a>.
      </p>
    </div>
  );
}
