import { describe, expect, test } from "bun:test";
import { parseAffordabilityInput as parse } from "./affordability-input";
import { publishedFigures } from "./figures.fixture";

const parseAffordabilityInput = (value: unknown) => parse(value, publishedFigures);

const base = { planYear: 2026, lowestCostSilverPremium: 598.8, monthlyAllowance: 300 };

describe("parseAffordabilityInput", () => {
  test("dollars become cents for the chosen safe harbor", () => {
    expect(parseAffordabilityInput({ ...base, safeHarbor: "w2", annualW2Wages: 36000 })).toEqual({
      ok: true,
      input: {
        planYear: 2026,
        lowestCostSilverMonthlyCents: 59_880,
        monthlyAllowanceCents: 30_000,
        safeHarbor: "w2",
        annualW2WagesCents: 3_600_000,
      },
    });
    expect(parseAffordabilityInput({ ...base, safeHarbor: "rate-of-pay", payType: "salaried", monthlySalary: 4200.5 })).toMatchObject({
      ok: true,
      input: { payType: "salaried", monthlySalaryCents: 420_050 },
    });
  });
  test("the income figure the safe harbor needs is required, named by field", () => {
    expect(parseAffordabilityInput({ ...base, safeHarbor: "household" })).toEqual({
      ok: false,
      errors: { annualHouseholdIncome: "Annual household income is required" },
    });
    expect(parseAffordabilityInput({ ...base, safeHarbor: "rate-of-pay" })).toEqual({
      ok: false,
      errors: { payType: "Choose hourly or salaried" },
    });
    expect(parseAffordabilityInput({ ...base, safeHarbor: "rate-of-pay", payType: "hourly" })).toEqual({
      ok: false,
      errors: { hourlyRate: "Hourly rate is required" },
    });
    // No poverty line is on file for 2022, the one a 2023 plan year reads.
    expect(parseAffordabilityInput({ ...base, planYear: 2023, safeHarbor: "fpl" })).toEqual({
      ok: false,
      errors: { fplAnnual: "Enter the federal poverty line for one person that applies to plan year 2023" },
    });
  });
  test("the FPL may be left to the figure on file", () => {
    expect(parseAffordabilityInput({ ...base, safeHarbor: "fpl", fplAnnual: undefined })).toMatchObject({
      ok: true,
      input: { safeHarbor: "fpl" },
    });
  });
  test("schema messages come back for bad input", () => {
    expect(parseAffordabilityInput({ planYear: 2026, monthlyAllowance: "x", safeHarbor: "w2", annualW2Wages: -5 })).toEqual({
      ok: false,
      errors: {
        lowestCostSilverPremium: "Lowest-cost silver premium is required",
        monthlyAllowance: "Monthly allowance must be a number",
        annualW2Wages: "Annual W-2 wages must be more than $0",
      },
    });
  });
});
