import { afterEach, describe, expect, test } from "bun:test";
import { NOTICE_TITLE } from "@src/modules/compliance/notice";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { sampleNotice as notice } from "../../test/notice-fixtures";
import { EmployeeNotice } from "./EmployeeNotice";

afterEach(cleanup);

const section = (name: string) => screen.getByRole("heading", { name }).closest("section")!.textContent!;

describe("EmployeeNotice", () => {
  test("renders every element the server states, in order, with the amounts by age and family size", () => {
    render(<EmployeeNotice notice={notice} />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(NOTICE_TITLE);
    expect(document.querySelector(".employee-notice header")!.textContent).toContain("For employees in the class Full-time staff");
    expect([...document.querySelectorAll("[data-element]")].map((s) => s.getAttribute("data-element"))).toEqual([
      "what",
      "allowance",
      "eligibility",
      "plan-year",
      "opt-out",
      "ptc",
      "marketplace",
      "coverage",
      "erisa",
      "sep",
      "contact",
    ]);
    expect(section("What this is")).toContain("it is not a qualified small employer HRA (QSEHRA) and not any other kind of HRA");
    const rows = [...document.querySelectorAll(".employee-notice tbody tr")].map((tr) => [...tr.children].map((c) => c.textContent));
    expect(rows).toEqual([
      ["0 to 39", "$300.00", "$300.00", "$900.00"],
      ["40 and over", "$700.00", "$700.00", "$1,200.00"],
    ]);
    expect(section("Questions and contact")).toContain("Plan administrator, Advantage ICHRA: phone 1-800-555-0100");
    // Coverage news goes to the plan administrator, never to the employer (who never sees it).
    expect(section("You must have individual health insurance and show proof of it")).toContain(
      "If your individual coverage ends, tell the plan administrator (contact below)",
    );
    // A registered employee opts out through the administrator; the invitation's link is done.
    expect(section("Your right to opt out and waive")).toContain(
      "Once registered, opt out on My benefits, where the date is recorded too, or write to the plan administrator (contact below)",
    );
    // The same notice goes out before every plan year: the special enrollment period only
    // applies to someone newly offered the HRA.
    expect(section("Special enrollment period")).toContain("If you are newly offered this HRA (this is the first plan year");
  });

  test("the print button prints", () => {
    const calls: number[] = [];
    const original = window.print;
    window.print = () => void calls.push(1);
    try {
      render(<EmployeeNotice notice={notice} />);
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
