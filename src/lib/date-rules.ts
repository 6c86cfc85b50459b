// Date-only rules shared by the wizard and the server. Dates travel as 'YYYY-MM-DD'.
// date-fns' pattern-string `format` and `parse` carry every token's code to the browser (most of
// this module's weight on every screen); the ISO forms and the platform's Intl do what we need.
import { addDays, addYears, differenceInCalendarDays, formatISO, isValid, parseISO, subDays } from "date-fns";
import { formatDay } from "./months";

/** A date's own calendar day, YYYY-MM-DD (its local fields, as a TZDate's are its zone's). */
export const isoDay = (date: Date): string => formatISO(date, { representation: "date" });

/** Made for each use: a formatter keeps the time zone it was made in, and the day is in the current one. */
const longDay = () => new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", year: "numeric" });

/** True when the text is a real calendar day in YYYY-MM-DD form (2026-02-30 is not). */
export function isIsoDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const parsed = parseISO(text);
  // Year 0000 is no calendar's.
  return !text.startsWith("0000") && isValid(parsed) && isoDay(parsed) === text;
}

/** Today in the viewer's own time zone, as YYYY-MM-DD (what the browser's calendar uses). */
export function localToday(now: Date = new Date()): string {
  return isoDay(now);
}

/** Today's calendar date in UTC, as YYYY-MM-DD (the server's "today", whatever its own time zone). */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** A YYYY-MM-DD day as a local midnight, so formatting it shows the same day in every time zone. */
const dayOf = (date: string) => parseISO(date);

/** The day N days after `from` (YYYY-MM-DD), e.g. the wizard's 60- and 90-day quick picks. Throws RangeError on a malformed date. */
export function daysFrom(from: string, days: number): string {
  return isoDay(addDays(dayOf(from), days));
}

/** The day N years after `from` (YYYY-MM-DD); February 29 becomes February 28 in a common year. */
export function yearsFrom(from: string, years: number): string {
  return isoDay(addYears(dayOf(from), years));
}

export const HIRE_DATE_RANGE_MESSAGE = "Hire date must be in 1900 or later, and at most a year from today";

export const BIRTH_DATE_RANGE_MESSAGE = "Date of birth must be a past date after 1900";

/** Whether a date of birth is one a person on a census can have: from 1900, and before `today`. */
export const isBirthDate = (dateOfBirth: string, today: string): boolean => dateOfBirth >= "1900-01-01" && dateOfBirth < today;

/**
 * A hire date outside what a census can mean (before 1900, or more than a year ahead): an
 * error rather than a plan year or a notice worked out for it. Answers null when it is in range.
 */
export function hireDateOutOfRange(hireDate: string, today: string): string | null {
  return hireDate < "1900-01-01" || isBefore(yearsFrom(today, 1), hireDate) ? HIRE_DATE_RANGE_MESSAGE : null;
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier); daylight saving never moves a day. */
export function daysBetween(from: string, to: string): number {
  const days = differenceInCalendarDays(dayOf(to), dayOf(from));
  if (Number.isNaN(days)) throw new RangeError(`Not a YYYY-MM-DD date: ${from} or ${to}`);
  return days;
}

/** 'YYYY-MM-DD' → "March 1, 2027" (invitations, deadlines, the wizard's summaries); a RangeError for anything else. */
export function formatDate(date: string): string {
  if (!isIsoDate(date)) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  return formatDay(date);
}

/** 'YYYY-MM-DD' → "Saturday, October 3, 2026" (the notices' long form). */
export function formatLongDate(date: string): string {
  return longDay().format(dayOf(date));
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
  return isoDay(subDays(new Date(y + 1, m - 1, d), 1));
}

/** The first day of the plan year holding `day`: plan years run twelve months from the effective date and each anniversary; before the first one, its start. */
export function planYearStartOn(effectiveDate: string, day: string): string {
  if (day <= effectiveDate) return effectiveDate;
  const [, m, d] = effectiveDate.split("-").map(Number);
  const anniversary = (year: number) => isoDay(new Date(year, m - 1, d));
  const thisYear = anniversary(Number(day.slice(0, 4)));
  return thisYear <= day ? thisYear : anniversary(Number(day.slice(0, 4)) - 1);
}

/** True when the date is the first day of a month (individual coverage starts on the 1st). */
export const isFirstOfMonth = (date: string): boolean => isIsoDate(date) && date.endsWith("-01");

/** The first day of the month after the one `date` is in. */
export function firstOfNextMonth(date: string): string {
  const [y, m] = date.split("-").map(Number);
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, "0")}-01`;
}

/** `date` itself when it is the 1st, else the first of the next month. */
export const firstOfMonthOnOrAfter = (date: string): string => (isFirstOfMonth(date) ? date : firstOfNextMonth(date));

/** The first day of the month `date` is in. */
export const firstOfMonth = (date: string): string => `${date.slice(0, 8)}01`;

/**
 * The wizard's quick picks (rulings): `days` ahead of `today`, then the first of the
 * following month. 90 days from 2026-11-23 is 2027-02-21, so 2027-03-01.
 */
export const quickEffectiveDate = (today: string, days: number): string => firstOfNextMonth(daysFrom(today, days));

/**
 * The first of a month nearest a date that is not one, no earlier than `earliest`: the
 * 1st of its own month or of the next, whichever is fewer days away (the earlier on a tie).
 */
export function nearestFirstOfMonth(date: string, earliest: string): string {
  const before = firstOfMonth(date);
  const after = firstOfNextMonth(date);
  if (isBefore(before, earliest)) {
    if (!isBefore(after, earliest)) return after;
    return isFirstOfMonth(earliest) ? earliest : firstOfNextMonth(earliest);
  }
  return daysBetween(before, date) <= daysBetween(date, after) ? before : after;
}
