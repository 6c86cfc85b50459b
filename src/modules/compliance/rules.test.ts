import { describe, expect, test } from "bun:test";
import {
  AFFORDABILITY_PERCENT_BP,
  ALE_FTE_THRESHOLD,
  affordabilityPercentBp,
  CLASS_BASES,
  defaultFplForPlanYear,
  FICA_RATE_BP,
  FPL_SINGLE_MAINLAND_CENTS,
  MissingFigureError,
  NOTICE_DAYS_BEFORE_PLAN_YEAR,
  PENALTY_4980H_CENTS,
  percentLabel,
  SOCIAL_SECURITY_WAGE_BASE_CENTS,
  socialSecurityWageBaseCents,
} from "./rules";

// The published figures, restated here so a mistyped edit to rules.ts fails a test.
describe("ICHRA figures", () => {
  test("affordability percentages by plan year, with their revenue procedures", () => {
    expect(AFFORDABILITY_PERCENT_BP[2024]).toEqual({ value: 839, source: "Rev. Proc. 2023-29" });
    expect(AFFORDABILITY_PERCENT_BP[2025]).toEqual({ value: 902, source: "Rev. Proc. 2024-35" });
    expect(AFFORDABILITY_PERCENT_BP[2026]).toEqual({ value: 996, source: "Rev. Proc. 2025-25" });
    expect(() => affordabilityPercentBp(2023)).toThrow(MissingFigureError);
  });
  test("FICA 7.65%; Social Security wage base 2025 $176,100 and 2026 $184,500", () => {
    expect(FICA_RATE_BP).toBe(765);
    expect(SOCIAL_SECURITY_WAGE_BASE_CENTS[2025].value).toBe(17_610_000);
    expect(SOCIAL_SECURITY_WAGE_BASE_CENTS[2026].value).toBe(18_450_000);
    expect(() => socialSecurityWageBaseCents(2027)).toThrow("No Social Security wage base is on file for 2027.");
  });
  test("ALE threshold, 2026 penalties, notice period", () => {
    expect(ALE_FTE_THRESHOLD.value).toBe(50);
    expect(PENALTY_4980H_CENTS[2026]).toMatchObject({ a: 334_000, b: 501_000 });
    expect(NOTICE_DAYS_BEFORE_PLAN_YEAR.value).toBe(90);
  });
  test("poverty line: HHS single-person figures, the previous year's for a plan year", () => {
    expect(FPL_SINGLE_MAINLAND_CENTS[2024].value).toBe(1_506_000);
    expect(FPL_SINGLE_MAINLAND_CENTS[2025].value).toBe(1_565_000);
    expect(defaultFplForPlanYear(2026)).toMatchObject({ value: 1_565_000, guidelineYear: 2025 });
    expect(defaultFplForPlanYear(2024)).toBeNull();
  });
  test("ten class bases (the geographic one in three sizes, so twelve values) plus combinations make the eleven classes", () => {
    expect(CLASS_BASES).toHaveLength(12);
  });
  test("percent labels", () => {
    expect(percentLabel(996)).toBe("9.96%");
    expect(percentLabel(620)).toBe("6.2%");
    expect(percentLabel(9_500)).toBe("95%");
  });
});
