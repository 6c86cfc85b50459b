// Status progressions (rulings): a step saved again never moves a record backwards.
// The model's status lists are in progression order.

import { ENROLLMENT_STATUSES, type EnrollmentStatus } from "../enrollments/model";
import { BUSINESS_STATUSES, type BusinessStatus } from "./model";

function advance<T extends string>(order: readonly T[], current: string, target: T): T | string {
  const from = order.indexOf(current as T);
  return from >= order.indexOf(target) ? current : target;
}

export const advanceBusiness = (current: string, target: BusinessStatus) => advance(BUSINESS_STATUSES, current, target);
export const advanceEnrollment = (current: string, target: EnrollmentStatus) => advance(ENROLLMENT_STATUSES, current, target);

/**
 * The status to show and act on: an approved enrollment is active once its effective date
 * has come (rulings), without waiting for an admin. `today` is 'YYYY-MM-DD'.
 */
export function enrollmentStatusOn(enrollment: { status: string; effectiveDate: string }, today: string): string {
  return enrollment.status === "approved" && enrollment.effectiveDate <= today ? "active" : enrollment.status;
}
