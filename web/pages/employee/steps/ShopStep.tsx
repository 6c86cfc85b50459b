import { formatUsd } from "@src/lib/money";
import type { CoverageLevel } from "@src/modules/employees/model";
import { StepActions } from "@web/components/forms/Field";
import { fieldErrors, form, goToStep, loadPremiums, premiums, registration, saving, updateField } from "@web/state/employee-registration";
import { useEffect } from "react";
import { coverageLabel, levelPremiumFactor, netMonthlyCost, samplePlans } from "../figures";
import { submitChoice } from "./submit-choice";

export function ShopStep() {
  const values = form.value;
  const error = fieldErrors.value.healthPlanId;
  const allowance = registration.value!.allowance;
  // The sample plans are priced for one person: for more people covered they are scaled by the
  // state's average premiums, so the allowance (which grows with the people covered) is taken
  // off a premium for the same people. Without the table, what one person would pay is not shown as theirs.
  const level = (values.coverageLevel || "individual") as CoverageLevel;
  useEffect(() => {
    if (level !== "individual") void loadPremiums();
  }, [level]);
  const row = premiums.value?.states.find((s) => s.state === values.state);
  const factor = levelPremiumFactor(level, row);
  const premiumOf = (premium: number) => (factor === null ? premium : Math.round(premium * factor * 100) / 100);

  return (
    <form onSubmit={submitChoice("healthPlanId", 6)} noValidate>
      {level === "individual" ? (
        <p>
          Sample individual health plans. Your allowance of <strong>{formatUsd(allowance)}/month</strong> is taken off each premium.
        </p>
      ) : factor !== null && row ? (
        <p>
          Sample health plans, priced for {coverageLabel(level)} coverage: each premium for one person is scaled by the average{" "}
          {coverageLabel(level)} premium{" "}
          {row.usesNationalDefault ? `in the nation (no published figure for ${row.name} yet)` : `in ${row.name}`}. Your allowance of{" "}
          <strong>{formatUsd(allowance)}/month</strong> is taken off each premium.
        </p>
      ) : (
        <p>
          Sample health plans, priced for one person: {coverageLabel(level)} coverage costs more. Your allowance of{" "}
          <strong>{formatUsd(allowance)}/month</strong> is taken off the premium of the coverage you buy.
        </p>
      )}
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
                    Premium <strong>{formatUsd(premiumOf(plan.premium))}/month</strong>
                  </span>
                  <span>Deductible {formatUsd(plan.deductible)}</span>
                  <span>Out-of-pocket max {formatUsd(plan.outOfPocketMax)}</span>
                  <span>Plan pays {plan.coverageShare}%</span>
                  {factor !== null && (
                    <span class="net-cost">
                      You pay <strong>{formatUsd(netMonthlyCost(premiumOf(plan.premium), allowance))}/month</strong> after your allowance
                    </span>
                  )}
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
