// The dashboard's date ranges in the admin's own time zone: 'today' since local midnight,
// 'week' the last 7 days, 'month' one calendar month back (spec §9). Zone rules (DST,
// half-hour offsets) come from date-fns with @date-fns/tz, on the platform's Intl data.
import { TZDate } from "@date-fns/tz";
import { startOfDay, subDays, subMonths } from "date-fns";
import type { DateRange } from "./model";

/** The first instant (ms) of the range, or null for 'all'. */
export function rangeStart(range: DateRange | undefined, timeZone: string, now = Date.now()): number | null {
  const local = new TZDate(now, timeZone);
  switch (range ?? "all") {
    case "today":
      return startOfDay(local).getTime();
    case "week":
      return subDays(local, 7).getTime();
    case "month":
      return subMonths(local, 1).getTime();
    default:
      return null;
  }
}
