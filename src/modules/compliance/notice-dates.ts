// Dates of the employee notice: the last day notices can go out, whether a plan start is
// too close for it, which plan year's notice is due, and the last day a plan year's months
// can be claimed, which the notice states and the claims rule applies. Date arithmetic is
// the shared date-only rules' (src/lib/date-rules.ts).
import { daysBetween, daysFrom, firstOfMonthOnOrAfter, planYearEnd, planYearStartOn, todayUtc } from "../../lib/date-rules";
import { CLAIMS_RUN_OUT_DAYS, NOTICE_DAYS_BEFORE_PLAN_YEAR } from "./rules";

/** The last day a plan year ending on `planYearEnd` can be claimed for: the run-out's last day. */
export const claimsUntil = (planYearEnd: string): string => daysFrom(planYearEnd, CLAIMS_RUN_OUT_DAYS.value);

/** The last day notices can go out: 90 days before the plan year starts. */
export function noticeDeadline(planStartDate: string): string {
  return daysFrom(planStartDate, -NOTICE_DAYS_BEFORE_PLAN_YEAR.value);
}

/**
 * The last day a plan year's notices can go out: 90 days before it starts; for a new
 * employer's first plan year (a business that did not exist 120 days before it), the day it
 * starts, when coverage can begin (54.9802-4(c)(6)(ii), decision 014).
 */
export const planYearNoticeDue = (planYearStart: string, enrollment: { effectiveDate: string; newEmployer: boolean }): string =>
  newEmployersFirstYear(planYearStart, enrollment) ? planYearStart : noticeDeadline(planYearStart);

/** The plan year is the first of an employer that did not exist 120 days before it (its notices may come late). */
export const newEmployersFirstYear = (planYearStart: string, enrollment: { effectiveDate: string; newEmployer: boolean }): boolean =>
  enrollment.newEmployer && planYearStart === enrollment.effectiveDate;

/** True when the plan year starts fewer than 90 days from today. */
export function noticeIsLate(planStartDate: string, today: string = todayUtc()): boolean {
  return daysBetween(today, planStartDate) < NOTICE_DAYS_BEFORE_PLAN_YEAR.value;
}

/** The first effective date whose notices can still go out in time from `today`: the 1st on or after 90 days ahead. */
export const firstOnTimeStart = (today: string): string => firstOfMonthOnOrAfter(daysFrom(today, NOTICE_DAYS_BEFORE_PLAN_YEAR.value));

/** A later plan year's notices can go out from 150 days before it starts: two months before they are due. */
export const RENEWAL_NOTICE_DAYS = 150;

/**
 * The plan year whose notice is due on `today` for someone whose notice of the plan year
 * starting on `current` is done or not needed: from 150 days before the next plan year
 * starts, the next one; before, `current`.
 */
export function renewalNoticeYear(effectiveDate: string, current: string, today: string): string {
  const next = planYearStartOn(effectiveDate, daysFrom(planYearEnd(current), 1));
  return today >= daysFrom(next, -RENEWAL_NOTICE_DAYS) ? next : current;
}

/** The plan year a class's notice is for today: the one under way (the first before the plan starts), or the next from 150 days before it. */
export const classNoticeYear = (effectiveDate: string, today: string): string =>
  renewalNoticeYear(effectiveDate, planYearStartOn(effectiveDate, today), today);
