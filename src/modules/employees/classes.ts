// The allowance an employee is offered is the one of their class (rulings); in a class with
// age bands, the one of their band, by their age on the first day of the plan year.
import type { StoredEmployeeClass } from "@db/schema";
import { ageOn, allowanceForAge } from "../compliance/age-bands";
import { sameClassName } from "../enrollments/classes";

/** The named class of the enrollment, or null when it has no such class. */
export function classOf(
  classes: StoredEmployeeClass[] | null | undefined,
  className: string | null | undefined,
): StoredEmployeeClass | null {
  if (!classes || !className) return null;
  return classes.find((c) => sameClassName(c.name, className)) ?? null;
}

/**
 * Monthly allowance in cents for this employee in their class: their band's when the class is
 * age-banded (age on the enrollment's effective date, the first day of the plan year), else
 * the class's; the class's too when no band covers the age.
 */
export function classAllowanceCents(cls: StoredEmployeeClass, effectiveDate: string, dateOfBirth: string | null | undefined): number {
  if (!dateOfBirth) return cls.allowanceCents;
  return allowanceForAge(cls, ageOn(dateOfBirth, effectiveDate)) ?? cls.allowanceCents;
}

/** The employee's monthly allowance in cents (classAllowanceCents); null when there is no such class. */
export function allowanceCentsFor(
  enrollment: { employeeClasses: StoredEmployeeClass[] | null; effectiveDate: string },
  employee: { className: string | null | undefined; dateOfBirth: string | null | undefined },
): number | null {
  const cls = classOf(enrollment.employeeClasses, employee.className);
  return cls ? classAllowanceCents(cls, enrollment.effectiveDate, employee.dateOfBirth) : null;
}

/** The spec's fixed $400 a month: what an employee is shown when no class of theirs is known (rulings). */
export const FALLBACK_ALLOWANCE_CENTS = 40_000;

/** The monthly allowance to state to the employee, and whether it is the fallback rather than their class's. */
export function shownAllowanceFor(
  enrollment: Parameters<typeof allowanceCentsFor>[0],
  employee: Parameters<typeof allowanceCentsFor>[1],
): { cents: number; fallback: boolean } {
  const cents = allowanceCentsFor(enrollment, employee);
  return cents === null ? { cents: FALLBACK_ALLOWANCE_CENTS, fallback: true } : { cents, fallback: false };
}
