import { formatUsd } from "../../../../src/lib/money";
import { longDate } from "../../../../src/modules/employees/dates";
import { goToStep, noticeHref, registration } from "../../../state/employee-registration";
import { StepActions } from "../Field";
import { FALLBACK_ALLOWANCE } from "../figures";

export function PlanDetailsStep() {
  const view = registration.value!;
  const allowance = view.allowance ?? FALLBACK_ALLOWANCE;
  return (
    <div>
      <div class="plan-facts">
        <article>
          <p class="fact-label">Your monthly allowance</p>
          <p class="fact-value">{formatUsd(allowance)}/month</p>
          <p>
            {view.className && view.allowance !== null
              ? `From ${view.businessName} for the ${view.className} class.`
              : `From ${view.businessName}.`}
          </p>
        </article>
        <article>
          <p class="fact-label">Plan start date</p>
          <p class="fact-value">{longDate(view.planStartDate)}</p>
          <p>Your coverage and allowance begin on this date.</p>
        </article>
      </div>
      <p>
        You choose an individual health plan; your employer reimburses your premiums up to your allowance each month. If your plan
        costs less, you keep coverage for less; if it costs more, you pay the difference.
      </p>
      {view.className && view.allowance !== null && (
        <p>
          <a href={noticeHref()} target="_blank" rel="noopener">
            Read your ICHRA notice (opens in a new tab)
          </a>
          : your allowance, the plan year, your right to opt out, and how the offer affects the premium tax credit.
        </p>
      )}
      <StepActions back={() => goToStep(2)}>
        <button type="button" onClick={() => goToStep(4)}>
          Continue
        </button>
      </StepActions>
    </div>
  );
}
