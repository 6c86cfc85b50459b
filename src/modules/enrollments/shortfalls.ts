// A submitted enrollment's classes that the census as it stands leaves under the minimum
// class size (26 CFR 54.9802-4(d)(3)). Submitting refuses a shortfall, but an employer who
// skipped the census step uploads it afterwards, when the classes can no longer change: the
// employer's screens and the admin's list say so.
import type { EnrollmentRow } from "../businesses/access";
import { checkClassSizes } from "../compliance/class-size";
import type { ClassBasis } from "../compliance/rules";
import { countForClass, totalCount } from "./classes";

export interface ClassSizeShortfall {
  className: string;
  headcount: number;
  minimum: number;
}

/**
 * Measured on the employer's expected headcount, or the census's when that is larger;
 * `firstDay` counts each class's census employees employed on the plan year's first day
 * (census/service firstDayCounts), and `censusRows` all of them (none: nothing to measure).
 */
export function submittedShortfalls(row: EnrollmentRow, firstDay: ReadonlyMap<string, number>, censusRows: number): ClassSizeShortfall[] {
  if (row.finalizedAt === null || censusRows === 0) return [];
  const onFirstDay = totalCount(firstDay);
  const classes = (row.employeeClasses ?? []).map((c) => ({
    name: c.name,
    bases: (c.basis ?? []) as ClassBasis[],
    headcount: countForClass(firstDay, c.name),
  }));
  const total = Math.max(row.totalEmployees ?? 0, onFirstDay);
  return checkClassSizes(classes, total, row.groupPlanClasses.length > 0).map(({ className, headcount, minimum }) => ({
    className,
    headcount,
    minimum,
  }));
}
