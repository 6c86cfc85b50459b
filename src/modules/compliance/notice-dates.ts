// Dates of the employee notice: the last day notices can go out, whether a plan start is
// too close for it, and the last day a plan year's months can be claimed, which the notice
// states and the claims rule applies. Date arithmetic is the shared date-only rules'
// (src/lib/date-rules.ts).
import { daysBetween, daysFrom, todayUtc } from "../../lib/date-rules";
import { CLAIMS_RUN_OUT_DAYS, NOTICE_DAYS_BEFORE_PLAN_YEAR } from "./rules";

/** The last day a plan year ending on `planYearEnd` can be claimed for: the run-out's last day. */
export const claimsUntil = (planYearEnd: string): string => daysFrom(planYearEnd, CLAIMS_RUN_OUT_DAYS.value);

/** The last day notices can go out: 90 days before the plan year starts. */
export function noticeDeadline(planStartDate: string): string {
  return daysFrom(planStartDate, -NOTICE_DAYS_BEFORE_PLAN_YEAR.value);
}

/** True when the plan year starts fewer than 90 days from today. */
export function noticeIsLate(planStartDate: string, today: string = todayUtc()): boolean {
  return daysBetween(today, planStartDate) < NOTICE_DAYS_BEFORE_PLAN_YEAR.value;
}
