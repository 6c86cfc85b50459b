// Shapes shared by the classes endpoint and the wizard's forms. Money is dollars here (the
// JSON edge); the rule functions take cents. Rules that span several fields (bands in
// order, the 3:1 ratio, class sizes) are checked by checkAgeBands / checkClassSizes.
import { type Static, Type } from "@sinclair/typebox";
import { formatUsd } from "../../lib/money";
import { formatDay } from "../../lib/months";
import { ZIP_PATTERN } from "../../lib/patterns";
import { dollarsField, oneOf } from "../../lib/schema-fields";
import { SAFE_HARBORS } from "./affordability";
import { CLASS_BASES, MAX_AGE } from "./rules";

export const ClassBasis = oneOf(CLASS_BASES, {
  enum: "Choose one of the permitted employee classes",
  required: "Choose what the class is based on",
});
export type ClassBasisValue = Static<typeof ClassBasis>;

/**
 * One basis, or several for a combination. An empty or missing list is refused by the class
 * rules (classComplianceErrors), whose message names the class.
 */
export const ClassBases = Type.Array(ClassBasis, {
  maxItems: CLASS_BASES.length,
  uniqueItems: true,
  error: "Choose each class basis once",
});

/** Amounts by family size: self only (required), self + one and family (when the class varies by family size). */
export const tierAmountFields = (what = "Allowance amount") => ({
  allowanceAmount: dollarsField(what),
  individualPlus1Amount: Type.Optional(dollarsField("Self + one allowance")),
  familyAmount: Type.Optional(dollarsField("Family allowance")),
});

/** A class's (or a band's) monthly amounts, in dollars: self only, and by family size when it varies. */
export type TierAmounts = { allowanceAmount: number; individualPlus1Amount?: number; familyAmount?: number };

/** "$500.00/month" or, when the amounts vary by family size, "self $500.00, self + one $800.00, family $1,100.00 a month". */
export function amountsText(a: TierAmounts): string {
  if (a.individualPlus1Amount === undefined && a.familyAmount === undefined) return `${formatUsd(a.allowanceAmount)}/month`;
  const parts = [`self ${formatUsd(a.allowanceAmount)}`];
  if (a.individualPlus1Amount !== undefined) parts.push(`self + one ${formatUsd(a.individualPlus1Amount)}`);
  if (a.familyAmount !== undefined) parts.push(`family ${formatUsd(a.familyAmount)}`);
  return `${parts.join(", ")} a month`;
}

/** "Ages 0 to 29", "Ages 50 and over". */
export const agesText = (band: { minAge: number; maxAge?: number }) =>
  `Ages ${band.maxAge === undefined ? `${band.minAge} and over` : `${band.minAge} to ${band.maxAge}`}`;

type Banded = TierAmounts & { ageBands?: readonly (TierAmounts & { minAge: number; maxAge?: number })[] };

/** Amounts on one line: the family sizes, or each age band's. */
export const bandedText = (c: Banded) =>
  c.ageBands?.length ? c.ageBands.map((b) => `${agesText(b).replace(/^A/, "a")}: ${amountsText(b)}`).join("; ") : amountsText(c);

/**
 * A class's amounts as its headline says them: its own, or, with age bands, the range its
 * bands give an employee covering only themselves. With bands, the class's own amounts apply
 * to no one (the census gives everyone a date of birth), so they are not stated.
 */
export function headlineAmountsText(c: Banded): string {
  if (!c.ageBands?.length) return amountsText(c);
  const selfOnly = c.ageBands.map((b) => b.allowanceAmount);
  const [low, high] = [Math.min(...selfOnly), Math.max(...selfOnly)];
  return `By age band: ${low === high ? formatUsd(low) : `${formatUsd(low)} to ${formatUsd(high)}`} a month for self only`;
}

/** What a class gives an employee covering only themselves, for an average across classes: its bands' mean when it has bands. */
export const selfOnlyAllowanceOf = (c: Banded): number =>
  c.ageBands?.length ? c.ageBands.reduce((sum, b) => sum + b.allowanceAmount, 0) / c.ageBands.length : c.allowanceAmount;

/** A class's amounts on one line, every one of them: its family sizes or age bands, and its new hires' (ISO date). */
export function classAmountsText(c: Banded & { newHires?: Banded & { hiredOnOrAfter: string } }): string {
  const own = bandedText(c);
  return c.newHires ? `${own}; hired on or after ${formatDay(c.newHires.hiredOnOrAfter)}: ${bandedText(c.newHires)}` : own;
}

const age = (what: string) =>
  Type.Integer({
    minimum: 0,
    maximum: MAX_AGE,
    messages: {
      required: `${what} is required`,
      type: `${what} must be a whole number`,
      minimum: `${what} must be 0 or more`,
      maximum: `${what} must be at most ${MAX_AGE}`,
    },
  });

export const AgeBand = Type.Object({
  minAge: age("From age"),
  maxAge: Type.Optional(age("To age")),
  ...tierAmountFields("Band allowance"),
});
export type AgeBand = Static<typeof AgeBand>;

export const AgeBands = Type.Array(AgeBand, {
  maxItems: 20,
  messages: { maximum: "Use at most 20 age bands" },
  error: "Use at most 20 age bands",
});
export type AgeBands = Static<typeof AgeBands>;

// The affordability check's inputs, in dollars, as the form and any endpoint take them.
const money = (what: string, minimum = 0) =>
  dollarsField(what, { minimum, messages: { minimum: minimum > 0 ? `${what} must be more than $0` : `${what} cannot be negative` } });

export const AffordabilityCheckInput = Type.Object({
  planYear: Type.Integer({
    minimum: 2020,
    maximum: 2100,
    messages: {
      required: "Choose a plan year",
      type: "Choose a plan year",
      minimum: "Choose a plan year from 2020",
      maximum: "Choose a plan year before 2101",
    },
  }),
  lowestCostSilverPremium: money("Lowest-cost silver premium", 0.01),
  monthlyAllowance: money("Monthly allowance"),
  safeHarbor: oneOf(SAFE_HARBORS, { enum: "Choose how to measure income", required: "Choose how to measure income" }),
  annualHouseholdIncome: Type.Optional(money("Annual household income", 0.01)),
  annualW2Wages: Type.Optional(money("Annual W-2 wages", 0.01)),
  payType: Type.Optional(oneOf(["hourly", "salaried"], { enum: "Choose hourly or salaried" })),
  hourlyRate: Type.Optional(money("Hourly rate", 0.01)),
  monthlySalary: Type.Optional(money("Monthly salary", 0.01)),
  fplAnnual: Type.Optional(money("Federal poverty line", 0.01)),
  workZip: Type.Optional(Type.String({ pattern: ZIP_PATTERN, messages: { pattern: "Work ZIP must be in XXXXX or XXXXX-XXXX format" } })),
});
export type AffordabilityCheckInput = Static<typeof AffordabilityCheckInput>;
