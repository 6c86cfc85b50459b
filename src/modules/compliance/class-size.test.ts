import { describe, expect, test } from "bun:test";
import { checkClassSizes, classSizeApplies, minimumClassSize } from "./class-size";

describe("minimumClassSize", () => {
  test("fewer than 100 employees: 10", () => {
    expect(minimumClassSize(1)).toBe(10);
    expect(minimumClassSize(99)).toBe(10);
  });
  test("100 to 200 employees: 10% of the headcount, rounded down", () => {
    expect(minimumClassSize(100)).toBe(10);
    expect(minimumClassSize(155)).toBe(15);
    expect(minimumClassSize(199)).toBe(19);
    expect(minimumClassSize(200)).toBe(20);
  });
  test("more than 200 employees: 20", () => {
    expect(minimumClassSize(201)).toBe(20);
    expect(minimumClassSize(5000)).toBe(20);
  });
});

describe("classSizeApplies", () => {
  test("never without a group plan offered to another class", () => {
    expect(classSizeApplies(["part-time"], false)).toBe(false);
  });
  test("applies to full-time, part-time, salaried, non-salaried and sub-state areas", () => {
    for (const basis of ["full-time", "part-time", "salaried", "non-salaried", "rating-area"] as const)
      expect(classSizeApplies([basis], true)).toBe(true);
  });
  test("not to the other bases, nor to whole states or regions", () => {
    for (const basis of [
      "state",
      "multi-state-region",
      "seasonal",
      "collective-bargaining",
      "waiting-period",
      "non-resident-alien",
      "staffing-firm",
    ] as const)
      expect(classSizeApplies([basis], true)).toBe(false);
  });
  test("combinations of an applicable basis apply, except with the waiting-period class", () => {
    expect(classSizeApplies(["full-time", "rating-area"], true)).toBe(true);
    expect(classSizeApplies(["salaried", "collective-bargaining"], true)).toBe(true);
    expect(classSizeApplies(["full-time", "waiting-period"], true)).toBe(false);
  });
});

describe("checkClassSizes", () => {
  const partTime = (headcount: number) => ({ name: "Part-time staff", bases: ["part-time" as const], headcount });

  test("9 employees in a class of a 50-person employer fall short, with an explanation", () => {
    const [shortfall, ...rest] = checkClassSizes([partTime(9)], 50, true);
    expect(rest).toHaveLength(0);
    expect(shortfall).toMatchObject({ index: 0, className: "Part-time staff", headcount: 9, minimum: 10 });
    expect(shortfall.message).toBe(
      'The class "Part-time staff" has 9 employees but needs at least 10. Because you also offer a group health plan to another class, ' +
        "a class based on part-time employees must meet the minimum class size: employers with fewer than 100 employees need at least 10 in each such class. " +
        "Merge it with another class, or define it differently.",
    );
  });
  test("10 and 11 employees meet the minimum", () => {
    expect(checkClassSizes([partTime(10), partTime(11)], 50, true)).toEqual([]);
  });
  test("the minimum follows the employer's total headcount", () => {
    expect(checkClassSizes([partTime(19)], 201, true).map((s) => s.minimum)).toEqual([20]);
    expect(checkClassSizes([partTime(20)], 201, true)).toEqual([]);
    const [mid] = checkClassSizes([partTime(14)], 150, true);
    expect(mid.minimum).toBe(15);
    expect(mid.message).toContain("employers with 100 to 200 employees need 10% of their headcount, rounded down (15 for 150)");
  });
  test("small classes are fine when no group plan is offered or the basis is exempt", () => {
    expect(checkClassSizes([partTime(2)], 50, false)).toEqual([]);
    expect(checkClassSizes([{ name: "Seasonal", bases: ["seasonal"], headcount: 2 }], 50, true)).toEqual([]);
  });
  test("with no census yet (no employees counted) there is nothing to measure", () => {
    expect(checkClassSizes([partTime(0)], 0, true)).toEqual([]);
  });
  test("only the short classes are listed", () => {
    const result = checkClassSizes([partTime(30), { name: "Austin office", bases: ["full-time", "rating-area"], headcount: 1 }], 250, true);
    expect(result.map((s) => s.className)).toEqual(["Austin office"]);
    expect(result[0].message).toContain("has 1 employee but needs at least 20");
    expect(result[0].message).toContain("full-time employees and employees working in the same rating area (smaller than a state)");
  });
});
