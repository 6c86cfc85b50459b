import { describe, expect, test } from "bun:test";
import { checkTimeZone } from "../../http/time-zone-query";
import { rangeStart } from "./time-range";

describe("date ranges in the admin's time zone", () => {
  // 2026-03-08 15:30 UTC: the morning US daylight saving time started.
  const now = Date.UTC(2026, 2, 8, 15, 30);

  test("today starts at local midnight, before the DST change", () => {
    expect(new Date(rangeStart("today", "America/Chicago", now)!).toISOString()).toBe("2026-03-08T06:00:00.000Z");
    expect(new Date(rangeStart("today", "UTC", now)!).toISOString()).toBe("2026-03-08T00:00:00.000Z");
    expect(new Date(rangeStart("today", "Asia/Kolkata", now)!).toISOString()).toBe("2026-03-07T18:30:00.000Z");
  });

  test("week is the same local time 7 days back; month one calendar month back", () => {
    // 10:30 CDT today; 7 days ago 10:30 was CST, one hour later in UTC terms.
    expect(new Date(rangeStart("week", "America/Chicago", now)!).toISOString()).toBe("2026-03-01T16:30:00.000Z");
    expect(new Date(rangeStart("month", "UTC", Date.UTC(2026, 2, 31, 12))!).toISOString()).toBe("2026-02-28T12:00:00.000Z");
    expect(rangeStart("all", "UTC", now)).toBeNull();
    expect(rangeStart(undefined, "UTC", now)).toBeNull();
  });

  test("unknown zones are refused; none means UTC", () => {
    expect(checkTimeZone(undefined)).toBe("UTC");
    expect(checkTimeZone("America/Chicago")).toBe("America/Chicago");
    expect(() => checkTimeZone("Mars/Olympus")).toThrow();
  });
});
