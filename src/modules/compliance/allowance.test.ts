// Hand-computed cases for the one allowance rule and the federal age curve band set
// (54.9802-4(c)(3): amounts may vary within a class only by age, at most 3:1, and by the
// number of people covered; 54.9802-4(d)(5): the new-hire subclass).
import { describe, expect, test } from "bun:test";
import { FEDERAL_AGE_CURVE, federalCurveBands, federalCurveFactors } from "./age-curve";
import { type AllowanceClass, monthlyAllowanceCents } from "./allowance";

describe("federal default age curve (45 CFR 147.102), one-click band set", () => {
  test("the curve's published points", () => {
    expect([FEDERAL_AGE_CURVE[0], FEDERAL_AGE_CURVE[14], FEDERAL_AGE_CURVE[18], FEDERAL_AGE_CURVE[21], FEDERAL_AGE_CURVE[64]]).toEqual([
      765, 765, 913, 1000, 3000,
    ]);
  });

  test("54.9802-4(c)(3): factors below a third of the oldest are raised, so oldest / youngest is exactly 3", () => {
    // Raw at the bands' first ages: 0.765, 1.004, 1.135, 1.222, 1.278, 1.444, 1.786, 2.230, 2.714, 3.000 (3.92:1).
    expect(federalCurveFactors()).toEqual([1000, 1004, 1135, 1222, 1278, 1444, 1786, 2230, 2714, 3000]);
  });

  test("$400 self only at age 21 → ten bands from $400.00 to $1,200.00", () => {
    const bands = federalCurveBands({ allowanceCents: 40_000 });
    expect(bands.map((b) => [b.minAge, b.maxAge, b.allowanceCents])).toEqual([
      [0, 24, 40_000], // 400 × 1.000
      [25, 29, 40_160], // 400 × 1.004 = 401.60
      [30, 34, 45_400], // 400 × 1.135 = 454.00
      [35, 39, 48_880], // 400 × 1.222 = 488.80
      [40, 44, 51_120], // 400 × 1.278 = 511.20
      [45, 49, 57_760], // 400 × 1.444 = 577.60
      [50, 54, 71_440], // 400 × 1.786 = 714.40
      [55, 59, 89_200], // 400 × 2.230 = 892.00
      [60, 63, 108_560], // 400 × 2.714 = 1,085.60
      [64, undefined, 120_000], // 400 × 3.000 = 1,200.00
    ]);
  });

  test("family sizes scale the same way; cents round half up", () => {
    const bands = federalCurveBands({ allowanceCents: 33_333, individualPlus1Cents: 70_000, familyCents: 100_000 });
    expect(bands[1]).toEqual({ minAge: 25, maxAge: 29, allowanceCents: 33_466, individualPlus1Cents: 70_280, familyCents: 100_400 }); // 333.33 × 1.004 = 334.66332
    expect(bands[2].allowanceCents).toBe(37_833); // 333.33 × 1.135 = 378.32955
    expect(bands[9]).toEqual({ minAge: 64, allowanceCents: 99_999, individualPlus1Cents: 210_000, familyCents: 300_000 });
  });
});

describe("monthlyAllowanceCents", () => {
  const curveClass: AllowanceClass = {
    allowanceCents: 40_000,
    individualPlus1Cents: 70_000,
    familyCents: 100_000,
    ageBands: federalCurveBands({ allowanceCents: 40_000, individualPlus1Cents: 70_000, familyCents: 100_000 }),
  };

  test("age on the first day of the plan year picks the band; coverage level picks the amount", () => {
    // Born 1980-06-15: 46 on 2027-03-01 (birthday not yet reached) → band 45–49, factor 1.444.
    expect(monthlyAllowanceCents(curveClass, "1980-06-15", "individual", "2027-03-01")).toBe(57_760); // 400 × 1.444
    expect(monthlyAllowanceCents(curveClass, "1980-06-15", "individualPlus1", "2027-03-01")).toBe(101_080); // 700 × 1.444
    expect(monthlyAllowanceCents(curveClass, "1980-06-15", "family", "2027-03-01")).toBe(144_400); // 1,000 × 1.444
    // Born 1963-01-01: 64 → the open band, 3 × the youngest.
    expect(monthlyAllowanceCents(curveClass, "1963-01-01", "individual", "2027-03-01")).toBe(120_000);
    // Born 2002-03-01: 25 on the day itself → band 25–29; born 2002-03-02: still 24 → band 0–24.
    expect(monthlyAllowanceCents(curveClass, "2002-03-01", "individual", "2027-03-01")).toBe(40_160);
    expect(monthlyAllowanceCents(curveClass, "2002-03-02", "individual", "2027-03-01")).toBe(40_000);
  });

  test("a class without bands or family sizes is one amount; a missing family size falls back to the next smaller", () => {
    const plain: AllowanceClass = { allowanceCents: 50_000 };
    expect(monthlyAllowanceCents(plain, "1990-01-01", "family", "2027-01-01")).toBe(50_000);
    const twoTiers: AllowanceClass = { allowanceCents: 50_000, individualPlus1Cents: 80_000 };
    expect(monthlyAllowanceCents(twoTiers, null, "family", "2027-01-01")).toBe(80_000);
    // Unknown date of birth in a banded class: the class's own amounts.
    expect(monthlyAllowanceCents(curveClass, null, "individualPlus1", "2027-03-01")).toBe(70_000);
  });

  test("54.9802-4(d)(5): employees hired on or after the new-hire date get the subclass's terms", () => {
    const withNewHires: AllowanceClass = { allowanceCents: 50_000, newHires: { hiredOnOrAfter: "2027-03-01", allowanceCents: 30_000 } };
    expect(monthlyAllowanceCents(withNewHires, "1990-01-01", "individual", "2027-03-01", "2027-03-01")).toBe(30_000);
    expect(monthlyAllowanceCents(withNewHires, "1990-01-01", "individual", "2027-03-01", "2027-02-28")).toBe(50_000);
    expect(monthlyAllowanceCents(withNewHires, "1990-01-01", "individual", "2027-03-01", null)).toBe(50_000);
  });
});
