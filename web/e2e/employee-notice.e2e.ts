// The employee's own ICHRA notice: the invitation email links it with the employee's
// invite; it opens without the site chrome, states that employee's age-band allowance and
// every element of the DOL model notice, and shows nothing without a valid invite.
import { beforeAll, describe, expect, test } from "bun:test";
import { openDatabase } from "@src/db";
import { defaultContactPhone } from "@src/lib/site-contact";
import { createEnrollmentWithCensus, type Fixture } from "@src/test/employee-fixtures";
import { addMonths, format, startOfMonth } from "date-fns";
import { dbQuery, expectCompleteDolNotice, expectNoAxeViolations, lastEmail, useE2E, withPage } from "./harness";

const e2e = useE2E();
let fixture: Fixture;
let emails: string[];

// The first of a month, so "born on this day 55 years before" is a real date.
const effectiveDate = format(startOfMonth(addMonths(new Date(), 2)), "yyyy-MM-dd");
const [y, m, d] = effectiveDate.split("-").map(Number);
const bornYearsBefore = (years: number) => `${y - years}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;

beforeAll(async () => {
  const database = openDatabase(e2e.server.databasePath, { migrate: false });
  const stamp = Date.now();
  fixture = await createEnrollmentWithCensus(database.db, {
    effectiveDate,
    employeeClasses: [
      {
        name: "Full-time",
        allowanceCents: 30_000,
        ageBands: [
          { minAge: 0, maxAge: 39, allowanceCents: 30_000 },
          { minAge: 40, allowanceCents: 90_000 },
        ],
      },
    ],
    employees: [
      { firstName: "Ana", lastName: "Young", email: `ana-${stamp}@example.com`, className: "Full-time", dateOfBirth: bornYearsBefore(25) },
      { firstName: "Bob", lastName: "Older", email: `bob-${stamp}@example.com`, className: "Full-time", dateOfBirth: bornYearsBefore(55) },
    ],
  });
  database.close();
  const res = await fetch(`${e2e.server.url}/api/enrollment/${fixture.enrollmentId}/invitations`, {
    method: "POST",
    headers: { cookie: fixture.ownerCookie, origin: e2e.server.url },
  });
  expect(res.status).toBe(200);
  emails = (await res.json()).employees.map((e: { email: string }) => e.email);
});

const emailedNoticeLink = (to: string) =>
  lastEmail(e2e.server, { to, kind: "employee_invitation" }).link(/\/employee-registration\/\d+\/notice\?invite=[\w-]+$/);

describe("the employee's ICHRA notice from the invitation email", () => {
  for (const viewport of ["phone", "desktop"] as const) {
    test(`${viewport}: the emailed link opens the notice of the employee's class with their band's allowance`, async () => {
      await withPage(e2e.browser, viewport, `employee-notice-${viewport}`, async (page) => {
        // Bob is 55 on the first day of the plan year: the 40-and-over band.
        const bob = emails.find((e) => e.startsWith("bob-"))!;
        await page.goto(emailedNoticeLink(bob));
        const notice = page.locator("article.employee-notice");
        // Every element of the DOL model notice; the contact is the business's real primary contact.
        const [owner] = dbQuery<{ email: string }>(e2e.server, "select email from users where id = ?", fixture.userId);
        const [business] = dbQuery<{ name: string }>(e2e.server, "select name from businesses where id = ?", fixture.businessId);
        const text = await expectCompleteDolNotice(notice, {
          className: "Full-time",
          effectiveDate,
          businessName: business.name,
          contactName: "Olivia Owner",
          contactEmail: owner.email,
          administratorPhone: defaultContactPhone,
        });
        expect(await page.title()).toContain("Your ICHRA Notice");
        // Chromeless, like the registration.
        expect(await page.locator("body > header").count()).toBe(0);
        expect(await page.locator("main.chromeless").count()).toBe(1);

        expect(text).toContain(
          "The self-only amount, for coverage of you alone, is from $300.00 to $900.00 a month, depending on your age on the first day of the plan year.",
        );
        expect(text).toContain("Your own monthly amount: self only $900.00.");
        await expectNoAxeViolations(page, `employee notice (${viewport})`);

        // Back to the registration with the same invite, keyboard-only.
        const back = page.getByRole("link", { name: "Go to your registration" });
        await back.focus();
        await page.keyboard.press("Enter");
        await page.getByRole("heading", { level: 2, name: "Personal Info" }).waitFor();
      });
    }, 60_000);
  }

  test("the younger employee's notice states their own band's allowance", async () => {
    await withPage(e2e.browser, "phone", "employee-notice-young", async (page) => {
      await page.goto(emailedNoticeLink(emails.find((e) => e.startsWith("ana-"))!));
      const notice = page.locator("article.employee-notice");
      await notice.getByRole("heading", { level: 2, name: "Your allowance" }).waitFor();
      expect(await notice.textContent()).toContain("Your own monthly amount: self only $300.00.");
    });
  }, 60_000);

  test("a forged or revoked link shows nothing of the enrollment", async () => {
    await withPage(e2e.browser, "phone", "employee-notice-invalid", async (page) => {
      const res = await page.goto(
        `${e2e.server.url}/employee-registration/${fixture.enrollmentId}/notice?invite=forged-token-forged-token-1234`,
      );
      expect(res?.status()).toBe(200);
      await page.getByRole("heading", { name: "This notice link is invalid or has expired" }).waitFor();
      expect(await page.locator("main").textContent()).not.toMatch(/Acme|Full-time|Olivia/);
      await expectNoAxeViolations(page, "invalid notice link");

      const ana = emails.find((e) => e.startsWith("ana-"))!;
      const link = emailedNoticeLink(ana);
      const revoke = await fetch(
        `${e2e.server.url}/api/enrollment/${fixture.enrollmentId}/employees/${fixture.employeeIds[0]}/invitation`,
        {
          method: "DELETE",
          headers: { cookie: fixture.ownerCookie, origin: e2e.server.url },
        },
      );
      expect(revoke.status).toBe(200);
      await page.goto(link);
      await page.getByRole("heading", { name: "This notice link is invalid or has expired" }).waitFor();
      expect(await page.locator("article.employee-notice").count()).toBe(0);
    });
  }, 60_000);
});
