// The 90-day employee notice: the last day notices can go out, and whether a plan start is
// too close for it. Date arithmetic is the shared date-only rules' (src/lib/date-rules.ts).
import { daysBetween, daysFrom, todayUtc } from "../../lib/date-rules";
import { NOTICE_DAYS_BEFORE_PLAN_YEAR } from "./rules";

/** The last day notices can go out: 90 days before the plan year starts. */
export function noticeDeadline(planStartDate: string): string {
  return daysFrom(planStartDate, -NOTICE_DAYS_BEFORE_PLAN_YEAR.value);
}

/** True when the plan year starts fewer than 90 days from today. */
export function noticeIsLate(planStartDate: string, today: string = todayUtc()): boolean {
  return daysBetween(today, planStartDate) < NOTICE_DAYS_BEFORE_PLAN_YEAR.value;
}
