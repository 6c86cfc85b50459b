// Status progressions (rulings): a step saved again never moves a record backwards.
import type { BusinessStatus } from "./model";
import type { EnrollmentStatus } from "../enrollments/model";

const businessOrder: BusinessStatus[] = ["incomplete", "registered", "plan_selected", "classes_defined", "enrolled"];
const enrollmentOrder: EnrollmentStatus[] = ["plan_selected", "classes_defined", "pending", "approved", "active", "completed"];

function advance<T extends string>(order: readonly T[], current: string, target: T): T | string {
  const from = order.indexOf(current as T);
  return from >= order.indexOf(target) ? current : target;
}

export const advanceBusiness = (current: string, target: BusinessStatus) => advance(businessOrder, current, target);
export const advanceEnrollment = (current: string, target: EnrollmentStatus) => advance(enrollmentOrder, current, target);

/**
 * The status to show and act on: an approved enrollment is active once its effective date
 * has come (rulings), without waiting for an admin. `today` is 'YYYY-MM-DD'.
 */
export function enrollmentStatusOn(enrollment: { status: string; effectiveDate: string }, today: string): string {
  return enrollment.status === "approved" && enrollment.effectiveDate <= today ? "active" : enrollment.status;
}
