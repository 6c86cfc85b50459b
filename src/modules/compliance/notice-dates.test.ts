import { describe, expect, test } from "bun:test";
import { daysBetween, daysFrom, formatLongDate, isIsoDate } from "../../lib/date-rules";
import { claimsUntil, classNoticeYear, noticeDeadline, noticeIsLate, renewalNoticeYear } from "./notice-dates";

const daysUntil = (date: string, today: string) => daysBetween(today, date);

describe("claimsUntil: the run-out's last day, 90 days after the plan year ends", () => {
  test("across a year end, and a plan year ending in a leap February", () => {
    expect(claimsUntil("2027-12-31")).toBe("2028-03-30");
    expect(claimsUntil("2028-02-29")).toBe("2028-05-29");
  });
});

describe("noticeDeadline: 90 days before the plan year starts", () => {
  test("across a year end", () => {
    expect(noticeDeadline("2027-01-01")).toBe("2026-10-03");
  });
  test("across February in a leap year and in a common year", () => {
    expect(noticeDeadline("2028-03-01")).toBe("2027-12-02");
    expect(noticeDeadline("2027-03-01")).toBe("2026-12-01");
    expect(noticeDeadline("2024-05-29")).toBe("2024-02-29");
    expect(noticeDeadline("2024-05-30")).toBe("2024-03-01");
  });
  test("across a month end", () => {
    expect(noticeDeadline("2026-07-01")).toBe("2026-04-02");
  });
});

describe("daysUntil and noticeIsLate", () => {
  test("90 days ahead is on time; 89 is late", () => {
    expect(daysUntil("2027-01-01", "2026-10-03")).toBe(90);
    expect(noticeIsLate("2027-01-01", "2026-10-03")).toBe(false);
    expect(daysUntil("2027-01-01", "2026-10-04")).toBe(89);
    expect(noticeIsLate("2027-01-01", "2026-10-04")).toBe(true);
  });
  test("a date in the past is negative days away", () => {
    expect(daysUntil("2026-01-01", "2026-01-31")).toBe(-30);
  });
  test("days are counted on the calendar, not on local clocks (a DST change between them)", () => {
    expect(daysUntil("2026-11-02", "2026-10-31")).toBe(2);
    expect(daysFrom("2026-03-07", 2)).toBe("2026-03-09");
  });
});

describe("dates", () => {
  test("impossible or malformed dates are refused", () => {
    expect(isIsoDate("2026-02-29")).toBe(false);
    expect(isIsoDate("2028-02-29")).toBe(true);
    expect(isIsoDate("2026-2-1")).toBe(false);
    expect(() => noticeDeadline("2026-13-01")).toThrow(RangeError);
  });
  test("long dates read the same in every time zone", () => {
    expect(formatLongDate("2026-10-03")).toBe("Saturday, October 3, 2026");
  });
});

describe("which plan year's notice is due: the next one's from 150 days before it starts", () => {
  test("the day before the window, the plan year under way; on its first day, the next one", () => {
    // Plan years from 2027-03-01: the second starts 2028-03-01, 150 days after 2027-10-03.
    expect(daysFrom("2028-03-01", -150)).toBe("2027-10-03");
    expect(renewalNoticeYear("2027-03-01", "2027-03-01", "2027-10-02")).toBe("2027-03-01");
    expect(renewalNoticeYear("2027-03-01", "2027-03-01", "2027-10-03")).toBe("2028-03-01");
    // A later plan year's own next one.
    expect(renewalNoticeYear("2027-03-01", "2029-03-01", "2029-12-01")).toBe("2030-03-01");
  });
  test("a class's: the first before the plan starts, then the one under way, then the next", () => {
    expect(classNoticeYear("2027-03-01", "2026-11-27")).toBe("2027-03-01");
    expect(classNoticeYear("2027-03-01", "2027-06-15")).toBe("2027-03-01");
    expect(classNoticeYear("2027-03-01", "2027-12-01")).toBe("2028-03-01");
    expect(classNoticeYear("2027-03-01", "2028-04-01")).toBe("2028-03-01");
  });
});
