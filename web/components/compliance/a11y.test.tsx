// axe-core on each widget in its telling states, inside a page with an h1 as hosts have.
// (Colour contrast needs a real browser; the rest of WCAG A/AA and best practice run here.)
import { afterEach, describe, expect, test } from "bun:test";
import { checkClassSizes } from "@src/modules/compliance/class-size";
import { publishedFigures } from "@src/modules/compliance/figures.fixture";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { setInitialFigures } from "@web/lib/use-figures";
import axe from "axe-core";
import type { ComponentChildren } from "preact";
import { sampleNotice } from "../../test/notice-fixtures";
import { AffordabilityCheck } from "./AffordabilityCheck";
import { ClassRulesNotice } from "./ClassRulesNotice";
import { EmployeeNotice } from "./EmployeeNotice";
import { FicaSavingsEstimate } from "./FicaSavingsEstimate";
import { NoticeDeadlineWarning } from "./NoticeDeadlineWarning";

// The yearly figures as published, known before the first render (as a prerendered page knows them).
setInitialFigures(publishedFigures);

afterEach(cleanup);

const Page = ({ children }: { children: ComponentChildren }) => (
  <main>
    <h1>Host page</h1>
    {children}
  </main>
);

async function expectNoViolations() {
  const result = await axe.run(document.body, {
    runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] },
    rules: { "color-contrast": { enabled: false }, region: { enabled: false } },
  });
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(" | ")}`)).toEqual([]);
}

describe("accessibility (axe)", () => {
  test("AffordabilityCheck, with field errors and with a result", async () => {
    render(
      <Page>
        <AffordabilityCheck />
      </Page>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Check affordability" }));
    await expectNoViolations();
    fireEvent.input(screen.getByLabelText("Lowest-cost silver premium, self-only (monthly)"), { target: { value: "600" } });
    fireEvent.input(screen.getByLabelText("Monthly allowance, self-only"), { target: { value: "100" } });
    fireEvent.click(screen.getByLabelText("Rate of pay"));
    fireEvent.input(screen.getByLabelText("Hourly rate"), { target: { value: "18" } });
    fireEvent.click(screen.getByRole("button", { name: "Check affordability" }));
    expect(screen.getByRole("status").textContent).toContain("Not affordable");
    await expectNoViolations();
  });

  test("FicaSavingsEstimate", async () => {
    render(
      <Page>
        <FicaSavingsEstimate planYear={2026} employeeCount={4} monthlyAllowance={400} />
      </Page>,
    );
    await expectNoViolations();
  });

  test("ClassRulesNotice and NoticeDeadlineWarning", async () => {
    render(
      <Page>
        <ClassRulesNotice
          shortfalls={checkClassSizes([{ name: "Part-time", bases: ["part-time"], headcount: 4 }], 30, true)}
          totalHeadcount={30}
        />
        <NoticeDeadlineWarning effectiveDate="2027-01-01" today="2026-11-21" />
      </Page>,
    );
    await expectNoViolations();
  });

  test("EmployeeNotice", async () => {
    render(
      <main>
        <EmployeeNotice notice={sampleNotice} />
      </main>,
    );
    await expectNoViolations();
  });
});
