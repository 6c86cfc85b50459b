// How the screens show and pick date-only values ('YYYY-MM-DD'); the rules themselves are
// shared with the server in src/lib/date-rules.ts.
import { format } from "date-fns";
import { daysFrom, isIsoDate, localToday } from "../../src/lib/date-rules";

/** The day `days` days from today, in the person's own time zone. */
export const daysFromToday = (days: number, now = new Date()): string => daysFrom(localToday(now), days);

/** 'YYYY-MM-DD' → 'March 1, 2027'; anything else is shown as it is. */
export function formatDay(value: string | null | undefined): string {
  if (!value) return "";
  if (!isIsoDate(value)) return value;
  const [y, m, d] = value.split("-").map(Number);
  return format(new Date(y, m - 1, d), "MMMM d, yyyy");
}
