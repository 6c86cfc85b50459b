import { formatDate } from "@src/lib/date-rules";
import { formatUsd } from "@src/lib/money";
import { StepActions } from "@web/components/forms/Field";
import { goToStep, noticeHref, registration } from "@web/state/employee-registration";

export function PlanDetailsStep() {
  const view = registration.value!;
  // The server decides the figure (the class's, or the spec's fallback) and says which it is.
  const ofClass = view.className !== null && !view.allowanceIsFallback;
  return (
    <div>
      <div class="plan-facts">
        <article>
          <p class="fact-label">Your monthly allowance</p>
          <p class="fact-value">{formatUsd(view.allowance)}/month</p>
          <p>{ofClass ? `From ${view.businessName} for the ${view.className} class.` : `From ${view.businessName}.`}</p>
        </article>
        <article>
          <p class="fact-label">Plan start date</p>
          <p class="fact-value">{formatDate(view.planStartDate)}</p>
          <p>Your coverage and allowance begin on this date.</p>
        </article>
      </div>
      <p>
        You choose an individual health plan; your employer reimburses your premiums up to your allowance each month. If your plan costs
        less, you keep coverage for less; if it costs more, you pay the difference.
      </p>
      {ofClass && (
        <p>
          <a href={noticeHref()} target="_blank" rel="noopener">
            Read your ICHRA notice (opens in a new tab)
          </a>
          : your allowance, the plan year, your right to opt out, and how the offer affects the premium tax credit.
        </p>
      )}
      <StepActions back={{ label: "Back", onClick: () => goToStep(2) }} label="Continue" onNext={() => goToStep(4)} />
    </div>
  );
}
