import { describe, expect, test } from "bun:test";
import { formatDay, shownDateTime, shownDay } from "./dates";

describe("formatDay on the screens", () => {
  test("words a day, shows nothing for no date, and an unfinished draft date as it is", () => {
    expect(formatDay("2027-03-01")).toBe("March 1, 2027");
    expect(formatDay(null)).toBe("");
    expect(formatDay(undefined)).toBe("");
    expect(formatDay("2027-02-30")).toBe("2027-02-30");
    expect(formatDay("2027-3")).toBe("2027-3");
  });
});

describe("shownDay", () => {
  // The same instant is a different day on either side of the Pacific: the day is the person's own.
  test.each([
    ["America/Los_Angeles", "2026-11-24T03:05:00.000Z", "November 23, 2026"],
    ["Asia/Tokyo", "2026-11-23T20:00:00.000Z", "November 24, 2026"],
    ["UTC", "2026-11-24T03:05:00.000Z", "November 24, 2026"],
  ])("in %s, %s is %s", (zone, instant, day) => {
    const was = process.env.TZ;
    process.env.TZ = zone;
    try {
      expect(shownDay(instant)).toBe(day);
    } finally {
      if (was === undefined) delete process.env.TZ;
      else process.env.TZ = was;
    }
  });
});

describe("shownDateTime", () => {
  // A payroll run's time and its through day sit side by side: both write the day the same way.
  test("writes the day as every other day on the screens, then the time", () => {
    const was = process.env.TZ;
    process.env.TZ = "America/Chicago";
    try {
      expect(shownDateTime("2026-11-27T22:28:00.000Z")).toBe(`${formatDay("2026-11-27")} at 4:28 PM`);
    } finally {
      if (was === undefined) delete process.env.TZ;
      else process.env.TZ = was;
    }
  });
});
