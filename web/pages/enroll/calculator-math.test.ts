import { describe, expect, test } from "bun:test";
import { ficaSavingsRuleOfThumb } from "@src/modules/compliance/fica";
import { annualCost, averageAllowance, employeeCount, monthlyCost } from "./calculator-math";

describe("calculators (spec §5, §9)", () => {
  test("employee count: digits only, empty is 0, capped at 100,000", () => {
    expect(employeeCount("1a2")).toBe(12);
    expect(employeeCount("")).toBe(0);
    expect(employeeCount("250000")).toBe(100000);
  });
  test("cost is employees × contribution, annual × 12; FICA is employees × $826", () => {
    expect(monthlyCost(10, 250.5)).toBe(2505);
    expect(annualCost(10, 250.5)).toBe(30060);
    expect(ficaSavingsRuleOfThumb(10)).toBe(826_000); // cents: $8,260
  });
  test("the Average row is the mean allowance without decimals", () => {
    expect(averageAllowance([500, 251])).toBe(376);
  });
});
