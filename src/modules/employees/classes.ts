// The allowance an employee is offered is the one of their class (rulings), read through the
// one allowance rule (compliance/allowance.ts): their age band by their age on the first day
// of the plan year, their coverage level, and the new-hire subclass by their hire date.
import type { StoredEmployeeClass } from "@db/schema";
import { COVERAGE_LEVELS, type CoverageLevel, monthlyAllowanceCents } from "../compliance/allowance";
import { sameClassName } from "../enrollments/classes";

/** The named class of the enrollment, or null when it has no such class. */
export function classOf(
  classes: StoredEmployeeClass[] | null | undefined,
  className: string | null | undefined,
): StoredEmployeeClass | null {
  if (!classes || !className) return null;
  return classes.find((c) => sameClassName(c.name, className)) ?? null;
}

export interface AllowanceEmployee {
  className: string | null | undefined;
  dateOfBirth: string | null | undefined;
  hireDate?: string | null;
}

type AllowanceEnrollment = { employeeClasses: StoredEmployeeClass[] | null; effectiveDate: string };

/** The employee's monthly allowance in cents at a coverage level; null when there is no such class. */
export function allowanceCentsFor(
  enrollment: AllowanceEnrollment,
  employee: AllowanceEmployee,
  coverageLevel: CoverageLevel = "individual",
): number | null {
  const cls = classOf(enrollment.employeeClasses, employee.className);
  return cls ? monthlyAllowanceCents(cls, employee.dateOfBirth, coverageLevel, enrollment.effectiveDate, employee.hireDate) : null;
}

/** The employee's amounts at every coverage level; null when there is no such class. */
export function allowancesFor(enrollment: AllowanceEnrollment, employee: AllowanceEmployee): Record<CoverageLevel, number> | null {
  const cls = classOf(enrollment.employeeClasses, employee.className);
  if (!cls) return null;
  return Object.fromEntries(
    COVERAGE_LEVELS.map((level) => [
      level,
      monthlyAllowanceCents(cls, employee.dateOfBirth, level, enrollment.effectiveDate, employee.hireDate),
    ]),
  ) as Record<CoverageLevel, number>;
}

/** The spec's fixed $400 a month: what an employee is shown when no class of theirs is known (rulings). */
export const FALLBACK_ALLOWANCE_CENTS = 40_000;

/** The monthly allowance to state to the employee, and whether it is the fallback rather than their class's. */
export function shownAllowanceFor(
  enrollment: AllowanceEnrollment,
  employee: AllowanceEmployee,
  coverageLevel: CoverageLevel = "individual",
): { cents: number; fallback: boolean } {
  const cents = allowanceCentsFor(enrollment, employee, coverageLevel);
  return cents === null ? { cents: FALLBACK_ALLOWANCE_CENTS, fallback: true } : { cents, fallback: false };
}
