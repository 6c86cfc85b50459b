// How the screens show and pick date-only values ('YYYY-MM-DD'); the rules themselves are
// shared with the server in src/lib/date-rules.ts.

import { daysFrom, isIsoDate, localToday } from "@src/lib/date-rules";
import { formatDay as wordsOfDay } from "@src/lib/months";

// The server states plan years in notices too, so the rule lives with the shared ones.
export { planYearEnd } from "@src/lib/date-rules";

/**
 * An ISO instant as the person's browser shows a date and time: 'November 20, 2026 at 9:04 AM',
 * its day written as every day on the screens is ('November 20, 2026').
 */
export const shownDateTime = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: "long", timeStyle: "short" });

/** The same instant's date and time apart ('Nov 20, 2026' and '9:04 AM'), for a narrow column that shows them on two lines. */
export const shownDateAndTime = (iso: string) => {
  const at = new Date(iso);
  return {
    date: at.toLocaleDateString(undefined, { dateStyle: "medium" }),
    time: at.toLocaleTimeString(undefined, { timeStyle: "short" }),
  };
};

/**
 * An ISO instant as the day it was in the person's own time zone: 'November 23, 2026'. Not
 * the instant's first ten characters, which are its UTC day: an evening in California would
 * show as the next day, unlike the time beside it.
 */
export const shownDay = (iso: string): string => wordsOfDay(localToday(new Date(iso)));

/** The day `days` days from today, in the person's own time zone. */
export const daysFromToday = (days: number, now = new Date()): string => daysFrom(localToday(now), days);

/** 'YYYY-MM-DD' → 'March 1, 2027'; nothing → ''; anything else (a draft's unfinished date) as it is. */
export function formatDay(value: string | null | undefined): string {
  if (!value) return "";
  return isIsoDate(value) ? wordsOfDay(value) : value;
}

/** The calendar year a plan starting on this date counts as (for the yearly figures); undefined when no date yet. */
export function planYearOf(start: string | null | undefined): number | undefined {
  return start && isIsoDate(start) ? Number(start.slice(0, 4)) : undefined;
}
