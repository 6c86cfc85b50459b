import { describe, expect, test } from "bun:test";
import { averageAllowance, employeeCount, monthlyCost, annualCost } from "../enroll/calculator-math";
import { ficaSavingsRuleOfThumb } from "../../../src/modules/compliance/fica";
import { firstUnfinishedStep } from "../../state/enrollment";
import { businessStatus, enrollmentStatus, maskTaxId } from "./status";

describe("status labels (spec §4)", () => {
  test("business statuses with their labels and colours", () => {
    expect(businessStatus("incomplete")).toEqual({ label: "Registration Incomplete", tone: "yellow" });
    expect(businessStatus("registered").tone).toBe("blue");
    expect(businessStatus("plan_selected").tone).toBe("purple");
    expect(businessStatus("classes_defined").tone).toBe("indigo");
    expect(businessStatus("enrolled")).toEqual({ label: "Fully Enrolled", tone: "green" });
    expect(businessStatus("under_review").label).toBe("Under Review");
  });

  test("enrollment badges: outline for pending, default for approved/active/completed, secondary for the rest", () => {
    expect(enrollmentStatus("pending")).toEqual({ label: "Pending", variant: "outline" });
    expect(enrollmentStatus("approved").variant).toBe("default");
    expect(enrollmentStatus("completed")).toEqual({ label: "Active", variant: "default" });
    expect(enrollmentStatus("plan_selected")).toEqual({ label: "Plan Selected", variant: "secondary" });
    expect(enrollmentStatus("classes_defined").variant).toBe("secondary");
  });
});

test("the tax id shows the first three characters after the hyphen, then XXXX", () => {
  expect(maskTaxId("12-3456789")).toBe("12-345XXXX");
});

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

test("a resumed wizard opens at the first unfinished step", () => {
  const base = { businessId: 1, enrollmentId: 2, classesSaved: true, censusDone: true, effectiveDateSaved: true };
  expect(firstUnfinishedStep({ ...base, businessId: null })).toBe(1);
  expect(firstUnfinishedStep({ ...base, enrollmentId: null })).toBe(2);
  expect(firstUnfinishedStep({ ...base, classesSaved: false })).toBe(3);
  expect(firstUnfinishedStep({ ...base, censusDone: false })).toBe(4);
  expect(firstUnfinishedStep({ ...base, effectiveDateSaved: false })).toBe(5);
  expect(firstUnfinishedStep(base)).toBe(6);
});
