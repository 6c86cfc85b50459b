// The employee's journey at phone size: the employer invites through the API, the emailed
// link (read from the outbox) opens the seven steps, every step is saved, the confirmation
// shows what the server stored; once more keyboard-only; axe on every step and the dialog.
import { beforeAll, describe, expect, test } from "bun:test";
import { openDatabase } from "@src/db";
import { createEnrollmentWithCensus, type Fixture } from "@src/test/employee-fixtures";
import type { Page } from "playwright-core";
import { dbQuery, expectNoAxeViolations, lastEmail, signInAs, tabTo, useE2E, withPage } from "./harness";

const e2e = useE2E();
let fixture: Fixture;
let emails: string[];

beforeAll(async () => {
  const database = openDatabase(e2e.server.databasePath, { migrate: false });
  // Advantage: a plan with indemnity benefits, which the sample paycheck counts on.
  fixture = await createEnrollmentWithCensus(database.db, { planId: 2 });
  database.close();
  const res = await fetch(`${e2e.server.url}/api/enrollment/${fixture.enrollmentId}/invitations`, {
    method: "POST",
    headers: { cookie: fixture.ownerCookie, origin: e2e.server.url },
  });
  expect(res.status).toBe(200);
  emails = (await res.json()).employees.map((e: { email: string }) => e.email);
});

const emailedLink = (to: string) =>
  lastEmail(e2e.server, { to, kind: "employee_invitation" }).link(/\/employee-registration\/\d+\?invite=[\w-]+$/);

const storedRegistration = (employeeId: number) =>
  dbQuery(e2e.server, "select * from employee_registrations where census_employee_id = ?", employeeId)[0] ?? null;

async function expectStep(page: Page, label: string, number: number) {
  await page.getByRole("heading", { level: 2, name: label }).waitFor();
  expect(await page.locator(".progress-heading").textContent()).toContain(`Step ${number} of 7`);
  const back = page.getByRole("button", { name: "Back", exact: true });
  expect({ step: number, back: await back.count() }).toEqual({ step: number, back: number >= 2 && number <= 6 ? 1 : 0 });
  await expectNoAxeViolations(page, `step ${number} ${label}`);
}

describe("employee registration at 390×844", () => {
  test("an invalid link shows nothing of the enrollment", async () => {
    await withPage(e2e.browser, "phone", "employee-invalid", async (page) => {
      await page.goto(`${e2e.server.url}/employee-registration/${fixture.enrollmentId}?invite=forged-token-forged-token-1234`);
      await page.getByRole("heading", { name: "This registration link is invalid or has expired" }).waitFor();
      expect(await page.locator("main").textContent()).toContain("ask your employer");
      expect(await page.locator("main").textContent()).not.toContain("Acme");
      expect(await page.locator("body > header").count()).toBe(0);
      await expectNoAxeViolations(page, "invalid invite");
    });
  }, 60_000);

  test("from the emailed link through all seven steps to the stored confirmation", async () => {
    await withPage(e2e.browser, "phone", "employee-journey", async (page) => {
      await page.goto(emailedLink(emails[0]));

      await expectStep(page, "Personal Info", 1);
      expect(await page.getByLabel("First name").inputValue()).toBe("Maria");
      expect(await page.getByLabel("Email").textContent()).toBe(emails[0]);
      expect(await page.getByLabel("ZIP code").inputValue()).toBe("78704");
      // Errors keep what was typed.
      await page.getByLabel("Last 4 digits of your SSN").fill("12");
      await page.getByRole("button", { name: "Continue" }).click();
      await page.getByText("Please enter at least the last 4 digits of your SSN").waitFor();
      expect(await page.getByText("Please enter your address").isVisible()).toBe(true);
      expect(await page.getByLabel("Last 4 digits of your SSN").inputValue()).toBe("12");
      await expectNoAxeViolations(page, "step 1 with errors");
      // The whole number pasted, or typed key by key: the box keeps its last four digits.
      await page.getByLabel("Last 4 digits of your SSN").fill("123-45-4821");
      expect(await page.getByLabel("Last 4 digits of your SSN").inputValue()).toBe("4821");
      await page.getByLabel("Last 4 digits of your SSN").fill("");
      await page.getByLabel("Last 4 digits of your SSN").pressSequentially("987654821");
      expect(await page.getByLabel("Last 4 digits of your SSN").inputValue()).toBe("4821");
      await page.getByLabel("Address").fill("500 Congress Ave");
      await page.getByLabel("City").fill("Austin");
      await page.locator("#field-state").selectOption("TX");
      await page.getByRole("button", { name: "Continue" }).click();

      await expectStep(page, "About ICHRA", 2);
      expect(storedRegistration(fixture.employeeIds[0])).toMatchObject({ address: "500 Congress Ave", state: "TX" });
      const tabs = page.getByRole("tab");
      expect(await tabs.allTextContents()).toEqual(["Individual", "Individual + 1", "Family"]);
      expect(await page.getByRole("tabpanel").textContent()).toContain("$107.39");
      await page.getByRole("tab", { name: "Family" }).click();
      expect(await page.getByRole("tab", { name: "Family" }).getAttribute("aria-selected")).toBe("true");
      expect(await page.getByRole("tabpanel").textContent()).toContain("$62.81");
      const opener = page.getByRole("button", { name: "See full paycheck comparison" });
      await opener.click();
      const dialog = page.getByRole("dialog", { name: "Full paycheck comparison" });
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain("$63.76");
      await expectNoAxeViolations(page, "paycheck dialog");
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
      expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.getByRole("button", { name: "Continue" }).click();

      await expectStep(page, "Plan Details", 3);
      expect(await page.locator(".plan-facts").textContent()).toContain("$525.00/month");
      expect(await page.locator(".plan-facts").textContent()).toContain("Full-time");
      await page.getByRole("button", { name: "Continue" }).click();

      await expectStep(page, "Coverage", 4);
      // The browser's Back (a phone's back gesture) is the step before, on the same page.
      const address = page.url();
      await page.goBack();
      await expectStep(page, "Plan Details", 3);
      expect(page.url()).toBe(address);
      await page.getByRole("button", { name: "Continue" }).click();
      await expectStep(page, "Coverage", 4);
      // No state figure is loaded here: one sentence of national averages, not 51 identical rows.
      await page.getByText(/No state's average premium is loaded yet, so every state uses the national average/).waitFor();
      expect(await page.getByRole("table", { name: "Average annual premium by state" }).count()).toBe(0);
      const stateOptions = await page.locator("#premium-state option").allTextContents();
      expect(stateOptions.slice(1)).toEqual([...stateOptions.slice(1)].sort((a, b) => a.localeCompare(b)));
      expect(stateOptions).toHaveLength(52);
      expect(await page.locator(".source-line").textContent()).toContain("Source:");
      await page.getByRole("button", { name: "Continue" }).click();
      await page.getByText("Please select a coverage level").waitFor();
      await page.getByLabel("Individual + 1").check();
      expect(await page.locator(".premium-summary").textContent()).toContain("$668.54");
      await page.getByRole("button", { name: "Continue" }).click();

      await expectStep(page, "Shop", 5);
      expect(await page.locator(".plan-card").count()).toBe(4);
      const gold = page.locator(".plan-card", { hasText: "Gold" });
      expect(await gold.textContent()).toContain("$1,500.00");
      // Priced for Individual + 1: $550 for one person × the national average's 16,045 / 8,208, less the $525 allowance.
      expect(await gold.textContent()).toContain("Premium $1,075.14/month");
      expect(await gold.textContent()).toContain("You pay $550.14/month");
      await gold.getByRole("radio").check();
      await page.getByRole("button", { name: "Continue" }).click();

      await expectStep(page, "Terms", 6);
      const submit = page.getByRole("button", { name: "Submit registration" });
      expect(await submit.isDisabled()).toBe(true);
      await page.getByLabel("I accept the terms and conditions").check();
      expect(await submit.isEnabled()).toBe(true);
      await submit.click();

      await expectStep(page, "Confirm", 7);
      const stored = page.getByTestId("stored-registration");
      const text = await stored.textContent();
      for (const expected of ["Maria Garcia", "500 Congress Ave", "Texas", "Individual + 1", "Gold", "•••• 4821", "$525.00/month"])
        expect(text).toContain(expected);
      const row = storedRegistration(fixture.employeeIds[0])!;
      expect(row).toMatchObject({ first_name: "Maria", coverage_level: "individualPlus1", health_plan_id: "gold", city: "Austin" });
      expect(row.submitted_at).not.toBeNull();
      expect(String(row.ssn_last4_encrypted)).not.toContain("4821");
      const employer = await (
        await fetch(`${e2e.server.url}/api/enrollment/${fixture.enrollmentId}/employees`, { headers: { cookie: fixture.ownerCookie } })
      ).json();
      expect(employer.employees.find((e: { email: string }) => e.email === emails[0])).toMatchObject({
        inviteStatus: "registered",
        // The employer reads the coverage level the allowance is figured for, not the plan the employee chose.
        registration: { coverageLevel: "individualPlus1" },
      });
    });
    // The employer's dashboard shows the registration in its Employees section.
    await withPage(e2e.browser, "desktop", "employee-on-dashboard", async (page) => {
      await signInAs(page.context(), e2e.server.url, fixture.ownerCookie);
      await page.goto(`${e2e.server.url}/dashboard/${fixture.businessId}`);
      const section = page.locator("section.employees-section");
      const row = section.locator("tr", { hasText: "Maria Garcia" });
      await row.waitFor();
      expect(await row.textContent()).toContain("Registered");
      expect(await row.textContent()).not.toContain("Gold");
      await expectNoAxeViolations(page, "dashboard employees");
    });
  }, 120_000);

  test("keyboard only: every step from the link to the confirmation", async () => {
    await withPage(e2e.browser, "phone", "employee-keyboard", async (page) => {
      await page.goto(emailedLink(emails[1]));
      // Each step after the first moves focus to its heading once drawn: keys pressed before that would go astray.
      const stepShown = async (name: string) => {
        await page.getByRole("heading", { level: 2, name }).waitFor();
        await page.waitForFunction((name) => document.activeElement?.matches("h2") && document.activeElement.textContent === name, name);
      };
      await page.getByRole("heading", { level: 2, name: "Personal Info" }).waitFor();
      const typeInto = async (selector: string, text: string) => {
        await tabTo(page, selector);
        await page.keyboard.press("Control+A");
        await page.keyboard.type(text);
      };
      await typeInto("#field-phone", "512 555 0199");
      await typeInto("#field-ssn", "5512");
      await typeInto("#field-address", "12 Oak Street");
      await typeInto("#field-city", "Dallas");
      await tabTo(page, "#field-state");
      await page.keyboard.type("Texas");
      await tabTo(page, "button[type=submit]");
      await page.keyboard.press("Enter");

      await stepShown("About ICHRA");
      await tabTo(page, "[role=tab][aria-selected=true]");
      await page.keyboard.press("ArrowRight");
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Individual + 1");
      expect(await page.getByRole("tabpanel").textContent()).toContain("$63.76");
      await tabTo(page, "button[aria-haspopup=dialog]");
      await page.keyboard.press("Enter");
      await page.getByRole("dialog").waitFor();
      expect(await page.evaluate(() => document.activeElement?.closest("dialog") !== null)).toBe(true);
      await page.keyboard.press("Escape");
      await page.getByRole("dialog").waitFor({ state: "hidden" });
      // The dialog's close event hands focus back to its opener a moment after it hides: Tab from
      // there, or a late hand-back lands the Enter below on the opener and the dialog opens again.
      await page.waitForFunction(() => document.activeElement?.matches("button[aria-haspopup=dialog]"));
      await tabTo(page, ".step-actions button:not(.secondary)");
      await page.keyboard.press("Enter");

      await stepShown("Plan Details");
      expect(await page.locator(".plan-facts").textContent()).toContain("$200.00/month");
      await tabTo(page, ".step-actions button:not(.secondary)");
      await page.keyboard.press("Enter");

      await stepShown("Coverage");
      await tabTo(page, "input[name=coverageLevel]");
      await page.keyboard.press("Space");
      await page.keyboard.press("ArrowDown");
      await page.keyboard.press("ArrowDown");
      expect(await page.getByLabel("Family").isChecked()).toBe(true);
      await tabTo(page, "button[type=submit]");
      await page.keyboard.press("Enter");

      await stepShown("Shop");
      await tabTo(page, "input[name=healthPlanId]");
      await page.keyboard.press("Space");
      expect(await page.getByRole("radio", { name: "Bronze" }).isChecked()).toBe(true);
      await tabTo(page, "button[type=submit]");
      await page.keyboard.press("Enter");

      await stepShown("Terms");
      await tabTo(page, "input[name=acceptTerms]");
      await page.keyboard.press("Space");
      await tabTo(page, "button[type=submit]");
      await page.keyboard.press("Enter");

      await stepShown("Confirm");
      expect(await page.getByTestId("stored-registration").textContent()).toContain("Bronze");
      expect(storedRegistration(fixture.employeeIds[1])).toMatchObject({
        city: "Dallas",
        coverage_level: "family",
        health_plan_id: "bronze",
        state: "TX",
      });
    });
  }, 120_000);

  test("at 1280×800 a registered employee's new link shows the submitted registration read-only; the paycheck dialog", async () => {
    const res = await fetch(`${e2e.server.url}/api/enrollment/${fixture.enrollmentId}/employees/${fixture.employeeIds[0]}/invitation`, {
      method: "POST",
      headers: { cookie: fixture.ownerCookie, origin: e2e.server.url },
    });
    expect(res.status).toBe(200);
    const link = emailedLink(emails[0]);
    await withPage(e2e.browser, "desktop", "employee-desktop", async (page) => {
      await page.goto(link);
      await expectStep(page, "Confirm", 7);
      expect(await page.getByTestId("stored-registration").textContent()).toContain("•••• 4821");
      expect(await page.locator("main").textContent()).toContain("it can no longer be changed here");
      expect(await page.getByRole("button", { name: /Edit/ }).count()).toBe(0);
    });
    // Nor can the link change it by calling the API.
    const change = await fetch(`${e2e.server.url}/api/employee-registration/${fixture.enrollmentId}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ invite: new URL(link).searchParams.get("invite"), city: "Round Rock" }),
    });
    expect(change.status).toBe(409);
    expect(storedRegistration(fixture.employeeIds[0])).toMatchObject({ city: "Austin", coverage_level: "individualPlus1" });

    // Someone new, for the paycheck dialog at desktop size.
    const database = openDatabase(e2e.server.databasePath, { migrate: false });
    const other = await createEnrollmentWithCensus(database.db, { planId: 2 });
    database.close();
    const invited = await fetch(`${e2e.server.url}/api/enrollment/${other.enrollmentId}/invitations`, {
      method: "POST",
      headers: { cookie: other.ownerCookie, origin: e2e.server.url },
    });
    const [first] = (await invited.json()).employees.map((e: { email: string }) => e.email);
    await withPage(e2e.browser, "desktop", "employee-desktop-dialog", async (page) => {
      await page.goto(emailedLink(first));
      await expectStep(page, "Personal Info", 1);
      await page.getByLabel("Last 4 digits of your SSN").fill("1234");
      await page.getByLabel("Address").fill("500 Congress Ave");
      await page.getByLabel("City").fill("Austin");
      await page.locator("#field-state").selectOption("TX");
      await page.getByRole("button", { name: "Continue" }).click();
      await expectStep(page, "About ICHRA", 2);
      await page.getByRole("button", { name: "See full paycheck comparison" }).click();
      const dialog = page.getByRole("dialog", { name: "Full paycheck comparison" });
      await dialog.waitFor();
      await expectNoAxeViolations(page, "paycheck dialog (desktop)");
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
    });
  }, 120_000);
});
