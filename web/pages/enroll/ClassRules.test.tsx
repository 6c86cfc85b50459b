// The wizard's compliance states: class basis, age bands (3:1), the group plan question
// with the minimum class size, server refusals beside their class, affordability per
// class, the FICA estimates and the 90-day notice warning.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { daysBetween, daysFrom, firstOfMonthOnOrAfter, firstOfNextMonth, formatLongDate, localToday } from "@src/lib/date-rules";
import { publishedFigures } from "@src/modules/compliance/figures.fixture";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { setInitialFigures } from "@web/lib/use-figures";
import { Toaster } from "../../components/toast/Toaster";
import { dismissToast } from "../../components/toast/toast-store";
import { daysFromToday } from "../../lib/dates";
import { resetWizard } from "../../state/enrollment";
import { business, enrollment, mine, plans } from "../../test/enrollment-fixtures";
import { fakeServer } from "../../test/fake-server";
import { renderAt } from "../../test/render-at";
import { FicaCalculator } from "./Calculators";
import EnrollPage from "./EnrollPage";

// The yearly figures as published, known before the first render (as a prerendered page knows them).
setInitialFigures(publishedFigures);

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  localStorage.clear();
  resetWizard();
  dismissToast();
});
afterEach(() => {
  cleanup();
  server?.restore();
});

function renderWizard() {
  renderAt(
    <>
      <EnrollPage />
      <Toaster />
    </>,
    "/enroll",
  );
}

function resumedAt(progress: Parameters<typeof mine>[1], e = enrollment(), extra: Record<string, unknown> = {}) {
  return fakeServer({
    "GET /api/business/mine": { json: mine({ enrollmentId: e.id, enrollmentStatus: e.status }, progress) },
    "GET /api/business/7": { json: business() },
    "GET /api/enrollment/31": { json: e },
    "GET /api/plans": { json: plans },
    ...(extra as object),
  });
}

const type = (label: string, value: string) => fireEvent.input(screen.getByLabelText(label, { exact: false }), { target: { value } });
const card = (name: string) => screen.getByText(name, { selector: "strong" }).closest("article") as HTMLElement;

async function atClasses(
  e = enrollment({ employeeClasses: [], status: "plan_selected", census: { count: 0, skipped: false, rejected: 0 } }),
  extra: Record<string, unknown> = {},
) {
  server = resumedAt({ planDesign: true }, e, extra);
  renderWizard();
  await screen.findByRole("heading", { name: "Define Employee Classes" });
}

function fillBands(bands: [string, string, string][]) {
  bands.forEach(([from, to, allowance], i) => {
    fireEvent.click(screen.getByRole("button", { name: "Add age band" }));
    type(`Band ${i + 1}: From age`, from);
    type(`Band ${i + 1}: To age`, to);
    type(`Band ${i + 1}: Monthly Allowance ($)`, allowance);
  });
}

describe("Employee Classes: basis and age bands", () => {
  test("a combination basis and age bands are shown on the class and saved, with the group plan answer", async () => {
    await atClasses(undefined, { "PUT /api/enrollment/31/classes": { json: { ok: true } } });
    type("Class Name", "Texas full-time");
    type("Monthly Allowance ($)", "300");
    fireEvent.click(screen.getByLabelText("Full-time employees"));
    fireEvent.click(screen.getByLabelText("Employees working in the same state"));
    fireEvent.input(document.getElementById("class-states")!, { target: { value: "tx" } });
    fillBands([
      ["0", "29", "200"],
      ["30", "", "600"],
    ]);
    fireEvent.click(screen.getByRole("button", { name: "Add Class" }));
    await screen.findByText("1 class defined");
    const c = card("Texas full-time");
    expect(within(c).getByText("Based on: Combination: Full-time employees + Employees working in the same state")).toBeTruthy();
    expect(within(c).getByText("Ages 0 to 29: $200.00/month")).toBeTruthy();
    expect(within(c).getByText("Ages 30 and over: $600.00/month")).toBeTruthy();
    expect(within(c).getByText("Works in: TX")).toBeTruthy();
    // The registration's size bracket (11-50) is the first guess at the headcount.
    expect((screen.getByLabelText("Employees on the first day of the plan year", { exact: false }) as HTMLInputElement).value).toBe("50");
    // The field says the number is filled in from the bracket, for as long as it is.
    const hint = () => document.getElementById("total-employees-hint")?.textContent ?? "";
    expect(hint()).toContain("You registered as 11-50 employees, so 50 is filled in to start from: put your own count.");
    type("Employees on the first day of the plan year", "64");
    expect(hint()).toContain("You registered as 11-50 employees.");
    expect(hint()).not.toContain("filled in");
    fireEvent.click(screen.getByRole("button", { name: "Add a group-plan class" }));
    type("Group-plan class 1: name", "Office");
    type("Group-plan class 1: employees", "5");
    fireEvent.click(document.getElementById("group-0-basis-salaried")!);
    fireEvent.click(screen.getByRole("button", { name: "Continue to Next Step" }));
    await screen.findByRole("heading", { name: "Employee Census" });
    expect(server.callsTo("PUT", "/api/enrollment/31/classes")[0].body).toEqual({
      employeeClasses: [
        {
          name: "Texas full-time",
          allowanceAmount: 300,
          basis: ["full-time", "state"],
          states: ["TX"],
          ageBands: [
            { minAge: 0, maxAge: 29, allowanceAmount: 200 },
            { minAge: 30, allowanceAmount: 600 },
          ],
        },
      ],
      totalEmployees: 64,
      groupPlanClasses: [{ name: "Office", basis: ["salaried"], headcount: 5 }],
    });
  });

  test("bands over 3:1 are refused in the form with the server's message, keeping what was typed", async () => {
    await atClasses();
    type("Class Name", "Everyone");
    type("Monthly Allowance ($)", "200");
    fireEvent.click(screen.getByLabelText("Full-time employees"));
    fillBands([
      ["0", "29", "200"],
      ["30", "", "600.01"],
    ]);
    fireEvent.click(screen.getByRole("button", { name: "Add Class" }));
    await screen.findByText("The oldest band's allowance may be at most 3 times the youngest band's ($600.00 here); it is $600.01.");
    expect(screen.getByText("0 classes defined")).toBeTruthy();
    expect((screen.getByLabelText("Band 2: Monthly Allowance ($)") as HTMLInputElement).value).toBe("600.01");
    // Exactly 3:1 is accepted.
    type("Band 2: Monthly Allowance ($)", "600");
    fireEvent.click(screen.getByRole("button", { name: "Add Class" }));
    await screen.findByText("1 class defined");
  });

  test("a band left without its ages is named beside the field", async () => {
    await atClasses();
    type("Class Name", "Everyone");
    type("Monthly Allowance ($)", "200");
    fireEvent.click(screen.getByRole("button", { name: "Add age band" }));
    fireEvent.click(screen.getByRole("button", { name: "Add Class" }));
    await screen.findByText("Band allowance is required");
    expect(screen.getByLabelText("Band 1: Monthly Allowance ($)", { exact: false }).getAttribute("aria-invalid")).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: "Remove band 1" }));
    expect(screen.queryByLabelText("Band 1: From age")).toBeNull();
  });
});

describe("Employee Classes: minimum class size and server refusals", () => {
  const withCensus = enrollment({
    status: "classes_defined",
    employeeClasses: [
      { name: "Full-time", allowanceAmount: 500, basis: ["full-time"], headcount: 3 },
      { name: "Seasonal", allowanceAmount: 200, basis: ["seasonal"], headcount: 1 },
    ],
    census: { count: 4, skipped: false, rejected: 0 },
  });

  test("with a census, offering a group plan shows which class is short and explains the rule", async () => {
    await atClasses(withCensus);
    expect(screen.queryByText("A class is below the minimum class size")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Add a group-plan class" }));
    await screen.findByRole("heading", { name: "A class is below the minimum class size" });
    expect(screen.getByText(/The class "Full-time" has 3 employees but needs at least 10\./)).toBeTruthy();
    // Seasonal classes are not subject to the minimum.
    expect(screen.queryByText(/The class "Seasonal"/)).toBeNull();
    // Measured on the employer's expected headcount, not the census's 4.
    expect(screen.getByText(/you: 20 employees, minimum 10/)).toBeTruthy();
    type("Employees on the first day of the plan year", "150");
    await screen.findByText(/you: 150 employees, minimum 15/);
  });

  test("with 50 employees or more and every class a part-time one, it says full-time employees are offered nothing (§4980H(a))", async () => {
    await atClasses(
      enrollment({
        status: "classes_defined",
        employeeClasses: [{ name: "Part-time", allowanceAmount: 200, basis: ["part-time"], headcount: 0 }],
        census: { count: 0, skipped: false, rejected: 0 },
      }),
    );
    type("Employees on the first day of the plan year", "49");
    expect(screen.queryByText(/No class offers your full-time employees anything/)).toBeNull();
    type("Employees on the first day of the plan year", "120");
    expect((await screen.findByText(/No class offers your full-time employees anything/)).textContent).toContain(
      "one that does not offer coverage to at least 95% of its full-time employees owes the §4980H(a) penalty",
    );
  });

  test("the class size counts those employed on the plan year's first day, as the server does, not later hires", async () => {
    await atClasses(
      enrollment({
        status: "classes_defined",
        employeeClasses: [
          { name: "Full-time", allowanceAmount: 500, basis: ["full-time"], headcount: 12, firstDayHeadcount: 3 },
          { name: "Seasonal", allowanceAmount: 200, basis: ["seasonal"], headcount: 1 },
        ],
        census: { count: 13, firstDay: 4, skipped: false, rejected: 0 },
      }),
    );
    fireEvent.click(screen.getByRole("button", { name: "Add a group-plan class" }));
    await screen.findByText(/The class "Full-time" has 3 employees but needs at least 10\./);
    expect(
      screen.getByLabelText("Employees on the first day of the plan year", { exact: false }).getAttribute("aria-describedby"),
    ).toBeTruthy();
    expect(document.body.textContent).toContain("Your census lists 4 employed that day; the total cannot be fewer.");
  });

  test("the server's field errors appear on the class they name", async () => {
    const message = 'The class "Seasonal" has 1 employee but needs at least 10.';
    await atClasses(withCensus, {
      "PUT /api/enrollment/31/classes": {
        status: 400,
        json: { message, errors: { "employeeClasses.1.basis": message, "employeeClasses.1.ageBands.0": "Age band 1 is wrong." } },
      },
    });
    fireEvent.click(screen.getByRole("button", { name: "Continue to Next Step" }));
    const problems = await screen.findByRole("list", { name: "Problems with Seasonal" });
    expect(within(problems).getByText(message)).toBeTruthy();
    expect(within(problems).getByText("Age band 1 is wrong.")).toBeTruthy();
    expect(within(card("Full-time")).queryByText(message)).toBeNull();
    expect(screen.getByRole("heading", { name: "Define Employee Classes" })).toBeTruthy();
  });

  test("each class has its own affordability check, starting from its allowance", async () => {
    await atClasses(withCensus);
    const c = card("Seasonal");
    fireEvent.click(within(c).getByText("Check affordability", { selector: "summary" }));
    expect((within(c).getByLabelText("Monthly allowance, self-only") as HTMLInputElement).value).toBe("200");
    fireEvent.input(within(c).getByLabelText("Lowest-cost silver premium, self-only (monthly)"), { target: { value: "500" } });
    fireEvent.input(within(c).getByLabelText("Annual W-2 wages (box 1)"), { target: { value: "36000" } });
    fireEvent.click(within(c).getByRole("button", { name: "Check affordability" }));
    expect(within(c).getByRole("status").textContent).toContain("Not affordable");
  });
});

describe("Review: class rules refused at submit", () => {
  test("a finalize refusal names the class in the summary and explains the minimum", async () => {
    const e = enrollment({
      effectiveDateConfirmed: true,
      groupPlanClasses: [{ name: "Office", basis: ["salaried"], headcount: 5 }],
      employeeClasses: [
        { name: "Full-time", allowanceAmount: 500, basis: ["full-time"], headcount: 3 },
        { name: "Part-time", allowanceAmount: 251, headcount: 1 },
      ],
    });
    const message = 'The class "Full-time" has 3 employees but needs at least 10.';
    server = resumedAt({ planDesign: true, employeeClasses: true, census: "uploaded", effectiveDate: true }, e, {
      "PUT /api/enrollment/31/finalize": { status: 400, json: { message, errors: { "employeeClasses.0.basis": message } } },
    });
    renderWizard();
    await screen.findByText("4 employees on file");
    expect(screen.getByRole("heading", { name: "A class is below the minimum class size" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Submit Enrollment" }));
    const problems = await screen.findByRole("list", { name: "Problems with Full-time" });
    expect(within(problems).getByText(message)).toBeTruthy();
    expect(screen.queryByRole("list", { name: "Problems with Part-time" })).toBeNull();
  });
});

describe("Plan Design: FICA savings", () => {
  const dd = (scope: HTMLElement, term: string) =>
    [...scope.querySelectorAll("dt")].find((dt) => dt.textContent === term)!.nextElementSibling!.textContent!;

  test("the spec's rule of thumb stays, with both estimates labelled beside it for the plan's year", async () => {
    server = fakeServer({
      "GET /api/business/mine": { json: mine() },
      "GET /api/business/7": { json: business() },
      "GET /api/plans": { json: plans },
    });
    renderWizard();
    await screen.findByText("Advantage");
    expect(screen.getByTestId("fica-savings").textContent).toBe("$8,260");
    expect(screen.getByText("Estimated at $826 per employee per year.")).toBeTruthy();
    const fica = screen.getByRole("article", { name: "FICA Savings Calculator" });
    // The rule of thumb is stated once, as the calculator's result, not again in the estimate below it.
    expect(within(fica).queryByText("Rule of thumb")).toBeNull();
    expect(fica.textContent!.split("$8,260").length - 1).toBe(1);
    // The exact estimate is for the plan year of the effective date (90 days ahead by default).
    expect(dd(fica, "Exact estimate")).toMatch(/Enter average annual wages/);
  });

  test("the exact estimate: 7.65% of the allowances, Social Security capped at the year's wage base", () => {
    render(<FicaCalculator planYear={2026} />);
    const fica = screen.getByRole("article", { name: "FICA Savings Calculator" });
    expect(dd(fica, "Exact estimate")).toBe("Enter average annual wages to see the exact estimate.");
    fireEvent.input(screen.getByLabelText("Average annual wages per employee"), { target: { value: "50000" } });
    // 7.65% of $250 × 12 = $229.50 per employee, for 10.
    expect(dd(fica, "Exact estimate")).toContain("$2,295.00 a year");
    expect(dd(fica, "Exact estimate")).toContain("2026 wage base of $184,500");
    fireEvent.input(screen.getByLabelText("Monthly Allowance per Employee ($)"), { target: { value: "500" } });
    fireEvent.input(screen.getByLabelText("Average annual wages per employee"), { target: { value: "180000" } });
    // Per employee: 6.2% of the $4,500 under the base, plus 1.45% of $6,000 = $366.
    expect(dd(fica, "Exact estimate")).toContain("$3,660.00 a year");
    expect(screen.getByTestId("fica-savings").textContent).toBe("$8,260");
  });

  test("a plan year whose wage base is not on file yet is estimated with the latest one, and says so", () => {
    render(<FicaCalculator planYear={2031} />);
    expect(screen.getByRole("article", { name: "FICA Savings Calculator" }).textContent).toContain(
      "2031 not yet published; using 2026's $184,500.",
    );
  });
});

describe("Effective Date: the 90-day notice", () => {
  test("less than 90 days away warns and states the last day notices could go out", async () => {
    server = resumedAt({ planDesign: true, employeeClasses: true, census: "uploaded" }, enrollment({ effectiveDate: daysFromToday(120) }));
    renderWizard();
    await screen.findByRole("heading", { name: "Choose Your Effective Date" });
    fireEvent.click(screen.getByRole("button", { name: /^90 days/ }));
    await screen.findByText(/Send the ICHRA notice to employees by/);
    expect(document.querySelector(".notice-deadline")!.getAttribute("data-late")).toBe("false");
    // The first of a month 31 to 61 days away is always too close.
    const soon = firstOfNextMonth(daysFromToday(30));
    const away = daysBetween(localToday(), soon);
    fireEvent.input(screen.getByLabelText("Effective Date", { exact: false }), { target: { value: soon } });
    await waitFor(() => expect(document.querySelector(".notice-deadline")!.getAttribute("data-late")).toBe("true"));
    const warning = document.querySelector(".notice-deadline")!;
    expect(warning.getAttribute("role")).toBe("alert");
    expect(warning.textContent).toContain(
      `Your effective date of ${formatLongDate(soon)} is ${away} days away, less than the 90 days' notice employees must get.`,
    );
    expect(warning.textContent).toContain(`The last day notices could go out for this date was ${formatLongDate(daysFrom(soon, -90))}.`);
    // The earliest date that gives the full notice is a first of a month too.
    expect(warning.textContent).toContain(
      `Choose an effective date on or after ${formatLongDate(firstOfMonthOnOrAfter(daysFrom(localToday(), 90)))}`,
    );
  });
});

describe("Employee Classes: family sizes, the federal age curve, new hires and the plan's limits", () => {
  test("self + one and family amounts, the one-click curve scaled from them, and a new-hire subclass are saved", async () => {
    await atClasses(undefined, { "PUT /api/enrollment/31/classes": { json: { ok: true } } });
    type("Class Name", "Everyone");
    type("Monthly Allowance ($)", "400");
    type("Self + one ($ a month)", "700");
    type("Family ($ a month)", "1000");
    fireEvent.click(screen.getByLabelText("Full-time employees"));
    fireEvent.click(screen.getByRole("button", { name: "Use the federal age curve" }));
    // Ten bands; 45–49 is the curve's 1.444 × each amount.
    expect((screen.getByLabelText("Band 10: Self only ($)") as HTMLInputElement).value).toBe("1200");
    expect((screen.getByLabelText("Band 6: Self only ($)") as HTMLInputElement).value).toBe("577.6");
    expect((screen.getByLabelText("Band 6: Self + one ($)") as HTMLInputElement).value).toBe("1010.8");
    expect((screen.getByLabelText("Band 6: Family ($)") as HTMLInputElement).value).toBe("1444");
    type("Hired on or after", "2099-01-01");
    type("New hires: self only ($)", "300");
    type("New hires: self + one ($)", "500");
    type("New hires: family ($)", "800");
    fireEvent.click(screen.getByRole("button", { name: "Add Class" }));
    await screen.findByText("1 class defined");
    const c = card("Everyone");
    // With bands, the headline is the range they give: the class's own amounts only seeded them.
    expect(within(c).getByText("By age band: $400.00 to $1,200.00 a month for self only")).toBeTruthy();
    expect(within(c).getByText("Hired on or after January 1, 2099: self $300.00, self + one $500.00, family $800.00 a month")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Continue to Next Step" }));
    await screen.findByRole("heading", { name: "Employee Census" });
    const sent = server.callsTo("PUT", "/api/enrollment/31/classes")[0].body as {
      employeeClasses: { ageBands: unknown[]; newHires: unknown; individualPlus1Amount: number }[];
    };
    expect(sent.employeeClasses[0].individualPlus1Amount).toBe(700);
    expect(sent.employeeClasses[0].ageBands).toHaveLength(10);
    expect(sent.employeeClasses[0].ageBands[0]).toEqual({
      minAge: 0,
      maxAge: 24,
      allowanceAmount: 400,
      individualPlus1Amount: 700,
      familyAmount: 1000,
    });
    expect(sent.employeeClasses[0].newHires).toEqual({
      hiredOnOrAfter: "2099-01-01",
      allowanceAmount: 300,
      individualPlus1Amount: 500,
      familyAmount: 800,
    });
  });

  test("the Essential plan (up to 2 employee classes) refuses a third in the form, naming the plan and the limit", async () => {
    const two = enrollment({
      status: "classes_defined",
      planId: 1,
      plan: { id: 1, name: "Essential", description: "", monthlyAmount: 300, limits: { maxClasses: 2, multiStateClasses: false } },
    });
    await atClasses(two);
    expect(screen.getByText("The Essential plan includes up to 2 employee classes.")).toBeTruthy();
    type("Class Name", "Seasonal");
    type("Monthly Allowance ($)", "100");
    fireEvent.click(screen.getByLabelText("Seasonal employees"));
    fireEvent.click(screen.getByRole("button", { name: "Add Class" }));
    await screen.findByText(
      "The Essential plan includes up to 2 employee classes; you have 3. Merge classes, or choose a plan with more classes.",
    );
    expect(screen.getByText("2 classes defined")).toBeTruthy();
  });

  test("the help texts stand apart from the controls: Add age band is no part of a hint", async () => {
    await atClasses();
    const add = screen.getByRole("button", { name: "Add age band" });
    expect(add.closest("small, p")).toBeNull();
    // Its own row: no help text beside it.
    expect(add.parentElement!.textContent).toBe("Add age band");
  });
});

describe("Review: the budget check (13.11)", () => {
  test("allowances × headcount over the budget: the projected cost and by how much it exceeds", async () => {
    const e = enrollment({
      effectiveDateConfirmed: true,
      monthlyBudget: 850,
      employeeClasses: [
        { name: "Full-time", allowanceAmount: 500, headcount: 2 },
        { name: "Part-time", allowanceAmount: 250, headcount: 2 },
      ],
    });
    server = resumedAt({ planDesign: true, employeeClasses: true, census: "uploaded", effectiveDate: true }, e);
    renderWizard();
    await waitFor(() => expect(document.querySelector(".budget-check")).not.toBeNull());
    const text = document.querySelector(".budget-check")!.textContent!;
    expect(text).toContain("Projected monthly cost of the allowances: $1,500.00");
    expect(text).toContain("for 4 census employees, against a monthly budget of $850.00");
    expect(text).toContain("The allowances exceed your monthly budget by $650.00.");
    expect(document.querySelector(".budget-check")!.getAttribute("role")).toBe("alert");
  });

  test("within the budget: the projection without a warning", async () => {
    const e = enrollment({ effectiveDateConfirmed: true, monthlyBudget: 4500 });
    server = resumedAt({ planDesign: true, employeeClasses: true, census: "uploaded", effectiveDate: true }, e);
    renderWizard();
    await waitFor(() => expect(document.querySelector(".budget-check")).not.toBeNull());
    // 3 × $500 + 1 × $251 = $1,751.
    expect(document.querySelector(".budget-check")!.textContent).toContain("Projected monthly cost of the allowances: $1,751.00");
    expect(document.querySelector(".budget-check")!.textContent).not.toContain("exceed");
    expect(document.querySelector(".budget-check")!.getAttribute("role")).toBeNull();
  });
});
