import { afterEach, describe, expect, test } from "bun:test";
import { publishedFigures } from "@src/modules/compliance/figures.fixture";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { setInitialFigures } from "@web/lib/use-figures";
import { FicaSavingsEstimate } from "./FicaSavingsEstimate";

// The yearly figures as published, known before the first render (as a prerendered page knows them).
setInitialFigures(publishedFigures);

afterEach(cleanup);

const definition = (term: string) => {
  const dt = [...document.querySelectorAll(".fica-estimates dt")].find((el) => el.textContent === term)!;
  return dt.nextElementSibling!.textContent!;
};

describe("FicaSavingsEstimate", () => {
  test("shows the rule of thumb and the exact estimate, each labelled", () => {
    render(<FicaSavingsEstimate planYear={2026} employeeCount={10} monthlyAllowance={500} averageAnnualWages={50000} />);
    expect(definition("Rule of thumb")).toBe("$8,260 a year$826 per employee × 10 employees");
    // 7.65% of $6,000 = $459 per employee.
    expect(definition("Exact estimate")).toContain("$4,590.00 a year");
    // The amounts that follow are the whole workforce's, and say so.
    expect(definition("Exact estimate")).toContain(
      "7.65% of $6,000.00 in yearly reimbursements per employee × 10 employees, in all: Social Security",
    );
    expect(definition("Exact estimate")).toContain(
      "Social Security $3,720.00 (6.2% up to the 2026 wage base of $184,500) and Medicare $870.00 (1.45%, no cap)",
    );
  });

  test("the exact estimate caps Social Security at the wage base", () => {
    render(<FicaSavingsEstimate planYear={2026} employeeCount={2} monthlyAllowance={500} averageAnnualWages={180000} />);
    // Per employee: 6.2% of $4,500 under the base = $279, plus 1.45% of $6,000 = $87.
    expect(definition("Exact estimate")).toContain("$732.00 a year");
  });

  test("asks for wages before giving the exact estimate, and updates as they are typed", () => {
    render(<FicaSavingsEstimate planYear={2025} employeeCount={1} monthlyAllowance={100} />);
    expect(definition("Exact estimate")).toBe("Enter average annual wages to see the exact estimate.");
    fireEvent.input(screen.getByLabelText("Average annual wages per employee"), { target: { value: "40000" } });
    expect(definition("Exact estimate")).toContain("$91.80 a year");
    expect(definition("Exact estimate")).toContain("2025 wage base of $176,100");
  });

  test("uses the census when given, one employee at a time", () => {
    render(
      <FicaSavingsEstimate
        planYear={2026}
        employeeCount={0}
        monthlyAllowance={0}
        employees={[
          { annualWagesCents: 19_000_000, annualReimbursementCents: 600_000 },
          { annualWagesCents: 3_000_000, annualReimbursementCents: 120_000 },
        ]}
      />,
    );
    expect(screen.queryByLabelText("Average annual wages per employee")).toBeNull();
    expect(definition("Rule of thumb")).toContain("× 2 employees");
    // $87 Medicare for the first; 7.65% of $1,200 = $91.80 for the second.
    expect(definition("Exact estimate")).toContain("$178.80 a year");
  });

  test("a later year not yet on file uses the latest wage base and says so", () => {
    render(<FicaSavingsEstimate planYear={2030} employeeCount={3} monthlyAllowance={100} averageAnnualWages={1} />);
    // 7.65% of $1,200 a year for each of 3 employees, far below any wage base.
    expect(definition("Exact estimate")).toContain("$275.40 a year");
    expect(definition("Exact estimate")).toContain("up to the 2026 wage base of $184,500");
    expect(document.body.textContent).toContain("2030 not yet published; using 2026's $184,500.");
    expect(definition("Rule of thumb")).toContain("$2,478 a year");
  });

  test("a year before every figure on file has no exact estimate", () => {
    render(<FicaSavingsEstimate planYear={2019} employeeCount={3} monthlyAllowance={100} averageAnnualWages={1} />);
    expect(definition("Exact estimate")).toBe("No Social Security wage base is on file for 2019.");
  });
});
