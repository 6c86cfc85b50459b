import { goToStep } from "@web/state/employee-registration";
import { StepActions } from "../Field";
import { PaycheckDialog, PaycheckTabs } from "../PaycheckComparison";

export function AboutIchraStep() {
  return (
    <div>
      <p>
        An individual coverage health reimbursement arrangement (ICHRA) lets your employer give you a tax-free monthly allowance that you
        spend on the individual health plan you choose. Reimbursements are free of income and payroll tax.
      </p>
      <h3>How it can change your paycheck</h3>
      <p>A sample paycheck for each coverage level:</p>
      <PaycheckTabs />
      <p>
        <PaycheckDialog />
      </p>
      <StepActions back={() => goToStep(1)}>
        <button type="button" onClick={() => goToStep(3)}>
          Continue
        </button>
      </StepActions>
    </div>
  );
}
