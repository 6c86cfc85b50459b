import { describe, expect, test } from "bun:test";
import { type AffordabilityInput, affordability as check } from "./affordability";
import { publishedFigures } from "./figures.fixture";
import { MissingFigureError } from "./rules";

const affordability = (input: AffordabilityInput) => check(input, publishedFigures);

// 2026: 9.96%. W-2 wages of $36,000 are $3,000 a month, so the threshold is $298.80.
const w2 = { planYear: 2026, safeHarbor: "w2" as const, annualW2WagesCents: 3_600_000, lowestCostSilverMonthlyCents: 59_880 };

describe("affordability", () => {
  test("exactly at the threshold is affordable", () => {
    expect(affordability({ ...w2, monthlyAllowanceCents: 30_000 })).toMatchObject({
      affordable: true,
      thresholdMonthlyCents: 29_880,
      employeeCostMonthlyCents: 29_880,
      shortfallMonthlyCents: 0,
      percentBp: 996,
      percentSource: "Rev. Proc. 2025-25",
      incomeBasis: "W-2 box 1 wages ÷ 12",
    });
  });
  test("one cent over the threshold is not, and the allowance must rise by that cent", () => {
    expect(affordability({ ...w2, monthlyAllowanceCents: 29_999 })).toMatchObject({
      affordable: false,
      employeeCostMonthlyCents: 29_881,
      shortfallMonthlyCents: 1,
    });
  });
  test("an allowance above the premium costs the employee nothing", () => {
    expect(affordability({ ...w2, monthlyAllowanceCents: 80_000 })).toMatchObject({ affordable: true, employeeCostMonthlyCents: 0 });
  });
  test("household income ÷ 12 at the 2024 percentage (8.39%)", () => {
    const r = affordability({
      planYear: 2024,
      safeHarbor: "household",
      annualHouseholdIncomeCents: 6_000_000,
      lowestCostSilverMonthlyCents: 90_000,
      monthlyAllowanceCents: 30_000,
    });
    expect(r.thresholdMonthlyCents).toBe(41_950);
    expect(r.shortfallMonthlyCents).toBe(60_000 - 41_950);
    expect(r.percentSource).toBe("Rev. Proc. 2023-29");
  });
  test("rate of pay: hourly rate × 130 hours, or the monthly salary (2025: 9.02%)", () => {
    const base = { planYear: 2025, safeHarbor: "rate-of-pay" as const, lowestCostSilverMonthlyCents: 50_000, monthlyAllowanceCents: 0 };
    const hourly = affordability({ ...base, payType: "hourly", hourlyRateCents: 2_000 });
    expect(hourly.thresholdMonthlyCents).toBe(23_452); // $2,600 × 9.02% = $234.52
    expect(hourly.incomeBasis).toBe("hourly rate × 130 hours a month");
    expect(affordability({ ...base, payType: "salaried", monthlySalaryCents: 500_000 }).thresholdMonthlyCents).toBe(45_100);
  });
  test("the FPL safe harbor uses the previous year's guideline, rounded down to the cent", () => {
    const base = { safeHarbor: "fpl" as const, lowestCostSilverMonthlyCents: 50_000, monthlyAllowanceCents: 37_011 };
    // $15,650 × 9.96% ÷ 12 = $129.895 → $129.89
    const r2026 = affordability({ ...base, planYear: 2026 });
    expect(r2026.thresholdMonthlyCents).toBe(12_989);
    expect(r2026.affordable).toBe(true);
    expect(r2026.incomeBasis).toContain("2025 federal poverty line for one person ÷ 12");
    // $15,060 × 9.02% ÷ 12 = $113.201 → $113.20
    expect(affordability({ ...base, planYear: 2025 }).thresholdMonthlyCents).toBe(11_320);
    // A 2024 plan year reads 2023's line: $14,580 × 8.39% ÷ 12 = $101.9385 → $101.93
    const r2024 = affordability({ ...base, planYear: 2024 });
    expect(r2024.thresholdMonthlyCents).toBe(10_193);
    expect(r2024.incomeBasis).toContain("2023 federal poverty line for one person ÷ 12");
    // An FPL entered by the employer wins.
    expect(affordability({ ...base, planYear: 2025, fplAnnualCents: 1_565_000 }).thresholdMonthlyCents).toBe(11_763);
  });
  test("a year with no published figure uses the latest published year's, and says so; one before every figure is an error", () => {
    // 2031: 2026's 9.96% stands in; W-2 $36,000 → $298.80, as in 2026.
    const r = affordability({ ...w2, planYear: 2031, monthlyAllowanceCents: 30_000 });
    expect(r).toMatchObject({ affordable: true, thresholdMonthlyCents: 29_880, percentYear: 2026 });
    expect(r.notes).toEqual(["Affordability percentage: 2031 not yet published; using 2026's 9.96%"]);
    expect(() => affordability({ ...w2, planYear: 2023, monthlyAllowanceCents: 0 })).toThrow(MissingFigureError);
    expect(() => affordability({ planYear: 2023, safeHarbor: "fpl", lowestCostSilverMonthlyCents: 1, monthlyAllowanceCents: 0 })).toThrow(
      "is on file for 2023 or any year before it.",
    );
  });
});
