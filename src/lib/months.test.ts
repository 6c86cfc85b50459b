import { describe, expect, test } from "bun:test";
import { formatDate } from "./date-rules";
import { formatDay } from "./months";

describe("formatDay", () => {
  test("words a day exactly as formatDate does", () => {
    for (const day of ["2026-01-01", "2026-11-23", "2027-02-28", "2028-02-29", "2026-12-31", "2030-07-04"])
      expect({ day, words: formatDay(day) }).toEqual({ day, words: formatDate(day) });
    expect(formatDay("2026-03-05")).toBe("March 5, 2026");
  });
});
