import { formatUsd } from "@src/lib/money";
import { StepActions } from "@web/components/forms/Field";
import { goToStep, registration } from "@web/state/employee-registration";
import { PaycheckDialog, PaycheckTabs } from "../PaycheckComparison";

export function AboutIchraStep() {
  return (
    <div>
      <p>
        An individual coverage health reimbursement arrangement (ICHRA) lets your employer give you a tax-free monthly allowance that you
        spend on the individual health plan you choose. Reimbursements are free of income and payroll tax.
      </p>
      {registration.value?.planIncludesIndemnity ? (
        <>
          <h3>How it can change your paycheck</h3>
          <p>
            A sample paycheck for each coverage level, in round numbers, for an employee whose plan includes indemnity benefits, as your
            employer's does; your own allowance is on the next step.
          </p>
          <PaycheckTabs />
          <p>
            <PaycheckDialog />
          </p>
        </>
      ) : (
        // The sample paycheck counts on indemnity benefits, which this employer's plan does not include: it would promise a raise.
        <>
          <h3>What it means for you</h3>
          <p>
            Each month you pay your premium, then claim it with a receipt: approved amounts, up to your allowance
            {registration.value?.allowanceIsFallback === false ? ` of ${formatUsd(registration.value.allowance)} a month` : ""}, are paid
            with your wages, free of income and payroll tax.
          </p>
        </>
      )}
      <StepActions back={{ label: "Back", onClick: () => goToStep(1) }} label="Continue" onNext={() => goToStep(3)} />
    </div>
  );
}
