// Calendar rules of the employee flow, on date-only strings (YYYY-MM-DD) so the server's
// time zone never moves a day.
import { daysFrom } from "../../lib/date-rules";

/** Invitations stay valid until the end of the 60th day after the effective date. */
export const INVITE_VALID_DAYS_AFTER_EFFECTIVE = 60;

/** The last day an invite can be used. */
export function inviteDeadline(effectiveDate: string): string {
  return daysFrom(effectiveDate, INVITE_VALID_DAYS_AFTER_EFFECTIVE);
}

/** The instant (ms) the invite stops working: the deadline day is over everywhere (noon UTC the day after). */
export function inviteExpiresAt(effectiveDate: string): number {
  return Date.parse(`${daysFrom(inviteDeadline(effectiveDate), 1)}T12:00:00Z`);
}
