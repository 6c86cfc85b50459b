import { describe, expect, test } from "bun:test";
import { formatDay } from "./dates";

describe("formatDay on the screens", () => {
  test("words a day, shows nothing for no date, and an unfinished draft date as it is", () => {
    expect(formatDay("2027-03-01")).toBe("March 1, 2027");
    expect(formatDay(null)).toBe("");
    expect(formatDay(undefined)).toBe("");
    expect(formatDay("2027-02-30")).toBe("2027-02-30");
    expect(formatDay("2027-3")).toBe("2027-3");
  });
});
