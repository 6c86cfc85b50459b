// Step 2: choose a plan, set the effective date and monthly budget, with the two calculators.

import { localToday } from "@src/lib/date-rules";
import { validate } from "@src/lib/field-errors";
import { formatUsd } from "@src/lib/money";
import { effectiveDateError, latestEffectiveDate, PlanSelection } from "@src/modules/enrollments/model";
import { type Plan, planLimitErrors } from "@src/modules/plans/model";
import { useEffect, useState } from "react";
import { api, read } from "../../api/client";
import { StepActions, TextField } from "../../components/forms/Field";
import { focusFirstError } from "../../components/forms/focus-first-error";
import { AlertNotice } from "../../components/notice/Alerts";
import { toast } from "../../components/toast/toast-store";
import { planYearOf } from "../../lib/dates";
import { useLoad } from "../../lib/use-load";
import { budgetNumber, changeEffectiveDate, defaultEffectiveDate, wizard } from "../../state/enrollment";
import { CostCalculator, FicaCalculator } from "./Calculators";
import { failed, fieldsToFix, goNext, saveAndContinue, savedBefore, saveStep } from "./navigation";

export function choosePlan(plan: Plan) {
  wizard.planId.value = plan.id;
  wizard.plan.value = { name: plan.name, limits: plan.limits };
  wizard.monthlyBudget.value = String(plan.monthlyAmount);
}

export function PlanDesignStep() {
  const [plans] = useLoad(() =>
    read(api.api.plans.get()).then((list) => {
      // The first plan is chosen as the plans arrive when none is chosen yet, so they show with one chosen.
      const chosen = list.find((p) => p.id === wizard.planId.value);
      if (!chosen && list.length > 0) choosePlan(list[0]);
      else if (chosen) wizard.plan.value = { name: chosen.name, limits: chosen.limits };
      return list;
    }),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);

  useEffect(() => {
    if (!wizard.effectiveDate.value) wizard.effectiveDate.value = defaultEffectiveDate();
  }, []);

  async function submit(event: Event) {
    event.preventDefault();
    const businessId = wizard.businessId.value;
    if (!savedBefore(businessId, "Plan Selection Failed", "Invalid business ID. Please go back to the business information step.")) return;
    const payload = {
      planId: wizard.planId.value ?? 0,
      effectiveDate: wizard.effectiveDate.value,
      monthlyBudget: budgetNumber(wizard.monthlyBudget.value),
    };
    const dateError = effectiveDateError(payload.effectiveDate, localToday());
    const chosen = plans.status === "ready" ? plans.value.find((p) => p.id === payload.planId) : undefined;
    const overLimit = chosen ? Object.values(planLimitErrors(chosen, wizard.classes.value))[0] : undefined;
    // Every problem at once, not one per press of Continue; the keyboard goes to the first.
    const all = {
      ...(overLimit ? { planId: overLimit } : {}),
      ...(dateError ? { effectiveDate: dateError } : {}),
      ...(validate(PlanSelection, payload) ?? {}),
    };
    if (Object.keys(all).length > 0) {
      setErrors(all);
      focusFirstError(event.currentTarget as HTMLFormElement, all);
      fieldsToFix(payload, all);
      return;
    }
    await saveStep(
      async () => {
        const answer = await read(api.api.business({ businessId }).plan.post(payload));
        if (!answer?.enrollmentId) {
          failed("Selection Error", "The server did not return an enrollment ID. Please try again.");
          return;
        }
        if (answer.enrollmentId !== wizard.enrollmentId.value) wizard.classesSaved.value = false;
        wizard.enrollmentId.value = answer.enrollmentId;
        setErrors({});
        toast({ title: "Plan Selection Complete", description: "Your plan selection has been saved successfully." });
        goNext();
      },
      { title: "Plan Selection Failed", fallback: "Failed to select plan. Please try again.", setPending, setErrors },
    );
  }

  const budget = budgetNumber(wizard.monthlyBudget.value);

  return (
    <form onSubmit={submit} noValidate>
      <h2 tabIndex={-1}>Choose Your ICHRA Plan</h2>
      <p>All plans include tax-advantaged reimbursements and compliance support.</p>
      {plans.status === "loading" && <p aria-busy="true">Loading plans...</p>}
      {plans.status === "error" && <AlertNotice message="Error loading plans. Please try again later." />}
      {plans.status === "ready" && (
        <fieldset class="plan-cards" aria-describedby={errors.planId ? "plan-error" : undefined}>
          <legend class="visually-hidden">Plan</legend>
          {plans.value.map((plan) => {
            const selected = wizard.planId.value === plan.id;
            return (
              <label key={plan.id} class={selected ? "plan-card selected" : "plan-card"} htmlFor={`plan-${plan.id}`}>
                <span class="plan-card-head">
                  <input
                    type="radio"
                    id={`plan-${plan.id}`}
                    name="planId"
                    value={plan.id}
                    checked={selected}
                    onChange={() => choosePlan(plan)}
                  />
                  <strong class="plan-name">{plan.name}</strong>
                  {plan.isPopular && <span class="badge">Most Popular</span>}
                </span>
                <span class="plan-description">{plan.description}</span>
                <span class="plan-price">
                  <strong>{formatUsd(plan.monthlyAmount)}</strong> per month
                </span>
                <span class="plan-annual">{formatUsd(plan.annualAmount)} per year</span>
                <ul class="plan-features">
                  {plan.features.map((f) => (
                    <li key={f}>{f}</li>
                  ))}
                </ul>
              </label>
            );
          })}
          {errors.planId && (
            <small id="plan-error" class="field-error">
              {errors.planId}
            </small>
          )}
        </fieldset>
      )}

      <section class="config-section" aria-labelledby="plan-config-title">
        <h3 id="plan-config-title">Plan Configuration</h3>
        <div class="grid">
          <TextField
            id="plan-effectiveDate"
            name="effectiveDate"
            label="Effective Date"
            type="date"
            required
            min={localToday()}
            max={latestEffectiveDate(localToday())}
            value={wizard.effectiveDate.value}
            error={errors.effectiveDate}
            onInput={changeEffectiveDate}
          />
          <TextField
            id="plan-monthlyBudget"
            name="monthlyBudget"
            label="Monthly Budget ($)"
            type="number"
            inputMode="decimal"
            min="1"
            step="0.01"
            required
            value={wizard.monthlyBudget.value}
            error={errors.monthlyBudget}
            hint={budget >= 1 ? `Annual budget: ${formatUsd(budget * 12)}` : undefined}
            onInput={(v) => (wizard.monthlyBudget.value = v)}
          />
        </div>
      </section>

      <div class="grid calculators">
        <CostCalculator onUseAsBudget={(amount) => (wizard.monthlyBudget.value = String(amount))} />
        <FicaCalculator planYear={planYearOf(wizard.effectiveDate.value)} />
      </div>

      <StepActions {...saveAndContinue(pending, plans.status !== "ready")} />
    </form>
  );
}
