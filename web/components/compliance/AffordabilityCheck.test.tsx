import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { publishedFigures } from "@src/modules/compliance/figures.fixture";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { setInitialFigures } from "@web/lib/use-figures";
import { AffordabilityCheck } from "./AffordabilityCheck";

// The yearly figures as published, known before the first render (as a prerendered page knows them).
setInitialFigures(publishedFigures);

// The figures are known already; the component's own refresh of them never answers here, so
// no test reaches for a server.
const realFetch = globalThis.fetch;
beforeEach(() => {
  globalThis.fetch = (() => new Promise<Response>(() => {})) as unknown as typeof fetch;
});
afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
});

const type = (label: string | RegExp, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole("button", { name: "Check affordability" }));
const result = () => screen.getByRole("status").textContent ?? "";

describe("AffordabilityCheck", () => {
  test("exactly at the threshold: Affordable (2026, W-2 wages)", () => {
    render(<AffordabilityCheck planYear={2026} monthlyAllowance={300} />);
    expect((screen.getByLabelText("Monthly allowance, self-only") as HTMLInputElement).value).toBe("300");
    type("Lowest-cost silver premium, self-only (monthly)", "598.80");
    type("Annual W-2 wages (box 1)", "36000");
    submit();
    expect(result()).toContain("Affordable");
    expect(result()).not.toContain("Not affordable");
    expect(result()).toContain("the employee pays $298.80 a month");
    expect(result()).toContain("at most $298.80 a month: 9.96% (Rev. Proc. 2025-25)");
  });

  test("checked with the premium missing, the keyboard goes to it, as on every form", async () => {
    render(<AffordabilityCheck planYear={2026} monthlyAllowance={300} />);
    submit();
    const premium = screen.getByLabelText("Lowest-cost silver premium, self-only (monthly)");
    expect(premium.getAttribute("aria-invalid")).toBe("true");
    // The focus moves once the errors are drawn, on the next frame.
    await waitFor(() => expect(document.activeElement === premium).toBe(true));
  });

  test("one cent over: Not affordable, and by how much the allowance must rise", () => {
    render(<AffordabilityCheck planYear={2026} monthlyAllowance={299.99} />);
    type("Lowest-cost silver premium, self-only (monthly)", "598.80");
    type("Annual W-2 wages (box 1)", "36000");
    submit();
    expect(result()).toContain("Not affordable");
    expect(result()).toContain("Raise the allowance by $0.01 a month, to $300.00, to make it affordable.");
  });

  test("rate of pay for an hourly employee uses 130 hours a month", () => {
    render(<AffordabilityCheck planYear={2025} />);
    type("Lowest-cost silver premium, self-only (monthly)", "500");
    type("Monthly allowance, self-only", "200");
    fireEvent.click(screen.getByLabelText("Rate of pay"));
    type("Hourly rate", "20");
    submit();
    expect(result()).toContain("Not affordable");
    expect(result()).toContain("at most $234.52 a month: 9.02%");
    expect(result()).toContain("hourly rate × 130 hours a month");
    expect(result()).toContain("Raise the allowance by $65.48 a month, to $265.48");
  });

  test("each income hint sits under its own field, not beside the poverty-line option", () => {
    render(<AffordabilityCheck planYear={2026} />);
    const harbors = screen.getByRole("group", { name: "Measure income by" });
    expect(harbors.textContent).not.toContain("Box 1 of the employee's Form W-2");
    const wages = screen.getByLabelText("Annual W-2 wages (box 1)");
    const hint = document.getElementById(wages.getAttribute("aria-describedby")!.split(" ")[0])!;
    // The field is annual: the hint does not ask for a monthly figure.
    expect(hint.textContent).toBe("Box 1 of the employee's Form W-2 for the year, as is: the check uses a twelfth of it for each month.");
  });

  test("the federal poverty line is filled in with its source and follows the plan year", () => {
    render(<AffordabilityCheck planYear={2026} />);
    fireEvent.click(screen.getByLabelText("Federal poverty line"));
    const fpl = screen.getByLabelText("Federal poverty line for one person (annual)") as HTMLInputElement;
    expect(fpl.value).toBe("15650");
    expect(
      screen.getByText(/Filled in with the 2025 figure for the 48 contiguous states and DC \(HHS poverty guidelines, 90 FR 5917/),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Plan year"), { target: { value: "2025" } });
    expect(fpl.value).toBe("15060");
    fireEvent.change(screen.getByLabelText("Plan year"), { target: { value: "2024" } });
    expect(fpl.value).toBe("14580");
    expect(screen.getByText(/Filled in with the 2023 figure .*88 FR 3424/)).toBeTruthy();
  });

  test("with no poverty line on file for the year before the plan year, it asks for one", () => {
    setInitialFigures(publishedFigures.filter((f) => !(f.name === "poverty-line" && f.year === 2023)));
    try {
      render(<AffordabilityCheck planYear={2024} />);
      fireEvent.click(screen.getByLabelText("Federal poverty line"));
      expect((screen.getByLabelText("Federal poverty line for one person (annual)") as HTMLInputElement).value).toBe("");
      expect(screen.getByText(/No figure is on file for plan year 2024; enter the one that applies/)).toBeTruthy();
    } finally {
      setInitialFigures(publishedFigures);
    }
  });

  test("missing inputs are named beside their fields and nothing typed is lost", () => {
    render(<AffordabilityCheck />);
    type("Monthly allowance, self-only", "250");
    submit();
    const premium = screen.getByLabelText("Lowest-cost silver premium, self-only (monthly)");
    expect(premium.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Lowest-cost silver premium is required")).toBeTruthy();
    type("Lowest-cost silver premium, self-only (monthly)", "500");
    submit();
    expect(screen.getByText("Annual W-2 wages is required")).toBeTruthy();
    expect((screen.getByLabelText("Monthly allowance, self-only") as HTMLInputElement).value).toBe("250");
    expect(result()).toBe("");
  });

  test("a plan year not yet published uses the latest published percentage, and says so", () => {
    render(<AffordabilityCheck planYear={2027} />);
    expect((screen.getByLabelText("Plan year") as HTMLSelectElement).value).toBe("2027");
    expect(document.querySelector(".figure-note")!.textContent).toBe("2027 not yet published; using 2026's 9.96%.");
  });

  test("notes the applicable-large-employer rule and the 2026 penalties", () => {
    render(<AffordabilityCheck />);
    const note = document.querySelector(".ale-note")!.textContent!;
    expect(note).toContain("50 or more full-time equivalent employees");
    expect(note).toContain("at least 95% of their full-time employees");
    // The 95% offer rule (54.4980H-4(a)) and the per-employee affordability penalty (§4980H(b)), each in its own sentence.
    const [offer, affordable] = [...document.querySelectorAll(".ale-note p")].map((p) => p.textContent!);
    expect(offer).toContain("owe the §4980H(a) penalty unless they offer coverage to at least 95% of their full-time employees");
    expect(offer).toContain("(26 CFR 54.4980H-4(a)). In 2026 it is $3,340 a year per full-time employee, less the first 30.");
    expect(offer).not.toContain("affordable");
    expect(affordable).toContain("affordability is judged employee by employee");
    expect(affordable).toContain("§4980H(b) penalty (26 U.S.C. 4980H(b)). In 2026 it is $5,010 a year per such employee.");
  });
});

describe("AffordabilityCheck after a change", () => {
  test("a verdict is cleared when a figure changes, until checked again", () => {
    render(<AffordabilityCheck planYear={2026} monthlyAllowance={300} />);
    type("Lowest-cost silver premium, self-only (monthly)", "598.80");
    type("Annual W-2 wages (box 1)", "36000");
    submit();
    expect(result()).toContain("Affordable");
    type("Monthly allowance, self-only", "200");
    expect(result()).toBe("");
    submit();
    expect(result()).toContain("Raise the allowance by $100.00 a month, to $300.00");
  });
});
