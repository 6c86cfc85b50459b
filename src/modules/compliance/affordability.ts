// ICHRA affordability: the offer is affordable when the employee's cost of the
// lowest-cost silver plan (self-only) after the allowance is at most the plan year's
// affordability percentage of monthly income. Employers rarely know household income, so
// the IRS safe harbors let them use W-2 wages, rate of pay or the federal poverty line.
import { affordabilityPercentBp, defaultFplForPlanYear, MissingFigureError, RATE_OF_PAY_HOURS_PER_MONTH } from "./rules";

export const SAFE_HARBORS = ["household", "w2", "rate-of-pay", "fpl"] as const;
export type SafeHarbor = (typeof SAFE_HARBORS)[number];

export const SAFE_HARBOR_LABELS: Readonly<Record<SafeHarbor, string>> = {
  household: "Household income",
  w2: "W-2 wages",
  "rate-of-pay": "Rate of pay",
  fpl: "Federal poverty line",
};

export type AffordabilityIncome =
  | { safeHarbor: "household"; annualHouseholdIncomeCents: number }
  /** Box 1 wages for the calendar year, for an employee employed the whole year. */
  | { safeHarbor: "w2"; annualW2WagesCents: number }
  | { safeHarbor: "rate-of-pay"; payType: "hourly"; hourlyRateCents: number }
  | { safeHarbor: "rate-of-pay"; payType: "salaried"; monthlySalaryCents: number }
  /** Annual FPL for one person; defaults to the previous year's guideline when on file. */
  | { safeHarbor: "fpl"; fplAnnualCents?: number };

export type AffordabilityInput = AffordabilityIncome & {
  planYear: number;
  /** Monthly premium of the lowest-cost silver plan, self-only, in the employee's rating area. */
  lowestCostSilverMonthlyCents: number;
  /** Monthly self-only allowance. */
  monthlyAllowanceCents: number;
};

export interface AffordabilityResult {
  affordable: boolean;
  /** The most the employee may pay a month for the offer to be affordable. */
  thresholdMonthlyCents: number;
  /** What the employee pays a month for the lowest-cost silver plan after the allowance. */
  employeeCostMonthlyCents: number;
  /** How much the monthly allowance must rise to be affordable (0 when it is). */
  shortfallMonthlyCents: number;
  percentBp: number;
  percentSource: string;
  /** How the monthly income was found, in words. */
  incomeBasis: string;
}

/**
 * The monthly income the percentage applies to, as a fraction (numerator / denominator
 * in cents) so the threshold is rounded once, at the end.
 */
function monthlyIncome(input: AffordabilityInput): { numerator: number; denominator: number; basis: string } {
  switch (input.safeHarbor) {
    case "household":
      return { numerator: input.annualHouseholdIncomeCents, denominator: 12, basis: "annual household income ÷ 12" };
    case "w2":
      return { numerator: input.annualW2WagesCents, denominator: 12, basis: "W-2 box 1 wages ÷ 12" };
    case "rate-of-pay":
      return input.payType === "hourly"
        ? {
            numerator: input.hourlyRateCents * RATE_OF_PAY_HOURS_PER_MONTH.value,
            denominator: 1,
            basis: `hourly rate × ${RATE_OF_PAY_HOURS_PER_MONTH.value} hours a month`,
          }
        : { numerator: input.monthlySalaryCents, denominator: 1, basis: "monthly salary" };
    case "fpl": {
      if (input.fplAnnualCents !== undefined)
        return { numerator: input.fplAnnualCents, denominator: 12, basis: "federal poverty line for one person ÷ 12" };
      const fpl = defaultFplForPlanYear(input.planYear);
      if (!fpl) throw new MissingFigureError(`No federal poverty line is on file for plan year ${input.planYear}; enter it.`);
      return {
        numerator: fpl.value,
        denominator: 12,
        basis: `${fpl.guidelineYear} federal poverty line for one person ÷ 12 (${fpl.source})`,
      };
    }
  }
}

export function affordability(input: AffordabilityInput): AffordabilityResult {
  const percent = affordabilityPercentBp(input.planYear);
  const income = monthlyIncome(input);
  // Rounded down: costs are whole cents, so cost ≤ floor(exact threshold) ⇔ cost ≤ exact threshold.
  const thresholdMonthlyCents = Math.floor((income.numerator * percent.value) / (income.denominator * 10_000));
  const employeeCostMonthlyCents = Math.max(0, input.lowestCostSilverMonthlyCents - input.monthlyAllowanceCents);
  const shortfallMonthlyCents = Math.max(0, employeeCostMonthlyCents - thresholdMonthlyCents);
  return {
    affordable: shortfallMonthlyCents === 0,
    thresholdMonthlyCents,
    employeeCostMonthlyCents,
    shortfallMonthlyCents,
    percentBp: percent.value,
    percentSource: percent.source,
    incomeBasis: income.basis,
  };
}
