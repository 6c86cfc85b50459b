import { StepActions } from "@web/components/forms/Field";
import { goToStep } from "@web/state/employee-registration";
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
      <StepActions back={{ label: "Back", onClick: () => goToStep(1) }} label="Continue" onNext={() => goToStep(3)} />
    </div>
  );
}
