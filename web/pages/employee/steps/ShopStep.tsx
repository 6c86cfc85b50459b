import { formatUsd } from "@src/lib/money";
import { StepActions } from "@web/components/forms/Field";
import { fieldErrors, form, goToStep, registration, saving, updateField } from "@web/state/employee-registration";
import { netMonthlyCost, samplePlans } from "../figures";
import { submitChoice } from "./submit-choice";

export function ShopStep() {
  const values = form.value;
  const error = fieldErrors.value.healthPlanId;
  const allowance = registration.value!.allowance;

  return (
    <form onSubmit={submitChoice("healthPlanId", 6)} noValidate>
      <p>
        Sample individual health plans. Your allowance of <strong>{formatUsd(allowance)}/month</strong> is taken off each premium.
      </p>
      <fieldset aria-invalid={error ? "true" : undefined} aria-describedby={error ? "plan-error" : undefined}>
        <legend>Health insurance plan</legend>
        <div class="plan-grid">
          {samplePlans.map((plan) => {
            const selected = values.healthPlanId === plan.id;
            return (
              <label key={plan.id} class={selected ? "plan-card plan-card-selected" : "plan-card"}>
                <span class="plan-card-title">
                  <input
                    type="radio"
                    name="healthPlanId"
                    value={plan.id}
                    checked={selected}
                    aria-invalid={error ? "true" : undefined}
                    onChange={() => updateField("healthPlanId", plan.id)}
                  />
                  <strong>{plan.name}</strong>
                </span>
                <span class="plan-facts-list">
                  <span>
                    Premium <strong>{formatUsd(plan.premium)}/month</strong>
                  </span>
                  <span>Deductible {formatUsd(plan.deductible)}</span>
                  <span>Out-of-pocket max {formatUsd(plan.outOfPocketMax)}</span>
                  <span>Plan pays {plan.coverageShare}%</span>
                  <span class="net-cost">
                    You pay <strong>{formatUsd(netMonthlyCost(plan.premium, allowance))}/month</strong> after your allowance
                  </span>
                </span>
              </label>
            );
          })}
        </div>
        {error && (
          <small id="plan-error" class="field-error">
            {error}
          </small>
        )}
      </fieldset>
      <StepActions back={{ label: "Back", onClick: () => goToStep(4) }} label="Continue" pendingLabel="Saving..." pending={saving.value} />
    </form>
  );
}
