// Calendar months as the reimbursement screens and the server speak them: 'YYYY-MM'
// strings, ordered like the months they name, computed without time zones.

export const MONTH_PATTERN = "^\\d{4}-(0[1-9]|1[0-2])$";

const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** The month a YYYY-MM-DD day falls in. */
export const monthOf = (date: string): string => date.slice(0, 7);

const index = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
const fromIndex = (i: number) => `${String(Math.floor(i / 12)).padStart(4, "0")}-${String((i % 12) + 1).padStart(2, "0")}`;

/** The month `n` months after `month` (before it when negative). */
export const addMonths = (month: string, n: number): string => fromIndex(index(month) + n);

/** Whole months from `from` to `to`: 0 for the same month, negative when `to` is earlier. */
export const monthsFrom = (from: string, to: string): number => index(to) - index(from);

/** The first day of the month, YYYY-MM-DD. */
export const firstDayOf = (month: string): string => `${month}-01`;

/** '2027-01' → "January 2027". */
export const formatMonth = (month: string): string => `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/**
 * 'YYYY-MM-DD' → "November 23, 2026": the one wording of a day, on every screen and in every
 * email (formatDate checks the date, then words it here). No date library, so the employee's
 * screens load it for nothing. Expects a real YYYY-MM-DD day.
 */
export const formatDay = (date: string): string =>
  `${MONTH_NAMES[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}, ${date.slice(0, 4)}`;

/** The later of two months (or days: YYYY-MM-DD strings order the same way). */
export const later = (a: string, b: string): string => (a > b ? a : b);
