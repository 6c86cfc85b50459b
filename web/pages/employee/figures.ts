// The sample figures the employee flow shows (spec §9). Dollars.
import type { CoverageLevel, HealthPlanId } from "@src/modules/employees/model";
import type { StatePremium } from "@src/modules/premiums/model";

export const coverageOptions: { value: CoverageLevel; label: string }[] = [
  { value: "individual", label: "Individual" },
  { value: "individualPlus1", label: "Individual + 1" },
  { value: "family", label: "Family" },
];
export const coverageLabel = (value: string | null | undefined) => coverageOptions.find((o) => o.value === value)?.label ?? "";

/** Paycheck sample: semi-monthly gross pay $2,500 and an employer ICHRA contribution of $250.00. */
export const paycheckSample = {
  grossSemiMonthly: 2500,
  employerContribution: 250,
  byLevel: {
    individual: { indemnityPremium: 300, claimPayment: 250, monthlyTakeHomeIncrease: 107.39 },
    individualPlus1: { indemnityPremium: 450, claimPayment: 375, monthlyTakeHomeIncrease: 63.76 },
    family: { indemnityPremium: 600, claimPayment: 500, monthlyTakeHomeIncrease: 62.81 },
  } satisfies Record<CoverageLevel, unknown>,
};

export interface SamplePlan {
  id: HealthPlanId;
  name: string;
  premium: number;
  deductible: number;
  outOfPocketMax: number;
  coverageShare: number;
}

/** Sample health plans: monthly premium, deductible, out-of-pocket maximum, share the plan pays. */
export const samplePlans: SamplePlan[] = [
  { id: "bronze", name: "Bronze", premium: 350, deductible: 8700, outOfPocketMax: 9100, coverageShare: 60 },
  { id: "silver", name: "Silver", premium: 450, deductible: 5800, outOfPocketMax: 8900, coverageShare: 70 },
  { id: "gold", name: "Gold", premium: 550, deductible: 1500, outOfPocketMax: 8550, coverageShare: 80 },
  { id: "platinum", name: "Platinum", premium: 650, deductible: 0, outOfPocketMax: 4500, coverageShare: 90 },
];
export const planName = (id: string | null | undefined) => samplePlans.find((p) => p.id === id)?.name ?? "";

/** What the employee pays a month after the allowance; never below zero. */
export const netMonthlyCost = (premium: number, allowance: number) => Math.max(0, Math.round((premium - allowance) * 100) / 100);

/** The premium table's column for each coverage level. */
export const premiumLevelKey: Record<CoverageLevel, keyof StatePremium["annual"]> = {
  individual: "single",
  individualPlus1: "plusOne",
  family: "family",
};

/**
 * How much more a coverage level's premium is than one person's, in the state's average
 * premiums: the sample plans' self-only prices scaled to it. Null when not known (no table).
 */
export function levelPremiumFactor(level: CoverageLevel, row: StatePremium | undefined): number | null {
  if (level === "individual") return 1;
  if (!row || row.annual.single <= 0) return null;
  return row.annual[premiumLevelKey[level]] / row.annual.single;
}
