import { describe, expect, test } from "bun:test";
import {
  daysBetween,
  formatDate,
  formatLongDate,
  isFirstOfMonth,
  isIsoDate,
  nearestFirstOfMonth,
  planYearStartOn,
  quickEffectiveDate,
  todayUtc,
} from "./date-rules";

describe("date-only helpers", () => {
  test("daysBetween counts calendar days, across a leap day and a year end", () => {
    expect(daysBetween("2028-02-28", "2028-03-01")).toBe(2);
    expect(daysBetween("2026-12-31", "2027-01-01")).toBe(1);
    expect(daysBetween("2027-01-01", "2026-12-31")).toBe(-1);
    expect(() => daysBetween("2026-13-01", "2026-01-01")).toThrow(RangeError);
  });

  test("formatDate and formatLongDate show the day itself, whatever the time zone, and after it changes", () => {
    expect(formatDate("2027-03-01")).toBe("March 1, 2027");
    expect(formatLongDate("2027-03-01")).toBe("Monday, March 1, 2027");
    const was = process.env.TZ;
    try {
      for (const zone of ["America/Los_Angeles", "Pacific/Auckland", "Pacific/Kiritimati", "Pacific/Pago_Pago"]) {
        process.env.TZ = zone;
        expect([zone, formatLongDate("2026-10-03")]).toEqual([zone, "Saturday, October 3, 2026"]);
      }
    } finally {
      process.env.TZ = was;
    }
  });

  test("isIsoDate takes the days a calendar has, and no year 0000", () => {
    expect(["2028-02-29", "1900-01-01", "2026-12-31"].map(isIsoDate)).toEqual([true, true, true]);
    expect(["2027-02-29", "2026-02-30", "2026-13-01", "0000-01-01", "2026-1-01", "20260101"].map(isIsoDate)).toEqual(Array(6).fill(false));
  });

  test("planYearStartOn: the anniversary on or before the day; the first plan year's start before it", () => {
    // [effective date, day, the start of the plan year holding that day]
    const cases = [
      ["2025-08-01", "2025-03-10", "2025-08-01"],
      ["2025-08-01", "2025-08-01", "2025-08-01"],
      ["2025-08-01", "2026-07-31", "2025-08-01"],
      ["2025-08-01", "2026-08-01", "2026-08-01"],
      ["2025-08-01", "2028-01-15", "2027-08-01"],
      ["2026-01-01", "2026-12-31", "2026-01-01"],
    ];
    expect(cases.map(([effective, day]) => planYearStartOn(effective!, day!))).toEqual(cases.map((c) => c[2]!));
  });

  test("todayUtc is the UTC calendar date", () => {
    expect(todayUtc(new Date("2026-11-21T23:30:00-05:00"))).toBe("2026-11-22");
  });
});

describe("first-of-month effective dates (rulings, added after the first release)", () => {
  test("quick picks go N days ahead, then to the first of the following month", () => {
    expect(quickEffectiveDate("2026-11-23", 90)).toBe("2027-03-01"); // +90 = 2027-02-21
    expect(quickEffectiveDate("2026-11-23", 60)).toBe("2027-02-01"); // +60 = 2027-01-22
    expect(quickEffectiveDate("2026-12-02", 90)).toBe("2027-04-01"); // +90 = 2027-03-02
    expect(quickEffectiveDate("2027-12-03", 60)).toBe("2028-03-01"); // +60 = 2028-02-01, a 1st: still the following month
    expect(quickEffectiveDate("2027-12-31", 60)).toBe("2028-03-01"); // +60 = 2028-02-29 (leap day)
  });

  test("the nearest first of a month, never before the earliest accepted day", () => {
    expect(nearestFirstOfMonth("2027-03-10", "2026-11-23")).toBe("2027-03-01"); // 9 days back, 22 ahead
    expect(nearestFirstOfMonth("2027-03-20", "2026-11-23")).toBe("2027-04-01"); // 19 back, 12 ahead
    expect(nearestFirstOfMonth("2027-02-15", "2026-11-23")).toBe("2027-02-01"); // 14 back, 14 ahead: the earlier
    expect(nearestFirstOfMonth("2026-11-25", "2026-11-23")).toBe("2026-12-01"); // November 1 is past
    expect(isFirstOfMonth("2027-03-01")).toBe(true);
    expect(isFirstOfMonth("2027-03-02")).toBe(false);
  });
});
