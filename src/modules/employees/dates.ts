// Calendar rules of the employee flow, on date-only strings (YYYY-MM-DD) so the server's
// time zone never moves a day.
import { daysFrom, firstOfMonthOnOrAfter } from "../../lib/date-rules";
import { noticeDeadline } from "../compliance/notice-dates";

/** An invitation stays valid until the end of the 60th day after the later of the effective date and the day it was sent. */
export const INVITE_VALID_DAYS = 60;

/**
 * The last day an invitation sent on `sentOn` can be used: one sent before the plan starts
 * lasts until 60 days into it; one sent later (a late hire, a new link) gets 60 days of its
 * own, so no eligible employee is ever shut out of registering.
 */
export function inviteDeadline(effectiveDate: string, sentOn: string): string {
  return daysFrom(sentOn > effectiveDate ? sentOn : effectiveDate, INVITE_VALID_DAYS);
}

/** The instant (ms) an invitation stops working: its last day is over everywhere (noon UTC the day after). */
export function inviteExpiresAt(deadline: string): number {
  return Date.parse(`${daysFrom(deadline, 1)}T12:00:00Z`);
}

/** The last day of an invitation that stops working at `expiresAt`. */
export const deadlineOf = (expiresAt: number): string => daysFrom(new Date(expiresAt).toISOString().slice(0, 10), -1);

/** The day an employee's notice is due: 90 days before the plan year, or the day a newly eligible employee's coverage can begin. */
export function noticeDueBy(effectiveDate: string, employee: { eligibleFrom: string | null }): string {
  return employee.eligibleFrom ?? noticeDeadline(effectiveDate);
}

/**
 * The first day an employee can be covered: the first of a month (individual coverage
 * starts on the 1st) on or after their hire date, and never before the plan's effective
 * date; with no hire date known, the effective date.
 */
export function coverageCanBegin(effectiveDate: string, hireDate: string | null): string {
  if (!hireDate) return effectiveDate;
  const first = firstOfMonthOnOrAfter(hireDate);
  return first > effectiveDate ? first : effectiveDate;
}
