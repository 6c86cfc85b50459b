import { describe, expect, test } from "bun:test";
import { daysBetween, formatDate, formatLongDate, todayUtc } from "./date-rules";

describe("date-only helpers", () => {
  test("daysBetween counts calendar days, across a leap day and a year end", () => {
    expect(daysBetween("2028-02-28", "2028-03-01")).toBe(2);
    expect(daysBetween("2026-12-31", "2027-01-01")).toBe(1);
    expect(daysBetween("2027-01-01", "2026-12-31")).toBe(-1);
    expect(() => daysBetween("2026-13-01", "2026-01-01")).toThrow(RangeError);
  });

  test("formatDate and formatLongDate show the day itself, whatever the time zone", () => {
    expect(formatDate("2027-03-01")).toBe("March 1, 2027");
    expect(formatLongDate("2027-03-01")).toBe("Monday, March 1, 2027");
  });

  test("todayUtc is the UTC calendar date", () => {
    expect(todayUtc(new Date("2026-11-21T23:30:00-05:00"))).toBe("2026-11-22");
  });
});
