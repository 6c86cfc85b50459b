// The `tz` query (TimeZoneQuery) of a request whose "today" is the user's own (the lead
// dashboard's ranges; the employee's month, ledger and uploads): the browser's IANA zone,
// checked here once for every route.
import { knownTimeZone, todayIn, UNKNOWN_TIME_ZONE_MESSAGE } from "../lib/time-zones";
import { badRequest } from "./errors";

/** The zone's canonical name; UTC when absent; a 400 naming `tz` when the platform knows no such zone. */
export function checkTimeZone(tz: string | undefined): string {
  if (!tz) return "UTC";
  const known = knownTimeZone(tz);
  if (!known) throw badRequest("Please correct the highlighted fields in the query.", { tz: UNKNOWN_TIME_ZONE_MESSAGE });
  return known;
}

/** Today (YYYY-MM-DD) where the `tz` query says the user is; UTC's when absent. */
export const todayInQueryZone = (tz: string | undefined): string => todayIn(checkTimeZone(tz));
