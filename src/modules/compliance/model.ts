// Shapes shared by the classes endpoint and the wizard's forms. Money is dollars here (the
// JSON edge); the rule functions take cents. Rules that span several fields (bands in
// order, the 3:1 ratio, class sizes) are checked by checkAgeBands / checkClassSizes.
import { type Static, Type } from "@sinclair/typebox";
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
  safeHarbor: oneOf(SAFE_HARBORS, { enum: "Choose how to measure income" }),
  annualHouseholdIncome: Type.Optional(money("Annual household income", 0.01)),
  annualW2Wages: Type.Optional(money("Annual W-2 wages", 0.01)),
  payType: Type.Optional(oneOf(["hourly", "salaried"], { enum: "Choose hourly or salaried" })),
  hourlyRate: Type.Optional(money("Hourly rate", 0.01)),
  monthlySalary: Type.Optional(money("Monthly salary", 0.01)),
  fplAnnual: Type.Optional(money("Federal poverty line", 0.01)),
  workZip: Type.Optional(Type.String({ pattern: ZIP_PATTERN, messages: { pattern: "Work ZIP must be in XXXXX or XXXXX-XXXX format" } })),
});
export type AffordabilityCheckInput = Static<typeof AffordabilityCheckInput>;
