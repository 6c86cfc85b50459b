import { type Static, Type } from "@sinclair/typebox";

export const Plan = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  monthlyAmount: Type.Number({ description: "Dollars per month" }),
  annualAmount: Type.Number({ description: "Dollars per year" }),
  features: Type.Array(Type.String()),
  isPopular: Type.Boolean(),
});
export type Plan = Static<typeof Plan>;

export const PlanList = Type.Array(Plan);
