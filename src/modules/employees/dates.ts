// Calendar rules of the employee flow, on date-only strings (YYYY-MM-DD) so the server's
// time zone never moves a day.
import { daysFrom, firstOfMonthOnOrAfter, planYearStartOn } from "../../lib/date-rules";
import { later } from "../../lib/months";
import { planYearNoticeDue, renewalNoticeYear } from "../compliance/notice-dates";

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

/**
 * The day an employee's notice for the plan year starting on `planYearStart` is due: 90 days
 * before it, or, in the plan year a newly eligible employee's coverage begins in, that day:
 * one added after submitting, or one on the census hired after the plan year starts
 * (54.9802-4(c)(6)(ii): no later than the day their coverage can begin).
 */
export function noticeDueBy(
  enrollment: { effectiveDate: string; newEmployer: boolean },
  planYearStart: string,
  employee: CoverageStart,
): string {
  if (employee.eligibleFrom && employee.eligibleFrom >= planYearStart) return employee.eligibleFrom;
  const begins = coverageBegins(enrollment.effectiveDate, employee);
  return begins > planYearStart ? begins : planYearNoticeDue(planYearStart, enrollment);
}

/** What the notice due now depends on: when coverage can begin, and the plan year of the last notice sent. */
export interface NoticeHistory extends CoverageStart {
  noticePlanYearStart?: string | null;
}

/**
 * The plan year whose notice is due now (54.9802-4(c)(6): one before each plan year). For
 * an employee, the one their coverage begins in, or the one under way, until they have been
 * sent its notice; then, from 150 days before the next plan year starts, the next one's. For
 * a class (no employee), the one under way, or the next from then.
 */
export function dueNoticeYear(effectiveDate: string, today: string, employee?: NoticeHistory): string {
  return noticeCalendar({ effectiveDate, newEmployer: false }, today).dueYear(employee);
}

/**
 * dueNoticeYear and noticeDueBy for the employees of one enrollment on one day. A list of
 * 5,000 asks them 5,000 times, of a few plan years: each date worked out once (the date
 * arithmetic cost 70 ms per list otherwise).
 */
export function noticeCalendar(enrollment: { effectiveDate: string; newEmployer: boolean }, today: string) {
  const { effectiveDate } = enrollment;
  const known = new Map<string, string>();
  const once = (key: string, work: () => string) => {
    const value = known.get(key) ?? work();
    known.set(key, value);
    return value;
  };
  return {
    dueYear(employee?: NoticeHistory): string {
      const begins: CoverageStart = employee ?? { hireDate: null };
      const day = later(
        once(`begins ${begins.hireDate} ${begins.eligibleFrom}`, () => coverageBegins(effectiveDate, begins)),
        today,
      );
      const current = once(`start ${day}`, () => planYearStartOn(effectiveDate, day));
      if (employee && !noticeSentFor(employee, current)) return current;
      return once(`renewal ${current}`, () => renewalNoticeYear(effectiveDate, current, today));
    },
    dueBy(planYearStart: string, employee: CoverageStart): string {
      return once(`due ${planYearStart} ${employee.hireDate} ${employee.eligibleFrom}`, () =>
        noticeDueBy(enrollment, planYearStart, employee),
      );
    },
  };
}

/** Whether the employee has been sent the notice of the plan year starting on `planYearStart` (or of a later one). */
export const noticeSentFor = (employee: NoticeHistory, planYearStart: string): boolean =>
  !!employee.noticePlanYearStart && employee.noticePlanYearStart >= planYearStart;

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

/** What decides when one employee's coverage begins: their hire date, and the day recorded for one added after submitting. */
export interface CoverageStart {
  hireDate: string | null;
  eligibleFrom?: string | null;
}

/**
 * The first day this employee's HRA coverage begins: for one added after submitting, the day
 * recorded then (their notice went out that day, and coverage cannot begin before it); for
 * the others, the first of a month on or after their hire date, from the effective date on.
 */
export const coverageBegins = (effectiveDate: string, employee: CoverageStart): string =>
  employee.eligibleFrom ?? coverageCanBegin(effectiveDate, employee.hireDate);

/**
 * When coverage can begin for an employee added on `today`, after submitting: as for everyone
 * (the first of a month on or after their hire date), but not before the first of a month on
 * or after the day they are added, when their notice goes out. An employer who adds someone
 * late cannot make their coverage, or their allowance, start before they were told of it
 * (54.9802-4(c)(6)(ii): the notice comes no later than the day coverage can begin).
 */
export const coverageCanBeginWhenAdded = (effectiveDate: string, hireDate: string, today: string): string =>
  later(coverageCanBegin(effectiveDate, hireDate), firstOfMonthOnOrAfter(today));
