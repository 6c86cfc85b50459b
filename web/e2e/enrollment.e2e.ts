// The employer's journey in a real browser against the real server: from the home page's
// Get started through the six steps (a census with a bad row, then fixed) to the success
// page and the dashboard; the same by keyboard on a phone, with a reload in the middle;
// and signing in from a second browser with the emailed one-time link.
import { describe, expect, test } from "bun:test";
import { localToday, quickEffectiveDate } from "@src/lib/date-rules";
import { noticeIsLate } from "@src/modules/compliance/notice-dates";
import { classesPayload, companyPayload } from "@src/test/employers";
import type { Page } from "playwright-core";
import { dbQuery, expectNoAxeViolations, expectSoundScreen, lastEmail, tabTo, useE2E, withPage } from "./harness";

const e2e = useE2E();
const query = <T>(sql: string, ...params: (string | number)[]) => dbQuery<T>(e2e.server, sql, ...params);

const header = "First Name,Last Name,Email,Date of Birth,Home ZIP,Class,Phone,Hire Date,Employment Type";
const badCsv = [
  header,
  "Ana,Diaz,ana@example.com,1990-04-12,78701,Full-time,512-555-0101,2020-01-06,full-time",
  "Ben,Cole,not-an-email,1985-09-30,78702,Part-time,,,part-time",
].join("\n");
const goodCsv = badCsv.replace("not-an-email", "ben@example.com");

const heading = (page: Page, name: string) => page.getByRole("heading", { name, exact: true }).waitFor();
const toastSays = (page: Page, text: string) => page.locator(".toast").filter({ hasText: text }).waitFor();

async function uploadCensus(page: Page, name: string, csv: string) {
  await page
    .getByLabel("Drag and drop your census file here, or select it")
    .setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByText(`Selected: ${name}`).waitFor();
  await page.getByRole("button", { name: "Upload File" }).click();
}

describe("employer enrollment", () => {
  test("desktop: from Get started through six steps to the success page, the dashboard, and sign-in from another browser", async () => {
    const email = `owner-${Date.now()}@acme.test`;
    await withPage(e2e.browser, "desktop", "enrollment-desktop", async (page) => {
      await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: e2e.server.url });
      await page.goto(`${e2e.server.url}/`);
      await page.getByRole("button", { name: "Get started" }).click();
      await page.waitForURL("**/enroll");

      // 1. Company Info: an empty continue first, then the real registration.
      await heading(page, "Company Information");
      expect(await page.getByRole("button", { name: "Previous" }).isDisabled()).toBe(true);
      await expectNoAxeViolations(page, "company info (desktop)");
      await page.getByRole("button", { name: "Continue to Next Step" }).click();
      await page.getByText("Company name is required").waitFor();
      await toastSays(page, "Please complete all required fields before continuing.");
      await expectNoAxeViolations(page, "company info with errors (desktop)");
      await page.getByLabel("Company Name").fill("Acme Dental");
      // Nothing typed is lost to a reload.
      await page.reload();
      await heading(page, "Company Information");
      expect(await page.getByLabel("Company Name").inputValue()).toBe("Acme Dental");
      await page.getByLabel("EIN/Tax ID").fill("12-3456789");
      await page.getByLabel("Industry").selectOption("healthcare");
      await page.getByLabel("Business Address").fill("1 Main St");
      await page.getByLabel("City").fill("Austin");
      await page.getByLabel("State").selectOption("TX");
      await page.getByLabel("ZIP/Postal Code").fill("78701");
      await page.getByLabel("Number of Employees").selectOption("11-50");
      await page.getByLabel("First Name").fill("Pat");
      await page.getByLabel("Last Name").fill("Lee");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Phone").fill("512-555-0100");
      await page.getByLabel("I agree to the terms and conditions").check();
      await page.getByRole("button", { name: "Continue to Next Step" }).click();

      // 2. Plan Design.
      await heading(page, "Choose Your ICHRA Plan");
      await toastSays(page, "Business Registration Complete");
      await page.getByRole("navigation", { name: "Account" }).getByText("Acme Dental").waitFor();
      const [biz] = query<{ id: number; status: string }>("select id, status from businesses where name = 'Acme Dental'");
      expect(biz.status).toBe("registered");
      expect(await page.evaluate(() => localStorage.getItem("last_business_id"))).toBe(String(biz.id));
      // A typo in the address, seen now: back to step 1, corrected and saved, then on.
      await page.getByRole("button", { name: "Previous" }).click();
      await heading(page, "Company Information");
      await page.getByRole("button", { name: "Edit company details" }).click();
      await page.getByLabel("Business Address").fill("100 Main Street");
      await expectNoAxeViolations(page, "company details editor (desktop)");
      await page.getByRole("button", { name: "Save Company Details" }).click();
      await toastSays(page, "Company Details Saved");
      await page.getByText("100 Main Street, Austin, TX 78701").waitFor();
      expect(query<{ address: string }>("select address from businesses where id = ?", biz.id)[0]!.address).toBe("100 Main Street");
      await page.getByRole("button", { name: "Continue to Next Step" }).click();
      await heading(page, "Choose Your ICHRA Plan");
      await page.getByText("Most Popular").waitFor();
      expect(await page.locator(".plan-card input[type=radio]").first().isChecked()).toBe(true);
      await expectNoAxeViolations(page, "plan design (desktop)");
      await page.getByLabel("Monthly Budget ($)").fill("4500");
      await page.getByRole("button", { name: "Continue to Next Step" }).click();

      // 3. Employee Classes.
      await heading(page, "Define Employee Classes");
      await page.getByText("0 classes defined").waitFor();
      expect(await page.getByRole("button", { name: "Continue to Next Step" }).isDisabled()).toBe(true);
      for (const [name, amount, basis] of [
        ["Full-time", "500", "Full-time employees"],
        ["Part-time", "250", "Part-time employees"],
      ]) {
        await page.getByLabel("Class Name").fill(name);
        await page.getByLabel("Monthly Allowance ($)").fill(amount);
        await page.getByLabel(basis, { exact: true }).check();
        await page.getByRole("button", { name: "Add Class" }).click();
        await page.getByText(`Based on: ${basis}`).waitFor();
      }
      await page.getByText("2 classes defined").waitFor();
      await expectNoAxeViolations(page, "employee classes (desktop)");
      await page.getByRole("button", { name: "Continue to Next Step" }).click();

      // 4. Employee Census: the template, a file with a bad row, then the fixed file.
      await heading(page, "Employee Census");
      await expectNoAxeViolations(page, "employee census (desktop)");
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: "Download the census template (CSV)" }).click(),
      ]);
      const template = await Bun.file((await download.path())!).text();
      expect(template.split(/\r?\n/)[0]).toBe(`${header},Work ZIP`);
      await uploadCensus(page, "census.csv", badCsv);
      await page.getByText("1 row was not accepted").waitFor();
      const errorRow = page.locator("table.census-errors tbody tr").first();
      expect(await errorRow.locator("td").allTextContents()).toEqual(["Row 3", "Email", expect.any(String)]);
      await expectNoAxeViolations(page, "census row errors (desktop)");
      await uploadCensus(page, "census-fixed.csv", goodCsv);
      await page.getByText("Upload Complete").waitFor();
      const [{ n: employees }] = query<{ n: number }>(
        "select count(*) as n from census_employees e join enrollments en on en.id = e.enrollment_id where en.business_id = ?",
        biz.id,
      );
      expect(employees).toBe(2);
      await page.getByRole("button", { name: "Continue to Next Step" }).click();

      // 5. Effective Date.
      await heading(page, "Choose Your Effective Date");
      const dateField = page.getByLabel("Effective Date");
      // 90 days ahead, then the first of the following month (rulings).
      expect(await dateField.inputValue()).toBe(quickEffectiveDate(localToday(), 90));
      expect(await dateField.getAttribute("min")).toBe(localToday());
      await expectNoAxeViolations(page, "effective date (desktop)");
      await page.getByRole("button", { name: /^60 days/ }).click();
      await page.getByRole("button", { name: "Continue to Next Step" }).click();

      // 6. Review & Submit.
      await heading(page, "Review & Submit");
      await page.getByText("2 employees on file").waitFor();
      await page.getByText("Average").waitFor();
      await expectNoAxeViolations(page, "review (desktop)");
      await page.getByLabel("Additional Notes (optional)").fill("Please start with the Austin office.");
      // Fewer than 90 days before the plan starts, only a new business submits, and says so.
      const late = noticeIsLate(quickEffectiveDate(localToday(), 60), localToday());
      if (late) {
        await page.getByRole("button", { name: "Submit Enrollment" }).click();
        await page
          .getByText(/Your employees must get their ICHRA notice at least 90 days before the plan starts/)
          .first()
          .waitFor();
        await expectNoAxeViolations(page, "review refused for a late notice (desktop)");
        await page.getByLabel(/My business did not yet exist 120 days before/).check();
      }
      await page.getByRole("button", { name: "Submit Enrollment" }).click();
      await page.waitForURL(/\/success\/\d+$/);
      const enrollmentId = Number(new URL(page.url()).pathname.split("/").pop());
      await heading(page, "Enrollment Complete");
      const [stored] = query<{ status: string; effective_date: string; notes: string; biz: string; new_employer: number }>(
        "select en.status, en.effective_date, en.additional_notes as notes, b.status as biz, en.new_employer from enrollments en join businesses b on b.id = en.business_id where en.id = ?",
        enrollmentId,
      );
      expect(stored).toEqual({
        status: "pending",
        effective_date: quickEffectiveDate(localToday(), 60),
        notes: "Please start with the Austin office.",
        biz: "enrolled",
        new_employer: late ? 1 : 0,
      });
      expect(lastEmail(e2e.server, { to: email, kind: "enrollment_confirmation" }).subject).toBe(
        "Your ICHRA enrollment for Acme Dental was received",
      );
      await expectNoAxeViolations(page, "success (desktop)");

      // Finalizing sent nothing to the employees, and the page says so.
      await page
        .getByText("No invitations have been sent yet: your 2 employees have received nothing from us.", { exact: false })
        .waitFor();
      expect(query("select id from outbox where kind = 'employee_invitation'")).toHaveLength(0);

      // Preview tools: a read-only link for an employee chosen by name, copied; a sample to the owner alone.
      const invitesBefore = query("select id, invite_status, invite_token_hash from census_employees order by id");
      await page.getByRole("button", { name: "Show Preview Tools" }).click();
      await page.getByLabel("Preview the registration of").selectOption({ label: "Ben Cole (Part-time)" });
      await page.getByRole("button", { name: "Create Preview Link" }).click();
      const link = await page.getByLabel("Preview link for Ben Cole").inputValue();
      expect(link).toContain(`/employee-registration/${enrollmentId}?preview=`);
      await page.getByRole("button", { name: "Copy Link" }).click();
      await page.getByRole("button", { name: "Copied!" }).waitFor();
      await toastSays(page, "Link Copied");
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
      await page.getByRole("button", { name: "Copy Link" }).waitFor({ timeout: 5000 });
      await page.getByRole("button", { name: "Send Me a Sample Invitation" }).click();
      await page.getByText(`A sample invitation was sent to ${email}.`).waitFor();
      const sample = lastEmail(e2e.server, { to: email, kind: "sample_invitation" });
      expect(
        query("select id from outbox where kind in ('employee_invitation', 'sample_invitation') and to_address <> ?", email),
      ).toHaveLength(0);
      await expectNoAxeViolations(page, "success with tools (desktop)");

      // The preview opens Ben's registration read-only, from another tab: nothing can be typed or saved.
      const previewPage = await page.context().newPage();
      await previewPage.goto(link);
      await previewPage.getByText("This is Ben Cole's registration as they see it.", { exact: false }).waitFor();
      expect(await previewPage.getByLabel("First Name").isDisabled()).toBe(true);
      expect(await previewPage.getByLabel("First Name").inputValue()).toBe("Ben");
      await expectNoAxeViolations(previewPage, "registration preview (desktop)");
      for (let step = 2; step <= 7; step++) await previewPage.getByRole("button", { name: "Next step" }).click();
      expect(await previewPage.getByRole("button", { name: "Next step" }).isDisabled()).toBe(true);
      // The sample's link opens the made-up employee, not anyone on the census.
      await previewPage.goto(sample.link(/\/employee-registration\/\d+\?preview=/));
      await previewPage.getByText("This is Alex Sample's registration as they see it.", { exact: false }).waitFor();
      await previewPage.close();
      expect(query("select id, invite_status, invite_token_hash from census_employees order by id")).toEqual(invitesBefore);
      expect(query("select id from employee_registrations")).toHaveLength(0);

      // The dashboard.
      await page.getByRole("button", { name: "Go to Dashboard" }).click();
      await page.waitForURL(`**/dashboard/${biz.id}`);
      await heading(page, "Acme Dental");
      await page.getByText("12-345XXXX").waitFor();
      await page.getByText("Fully Enrolled").waitFor();
      await page.getByText("Pat Lee").waitFor();
      expect(await page.getByRole("tab", { name: "Employee Classes" }).getAttribute("aria-selected")).toBe("true");
      await expectNoAxeViolations(page, "dashboard (desktop)");
      // Signed in, the site's header says so on every page: the company, Dashboard, Sign out.
      await page.goto(`${e2e.server.url}/employers`);
      const account = page.getByRole("navigation", { name: "Account" });
      await account.getByText("Acme Dental").waitFor();
      expect(await account.textContent()).toContain("Signed in as Acme Dental");
      expect(await account.getByRole("link", { name: "Dashboard" }).getAttribute("href")).toBe(`/dashboard/${biz.id}`);
      await account.getByRole("button", { name: "Sign out" }).waitFor();
      expect(await page.locator("header").getByRole("link", { name: "Log in" }).count()).toBe(0);
    });

    // A second browser signs in with the emailed one-time link.
    await withPage(e2e.browser, "desktop", "sign-in", async (page) => {
      await page.goto(`${e2e.server.url}/login`);
      await heading(page, "Sign in");
      await expectNoAxeViolations(page, "login (desktop)");
      await page.getByRole("button", { name: "Email me a sign-in link" }).click();
      await page.locator("#login-email[aria-invalid=true]").waitFor();
      await expectSoundScreen(page, "login with an error (desktop)");
      await page.getByLabel("Email").fill(email);
      await page.getByRole("button", { name: "Email me a sign-in link" }).click();
      await heading(page, "Check your email");
      await expectSoundScreen(page, "login, link sent (desktop)");
      const signIn = lastEmail(e2e.server, { to: email, kind: "sign_in_link" }).link(/\/login\?token=\S+$/);
      // Opening the link alone spends nothing (mail scanners open links); the button signs in.
      await page.goto(signIn);
      await page.goto(signIn);
      await expectNoAxeViolations(page, "login with link (desktop)");
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL(/\/dashboard\/\d+$/);
      await heading(page, "Acme Dental");
      // The link works once; opened again, the page says this browser is signed in already.
      await page.goto(signIn);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL("**/login?error=expired");
      await page.getByText("That sign-in link can't be used again, but you're already signed in.").waitFor();
      expect(await page.getByText("That sign-in link has expired or was already used.").count()).toBe(0);
      await page.getByRole("link", { name: "Go to your dashboard" }).waitFor();
      await expectNoAxeViolations(page, "login expired while signed in (desktop)");
    });
  }, 120_000);

  test("phone, keyboard only: company info and navigation by keyboard, a reload resumes, every step passes axe", async () => {
    const email = `keys-${Date.now()}@acme.test`;
    await withPage(e2e.browser, "phone", "enrollment-keyboard", async (page) => {
      // The person never touches the mouse.
      const type = async (selector: string, text: string) => {
        await tabTo(page, selector);
        await page.keyboard.type(text);
      };
      const pick = async (selector: string, presses: number) => {
        await tabTo(page, selector);
        for (let i = 0; i < presses; i++) await page.keyboard.press("ArrowDown");
      };
      const pressButton = async (name: string) => {
        const id = await page.getByRole("button", { name, exact: true }).evaluate((el) => {
          el.setAttribute("data-kbd-target", "1");
          return el.getAttribute("data-kbd-target");
        });
        expect(id).toBe("1");
        await tabTo(page, "[data-kbd-target='1']");
        await page.evaluate(() => document.querySelector("[data-kbd-target]")?.removeAttribute("data-kbd-target"));
        await page.keyboard.press("Enter");
      };

      await page.goto(`${e2e.server.url}/enroll`);
      await heading(page, "Company Information");
      await expectNoAxeViolations(page, "company info (phone)");
      await pressButton("Continue to Next Step");
      await page.getByText("Company name is required").waitFor();
      await toastSays(page, "Please complete all required fields before continuing.");
      // On a phone the toast comes down from the top: a step's Continue, at the foot of the screen, stays in reach.
      const toastBox = await page.locator(".toast").boundingBox();
      expect(toastBox!.y + toastBox!.height).toBeLessThan(page.viewportSize()!.height / 2);
      await expectSoundScreen(page, "company info with errors (phone)");
      await type("#company-name", "Keyboard Co");
      await type("#company-taxId", "98-7654321");
      await pick("#company-industry", 2);
      await type("#company-address", "9 Elm St");
      await type("#company-city", "Denver");
      await pick("#company-state", 6);
      await type("#company-zip", "80202");
      await pick("#company-size", 1);
      await type("#company-firstName", "Kim");
      await type("#company-lastName", "Ray");
      await type("#company-email", email);
      await type("#company-phone", "303-555-0100");
      await tabTo(page, "#company-termsAccepted");
      await page.keyboard.press("Space");
      await pressButton("Continue to Next Step");

      await heading(page, "Choose Your ICHRA Plan");
      const [biz] = query<{ id: number; state: string; industry: string; size: string }>(
        "select id, state, industry, size from businesses where name = 'Keyboard Co'",
      );
      expect(biz).toMatchObject({ state: "CO", industry: "technology", size: "1-10" });
      await page.getByText("Most Popular").waitFor();
      await expectNoAxeViolations(page, "plan design (phone)");
      await pressButton("Continue to Next Step");

      await heading(page, "Define Employee Classes");
      await expectNoAxeViolations(page, "employee classes (phone)");
      await type("#class-name", "Everyone");
      await type("#class-allowance", "400");
      // 54.9802-4(d)(2): a permitted basis, ticked from the keyboard.
      await page.focus("#class-basis-full-time");
      await page.keyboard.press("Space");
      await page.focus("#class-allowance");
      await page.keyboard.press("Enter");
      await page.getByText("1 class defined").waitFor();
      await pressButton("Continue to Next Step");
      await heading(page, "Employee Census");
      await expectNoAxeViolations(page, "employee census (phone)");

      // A reload in the middle reopens the first unfinished step with what was saved.
      await page.reload();
      await heading(page, "Employee Census");
      await page.getByText("Step 4 of 6").waitFor();
      await pressButton("Previous");
      await heading(page, "Define Employee Classes");
      await page.getByText("1 class defined").waitFor();
      await page.getByText("$400.00/month").waitFor();
      await pressButton("Continue to Next Step");
      await heading(page, "Employee Census");

      await pressButton("Skip for now");
      await heading(page, "Choose Your Effective Date");
      await toastSays(page, "Step Skipped");
      await expectNoAxeViolations(page, "effective date (phone)");
      await pressButton("Continue to Next Step");
      await heading(page, "Review & Submit");
      await page.getByText("Skipped for now").waitFor();
      await expectNoAxeViolations(page, "review (phone)");
      await pressButton("Submit Enrollment");
      await page.waitForURL(/\/success\/\d+$/);
      await heading(page, "Enrollment Complete");
      await expectNoAxeViolations(page, "success (phone)");
      await pressButton("Go to Dashboard");
      await page.waitForURL(`**/dashboard/${biz.id}`);
      await heading(page, "Keyboard Co");
      await expectNoAxeViolations(page, "dashboard (phone)");
      // Tabs by arrow keys.
      await tabTo(page, "#tab-classes");
      await page.keyboard.press("ArrowRight");
      // With a class defined, Documents lists its ICHRA notice.
      await page.getByRole("link", { name: "ICHRA notice: Everyone" }).waitFor();
      await expectNoAxeViolations(page, "dashboard documents (phone)");
      // Signing out (the header's account bar) ends the session: the dashboard no longer answers.
      await page.getByRole("navigation", { name: "Account" }).getByText("Keyboard Co").waitFor();
      await pressButton("Sign out");
      await page.waitForURL("**/login");
      await heading(page, "Sign in");
      await expectNoAxeViolations(page, "login (phone)");
      await pressButton("Email me a sign-in link");
      await page.locator("#login-email[aria-invalid=true]").waitFor();
      await expectSoundScreen(page, "login with an error (phone)");
      await type("#login-email", email);
      await pressButton("Email me a sign-in link");
      await heading(page, "Check your email");
      await expectSoundScreen(page, "login, link sent (phone)");
      await page.goto(`${e2e.server.url}/dashboard/${biz.id}`);
      await heading(page, "Error Loading Dashboard");
      await expectNoAxeViolations(page, "dashboard error (phone)");
    });
  }, 120_000);
});

test("phone: the company form's fields are evenly spaced, paired ones as well as single ones", async () => {
  await withPage(e2e.browser, "phone", "even-fields", async (page) => {
    await page.goto(`${e2e.server.url}/enroll`);
    await heading(page, "Company Information");
    // From each control's bottom to the next field's label: what a person sees as the space between fields.
    const gaps = await page
      .locator("form")
      .first()
      .evaluate((form) => {
        const fields = [...form.querySelectorAll(".field")].filter((f) => !f.querySelector("small"));
        const spaced: { from: string; gap: number }[] = [];
        for (let i = 1; i < fields.length; i++) {
          const control = fields[i - 1]!.querySelector("input, select")!.getBoundingClientRect();
          const label = fields[i]!.querySelector("label")!.getBoundingClientRect();
          // A heading between two fields starts a new section: that space is not a field gap.
          const headings = [...form.querySelectorAll("h2, h3, h4, legend")].map((h) => h.getBoundingClientRect().top);
          if (headings.some((top) => top > control.bottom && top < label.top)) continue;
          spaced.push({ from: fields[i - 1]!.querySelector("label")!.textContent!.trim(), gap: Math.round(label.top - control.bottom) });
        }
        return spaced;
      });
    expect(gaps.length).toBeGreaterThan(5);
    expect(new Set(gaps.map((g) => g.gap)).size, JSON.stringify(gaps)).toBe(1);
  });
}, 60_000);

test("desktop: a refused census file's message stands on its own line, and the picker stays where it was", async () => {
  await withPage(e2e.browser, "desktop", "census-error-layout", async (page) => {
    // An employer up to the census step, through the API with the browser's own session.
    await page.goto(`${e2e.server.url}/`);
    await page.evaluate(
      async (payload) => {
        const send = async (method: string, path: string, body: unknown) => {
          const res = await fetch(path, { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
          if (!res.ok) throw new Error(`${path} answered ${res.status}`);
          return res.json();
        };
        const { businessId } = await send("POST", "/api/business/register", payload.company);
        localStorage.setItem("last_business_id", String(businessId));
        const { enrollmentId } = await send("POST", `/api/business/${businessId}/plan`, payload.plan);
        await send("PUT", `/api/enrollment/${enrollmentId}/classes`, payload.classes);
      },
      {
        company: companyPayload({ email: `layout-${Date.now()}@acme.test` }),
        plan: { planId: 2, effectiveDate: quickEffectiveDate(localToday(), 90), monthlyBudget: 500 },
        classes: classesPayload(),
      },
    );
    await page.goto(`${e2e.server.url}/enroll`);
    await heading(page, "Employee Census");
    const picker = page.getByLabel("Drag and drop your census file here, or select it");
    const padding = () => picker.evaluate((el) => getComputedStyle(el).paddingLeft);
    const paddingBefore = await padding();
    await uploadCensus(page, "payroll-export.csv", "Employee,Email\nAna Diaz,ana@example.com\n");
    const error = page.locator("#census-file-error");
    await error.getByText("The file is missing these columns", { exact: false }).waitFor();

    const box = async (selector: string) => (await page.locator(selector).boundingBox())!;
    const [name, message, button] = [await box(".selected-file"), await error.boundingBox(), await box(".drop-zone > button")];
    // File name, then the message, then the button, each below the one before and at the same left edge.
    expect(message!.y).toBeGreaterThanOrEqual(name.y + name.height);
    expect(button.y).toBeGreaterThanOrEqual(message!.y + message!.height);
    expect([message!.x, button.x]).toEqual([name.x, name.x]);
    expect(await padding()).toBe(paddingBefore);
    expect(await picker.evaluate((el) => getComputedStyle(el).backgroundImage)).toBe("none");
  });
}, 60_000);
