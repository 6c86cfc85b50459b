import { afterEach, describe, expect, test } from "bun:test";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { EmployeeNotice, type EmployeeNoticeProps } from "./EmployeeNotice";

afterEach(cleanup);

const props: EmployeeNoticeProps = {
  businessName: "Acme Bakery LLC",
  className: "Full-time staff",
  monthlyAllowance: 450,
  planYearStart: "2027-01-01",
  planYearEnd: "2027-12-31",
  contactName: "Dana Lee",
  contactEmail: "benefits@acmebakery.example",
  contactPhone: "(555) 010-2000",
};
const section = (name: string) => screen.getByRole("heading", { name }).closest("section")!.textContent!;

describe("EmployeeNotice", () => {
  test("has every element of the DOL model notice", () => {
    render(<EmployeeNotice {...props} />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(
      "Notice of your Individual Coverage Health Reimbursement Arrangement (ICHRA)",
    );
    expect(document.querySelector(".employee-notice header")!.textContent).toContain("Acme Bakery LLC");
    expect(document.querySelector(".employee-notice header")!.textContent).toContain("For employees in the class Full-time staff");
    expect(section("Your allowance")).toContain(
      "The self-only amount, for coverage of you alone, is $450.00 a month ($5,400.00 for the plan year).",
    );
    expect(section("Plan year")).toContain("The plan year runs from Friday, January 1, 2027 through Friday, December 31, 2027.");
    expect(section("Your right to opt out and waive")).toContain("You may opt out of the HRA and waive future reimbursements from it.");
    expect(section("How the HRA affects the premium tax credit")).toContain("If you accept the HRA, you cannot claim a premium tax credit");
    expect(section("How the HRA affects the premium tax credit")).toContain(
      "If you opt out and it is not affordable for you, you may be able to claim it.",
    );
    expect(section("You must have individual health insurance and show proof of it")).toContain(
      "You must show proof of that coverage (substantiate it) before your HRA coverage begins",
    );
    expect(section("Special enrollment period")).toContain("you may qualify for a special enrollment period");
    const contact = section("Questions");
    expect(contact).toContain("Dana Lee");
    expect(screen.getByRole("link", { name: "benefits@acmebakery.example" }).getAttribute("href")).toBe(
      "mailto:benefits@acmebakery.example",
    );
    expect(screen.getByRole("link", { name: "(555) 010-2000" }).getAttribute("href")).toBe("tel:5550102000");
  });

  test("lists age-banded self-only amounts and a family amount", () => {
    render(
      <EmployeeNotice
        {...props}
        familyMonthlyAllowance={900}
        ageBands={[
          { minAge: 0, maxAge: 39, allowanceAmount: 300 },
          { minAge: 40, allowanceAmount: 750 },
        ]}
      />,
    );
    const rows = [...document.querySelectorAll(".employee-notice tbody tr")].map((tr) =>
      [...tr.querySelectorAll("td")].map((td) => td.textContent),
    );
    expect(rows).toEqual([
      ["0 to 39", "$300.00", "$3,600.00"],
      ["40 and over", "$750.00", "$9,000.00"],
    ]);
    expect(section("Your allowance")).toContain("depends on your age on the first day of the plan year (Friday, January 1, 2027)");
    expect(section("Your allowance")).toContain("If you also cover family members, the allowance is $900.00 a month.");
  });

  test("the print button prints", () => {
    const calls: number[] = [];
    const original = window.print;
    window.print = () => void calls.push(1);
    try {
      render(<EmployeeNotice {...props} />);
      fireEvent.click(screen.getByRole("button", { name: "Print this notice" }));
      expect(calls).toHaveLength(1);
    } finally {
      window.print = original;
    }
  });

  test("ships print styles that leave only the notice on paper", async () => {
    const css = await Bun.file(new URL("./EmployeeNotice.css", import.meta.url)).text();
    const print = css.slice(css.indexOf("@media print"));
    expect(print).toContain(".no-print");
    expect(print).toContain(".site-header");
    expect(print).toMatch(/display:\s*none/);
  });
});
