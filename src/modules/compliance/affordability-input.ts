// Turns the affordability form's dollars (AffordabilityCheckInput) into the cents the rule
// takes, requiring the one income figure the chosen safe harbor needs. Shared by the
// browser form and any endpoint that runs the check.
import { type FieldErrors, validate } from "../../lib/field-errors";
import { toCents } from "../../lib/money";
import type { AffordabilityInput } from "./affordability";
import { resolveFigure, type YearlyFigure } from "./figures";
import { AffordabilityCheckInput } from "./model";

export type AffordabilityParse = { ok: true; input: AffordabilityInput } | { ok: false; errors: FieldErrors };

const missing = (field: string, message: string): AffordabilityParse => ({ ok: false, errors: { [field]: message } });

/** A form's empty fields arrive as undefined; they are missing, not of the wrong type. */
const withoutUndefined = (value: unknown): unknown =>
  value && typeof value === "object" && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined))
    : value;

export function parseAffordabilityInput(value: unknown, figures: readonly YearlyFigure[]): AffordabilityParse {
  const cleaned = withoutUndefined(value);
  const errors = validate(AffordabilityCheckInput, cleaned);
  if (errors) return { ok: false, errors };
  const v = cleaned as AffordabilityCheckInput;
  const common = {
    planYear: v.planYear,
    lowestCostSilverMonthlyCents: toCents(v.lowestCostSilverPremium),
    monthlyAllowanceCents: toCents(v.monthlyAllowance),
    ...(v.workZip ? { workZip: v.workZip } : {}),
  };
  switch (v.safeHarbor) {
    case "household":
      if (v.annualHouseholdIncome === undefined) return missing("annualHouseholdIncome", "Annual household income is required");
      return { ok: true, input: { ...common, safeHarbor: "household", annualHouseholdIncomeCents: toCents(v.annualHouseholdIncome) } };
    case "w2":
      if (v.annualW2Wages === undefined) return missing("annualW2Wages", "Annual W-2 wages is required");
      return { ok: true, input: { ...common, safeHarbor: "w2", annualW2WagesCents: toCents(v.annualW2Wages) } };
    case "rate-of-pay":
      if (v.payType === undefined) return missing("payType", "Choose hourly or salaried");
      if (v.payType === "hourly") {
        if (v.hourlyRate === undefined) return missing("hourlyRate", "Hourly rate is required");
        return { ok: true, input: { ...common, safeHarbor: "rate-of-pay", payType: "hourly", hourlyRateCents: toCents(v.hourlyRate) } };
      }
      if (v.monthlySalary === undefined) return missing("monthlySalary", "Monthly salary is required");
      return {
        ok: true,
        input: { ...common, safeHarbor: "rate-of-pay", payType: "salaried", monthlySalaryCents: toCents(v.monthlySalary) },
      };
    case "fpl":
      if (v.fplAnnual === undefined && !resolveFigure(figures, "poverty-line", v.planYear - 1))
        return missing("fplAnnual", `Enter the federal poverty line for one person that applies to plan year ${v.planYear}`);
      return {
        ok: true,
        input: { ...common, safeHarbor: "fpl", fplAnnualCents: v.fplAnnual === undefined ? undefined : toCents(v.fplAnnual) },
      };
  }
}
