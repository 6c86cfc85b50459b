// Hand-computed cases of what can be approved for a month, and of the plan-year calendar.
import { describe, expect, test } from "bun:test";
import { availableCents, type MonthFigures } from "./availability";
import { messages } from "./model";
import {
  currentPlanYear,
  eligibleFrom,
  monthOutsidePlanYears,
  openPlanYears,
  planYearAt,
  planYearOfMonth,
  proofPlanYear,
  upcomingPlanYear,
} from "./plan-years";

/** A plan year from January 2027 with these allowances and approvals, in dollars. */
const year = (allowance: number[], approved: Record<number, number> = {}): MonthFigures[] =>
  allowance.map((a, i) => ({
    month: `2027-${String(i + 1).padStart(2, "0")}`,
    allowanceCents: a * 100,
    approvedCents: (approved[i + 1] ?? 0) * 100,
  }));
const flat = (dollars: number) => Array.from({ length: 12 }, () => dollars);
const dollars = (cents: number) => cents / 100;

describe("available for a month, with carry-over", () => {
  test("nothing approved: a month has its own and every earlier month's allowance", () => {
    const months = year(flat(400));
    // January: 400; June: 6 × 400 (the later months never go below it).
    expect(dollars(availableCents(months, "2027-01", true))).toBe(400);
    expect(dollars(availableCents(months, "2027-06", true))).toBe(2400);
    expect(dollars(availableCents(months, "2027-12", true))).toBe(4800);
  });

  test("unused allowance carries forward; an approval uses it up", () => {
    // Jan–Mar unclaimed, April approved 1,000 of the 1,600 reached by April.
    const months = year(flat(400), { 4: 1000 });
    // May: 2,000 reached − 1,000 = 1,000 (every later month keeps at least that).
    expect(dollars(availableCents(months, "2027-05", true))).toBe(1000);
    // April itself: 1,600 − 1,000 = 600.
    expect(dollars(availableCents(months, "2027-04", true))).toBe(600);
    // January: Jan alone has 400 and nothing approved by Jan, but April already drew
    // 1,000 on Jan–Apr's 1,600: at most 600 more up to April, and 400 at January itself.
    expect(dollars(availableCents(months, "2027-01", true))).toBe(400);
  });

  test("an approval for a later month consumes earlier allowance, which an earlier claim then cannot have", () => {
    // February was paid ahead and approved 700 (January's 400 + its own 300 of 400).
    const months = year(flat(400), { 2: 700 });
    // January: min(Jan: 400 − 0, Feb: 800 − 700 = 100, Mar: 1,200 − 700 = 500, ...) = 100.
    expect(dollars(availableCents(months, "2027-01", true))).toBe(100);
    // February: 800 − 700 = 100; March: 1,200 − 700 = 500.
    expect(dollars(availableCents(months, "2027-02", true))).toBe(100);
    expect(dollars(availableCents(months, "2027-03", true))).toBe(500);
  });

  test("a fully used year leaves nothing anywhere, and overdrawn figures never read below zero", () => {
    const used = year(flat(100), { 12: 1200 });
    for (const m of ["2027-01", "2027-06", "2027-12"]) expect(availableCents(used, m, true)).toBe(0);
    const overdrawn = year(flat(100), { 1: 150 });
    expect(availableCents(overdrawn, "2027-01", true)).toBe(0);
    // February: 200 − 150 = 50.
    expect(dollars(availableCents(overdrawn, "2027-02", true))).toBe(50);
  });

  test("mid-year eligibility: months before it have no allowance to carry", () => {
    // Hired in April: Jan–Mar 0, then 500 a month.
    const months = year([0, 0, 0, ...Array.from({ length: 9 }, () => 500)], { 5: 600 });
    expect(availableCents(months, "2027-02", true)).toBe(0);
    // April: min(Apr: 500, May: 1,000 − 600 = 400, June: 1,500 − 600 = 900, ...) = 400.
    expect(dollars(availableCents(months, "2027-04", true))).toBe(400);
    expect(dollars(availableCents(months, "2027-06", true))).toBe(900);
  });

  test("a month outside the plan year has nothing", () => {
    expect(availableCents(year(flat(400)), "2028-01", true)).toBe(0);
    expect(availableCents(year(flat(400)), "2026-12", false)).toBe(0);
  });
});

describe("available for a month, without carry-over", () => {
  test("each month has only its own allowance, less what was approved for it", () => {
    const months = year(flat(400), { 2: 700, 3: 150 });
    expect(dollars(availableCents(months, "2027-01", false))).toBe(400);
    // February was over its own allowance (approved under carry-over before it was turned off): nothing.
    expect(availableCents(months, "2027-02", false)).toBe(0);
    expect(dollars(availableCents(months, "2027-03", false))).toBe(250);
    expect(dollars(availableCents(months, "2027-12", false))).toBe(400);
  });

  test("mid-year eligibility: a month before it has nothing", () => {
    const months = year([0, 0, 0, ...Array.from({ length: 9 }, () => 500)]);
    expect(availableCents(months, "2027-03", false)).toBe(0);
    expect(dollars(availableCents(months, "2027-04", false))).toBe(500);
  });
});

describe("plan years", () => {
  test("twelve months from the effective date, then its anniversaries", () => {
    const first = planYearAt("2027-03-01", 0);
    expect(first).toMatchObject({ start: "2027-03-01", end: "2028-02-29" });
    expect([first.months[0], first.months[11]]).toEqual(["2027-03", "2028-02"]);
    expect(planYearAt("2027-03-01", 2)).toMatchObject({ start: "2029-03-01", end: "2030-02-28" });
    expect(planYearOfMonth("2027-03-01", "2028-02")?.index).toBe(0);
    expect(planYearOfMonth("2027-03-01", "2028-03")?.index).toBe(1);
    expect(planYearOfMonth("2027-03-01", "2027-02")).toBeNull();
  });

  test("the current plan year contains today; before the first starts, it is the first", () => {
    expect(currentPlanYear("2027-01-01", "2026-11-23").start).toBe("2027-01-01");
    expect(currentPlanYear("2027-01-01", "2027-12-31").start).toBe("2027-01-01");
    expect(currentPlanYear("2027-01-01", "2028-01-01").start).toBe("2028-01-01");
    // An older enrollment's mid-month start: the plan year turns on its anniversary, not on the month.
    expect(currentPlanYear("2026-06-15", "2027-06-14")).toMatchObject({ index: 0, start: "2026-06-15", end: "2027-06-14" });
    expect(currentPlanYear("2026-06-15", "2027-06-15")).toMatchObject({ index: 1, start: "2027-06-15" });
  });

  test("the next plan year can be proven from the day its notice is due, 90 days before it starts, until it starts", () => {
    // Plan years from 2027-01-01: the second starts 2028-01-01, its notice due 2027-10-03.
    expect(upcomingPlanYear("2027-01-01", "2026-11-27")).toBeNull();
    expect(upcomingPlanYear("2027-01-01", "2027-10-02")).toBeNull();
    expect(upcomingPlanYear("2027-01-01", "2027-10-03")).toMatchObject({ index: 1, start: "2028-01-01", end: "2028-12-31" });
    expect(upcomingPlanYear("2027-01-01", "2027-12-31")?.start).toBe("2028-01-01");
    // Once it starts it is the current one, and the one after is months away.
    expect(upcomingPlanYear("2027-01-01", "2028-01-01")).toBeNull();
    // Named by the form, a proof for it is taken; a year further on is not.
    expect(proofPlanYear("2027-01-01", "2028-01-01", "2027-11-15", "2028-01-01")).toMatchObject({ start: "2028-01-01" });
    expect(proofPlanYear("2027-01-01", "2029-01-01", "2027-11-15", "2029-01-01")).toEqual({
      field: "planYearStart",
      message: messages.planYearStart,
    });
  });

  test("the previous plan year stays open for claims until 90 days after it ended", () => {
    // 2027 ended on Dec 31; 90 days later (31 in January, 29 in February 2028, 30 in March) is March 30, 2028.
    expect(openPlanYears("2027-01-01", "2028-03-30").map((y) => y.start)).toEqual(["2028-01-01", "2027-01-01"]);
    expect(openPlanYears("2027-01-01", "2028-03-31").map((y) => y.start)).toEqual(["2028-01-01"]);
    expect(monthOutsidePlanYears("2027-01-01", "2027-12", "2028-03-30")).toBeNull();
    expect(monthOutsidePlanYears("2027-01-01", "2027-12", "2028-03-31")).toBe(
      "December 2027 is outside your plan year. You can claim for January 2028 to December 2028.",
    );
    expect(monthOutsidePlanYears("2027-01-01", "2026-12", "2027-02-10")).toBe(
      "December 2026 is outside your plan year. You can claim for January 2027 to December 2027.",
    );
    expect(monthOutsidePlanYears("2027-01-01", "2029-01", "2028-02-10")).toBe(
      "January 2029 is outside your plan year. You can claim for January 2028 to December 2028 or, until March 30, 2028, for January 2027 to December 2027.",
    );
  });

  test("a proof is for the open plan year holding its coverage start; coverage begun before them all proves the current one", () => {
    const start = (coverageStart: string, today: string) => {
      const year = proofPlanYear("2027-01-01", coverageStart, today);
      return "field" in year ? year.message : year.start;
    };
    // A policy bought in 2025 and kept: it proves the plan year under way.
    expect(start("2025-06-01", "2027-02-10")).toBe("2027-01-01");
    expect(start("2025-06-01", "2026-11-23")).toBe("2027-01-01");
    expect(start("2027-03-01", "2027-02-10")).toBe("2027-01-01");
    // During 2027's run-out a 2027 start is for 2027, an earlier one for 2028.
    expect(start("2027-05-01", "2028-02-10")).toBe("2027-01-01");
    expect(start("2026-05-01", "2028-02-10")).toBe("2028-01-01");
    expect(start("2028-01-15", "2028-02-10")).toBe("2028-01-01");
    expect(start("2029-01-01", "2028-02-10")).toStartWith("Your coverage start: January 2029 is outside your plan year.");
    // Named by the form: any open plan year the coverage had begun by the end of.
    expect(proofPlanYear("2027-01-01", "2025-06-01", "2028-02-10", "2027-01-01")).toMatchObject({ start: "2027-01-01" });
    expect(proofPlanYear("2027-01-01", "2028-01-15", "2028-02-10", "2027-01-01")).toMatchObject({ field: "coverageStart" });
    expect(proofPlanYear("2027-01-01", "2025-06-01", "2028-06-10", "2027-01-01")).toEqual({
      field: "planYearStart",
      message: messages.planYearStart,
    });
  });

  test("eligibility starts with the month HRA coverage can begin: the effective date, or the first of a month on or after the hire date", () => {
    const hired = (hireDate: string | null) => ({ hireDate });
    expect(eligibleFrom("2027-01-01", hired(null))).toBe("2027-01");
    expect(eligibleFrom("2027-01-01", hired("2019-06-15"))).toBe("2027-01");
    expect(eligibleFrom("2027-01-01", hired("2027-04-01"))).toBe("2027-04");
    // Hired on the 20th: covered from the 1st of the next month, as the notice says.
    expect(eligibleFrom("2027-01-01", hired("2027-04-20"))).toBe("2027-05");
    expect(eligibleFrom("2027-01-01", hired("2027-12-31"))).toBe("2028-01");
    // Added after submitting: from the day recorded then, whatever the hire date says.
    expect(eligibleFrom("2027-01-01", { hireDate: "2019-06-15", eligibleFrom: "2027-09-01" })).toBe("2027-09");
  });
});
