import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { defaultContactEmail } from "@src/lib/site-contact";
import type { RegistrationView } from "@src/modules/employees/model";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { Route } from "wouter";
import { SIGN_IN_EMAIL_STATE } from "../../lib/sign-in-email";
import {
  currentStep,
  form,
  formFrom,
  loadRegistration,
  loadState,
  registration,
  resetRegistrationState,
} from "../../state/employee-registration";
import { renderAt } from "../../test/render-at";
import EmployeeRegistration, { RegistrationSteps } from "./EmployeeRegistration";

const view = (over: Partial<RegistrationView> = {}): RegistrationView => ({
  enrollmentId: 5,
  businessName: "Acme Tools",
  prefill: {
    firstName: "Maria",
    lastName: "Garcia",
    email: "maria@example.com",
    phone: "512-555-0142",
    dateOfBirth: "1988-04-12",
    zipCode: "78704",
  },
  className: "Full-time",
  allowance: 525,
  allowanceIsFallback: false,
  allowances: { individual: 525, individualPlus1: 525, family: 525 },
  planIncludesIndemnity: true,
  planStartDate: "2027-01-01",
  coverageStartDate: "2027-01-01",
  deadline: "2027-03-02",
  editable: true,
  optedOut: null,
  registration: null,
  ...over,
});

const saved = {
  firstName: "Maria",
  lastName: "Garcia",
  email: "maria@example.com",
  phone: "512-555-0142",
  dateOfBirth: "1988-04-12",
  ssnMasked: "•••• 4821",
  address: "500 Congress Ave",
  city: "Austin",
  state: "TX",
  zipCode: "78701",
  coverageLevel: "family",
  healthPlanId: "gold",
  termsAcceptedAt: "2026-11-21T10:00:00.000Z",
  submittedAt: "2026-11-21T10:00:00.000Z",
  declinedAt: null as string | null,
};

let calls: { method: string; url: string; body: unknown }[] = [];
let answers: (() => Response)[] = [];
const realFetch = globalThis.fetch;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

beforeEach(() => {
  resetRegistrationState();
  sessionStorage.clear();
  calls = [];
  answers = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ method: init?.method ?? "GET", url: String(input), body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const next = answers.shift();
    if (!next) return new Promise<Response>(() => {}); // still loading
    return next();
  }) as typeof fetch;
});
afterEach(() => {
  globalThis.fetch = realFetch;
  cleanup();
});

function showStep(step: number, v = view()) {
  registration.value = v;
  form.value = formFrom(v);
  loadState.value = "ready";
  currentStep.value = step;
  return render(<RegistrationSteps />);
}

const page = (search: string) =>
  renderAt(
    <Route path="/employee-registration/:enrollmentId">{() => <EmployeeRegistration />}</Route>,
    `/employee-registration/5${search ? `?${search}` : ""}`,
  );

describe("the page and its invite", () => {
  test("without an invite: the link is invalid, nothing is asked of the server", async () => {
    page("");
    await screen.findByRole("heading", { name: "This registration link is invalid or has expired" });
    expect(screen.getByText(/ask your employer/)).toBeTruthy();
    // A way on: an employee who registered signs in; anyone can go home.
    expect(screen.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/login");
    expect(screen.getByRole("link", { name: "go to the home page" }).getAttribute("href")).toBe("/");
    expect(calls).toEqual([]);
  });

  test("loading, then an invite the server refuses shows the same page and no enrollment data", async () => {
    let answer!: () => void;
    answers.push(() => json({ message: "This registration link is invalid or has expired." }, 404));
    const gate = new Promise<void>((r) => (answer = r));
    const realNext = answers.shift()!;
    answers.push(() => realNext());
    globalThis.fetch = (async (input: RequestInfo | URL) => {
      calls.push({ method: "GET", url: String(input), body: undefined });
      await gate;
      return answers.shift()!();
    }) as typeof fetch;
    page("invite=abc123abc123abc123abc123");
    expect(screen.getByText("Loading your registration...")).toBeTruthy();
    answer();
    await screen.findByRole("heading", { name: "This registration link is invalid or has expired" });
    expect(calls[0].url).toBe("/api/employee-registration/5?invite=abc123abc123abc123abc123");
    expect(document.body.textContent).not.toContain("Acme");
  });

  test("a valid invite opens step 1 prefilled from the census", async () => {
    answers.push(() => json(view()));
    page("invite=abc123abc123abc123abc123");
    await screen.findByRole("heading", { level: 2, name: "Personal Info" });
    expect((screen.getByLabelText("First name") as HTMLInputElement).value).toBe("Maria");
    expect((screen.getByLabelText("Phone number") as HTMLInputElement).value).toBe("512-555-0142");
    expect(screen.getByText("Step 1 of 7")).toBeTruthy();
    // The invitation's address is shown whole, as a fixed value with why, not as a field to type in.
    const email = screen.getByRole("textbox", { name: "Email" });
    expect(email.getAttribute("aria-readonly")).toBe("true");
    expect(email.tabIndex).toBe(0);
    expect(email.textContent).toBe("maria@example.com");
    expect(email.getAttribute("aria-describedby")).toBe("field-email-hint");
  });

  test("what was typed on Personal Info and not saved survives a reload, except the SSN; once saved, nothing is kept", async () => {
    /** The page opened afresh (a reload) through this invitation, on Personal Info. */
    const open = async (invite: string) => {
      cleanup();
      resetRegistrationState();
      answers.push(() => json(view()));
      page(`invite=${invite}`);
      await screen.findByRole("heading", { level: 2, name: "Personal Info" });
    };
    await open("abc123abc123abc123abc123");
    fireEvent.input(screen.getByLabelText("Phone number"), { target: { value: "512-555-0199" } });
    fireEvent.input(screen.getByLabelText("City"), { target: { value: "Round Rock" } });
    fireEvent.input(screen.getByLabelText("Last 4 digits of your SSN"), { target: { value: "4821" } });

    await open("abc123abc123abc123abc123");
    expect((screen.getByLabelText("Phone number") as HTMLInputElement).value).toBe("512-555-0199");
    expect((screen.getByLabelText("City") as HTMLInputElement).value).toBe("Round Rock");
    // The census prefill stands where nothing was typed; the SSN is never kept in the browser.
    expect((screen.getByLabelText("First name") as HTMLInputElement).value).toBe("Maria");
    expect((screen.getByLabelText("Last 4 digits of your SSN") as HTMLInputElement).value).toBe("");
    expect(JSON.stringify({ ...sessionStorage })).not.toContain("4821");

    // Another invitation (another employee on this device) gets none of it.
    await open("zzz999zzz999zzz999zzz999");
    expect((screen.getByLabelText("City") as HTMLInputElement).value).toBe("");

    // Saved, the server holds it all and the tab keeps nothing.
    for (const [label, value] of [
      ["Phone number", "512-555-0199"],
      ["City", "Round Rock"],
      ["Address", "500 Congress Ave"],
      ["Last 4 digits of your SSN", "4821"],
    ])
      fireEvent.input(screen.getByLabelText(label), { target: { value } });
    fireEvent.change(screen.getByLabelText("State"), { target: { value: "TX" } });
    const stored = { ...saved, phone: "512-555-0199", city: "Round Rock", zipCode: "78704" };
    answers.push(() =>
      json(view({ registration: { ...stored, coverageLevel: null, healthPlanId: null, termsAcceptedAt: null, submittedAt: null } })),
    );
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    await screen.findByRole("heading", { level: 2, name: "About ICHRA" });
    expect(Object.keys({ ...sessionStorage }).filter((key) => key.includes("zzz999"))).toEqual([]);
  });

  test("a server failure while loading says the registration could not be loaded, without enrollment data", async () => {
    answers.push(() => json({ message: "Something went wrong." }, 500));
    page("invite=abc123abc123abc123abc123");
    await screen.findByRole("heading", { name: "We could not load your registration" });
    expect(screen.getByRole("alert").textContent).toContain("Please check your connection and reload the page.");
    expect(document.body.textContent).not.toContain("Acme");
  });

  test("a submitted registration opens on the confirmation", async () => {
    answers.push(() => json(view({ registration: saved })));
    page("invite=abc123abc123abc123abc123");
    await screen.findByRole("heading", { level: 2, name: "Confirm" });
    expect(screen.getByTestId("stored-registration").textContent).toContain("•••• 4821");
  });
});

describe("a save that fails", () => {
  // Everything of step 1 already on file, so Continue sends a save straight away.
  const inProgress = view({
    registration: { ...saved, coverageLevel: null, healthPlanId: null, termsAcceptedAt: null, submittedAt: null },
  });
  async function continueFromStep1(answer: () => Response) {
    answers.push(() => json(inProgress));
    page("invite=abc123abc123abc123abc123");
    // It reopens after Personal Info; the employee goes back to correct their city.
    await screen.findByRole("heading", { level: 2, name: "About ICHRA" });
    fireEvent.click(screen.getByRole("button", { name: "Back" }));
    await screen.findByRole("heading", { level: 2, name: "Personal Info" });
    answers.push(answer);
    fireEvent.input(screen.getByLabelText("City"), { target: { value: "Round Rock" } });
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
  }

  test("409 (submitted meanwhile, from another tab): the server's message, still on the step, what was typed kept", async () => {
    const message =
      "Your registration has been submitted, so it can no longer be changed here. To correct something, write to us, the plan's administrator, at hello@advantage-ichra.example.";
    await continueFromStep1(() => json({ message }, 409));
    expect((await screen.findByRole("alert")).textContent).toBe(message);
    expect(calls[1]).toMatchObject({
      method: "POST",
      url: "/api/employee-registration/5",
      body: { invite: "abc123abc123abc123abc123", city: "Round Rock" },
    });
    expect(screen.getByRole("heading", { level: 2, name: "Personal Info" })).toBeTruthy();
    expect((screen.getByLabelText("City") as HTMLInputElement).value).toBe("Round Rock");
  });

  test("no connection: a message to check it and try again, what was typed kept", async () => {
    await continueFromStep1(() => {
      throw new TypeError("Failed to fetch");
    });
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Your answers could not be saved. Please check your connection and try again.",
    );
    expect(screen.getByRole("heading", { level: 2, name: "Personal Info" })).toBeTruthy();
    expect((screen.getByLabelText("City") as HTMLInputElement).value).toBe("Round Rock");
  });

  test("404 mid-flow (the invite was revoked or expired): the invalid-link page, the registration no longer shown", async () => {
    await continueFromStep1(() => json({ message: "This registration link is invalid or has expired." }, 404));
    await screen.findByRole("heading", { name: "This registration link is invalid or has expired" });
    expect(screen.queryByRole("heading", { level: 2, name: "Personal Info" })).toBeNull();
    expect(document.body.textContent).not.toContain("Acme");
  });
});

describe("steps", () => {
  test("Back appears on steps 2 to 6 only", () => {
    for (let step = 1; step <= 7; step++) {
      const v = step === 7 ? view({ registration: saved }) : view();
      const { unmount } = showStep(step, v);
      expect({ step, back: screen.queryAllByRole("button", { name: "Back" }).length }).toEqual({
        step,
        back: step >= 2 && step <= 6 ? 1 : 0,
      });
      unmount();
    }
  });

  test("the browser's Back (a phone's back gesture) returns to the step before instead of leaving the registration", async () => {
    showStep(3);
    fireEvent.click(screen.getByRole("button", { name: "Back" }));
    await screen.findByRole("heading", { level: 2, name: "About ICHRA" });
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    await screen.findByRole("heading", { level: 2, name: "Plan Details" });
    history.back();
    await screen.findByRole("heading", { level: 2, name: "About ICHRA" });
    history.back();
    await screen.findByRole("heading", { level: 2, name: "Plan Details" });
    expect(screen.getByText("Step 3 of 7")).toBeTruthy();
  });

  test("Personal Info: the SSN box keeps the last four digits typed or pasted, never the first four", () => {
    showStep(1);
    const ssn = screen.getByLabelText("Last 4 digits of your SSN") as HTMLInputElement;
    fireEvent.input(ssn, { target: { value: "123-45-6789" } });
    expect(ssn.value).toBe("6789");
    expect(form.value.ssn).toBe("6789");
    // A fifth key pressed after four digits moves the window on.
    fireEvent.input(ssn, { target: { value: "67891" } });
    expect(ssn.value).toBe("7891");
  });

  test("Personal Info: the spec's messages, nothing sent, what was typed kept", () => {
    showStep(1);
    const ssn = screen.getByLabelText("Last 4 digits of your SSN") as HTMLInputElement;
    fireEvent.input(ssn, { target: { value: "12" } });
    fireEvent.input(screen.getByLabelText("First name"), { target: { value: "M" } });
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(screen.getByText("First name must be at least 2 characters")).toBeTruthy();
    expect(screen.getByText("Please enter at least the last 4 digits of your SSN")).toBeTruthy();
    expect(screen.getByText("Please enter your address")).toBeTruthy();
    expect(screen.getByText("Please enter your city")).toBeTruthy();
    expect(screen.getByText("Please enter your state")).toBeTruthy();
    expect(ssn.getAttribute("aria-invalid")).toBe("true");
    expect(ssn.value).toBe("12");
    expect(calls).toEqual([]);
  });

  test("Personal Info: the server's own checks run first in the browser (a future birth date, an unknown state)", () => {
    showStep(1);
    // A state no list offers, as a stale or tampered form would hold.
    act(() => {
      form.value = { ...form.value, ssn: "4821", address: "500 Congress Ave", city: "Austin", state: "ZZ", dateOfBirth: "2999-01-01" };
    });
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(screen.getByText("Please enter a valid date")).toBeTruthy();
    expect(screen.getByText("Please enter your state")).toBeTruthy();
    expect(calls).toEqual([]);
  });

  test("a returning employee picks up at the first step whose answers are not saved", async () => {
    const inProgress = { ...saved, termsAcceptedAt: null, submittedAt: null };
    const opens = async (registration: RegistrationView["registration"]) => {
      answers.push(() => json(view({ registration })));
      await loadRegistration("5", "abc123abc123abc123abc123");
      return currentStep.value;
    };
    expect(await opens(null)).toBe(1);
    expect(await opens({ ...inProgress, address: null, coverageLevel: null, healthPlanId: null })).toBe(1);
    // About ICHRA and Plan Details save nothing: after Personal Info, the flow goes on from About ICHRA.
    expect(await opens({ ...inProgress, coverageLevel: null, healthPlanId: null })).toBe(2);
    expect(await opens({ ...inProgress, healthPlanId: null })).toBe(5);
    expect(await opens(inProgress)).toBe(6);
    expect(await opens(saved)).toBe(7);
  });

  test("Personal Info: a server refusal shows its message by the field", async () => {
    showStep(1);
    fireEvent.input(screen.getByLabelText("Last 4 digits of your SSN"), { target: { value: "4821" } });
    fireEvent.input(screen.getByLabelText("Address"), { target: { value: "500 Congress Ave" } });
    fireEvent.input(screen.getByLabelText("City"), { target: { value: "Austin" } });
    fireEvent.change(document.getElementById("field-state")!, { target: { value: "TX" } });
    answers.push(() =>
      json({ message: "Please correct the highlighted fields.", errors: { dateOfBirth: "Please enter a valid date" } }, 400),
    );
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    await screen.findByText("Please enter a valid date");
    expect(calls[0].body).toMatchObject({ ssn: "4821", address: "500 Congress Ave", state: "TX", firstName: "Maria" });
    expect(currentStep.value).toBe(1);
    expect((screen.getByLabelText("City") as HTMLInputElement).value).toBe("Austin");
  });

  test("About ICHRA: tabs switch with the arrow keys and show §9's figures", () => {
    showStep(2);
    expect(screen.getByRole("tabpanel").textContent).toContain("$107.39");
    fireEvent.keyDown(screen.getByRole("tab", { name: "Individual" }), { key: "ArrowRight" });
    expect(screen.getByRole("tab", { name: "Individual + 1" }).getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("tabpanel").textContent).toContain("$63.76");
    fireEvent.keyDown(screen.getByRole("tab", { name: "Individual + 1" }), { key: "End" });
    expect(screen.getByRole("tabpanel").textContent).toContain("$62.81");
    expect(screen.getByRole("button", { name: "See full paycheck comparison" })).toBeTruthy();
    expect(
      screen.getByText(/in round numbers, for an employee whose plan includes indemnity benefits, as your employer's does/),
    ).toBeTruthy();
  });

  test("About ICHRA: an employer's plan without indemnity benefits shows no sample paycheck, which would promise a raise", () => {
    showStep(2, view({ planIncludesIndemnity: false }));
    expect(screen.queryByRole("tabpanel")).toBeNull();
    expect(screen.queryByText(/indemnity/i)).toBeNull();
    expect(screen.queryByText(/\$107\.39/)).toBeNull();
    expect(screen.queryByRole("button", { name: "See full paycheck comparison" })).toBeNull();
    expect(
      screen.getByText(/up to your allowance of \$525\.00 a month, are paid with your wages, free of income and payroll tax\./),
    ).toBeTruthy();
  });

  test("Plan Details: the class allowance, or the server's fallback when no class is known, and the plan start date", () => {
    const first = showStep(3);
    expect(document.querySelector(".plan-facts")!.textContent).toContain("$525.00/month");
    expect(document.querySelector(".plan-facts")!.textContent).toContain("From Acme Tools for the Full-time class.");
    expect(document.querySelector(".plan-facts")!.textContent).toContain("January 1, 2027");
    first.unmount();
    // The census names a class the enrollment does not have: the server answers its fallback.
    showStep(3, view({ allowance: 400, allowanceIsFallback: true, className: "Seasonal", allowances: null }));
    const facts = document.querySelector(".plan-facts")!.textContent!;
    expect(facts).toContain("$400.00/month");
    expect(facts).toContain("From Acme Tools.");
    expect(facts).not.toContain("Seasonal");
    // Without a known class there is no class notice to link.
    expect(screen.queryByRole("link", { name: /Read your ICHRA notice/ })).toBeNull();
  });

  test("Plan Details of a late hire: their own start date, not the plan's months ago", () => {
    showStep(3, view({ coverageStartDate: "2027-05-01" }));
    const facts = document.querySelector(".plan-facts")!.textContent!;
    expect(facts).toContain("Your start date");
    expect(facts).toContain("May 1, 2027");
    expect(facts).toContain("Your coverage and allowance begin on this date; the plan began on January 1, 2027.");
    expect(facts).not.toContain("Plan start date");
  });

  test("Shop and Confirm use the allowance the server answered", async () => {
    const shop = showStep(5, view({ allowance: 400, allowanceIsFallback: true, className: null }));
    expect(screen.getByText(/Your allowance of/).textContent).toContain("$400.00/month");
    // Bronze costs $350: fully covered by $400.
    expect(document.querySelectorAll(".plan-card")[0].textContent).toContain("You pay $0.00/month");
    expect(document.querySelectorAll(".plan-card")[3].textContent).toContain("You pay $250.00/month");
    shop.unmount();
    showStep(7, view({ allowance: 610.5, registration: saved }));
    await waitFor(() => expect(screen.getByTestId("stored-registration").textContent).toContain("$610.50/month"));
  });

  test("Plan Details states the amounts by family size, and the employee may opt out there: the date is recorded and shown", async () => {
    answers.push(() => json(view({ allowances: { individual: 400, individualPlus1: 700, family: 1000 }, allowance: 400 })));
    await loadRegistration("5", "abc123abc123abc123abc123");
    currentStep.value = 3;
    render(<RegistrationSteps />);
    expect(document.querySelector(".plan-facts")!.textContent).toContain(
      "Covering family members too: $700.00/month for yourself and one more, $1,000.00/month for your family.",
    );
    // Asked first, with the keyboard on the question; keeping the offer gives it back to the button.
    fireEvent.click(screen.getByRole("button", { name: "Opt out of the ICHRA" }));
    await waitFor(() => expect(document.activeElement?.textContent).toContain("Opt out of the ICHRA and waive its reimbursements"));
    fireEvent.click(screen.getByRole("button", { name: "Keep the offer" }));
    await waitFor(() => expect(document.activeElement === screen.getByRole("button", { name: "Opt out of the ICHRA" })).toBe(true));
    fireEvent.click(screen.getByRole("button", { name: "Opt out of the ICHRA" }));
    answers.push(() =>
      json(
        view({
          registration: { ...saved, submittedAt: null, declinedAt: "2026-11-23T15:00:00.000Z" },
          optedOut: { takeBackUntil: "2026-12-31", until: "2027-12-31" },
        }),
      ),
    );
    fireEvent.click(screen.getByRole("button", { name: "Yes, opt out and waive" }));
    await screen.findByText("You opted out of the ICHRA on November 23, 2026 and waived its reimbursements.");
    expect(calls.at(-1)).toMatchObject({ method: "POST", body: { invite: "abc123abc123abc123abc123", decline: true } });
    expect(screen.getByRole("button", { name: "Register instead" })).toBeTruthy();
    // Taking it back by registering is open until the day before the first waived month.
    expect(screen.getByText("Changed your mind? You can still register with your invitation until December 31, 2026.")).toBeTruthy();
    // The steps the opting out passed over read as skipped, not completed.
    const states = [...document.querySelectorAll(".progress-steps li")].map((li) => li.getAttribute("data-state"));
    expect(states).toEqual(["done", "done", "done", "skipped", "skipped", "skipped", "current"]);
    expect(document.querySelector(".progress-steps")!.textContent).toContain("Terms (skipped)");
    // Registering instead goes through those steps again: none reads as skipped, and one is current.
    fireEvent.click(screen.getByRole("button", { name: "Register instead" }));
    await screen.findByRole("heading", { level: 2, name: "Personal Info" });
    expect([...document.querySelectorAll(".progress-steps li")].map((li) => li.getAttribute("data-state"))).not.toContain("skipped");
    expect(document.querySelector(".progress-steps [aria-current='step']")).toBeTruthy();
  });

  test("an opting out whose months have started says it holds for the plan year, and offers no registering instead", async () => {
    answers.push(() =>
      json(
        view({
          registration: { ...saved, submittedAt: null, declinedAt: "2026-11-23T15:00:00.000Z" },
          optedOut: { takeBackUntil: null, until: "2027-10-31" },
        }),
      ),
    );
    await loadRegistration("5", "abc123abc123abc123abc123");
    render(<RegistrationSteps />);
    await screen.findByText("Your allowance's months have started, so this holds until the plan year ends on October 31, 2027.");
    expect(screen.queryByRole("button", { name: "Register instead" })).toBeNull();
  });

  test("Plan Details links the employee's ICHRA notice with the same invite, in a new tab", async () => {
    answers.push(() => json(view()));
    await loadRegistration("5", "abc123abc123abc123abc123");
    currentStep.value = 3;
    render(<RegistrationSteps />);
    const link = screen.getByRole("link", { name: "Read your ICHRA notice (opens in a new tab)" });
    expect(link.getAttribute("href")).toBe("/employee-registration/5/notice?invite=abc123abc123abc123abc123");
    expect(link.getAttribute("target")).toBe("_blank");
  });

  const alabama = (published: boolean) => ({
    state: "AL",
    name: "Alabama",
    annual: published ? { single: 7300, plusOne: 14000, family: 21000 } : { single: 8208, plusOne: 16045, family: 23835 },
    perPaycheck: published ? { single: 304.17, plusOne: 583.33, family: 875 } : { single: 342, plusOne: 668.54, family: 993.13 },
    rank: published ? 1 : null,
    usesNationalDefault: !published,
    source: published ? "AHRQ MEPS-IC" : null,
    year: published ? 2024 : null,
  });
  const alaska = {
    ...alabama(false),
    state: "AK",
    name: "Alaska",
  };

  test("Coverage: with no state figure loaded, one sentence of national averages and its source line; the level is required", async () => {
    answers.push(() => json({ sourceLine: "Source: no published state figures are loaded yet.", states: [alaska, alabama(false)] }));
    showStep(4);
    expect(screen.getByText("Loading state premiums...")).toBeTruthy();
    // Rows that would all say the same are one sentence instead.
    await screen.findByText(/No state's average premium is loaded yet, so every state uses the national average/);
    expect(document.querySelector(".premium-national p")!.textContent).toBe(
      "No state's average premium is loaded yet, so every state uses the national average: $8,208 a year for Individual, $16,045 a year for Individual + 1 and $23,835 a year for Family.",
    );
    expect(screen.queryByRole("table")).toBeNull();
    expect(document.querySelector(".source-line")!.textContent).toContain("Source: no published state figures are loaded yet.");
    // The state chosen is given its level's national average, without saying again that no state has a figure.
    fireEvent.change(screen.getByLabelText("State"), { target: { value: "AL" } });
    expect(document.querySelector(".premium-summary")!.textContent).toBe(
      "The national average premium for Individual coverage: $8,208 a year, $342.00 per paycheck (24 paychecks a year).",
    );
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(screen.getByText("Please select a coverage level")).toBeTruthy();
    // Focus goes to the first choice, so a keyboard user lands on what to fix.
    expect(document.activeElement).toBe(document.querySelector("input[name='coverageLevel']"));
    expect(calls).toHaveLength(1);
  });

  test("Coverage: with a state figure loaded, the table ranks it and marks the others as the national average", async () => {
    answers.push(() => json({ sourceLine: "Source: AHRQ MEPS-IC 2024.", states: [alabama(true), alaska] }));
    showStep(4);
    // The table is a disclosure that says what it holds.
    const summary = await screen.findByText(
      "Average annual premium in every state: 1 published and ranked, the others at the national average",
    );
    expect(summary.tagName).toBe("SUMMARY");
    fireEvent.click(summary);
    await screen.findByRole("table");
    const [first, second] = [...document.querySelectorAll("tbody tr")].map((row) => row.textContent!);
    expect(first).toContain("Alabama");
    expect(first).toContain("$7,300");
    expect(second).toContain("Alaska (national average)");
    expect(second).toContain("—");
    expect(second).toContain("$8,208");
    expect(document.querySelector(".source-line")!.textContent).toContain("Source: AHRQ MEPS-IC 2024.");
  });

  /** The Shop step of an employee in Alabama who chose Family coverage, with a $900 allowance. */
  function showFamilyShop() {
    const v = view({ allowance: 900 });
    registration.value = v;
    form.value = { ...formFrom(v), coverageLevel: "family", state: "AL" };
    loadState.value = "ready";
    currentStep.value = 5;
    render(<RegistrationSteps />);
  }

  test("Shop for Family: the sample premiums are scaled by the state's family premium before the allowance is taken off", async () => {
    // Alabama's published family premium is 21,000 against 7,300 for one person: Bronze's $350 is $1,006.85 for a family.
    answers.push(() => json({ sourceLine: "Source: AHRQ MEPS-IC 2024.", states: [alabama(true)] }));
    showFamilyShop();
    await waitFor(() => expect(document.querySelectorAll(".plan-card")[0]!.textContent).toContain("Premium $1,006.85/month"));
    expect(document.querySelectorAll(".plan-card")[0]!.textContent).toContain("You pay $106.85/month");
    expect(screen.getByText(/priced for Family coverage/).textContent).toContain("average Family premium in Alabama");
  });

  test("Shop for Family in a state with no published figure names the national average it scaled by", async () => {
    answers.push(() => json({ sourceLine: "Source: no published state figures are loaded yet.", states: [alabama(false)] }));
    showFamilyShop();
    const intro = await screen.findByText(/priced for Family coverage/);
    expect(intro.textContent).toContain("average Family premium in the nation (no published figure for Alabama yet)");
  });

  test("Shop: four plans with net monthly cost after the allowance; a plan is required", () => {
    showStep(5);
    const cards = [...document.querySelectorAll(".plan-card")].map((c) => c.textContent!);
    expect(cards).toHaveLength(4);
    expect(cards[0]).toContain("You pay $0.00/month");
    expect(cards[2]).toContain("$8,550.00");
    expect(cards[3]).toContain("You pay $125.00/month");
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(screen.getByText("Please select a health insurance plan")).toBeTruthy();
    expect(document.activeElement).toBe(document.querySelector("input[name='healthPlanId']"));
  });

  test("Terms: submit disabled until accepted, then the submit shows what the server stored", async () => {
    showStep(6);
    const submit = screen.getByRole("button", { name: "Submit registration" }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.click(screen.getByLabelText("I accept the terms and conditions"));
    expect(submit.disabled).toBe(false);
    answers.push(() => json(view({ registration: saved })));
    await act(async () => {
      fireEvent.click(submit);
    });
    await screen.findByRole("heading", { level: 2, name: "Confirm" });
    expect(calls[0].body).toMatchObject({ acceptTerms: true, submit: true });
    const stored = screen.getByTestId("stored-registration").textContent!;
    for (const text of ["Maria Garcia", "•••• 4821", "Texas", "Family", "Gold", "$525.00/month"]) expect(stored).toContain(text);
  });

  test("Confirm: a submitted registration is shown read-only, with who to ask for a change and what comes next", async () => {
    showStep(7, view({ registration: saved, editable: false }));
    // Changes go through us, the plan's administrator (rulings), not the employer.
    const correct = await screen.findByText(/Your registration is submitted, so it can no longer be changed here\./);
    expect(correct.textContent).toBe(
      `Your registration is submitted, so it can no longer be changed here. To correct something, write to us, the plan's administrator, at ${defaultContactEmail}.`,
    );
    expect(correct.querySelector("a")?.getAttribute("href")).toBe(`mailto:${defaultContactEmail}`);
    // Where the employee goes from here: My benefits, to prove coverage and claim.
    const next = screen.getByRole("region", { name: "What comes next" });
    expect(next.textContent).toContain(`Sign in to My benefits with ${saved.email}`);
    expect(next.textContent).toContain("Send proof of your individual health coverage");
    const signIn = within(next).getByRole("button", { name: "Sign in to My benefits" });
    expect(signIn.getAttribute("href")).toBe("/login");
    // The address goes to the sign-in page in the history entry, never in the link.
    fireEvent.click(signIn);
    expect((history.state as Record<string, unknown>)[SIGN_IN_EMAIL_STATE]).toBe(saved.email);
    expect(screen.queryByRole("button", { name: /Edit/ })).toBeNull();
    expect(screen.queryByRole("button", { name: "Back" })).toBeNull();
  });
});
