// Calendar rules of the employee flow, on date-only strings (YYYY-MM-DD) so the server's
// time zone never moves a day.
import { addDays, addMonths, format, parseISO, startOfMonth } from "date-fns";
import { daysFrom } from "../../lib/date-rules";

const day = (date: Date) => format(date, "yyyy-MM-dd");

/** Invitations stay valid until the end of the 60th day after the effective date. */
export const INVITE_VALID_DAYS_AFTER_EFFECTIVE = 60;

/** The plan start date: the enrollment's effective date; without one, 90 days ahead, then the first day of the following month (spec §9). */
export function planStartDate(effectiveDate: string | null | undefined, today: Date = new Date()): string {
  if (effectiveDate) return effectiveDate;
  return day(startOfMonth(addMonths(addDays(today, 90), 1)));
}

/** The last day an invite can be used. */
export function inviteDeadline(effectiveDate: string): string {
  return daysFrom(effectiveDate, INVITE_VALID_DAYS_AFTER_EFFECTIVE);
}

/** The instant (ms) the invite stops working: the deadline day is over everywhere (noon UTC the day after). */
export function inviteExpiresAt(effectiveDate: string): number {
  return Date.parse(`${daysFrom(inviteDeadline(effectiveDate), 1)}T12:00:00Z`);
}

/** "March 1, 2027" */
export const longDate = (isoDay: string) => format(parseISO(isoDay), "MMMM d, yyyy");
