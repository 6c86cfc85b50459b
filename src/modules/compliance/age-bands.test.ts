import { describe, expect, test } from "bun:test";
import { type AgeBand, ageBandFieldErrors, ageBandsInCents, ageOn, bandHeadcounts, checkAgeBands } from "./age-bands";

const bands = (oldestCents: number): AgeBand[] => [
  { minAge: 0, maxAge: 29, allowanceCents: 20_000 },
  { minAge: 30, maxAge: 49, allowanceCents: 40_000 },
  { minAge: 50, allowanceCents: oldestCents },
];

describe("checkAgeBands", () => {
  test("a 3:1 ratio is allowed", () => {
    expect(checkAgeBands(bands(60_000))).toEqual([]);
  });
  test("3.01:1 is refused, saying the oldest may be at most 3 times the youngest", () => {
    expect(checkAgeBands(bands(60_200))).toEqual([
      { band: 2, message: "The oldest band's allowance may be at most 3 times the youngest band's ($600.00 here); it is $602.00." },
    ]);
  });
  test("one cent over 3 times is refused", () => {
    expect(checkAgeBands(bands(60_001))).toHaveLength(1);
  });
  test("no bands, or a single band, are fine", () => {
    expect(checkAgeBands([])).toEqual([]);
    expect(checkAgeBands([{ minAge: 0, allowanceCents: 50_000 }])).toEqual([]);
  });
  test("gaps and overlaps are named", () => {
    expect(
      checkAgeBands([
        { minAge: 0, maxAge: 29, allowanceCents: 20_000 },
        { minAge: 31, maxAge: 49, allowanceCents: 30_000 },
        { minAge: 45, allowanceCents: 40_000 },
      ]).map((p) => p.message),
    ).toEqual(["Age 30 is not in any age band; band 2 must start at 30.", "Age band 3 (45 and over) overlaps age band 2 (31–49)."]);
  });
  test("bands must start at 0, end open, run forwards and not fall with age", () => {
    const messages = checkAgeBands([
      { minAge: 18, maxAge: 10, allowanceCents: 30_000 },
      { minAge: 11, allowanceCents: 20_000 },
      { minAge: 40, maxAge: 64, allowanceCents: 40_000 },
    ]).map((p) => p.message);
    expect(messages).toContain("The first age band must start at age 0, so every employee has an allowance.");
    expect(messages).toContain("Age band 1 ends (10) before it starts (18).");
    expect(messages).toContain("Age band 2 needs a last age; only the oldest band is open-ended.");
    expect(messages).toContain('The oldest age band must have no upper age ("40 and over"), so every employee has an allowance.');
    expect(messages).toContain("Age band 2 has a lower allowance than the younger band before it; allowances may only rise with age.");
  });
});

describe("ageOn", () => {
  test("counts whole years, the birthday itself included", () => {
    expect(ageOn("1990-07-15", "2026-07-14")).toBe(35);
    expect(ageOn("1990-07-15", "2026-07-15")).toBe(36);
    expect(ageOn("2000-02-29", "2027-02-28")).toBe(26);
    expect(ageOn("2000-02-29", "2027-03-01")).toBe(27);
  });
});

describe("field errors", () => {
  test("dollar bands convert to cents and problems land on their band", () => {
    const cents = ageBandsInCents([
      { minAge: 0, maxAge: 39, allowanceAmount: 199.99 },
      { minAge: 40, allowanceAmount: 600 },
    ]);
    expect(cents[0].allowanceCents).toBe(19_999);
    expect(ageBandFieldErrors(cents, "employeeClasses.0.ageBands")).toEqual({
      "employeeClasses.0.ageBands.1":
        "The oldest band's allowance may be at most 3 times the youngest band's ($599.97 here); it is $600.00.",
    });
  });
});

describe("bandHeadcounts", () => {
  test("counts each employee in the band of their age on the plan's first day", () => {
    // On 2027-01-01: 29 (birthday the next day), 30 (birthday that day), 50, 49.
    const born = ["1997-01-02", "1997-01-01", "1977-01-01", "1977-01-02"];
    expect(bandHeadcounts(bands(60_000), born, "2027-01-01")).toEqual([1, 2, 1]);
  });
  test("an age no band covers is not counted", () => {
    expect(bandHeadcounts([{ minAge: 18, maxAge: 64 }], ["2020-06-01", "1960-01-01", "1990-01-01"], "2027-01-01")).toEqual([1]);
  });
});
