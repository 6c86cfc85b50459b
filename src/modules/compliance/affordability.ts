// ICHRA affordability: the offer is affordable when the employee's cost of the
// lowest-cost silver plan (self-only) after the allowance is at most the plan year's
// affordability percentage of monthly income. Employers rarely know household income, so
// the IRS safe harbors let them use W-2 wages, rate of pay or the federal poverty line.
import { stateOfZip } from "../../lib/zip-states";
import { type ResolvedFigure, resolveFigure, type YearlyFigure } from "./figures";
import { MissingFigureError, RATE_OF_PAY_HOURS_PER_MONTH } from "./rules";

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
  /** Annual FPL for one person; defaults to the previous year's guideline (or the latest published). */
  | { safeHarbor: "fpl"; fplAnnualCents?: number };

export type AffordabilityInput = AffordabilityIncome & {
  planYear: number;
  /** Monthly premium of the lowest-cost silver plan, self-only, in the employee's rating area. */
  lowestCostSilverMonthlyCents: number;
  /** Monthly self-only allowance. */
  monthlyAllowanceCents: number;
  /**
   * ZIP of the employee's primary site of employment: with it the lowest-cost silver plan is
   * the one of that site's rating area (the location safe harbor); without it, of where the
   * employee lives.
   */
  workZip?: string;
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
  /** The plan year whose percentage is used (an earlier one when the plan year's is not published). */
  percentYear: number;
  /** How the monthly income was found, in words. */
  incomeBasis: string;
  /** Whose rating area the lowest-cost silver premium is for, in words. */
  location: string;
  /** What stood in for a figure not yet published, in words the screens show. */
  notes: string[];
}

/** The figure a rule needs, or the error the caller shows when no year up to it is on file. */
function needed(
  figures: readonly YearlyFigure[],
  name: "affordability-percent" | "poverty-line",
  year: number,
  what: string,
): ResolvedFigure {
  const figure = resolveFigure(figures, name, year);
  if (!figure) throw new MissingFigureError(`No ${what} is on file for ${year} or any year before it.`);
  return figure;
}

/**
 * The monthly income the percentage applies to, as a fraction (numerator / denominator
 * in cents) so the threshold is rounded once, at the end.
 */
function monthlyIncome(
  input: AffordabilityInput,
  figures: readonly YearlyFigure[],
): { numerator: number; denominator: number; basis: string; note: string | null } {
  switch (input.safeHarbor) {
    case "household":
      return { numerator: input.annualHouseholdIncomeCents, denominator: 12, basis: "annual household income ÷ 12", note: null };
    case "w2":
      return { numerator: input.annualW2WagesCents, denominator: 12, basis: "W-2 box 1 wages ÷ 12", note: null };
    case "rate-of-pay":
      return input.payType === "hourly"
        ? {
            numerator: input.hourlyRateCents * RATE_OF_PAY_HOURS_PER_MONTH.value,
            denominator: 1,
            basis: `hourly rate × ${RATE_OF_PAY_HOURS_PER_MONTH.value} hours a month`,
            note: null,
          }
        : { numerator: input.monthlySalaryCents, denominator: 1, basis: "monthly salary", note: null };
    case "fpl": {
      if (input.fplAnnualCents !== undefined)
        return { numerator: input.fplAnnualCents, denominator: 12, basis: "federal poverty line for one person ÷ 12", note: null };
      // A calendar-year plan uses the previous year's guideline.
      const fpl = needed(figures, "poverty-line", input.planYear - 1, "federal poverty line");
      return {
        numerator: fpl.value,
        denominator: 12,
        basis: `${fpl.year} federal poverty line for one person ÷ 12 (${fpl.source})`,
        note: fpl.note && `Poverty line: ${fpl.note}`,
      };
    }
  }
}

/** The rating area the premium is for, in words (the primary site of employment safe harbor when a work ZIP is given). */
function locationOf(workZip: string | undefined): string {
  if (!workZip) return "the rating area where the employee lives";
  const state = stateOfZip(workZip);
  return `the rating area of the employee's primary site of employment, ZIP ${workZip}${state ? ` (${state})` : ""} (location safe harbor)`;
}

export function affordability(input: AffordabilityInput, figures: readonly YearlyFigure[]): AffordabilityResult {
  const percent = needed(figures, "affordability-percent", input.planYear, "affordability percentage");
  const income = monthlyIncome(input, figures);
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
    percentYear: percent.year,
    incomeBasis: income.basis,
    location: locationOf(input.workZip),
    notes: [percent.note && `Affordability percentage: ${percent.note}`, income.note].filter((n): n is string => Boolean(n)),
  };
}
