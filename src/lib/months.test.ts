import { describe, expect, test } from "bun:test";
import { format } from "date-fns";
import { formatDate } from "./date-rules";
import { formatDay } from "./months";

describe("formatDay", () => {
  test("words a day exactly as formatDate does, and as date-fns words 'MMMM d, yyyy'", () => {
    for (const day of ["2026-01-01", "2026-11-23", "2027-02-28", "2028-02-29", "2026-12-31", "2030-07-04"]) {
      expect({ day, words: formatDay(day) }).toEqual({ day, words: formatDate(day) });
      const [y, m, d] = day.split("-").map(Number) as [number, number, number];
      expect({ day, words: formatDay(day) }).toEqual({ day, words: format(new Date(y, m - 1, d), "MMMM d, yyyy") });
    }
    expect(formatDay("2026-03-05")).toBe("March 5, 2026");
  });

  test("formatDate refuses what is not a real day instead of wording it", () => {
    for (const bad of ["2026-02-30", "2026-13-01", "2026-1-1", ""]) expect(() => formatDate(bad)).toThrow(RangeError);
  });
});
