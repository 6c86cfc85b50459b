// Date-only rules shared by the wizard and the server. Dates travel as 'YYYY-MM-DD'.
import { addDays, format, isValid, parse, subDays } from "date-fns";

/** True when the text is a real calendar day in YYYY-MM-DD form (2026-02-30 is not). */
export function isIsoDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const parsed = parse(text, "yyyy-MM-dd", new Date(0));
  return isValid(parsed) && format(parsed, "yyyy-MM-dd") === text;
}

/** Today in the viewer's own time zone, as YYYY-MM-DD (what the browser's calendar uses). */
export function localToday(now: Date = new Date()): string {
  return format(now, "yyyy-MM-dd");
}

/** Today's calendar date in UTC, as YYYY-MM-DD (the server's "today", whatever its own time zone). */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** The day N days after `from` (YYYY-MM-DD), e.g. the wizard's 60- and 90-day quick picks. */
export function daysFrom(from: string, days: number): string {
  return format(addDays(parse(from, "yyyy-MM-dd", new Date(0)), days), "yyyy-MM-dd");
}

/**
 * The earliest date the server accepts as "not in the past". The employer picks a date in
 * their own time zone, which the server does not know; it is still "today" somewhere
 * until UTC-12 moves on, so the server compares with the UTC date twelve hours ago.
 */
export function earliestAcceptedDate(nowMs: number = Date.now()): string {
  return new Date(nowMs - 12 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** True for a valid date before the given first acceptable day. */
export function isBefore(date: string, earliest: string): boolean {
  return date < earliest; // YYYY-MM-DD strings order like the dates they name.
}

/** The last day of a plan year that starts on `start`: the day before its anniversary. */
export function planYearEnd(start: string): string {
  const [y, m, d] = start.split("-").map(Number);
  // The anniversary of Feb 29 rolls over to Mar 1 here, so that plan year ends on Feb 28.
  return format(subDays(new Date(y + 1, m - 1, d), 1), "yyyy-MM-dd");
}
