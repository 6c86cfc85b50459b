import { type Static, Type } from "@sinclair/typebox";

export const PlanLimitsRead = Type.Object({
  maxClasses: Type.Union([Type.Integer(), Type.Null()], { description: "Most ICHRA employee classes; null: unlimited" }),
  multiStateClasses: Type.Boolean({ description: "Classes based on a multi-state region are included" }),
});
export type PlanLimitsRead = Static<typeof PlanLimitsRead>;

export const Plan = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  monthlyAmount: Type.Number({ description: "Dollars per month" }),
  annualAmount: Type.Number({ description: "Dollars per year" }),
  features: Type.Array(Type.String()),
  isPopular: Type.Boolean(),
  limits: PlanLimitsRead,
});
export type Plan = Static<typeof Plan>;

export const PlanList = Type.Array(Plan);

/**
 * What a plan's stated limits refuse in a list of classes, as `{ field: message }` naming
 * the plan and the limit; empty when the classes fit. The API and the wizard both ask.
 */
export function planLimitErrors(
  plan: { name: string; limits: PlanLimitsRead },
  classes: readonly { name: string; basis?: readonly string[] }[],
  prefix = "employeeClasses",
): Record<string, string> {
  const errors: Record<string, string> = {};
  const { maxClasses, multiStateClasses } = plan.limits;
  if (maxClasses !== null && classes.length > maxClasses)
    errors[prefix] =
      `The ${plan.name} plan includes up to ${maxClasses} employee classes; you have ${classes.length}. Merge classes, or choose a plan with more classes.`;
  if (!multiStateClasses)
    classes.forEach((cls, i) => {
      if (cls.basis?.includes("multi-state-region"))
        errors[`${prefix}.${i}.basis`] =
          `The ${plan.name} plan does not include multi-state classes ("${cls.name}" is based on a multi-state region); they come with the Enterprise plan. Define the class by state, or choose Enterprise.`;
    });
  return errors;
}
