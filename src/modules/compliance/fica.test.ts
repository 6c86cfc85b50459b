import { describe, expect, test } from "bun:test";
import { ficaSavingsExact as exact, type FicaEmployee, ficaSavingsRuleOfThumb } from "./fica";
import { publishedFigures } from "./figures.fixture";

const ficaSavingsExact = (input: { planYear: number; employees: readonly FicaEmployee[] }) => exact(input, publishedFigures);

describe("ficaSavingsExact", () => {
  test("7.65% of reimbursements for employees under the wage base", () => {
    const r = ficaSavingsExact({ planYear: 2026, employees: [{ annualWagesCents: 5_000_000, annualReimbursementCents: 600_000 }] });
    expect(r).toMatchObject({ socialSecurityCents: 37_200, medicareCents: 8_700, totalCents: 45_900, wageBaseCents: 18_450_000 });
  });
  test("Social Security stops at the 2026 wage base of $184,500; Medicare does not", () => {
    const r = ficaSavingsExact({
      planYear: 2026,
      employees: [
        { annualWagesCents: 18_000_000, annualReimbursementCents: 600_000 }, // $4,500 of the $6,000 was under the base
        { annualWagesCents: 19_000_000, annualReimbursementCents: 600_000 }, // all above it
      ],
    });
    expect(r.socialSecurityCents).toBe(27_900);
    expect(r.medicareCents).toBe(17_400);
    expect(r.totalCents).toBe(45_300);
  });
  test("the 2025 wage base ($176,100) applies to 2025", () => {
    const r = ficaSavingsExact({ planYear: 2025, employees: [{ annualWagesCents: 18_000_000, annualReimbursementCents: 600_000 }] });
    expect(r.socialSecurityCents).toBe(0);
    expect(r.wageBaseCents).toBe(17_610_000);
  });
  test("no employees, no saving", () => {
    expect(ficaSavingsExact({ planYear: 2026, employees: [] }).totalCents).toBe(0);
  });
});

describe("ficaSavingsRuleOfThumb", () => {
  test("826 dollars per employee", () => {
    expect(ficaSavingsRuleOfThumb(0)).toBe(0);
    expect(ficaSavingsRuleOfThumb(12)).toBe(991_200);
  });
});

describe("a plan year with no published wage base", () => {
  test("uses the latest published year's, and says so", () => {
    // 2027: 2026's $184,500 stands in. Wages $180,000 + $6,000 reimbursed: $4,500 under the cap → SS $279, Medicare $87.
    const r = ficaSavingsExact({ planYear: 2027, employees: [{ annualWagesCents: 18_000_000, annualReimbursementCents: 600_000 }] });
    expect(r).toMatchObject({ socialSecurityCents: 27_900, medicareCents: 8_700, wageBaseYear: 2026 });
    expect(r.note).toBe("Wage base: 2027 not yet published; using 2026's $184,500");
  });
});
