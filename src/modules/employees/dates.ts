// Calendar rules of the employee flow, on date-only strings (YYYY-MM-DD) so the server's
// time zone never moves a day.
import { daysFrom, firstOfMonthOnOrAfter } from "../../lib/date-rules";
import { noticeDeadline } from "../compliance/notice-dates";

/** Invitations stay valid until the end of the 60th day after the effective date. */
export const INVITE_VALID_DAYS_AFTER_EFFECTIVE = 60;

/** The last day an invite can be used. */
export function inviteDeadline(effectiveDate: string): string {
  return daysFrom(effectiveDate, INVITE_VALID_DAYS_AFTER_EFFECTIVE);
}

/** The instant (ms) the invite stops working: the deadline day is over everywhere (noon UTC the day after). */
export function inviteExpiresAt(effectiveDate: string): number {
  return Date.parse(`${daysFrom(inviteDeadline(effectiveDate), 1)}T12:00:00Z`);
}

/** The day an employee's notice is due: 90 days before the plan year, or the day a newly eligible employee's coverage can begin. */
export function noticeDueBy(effectiveDate: string, employee: { eligibleFrom: string | null }): string {
  return employee.eligibleFrom ?? noticeDeadline(effectiveDate);
}

/**
 * The first day an employee added after submitting can be covered: the first of a month
 * (individual coverage starts on the 1st) on or after their hire date, and never before
 * the plan's effective date.
 */
export function coverageCanBegin(effectiveDate: string, hireDate: string): string {
  const first = firstOfMonthOnOrAfter(hireDate);
  return first > effectiveDate ? first : effectiveDate;
}
