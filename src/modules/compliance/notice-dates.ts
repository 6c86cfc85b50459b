// Dates for the 90-day employee notice. Date-only values are 'YYYY-MM-DD' calendar dates;
// the arithmetic runs on UTC midnights, where every day is exactly 86,400,000 ms (no
// daylight-saving shifts), so counting days never needs month or leap-year rules of ours.
import { NOTICE_DAYS_BEFORE_PLAN_YEAR } from "./rules";

const DAY_MS = 86_400_000;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** UTC midnight of a 'YYYY-MM-DD' date; throws on a malformed or impossible date. */
function utcMidnight(date: string): number {
  const match = DATE_ONLY.exec(date);
  if (!match) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  // Date.UTC rolls 2026-02-30 over into March; a round trip catches it.
  if (new Date(ms).toISOString().slice(0, 10) !== date) throw new RangeError(`No such date: ${date}`);
  return ms;
}

const toDateOnly = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const isDateOnly = (value: string): boolean => {
  try {
    utcMidnight(value);
    return true;
  } catch {
    return false;
  }
};

/** Today's calendar date in UTC. */
export const todayUtc = (now: Date = new Date()): string => now.toISOString().slice(0, 10);

export function addDays(date: string, days: number): string {
  return toDateOnly(utcMidnight(date) + days * DAY_MS);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcMidnight(to) - utcMidnight(from)) / DAY_MS);
}

/** Whole days from today (UTC, or the date given) until `date`. */
export function daysUntil(date: string, today: string = todayUtc()): number {
  return daysBetween(today, date);
}

/** The last day notices can go out: 90 days before the plan year starts. */
export function noticeDeadline(planStartDate: string): string {
  return addDays(planStartDate, -NOTICE_DAYS_BEFORE_PLAN_YEAR.value);
}

/** True when the plan year starts fewer than 90 days from today. */
export function noticeIsLate(planStartDate: string, today: string = todayUtc()): boolean {
  return daysUntil(planStartDate, today) < NOTICE_DAYS_BEFORE_PLAN_YEAR.value;
}

const longDate = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", weekday: "long", year: "numeric", month: "long", day: "numeric" });

/** 'YYYY-MM-DD' → "Saturday, October 3, 2026". */
export const formatLongDate = (date: string): string => longDate.format(new Date(utcMidnight(date)));
