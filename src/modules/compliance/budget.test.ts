import { describe, expect, test } from "bun:test";
import { projectedMonthlyCost } from "./budget";

describe("projected monthly cost (issue 13.11)", () => {
  test("the review's case: 2 × $500 + 2 × $250 = $1,500 a month, over an $850 budget", () => {
    const classes = [
      { allowanceAmount: 500, headcount: 2 },
      { allowanceAmount: 250, headcount: 2 },
    ];
    expect(projectedMonthlyCost(classes)).toBe(1500);
  });

  test("by band and family size, new hires apart", () => {
    const classes = [
      {
        allowanceAmount: 300,
        familyAmount: 800,
        headcount: 5,
        ageBands: [
          { allowanceAmount: 300, familyAmount: 800, headcount: 2 }, // 2 × 300 = 600; family 2 × 800 = 1,600
          { allowanceAmount: 450.5, familyAmount: 1000, headcount: 2 }, // 2 × 450.50 = 901; family 2,000
        ],
        newHires: { allowanceAmount: 200, headcount: 1 }, // 200; family 200 (no family amount)
      },
      { allowanceAmount: 99.99, individualPlus1Amount: 150, headcount: 3 }, // 299.97; family 450
    ];
    expect(projectedMonthlyCost(classes, "individual")).toBe(2000.97); // 600 + 901 + 200 + 299.97
    expect(projectedMonthlyCost(classes, "family")).toBe(4250); // 1,600 + 2,000 + 200 + 450
  });
});
