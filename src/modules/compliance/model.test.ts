import { describe, expect, test } from "bun:test";
import { validate } from "../../lib/field-errors";
import { AffordabilityCheckInput, AgeBands, ClassBases, headlineAmountsText, selfOnlyAllowanceOf } from "./model";

describe("compliance schemas carry their messages", () => {
  test("class bases: permitted bases, each once (an empty list is the class rules' to refuse, by the class's name)", () => {
    expect(validate(ClassBases, ["full-time", "rating-area"])).toBeNull();
    expect(validate(ClassBases, [])).toBeNull();
    expect(validate(ClassBases, ["interns"])).toEqual({ "0": "Choose one of the permitted employee classes" });
    expect(validate(ClassBases, ["seasonal", "seasonal"])).toEqual({ _: "Choose each class basis once" });
  });
  test("age bands: whole ages 0–120 and an allowance of at least $1", () => {
    expect(
      validate(AgeBands, [
        { minAge: 0, maxAge: 29, allowanceAmount: 200 },
        { minAge: 30, allowanceAmount: 450.5 },
      ]),
    ).toBeNull();
    expect(validate(AgeBands, [{ minAge: -1, maxAge: 29.5, allowanceAmount: 0 }])).toEqual({
      "0.minAge": "From age must be 0 or more",
      "0.maxAge": "To age must be a whole number",
      "0.allowanceAmount": "Band allowance must be at least $1",
    });
    expect(validate(AgeBands, [{ maxAge: 130 }])).toEqual({
      "0.minAge": "From age is required",
      "0.maxAge": "To age must be at most 120",
      "0.allowanceAmount": "Band allowance is required",
    });
  });
  test("affordability inputs", () => {
    expect(
      validate(AffordabilityCheckInput, {
        planYear: 2026,
        lowestCostSilverPremium: 500,
        monthlyAllowance: 300,
        safeHarbor: "w2",
        annualW2Wages: 40000,
      }),
    ).toBeNull();
    expect(
      validate(AffordabilityCheckInput, { planYear: 2019, lowestCostSilverPremium: 0, monthlyAllowance: -1, safeHarbor: "guess" }),
    ).toEqual({
      planYear: "Choose a plan year from 2020",
      lowestCostSilverPremium: "Lowest-cost silver premium must be more than $0",
      monthlyAllowance: "Monthly allowance cannot be negative",
      safeHarbor: "Choose how to measure income",
    });
  });
});

describe("a class's headline amounts", () => {
  const own = { allowanceAmount: 2000, individualPlus1Amount: 2500, familyAmount: 3000 };
  test("without bands, its own amounts; with bands, only the range they give, as its own apply to no one", () => {
    expect(headlineAmountsText(own)).toBe("self $2,000.00, self + one $2,500.00, family $3,000.00 a month");
    const banded = {
      ...own,
      ageBands: [
        { minAge: 0, maxAge: 39, allowanceAmount: 200 },
        { minAge: 40, allowanceAmount: 600 },
      ],
    };
    expect(headlineAmountsText(banded)).toBe("By age band: $200.00 to $600.00 a month for self only");
    expect(headlineAmountsText({ ...banded, ageBands: [{ minAge: 0, allowanceAmount: 300 }] })).toBe(
      "By age band: $300.00 a month for self only",
    );
    // The average across classes takes the bands' amounts, not the unused own amount.
    expect(selfOnlyAllowanceOf(banded)).toBe(400);
    expect(selfOnlyAllowanceOf(own)).toBe(2000);
  });
});
