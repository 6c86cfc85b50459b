// Plan years and the months a claim may be for. An enrollment's plan years are consecutive
// 12-month periods from its effective date (the first of a month); a proof or a claim
// belongs to the plan year that contains its month. Claims are taken for the months of
// the current plan year and, during the run-out, of the one before; a proof of coverage
// also for the next plan year, from the day its notice is due. Date-only strings
// throughout, so no time zone moves a day.
import { formatDate, planYearEnd, planYearStartOn } from "../../lib/date-rules";
import { addMonths, formatMonth, monthOf, monthsFrom } from "../../lib/months";
import { claimsUntil, noticeDeadline } from "../compliance/notice-dates";
import { type CoverageStart, coverageBegins } from "../employees/dates";
import { COVERAGE_AFTER_PLAN_YEAR_MESSAGE, messages, PLAN_YEAR_MONTHS } from "./model";

export interface PlanYear {
  /** 0 for the plan year that starts on the effective date. */
  index: number;
  /** YYYY-MM-DD: the effective date, or its anniversary. */
  start: string;
  /** YYYY-MM-DD: the day before the next anniversary. */
  end: string;
  /** Its twelve months, in order. */
  months: string[];
}

/** The effective date `years` years on (2027-03-01 → 2028-03-01). */
function anniversary(effectiveDate: string, years: number): string {
  if (years === 0) return effectiveDate;
  const month = addMonths(monthOf(effectiveDate), 12 * years);
  return `${month}${effectiveDate.slice(7)}`;
}

export function planYearAt(effectiveDate: string, index: number): PlanYear {
  const start = anniversary(effectiveDate, index);
  const first = monthOf(start);
  return {
    index,
    start,
    end: planYearEnd(start),
    months: Array.from({ length: PLAN_YEAR_MONTHS }, (_, i) => addMonths(first, i)),
  };
}

/** The plan year a month belongs to; null before the first one. */
export function planYearOfMonth(effectiveDate: string, month: string): PlanYear | null {
  const offset = monthsFrom(monthOf(effectiveDate), month);
  if (offset < 0) return null;
  return planYearAt(effectiveDate, Math.floor(offset / PLAN_YEAR_MONTHS));
}

/** The plan year containing `today`; before the first one starts, the first one. */
export function currentPlanYear(effectiveDate: string, today: string): PlanYear {
  // Its start is the anniversary on or before today (mid-month too, for older enrollments): its index is the years since the first.
  const start = planYearStartOn(effectiveDate, today);
  return planYearAt(effectiveDate, Number(start.slice(0, 4)) - Number(effectiveDate.slice(0, 4)));
}

/** The last day a claim for the plan year is taken: its run-out's last day, as the notice states it. */
export const runOutEnds = (year: PlanYear): string => claimsUntil(year.end);

/** The plan years open for claims today: the current one, and the previous one during its run-out. Newest first. */
export function openPlanYears(effectiveDate: string, today: string): PlanYear[] {
  const current = currentPlanYear(effectiveDate, today);
  if (current.index === 0) return [current];
  const previous = planYearAt(effectiveDate, current.index - 1);
  return today <= runOutEnds(previous) ? [current, previous] : [current];
}

/**
 * The next plan year, from the day its notice is due (90 days before it starts) until it
 * starts: coverage for it is often bought by then (the Marketplace's open enrollment starts
 * two months before January), and proving it early lets its first claims be approved
 * without waiting. Null before the first plan year has started, and outside that window.
 */
export function upcomingPlanYear(effectiveDate: string, today: string): PlanYear | null {
  if (today < effectiveDate) return null;
  const next = planYearAt(effectiveDate, currentPlanYear(effectiveDate, today).index + 1);
  return today >= noticeDeadline(next.start) ? next : null;
}

/**
 * The first month an employee's allowance counts: the month their HRA coverage can begin,
 * the later of the effective date and the first of a month on or after their hire date
 * (the date their notice gives), so someone hired on the 20th starts with the next month.
 */
export function eligibleFrom(effectiveDate: string, employee: CoverageStart): string {
  return monthOf(coverageBegins(effectiveDate, employee));
}

/**
 * Why a month cannot be claimed (or proven) today, in words a person understands; null when
 * it can. `canDo` says what the months that can be are open to: a claim, or a proof.
 */
export function monthOutsidePlanYears(effectiveDate: string, month: string, today: string, canDo = "claim for"): string | null {
  const open = openPlanYears(effectiveDate, today);
  if (open.some((year) => year.months.includes(month))) return null;
  const [current, previous] = open;
  const span = (year: PlanYear) => `${formatMonth(year.months[0]!)} to ${formatMonth(year.months.at(-1)!)}`;
  const also = previous ? ` or, until ${formatDate(runOutEnds(previous))}, for ${span(previous)}` : "";
  return `${formatMonth(month)} is outside your plan year. You can ${canDo} ${span(current!)}${also}.`;
}

/** Why a proof cannot be filed under a plan year: the field to fix and its message. */
export interface ProofYearProblem {
  field: "planYearStart" | "coverageStart";
  message: string;
}

/**
 * The plan year a proof of coverage is for, or why it cannot be sent today. Named by the
 * form (`chosen`: during the run-out a proof can be for the year that ended, and from its
 * notice's day for the next one), it must be an open or upcoming plan year the coverage
 * began by the last day of. Else it is the open or upcoming plan year holding the coverage
 * start's month, and coverage that began before every open plan year (a policy bought
 * earlier and kept) proves the current one.
 */
export function proofPlanYear(effectiveDate: string, coverageStart: string, today: string, chosen?: string): PlanYear | ProofYearProblem {
  const open = openPlanYears(effectiveDate, today);
  const upcoming = upcomingPlanYear(effectiveDate, today);
  if (chosen !== undefined) {
    const year = (upcoming ? [upcoming, ...open] : open).find((y) => y.start === chosen);
    if (!year) return { field: "planYearStart", message: messages.planYearStart };
    if (coverageStart > year.end) return { field: "coverageStart", message: COVERAGE_AFTER_PLAN_YEAR_MESSAGE(formatDate(year.end)) };
    return year;
  }
  const month = monthOf(coverageStart);
  if (month < open.at(-1)!.months[0]!) return open[0]!;
  if (upcoming?.months.includes(month)) return upcoming;
  const outside = monthOutsidePlanYears(effectiveDate, month, today, "prove coverage for");
  return outside ? { field: "coverageStart", message: `Your coverage start: ${outside}` } : planYearOfMonth(effectiveDate, month)!;
}
