// Time zones as the browser names them (IANA), for days that are the user's own: an admin's
// "today", the last day of approvals an employer's payroll run pays. Zone rules (DST,
// half-hour offsets) come from date-fns with @date-fns/tz, on the platform's Intl data.
import { TZDate } from "@date-fns/tz";
import { Type } from "@sinclair/typebox";
import { endOfDay } from "date-fns";
import { isoDay } from "./date-rules";

export const UNKNOWN_TIME_ZONE_MESSAGE = "Unknown time zone";

/** An IANA time zone sent by the browser, e.g. America/Chicago; UTC when absent. */
export const TimeZoneField = Type.String({
  maxLength: 64,
  description: "IANA time zone of the user, e.g. America/Chicago; UTC when absent",
  messages: { type: UNKNOWN_TIME_ZONE_MESSAGE, maxLength: UNKNOWN_TIME_ZONE_MESSAGE },
});

/** A request's `tz` query: the user's time zone, whose today the answer is for (checked by http/time-zone-query.ts). */
export const TimeZoneQuery = Type.Object({ tz: Type.Optional(TimeZoneField) });

/**
 * The zone's canonical name, or null when the platform knows no such zone. Only a name: the
 * platform also takes an offset ("-23:59"), which would make a day no place on Earth has,
 * up to a day from the real ones (they run from UTC-12 to UTC+14).
 */
export function knownTimeZone(timeZone: string): string | null {
  if (!/^[A-Za-z]/.test(timeZone)) return null;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** Today in `timeZone`, as YYYY-MM-DD. */
export const todayIn = (timeZone: string, now = Date.now()): string => isoDay(new TZDate(now, timeZone));

/** The last instant (ms) of the calendar day `day` (YYYY-MM-DD) in `timeZone`. */
export function endOfDayIn(day: string, timeZone: string): number {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return endOfDay(new TZDate(year, month - 1, date, timeZone)).getTime();
}
