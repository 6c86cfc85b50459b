// The ICHRA figures set by statute or regulation, each with its source. The figures indexed
// every year (required contribution percentage, wage base, poverty line, penalties) are not
// here: they live in the yearly_figures table (docs/decisions/013-yearly-figures-table.md),
// read through figures.ts. The rule functions beside this file hold no numbers of their own.
//
// Money is integer cents; percentages are basis points (1% = 100) so every calculation
// stays in integers and rounds only where we say so.

/** A figure and where it comes from. */
export interface Sourced<T> {
  value: T;
  source: string;
}

// ---------------------------------------------------------------------------------------
// Affordability
/** Hours of service a month the rate-of-pay safe harbor assumes for hourly employees. */
export const RATE_OF_PAY_HOURS_PER_MONTH: Sourced<number> = {
  value: 130,
  source: "26 CFR 54.4980H-5(e)(2)(iii) (rate of pay safe harbor: 130 hours a month)",
};

/** Which guidelines the FPL safe harbor may use. */
export const FPL_SAFE_HARBOR_RULE =
  "The FPL safe harbor uses the poverty line for one person in effect within six months before the plan year starts; for a calendar-year plan that is the previous year's guideline.";

// ---------------------------------------------------------------------------------------
// Employer shared responsibility (§4980H)
export const ALE_FTE_THRESHOLD: Sourced<number> = {
  value: 50,
  source: "26 U.S.C. 4980H(c)(2): applicable large employer, 50 or more full-time equivalents",
};

/** Share of full-time employees an ALE must offer affordable coverage to (basis points). */
export const ALE_OFFER_SHARE_BP: Sourced<number> = { value: 9_500, source: "26 CFR 54.4980H-4(a)" };

// ---------------------------------------------------------------------------------------
// Payroll taxes (employer share), for the FICA savings estimate.
export const SOCIAL_SECURITY_RATE_BP: Sourced<number> = { value: 620, source: "26 U.S.C. 3111(a)" };
export const MEDICARE_RATE_BP: Sourced<number> = { value: 145, source: "26 U.S.C. 3111(b)" };
export const FICA_RATE_BP = SOCIAL_SECURITY_RATE_BP.value + MEDICARE_RATE_BP.value; // 7.65%

/** The product's rule of thumb: employer FICA saved per employee per year. */
export const FICA_RULE_OF_THUMB_PER_EMPLOYEE_CENTS: Sourced<number> = {
  value: 82_600,
  source: "Product rule of thumb: 826 dollars per employee per year",
};

// ---------------------------------------------------------------------------------------
// Employee classes
export const CLASS_BASES = [
  "full-time",
  "part-time",
  "salaried",
  "non-salaried",
  "rating-area",
  "state",
  "multi-state-region",
  "seasonal",
  "collective-bargaining",
  "waiting-period",
  "non-resident-alien",
  "staffing-firm",
] as const;
export type ClassBasis = (typeof CLASS_BASES)[number];

/**
 * The eleven permitted classes: ten bases (the geographic one in three sizes) plus any
 * combination of them, which is a class with more than one basis.
 */
export const CLASS_BASIS_LABELS: Readonly<Record<ClassBasis, string>> = {
  "full-time": "Full-time employees",
  "part-time": "Part-time employees",
  salaried: "Salaried employees",
  "non-salaried": "Non-salaried (hourly) employees",
  "rating-area": "Employees working in the same rating area (smaller than a state)",
  state: "Employees working in the same state",
  "multi-state-region": "Employees working in the same multi-state region",
  seasonal: "Seasonal employees",
  "collective-bargaining": "Employees covered by a collective bargaining agreement",
  "waiting-period": "Employees in a waiting period",
  "non-resident-alien": "Non-resident aliens with no U.S.-source income",
  "staffing-firm": "Staffing-firm employees placed at a client",
};

/** Classes defined by where employees work; they name the place, and the census's work ZIPs must be in it. */
export const GEOGRAPHIC_BASES: readonly ClassBasis[] = ["rating-area", "state", "multi-state-region"];

export const CLASS_RULES_SOURCE = '29 CFR 2590.702-2(d); Take Command, "ICHRA class rules" and "Minimum class requirements"';

/** Bases the minimum class size applies to (when a group plan is offered to another class). */
export const CLASS_SIZE_BASES: readonly ClassBasis[] = ["full-time", "part-time", "salaried", "non-salaried", "rating-area"];

/** Combining any of those with the waiting-period class lifts the minimum. */
export const CLASS_SIZE_EXEMPT_COMBINATION: ClassBasis = "waiting-period";

/** Minimum class size by the employer's headcount on the first day of the plan year. */
export const MINIMUM_CLASS_SIZE = {
  smallEmployerBelow: 100, // fewer than 100 employees
  smallEmployerMinimum: 10,
  midEmployerUpTo: 200, // 100 to 200 employees
  midEmployerShareBp: 1_000, // 10% of the headcount, rounded down
  largeEmployerMinimum: 20, // more than 200 employees
  source: CLASS_RULES_SOURCE,
} as const;

// ---------------------------------------------------------------------------------------
// Same terms within a class: allowances may rise with age, the oldest at most 3 times the youngest.
export const AGE_BAND_MAX_RATIO: Sourced<number> = {
  value: 3,
  source: "29 CFR 2590.702-2(c)(3) (same terms within a class); Ameriflex FAQ",
};
export const MAX_AGE = 120;

// ---------------------------------------------------------------------------------------
// Employee notice
export const NOTICE_DAYS_BEFORE_PLAN_YEAR: Sourced<number> = {
  value: 90,
  source: "29 CFR 2590.702-2(c)(6); DOL individual coverage HRA model notice",
};

/**
 * How long after a plan year ends its months can still be claimed: the plan's run-out.
 * Premium receipts and card statements often arrive weeks after the month; 90 days is long
 * enough for a late receipt and short enough that the employer can close the year's books.
 */
export const CLAIMS_RUN_OUT_DAYS: Sourced<number> = {
  value: 90,
  source: "Plan terms: the run-out period HRA administrators commonly give, stated in the notice's substantiation procedures",
};

// ---------------------------------------------------------------------------------------
/** A yearly figure the table has for no year up to the one asked: an error the caller shows. */
export class MissingFigureError extends Error {}

export { percentLabel } from "./figures";
