// The yearly figures as the API answers them, and the affordability check's answer.
import { type Static, Type } from "@sinclair/typebox";
import { oneOf } from "../../lib/schema-fields";
import { FIGURE_NAMES } from "../compliance/figures";

export const YearlyFigureRead = Type.Object({
  year: Type.Integer(),
  name: oneOf(FIGURE_NAMES),
  value: Type.Integer({ description: "Percentages in basis points (9.96% = 996); amounts in cents" }),
  source: Type.String(),
});

export const FiguresAnswer = Type.Object({ figures: Type.Array(YearlyFigureRead) });
export type FiguresAnswer = Static<typeof FiguresAnswer>;

export const AffordabilityAnswer = Type.Object({
  affordable: Type.Boolean(),
  thresholdMonthly: Type.Number({ description: "The most the employee may pay a month for the offer to be affordable (dollars)" }),
  employeeCostMonthly: Type.Number({ description: "What the employee pays a month for the lowest-cost silver plan after the allowance" }),
  shortfallMonthly: Type.Number({ description: "How much the monthly allowance must rise to be affordable" }),
  percent: Type.String({ description: "e.g. 9.96%" }),
  percentYear: Type.Integer(),
  percentSource: Type.String(),
  incomeBasis: Type.String(),
  location: Type.String(),
  notes: Type.Array(Type.String(), { description: "Figures of an earlier year standing in for ones not yet published" }),
});
export type AffordabilityAnswer = Static<typeof AffordabilityAnswer>;
