// The admin journey at phone and desktop size: sign in (after a wrong password), filter and
// search (kept in the address through a reload, back and forward), export the filtered rows,
// change a lead's status, approve an enrollment, read an email in the outbox, sign out. axe
// on every screen.

import { Database } from "bun:sqlite";
import { beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { CLASS_SIZE_REASON_MESSAGE } from "@src/modules/enrollments/model";
import { rangeStart } from "@src/modules/leads/time-range";
import type { Page } from "playwright-core";
import { dbQuery, expectNoAxeViolations, expectSoundScreen, tabTo, useE2E, type ViewportName, withPage } from "./harness";

const password = "e2e admin password";
// The first admin comes from the environment, as on a real first start.
const e2e = useE2E({ ADMIN_USERNAME: "ops", ADMIN_PASSWORD: password });

beforeAll(() => {
  const db = new Database(e2e.server.databasePath);
  const now = Date.now();
  const lead = db.prepare(
    "insert into form_submissions (form_type, name, email, company, phone, current_provider, message, submitted_at, data) values (?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  lead.run(
    "employers",
    "Ada Lovelace",
    "ada@analytical.example",
    "Analytical Engines",
    null,
    null,
    "Requesting a custom quote for 12 employees.",
    now - 60_000,
    '{"employees":12}',
  );
  lead.run(
    "brokers",
    "Grace Hopper",
    "grace@cobol.example",
    "Compiler Partners",
    null,
    null,
    "Existing platform: Other",
    now - 2 * 3600_000,
    null,
  );
  lead.run(
    "brokers",
    "Barbara Liskov",
    "barbara@substitution.example",
    "Substitution Partners",
    null,
    null,
    "Existing platform: =cmd",
    now - 3 * 3600_000,
    null,
  );
  lead.run(
    "platforms",
    "Alan Turing",
    "alan@bletchley.example",
    "Bombe Systems",
    null,
    null,
    "Integration interest: Yes - Ready to integrate",
    now - 4 * 3600_000,
    null,
  );
  lead.run(
    "contact",
    "Katherine Johnson",
    "kj@orbits.example",
    "Trajectory LLC",
    "555-0100",
    "None",
    "A long question about how the enhanced ICHRA compares with our current group plan and what it costs.",
    now - 5 * 3600_000,
    null,
  );
  const user = db
    .query(
      "insert into users (username, first_name, last_name, email) values ('owner', 'Olive', 'Owner', 'olive@example.com') returning id",
    )
    .get() as { id: number };
  const plan = db.query("select id from ichra_plans order by id limit 1").get() as { id: number };
  for (const viewport of ["phone", "desktop"]) {
    const biz = db
      .query(
        "insert into businesses (user_id, name, tax_id, address, city, state, zip, industry, size, status) values (?, ?, '12-3456789', '1 Main St', 'Austin', 'TX', '78701', 'healthcare', '11-50', 'enrolled') returning id",
      )
      .get(user.id, `Acme ${viewport}`) as { id: number };
    db.run(
      "insert into enrollments (business_id, plan_id, status, effective_date, employee_classes) values (?, ?, 'pending', '2099-01-01', ?)",
      [biz.id, plan.id, JSON.stringify([{ name: "Full-time", allowanceCents: 40000 }])],
    );
  }
  // A submitted enrollment whose census (sent after submitting) leaves its part-time class under
  // the minimum class size: 2 of the 10 an employer of 30 with a group plan needs.
  for (const viewport of ["phone", "desktop"]) {
    const biz = db
      .query(
        "insert into businesses (user_id, name, tax_id, address, city, state, zip, industry, size, status) values (?, ?, '12-3456789', '1 Main St', 'Austin', 'TX', '78701', 'healthcare', '11-50', 'enrolled') returning id",
      )
      .get(user.id, `Shortfall ${viewport}`) as { id: number };
    const enrollment = db
      .query(
        "insert into enrollments (business_id, plan_id, status, effective_date, employee_classes, group_plan_classes, total_employees, finalized_at) values (?, ?, 'pending', '2099-01-01', ?, ?, 30, ?) returning id",
      )
      .get(
        biz.id,
        plan.id,
        JSON.stringify([{ name: "Part-time", basis: ["part-time"], allowanceCents: 30000 }]),
        JSON.stringify([{ name: "Office", basis: ["full-time"], headcount: 28 }]),
        now,
      ) as { id: number };
    for (const n of [1, 2])
      db.run(
        "insert into census_employees (enrollment_id, row_number, first_name, last_name, email, date_of_birth, home_zip, class_name) values (?, ?, 'Pat', ?, ?, '1990-01-01', '78701', 'Part-time')",
        [enrollment.id, n, `Short${n}`, `pat${n}.${viewport}@example.com`],
      );
  }
  db.run(
    "insert into outbox (kind, to_address, subject, text_body) values ('lead_notification', 'staff@example.com', 'New lead: Ada Lovelace', ?)",
    ["A new employers lead arrived.\nName: Ada Lovelace"],
  );
  db.close();
});

const tableNames = (page: Page) => page.locator(".submissions-card tbody button[aria-haspopup=dialog]").allTextContents();
const adminNav = (page: Page) => page.getByRole("navigation", { name: "Admin" });
const longQuestion = "A long question about how the enhanced ICHRA compares with our current group plan and what it costs.";

for (const viewport of ["phone", "desktop"] as ViewportName[]) {
  describe(`admin at ${viewport} size`, () => {
    test("sign in, filter, search, export, lead status, approve, outbox, sign out", async () => {
      await withPage(e2e.browser, viewport, "admin", async (page) => {
        // Not signed in: the dashboard sends to the login.
        await page.goto(`${e2e.server.url}/admin`);
        await page.waitForURL("**/admin/login");
        await page.getByRole("heading", { name: "Admin Login" }).waitFor();
        await expectNoAxeViolations(page, `login (${viewport})`);

        // A wrong password shows the server's message; typing clears it.
        await page.getByLabel("Username").fill("ops");
        await page.getByLabel("Password", { exact: true }).fill("wrong password");
        await page.getByRole("button", { name: "Sign In" }).click();
        await page.getByRole("alert").filter({ hasText: "Invalid credentials" }).waitFor();
        await expectSoundScreen(page, `login error (${viewport})`);
        await page.getByLabel("Password", { exact: true }).fill(password);
        await page.getByText("Invalid credentials").waitFor({ state: "detached" });
        await page.getByRole("button", { name: "Show password" }).click();
        expect(await page.getByLabel("Password", { exact: true }).getAttribute("type")).toBe("text");
        await page.getByRole("button", { name: "Hide password" }).click();
        expect(await page.getByLabel("Password", { exact: true }).getAttribute("type")).toBe("password");
        await page.getByLabel("Password", { exact: true }).press("Enter");

        // The dashboard; signed in, the login page sends you back to it.
        await page.waitForURL(/\/admin$/);
        await page.getByRole("heading", { name: "Form Submissions (5)" }).waitFor();
        await page.goto(`${e2e.server.url}/admin/login`);
        await page.waitForURL(/\/admin$/);
        await page.getByRole("heading", { name: "Form Submissions (5)" }).waitFor();
        const cards = page.locator(".summary-card");
        expect(await cards.locator("h2").allTextContents()).toEqual(["Total Submissions", "Today", "Employers", "Brokers", "Platforms"]);
        await page.waitForFunction(() => document.querySelectorAll(".summary-card p[aria-busy='false']").length === 5);
        const values = await cards.evaluateAll((els) =>
          els.map((el) => [el.querySelector("h2")?.textContent, el.querySelector("p")?.textContent]),
        );
        // "Today" starts at midnight where the browser is; the seeded leads go back five hours.
        const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
        const midnight = rangeStart("today", timeZone)!;
        const [{ today }] = dbQuery<{ today: number }>(
          e2e.server,
          "select count(*) as today from form_submissions where submitted_at >= ?",
          midnight,
        );
        expect(values).toEqual([
          ["Total Submissions", "5"],
          ["Today", String(today)],
          ["Employers", "1"],
          ["Brokers", "2"],
          ["Platforms", "1"],
        ]);
        expect(await page.locator(".submissions-card thead th").allTextContents()).toEqual([
          "Date",
          "Form Type",
          "Name",
          "Company",
          "Email",
          "Phone",
          "Current Provider",
          "Message",
          "Status",
        ]);
        expect(
          await page
            .locator(".submissions-card tbody")
            .getByText(`${longQuestion.slice(0, 80)}...`)
            .count(),
        ).toBe(1);
        await expectNoAxeViolations(page, `dashboard (${viewport})`);

        // Filter, then search: each lands in the address.
        await page.getByLabel("Form Type").selectOption("brokers");
        await page.getByRole("heading", { name: "Form Submissions (2)" }).waitFor();
        expect(new URL(page.url()).search).toBe("?type=brokers");
        expect((await tableNames(page)).sort()).toEqual(["Barbara Liskov", "Grace Hopper"]);
        await page.getByLabel("Search").fill("LISKOV");
        await page.getByRole("heading", { name: "Form Submissions (1)" }).waitFor();
        await page.waitForURL(/\?type=brokers&q=LISKOV$/);
        expect(await tableNames(page)).toEqual(["Barbara Liskov"]);
        // A reload (or the same link elsewhere) keeps them; back and forward step through them.
        await page.reload();
        await page.getByRole("heading", { name: "Form Submissions (1)" }).waitFor();
        expect(await page.getByLabel("Form Type").inputValue()).toBe("brokers");
        expect(await page.getByLabel("Search").inputValue()).toBe("LISKOV");
        await page.goBack();
        await page.getByRole("heading", { name: "Form Submissions (5)" }).waitFor();
        expect(await page.getByLabel("Form Type").inputValue()).toBe("all");
        expect(await page.getByLabel("Search").inputValue()).toBe("");
        await page.goForward();
        await page.getByRole("heading", { name: "Form Submissions (1)" }).waitFor();
        expect(await page.getByLabel("Search").inputValue()).toBe("LISKOV");

        // Export: the file holds exactly the filtered rows.
        const [download] = await Promise.all([
          page.waitForEvent("download"),
          page.locator(".filter-export").getByRole("button", { name: "Export CSV" }).click(),
        ]);
        expect(download.suggestedFilename()).toMatch(/^form-submissions-\d{4}-\d{2}-\d{2}\.csv$/);
        const csv = readFileSync((await download.path())!, "utf8")
          .split("\r\n")
          .filter(Boolean);
        expect(csv[0]).toBe("Date,Form Type,Name,Company,Email,Phone,Current Provider,Message");
        expect(csv).toHaveLength(2);
        expect(csv[1]).toMatch(
          /^\d{4}-\d{2}-\d{2}T[\d:.]+Z,brokers,Barbara Liskov,Substitution Partners,barbara@substitution\.example,,,Existing platform: =cmd$/,
        );

        // No match.
        await page.getByLabel("Search").fill("nobody-like-this");
        await page.getByText("No submissions found matching your filters.").waitFor();
        await expectSoundScreen(page, `leads, no match (${viewport})`);
        await page.getByLabel("Search").fill("");
        await page.getByLabel("Form Type").selectOption("all");
        await page.getByRole("heading", { name: "Form Submissions (5)" }).waitFor();

        // A lead's detail and status.
        const status = viewport === "phone" ? "contacted" : "qualified";
        await page.getByRole("button", { name: "View details of Ada Lovelace" }).click();
        const dialog = page.getByRole("dialog");
        await dialog.getByText("Requesting a custom quote for 12 employees.").waitFor();
        await dialog.getByText("Number of employees", { exact: true }).waitFor();
        await dialog.getByLabel("Lead status").selectOption(status);
        await expectSoundScreen(page, `lead detail (${viewport})`);
        await dialog.getByRole("button", { name: "Save status" }).click();
        await dialog.getByText(new RegExp(`^Status ${status}, set by ops on`, "i")).waitFor();
        const stored = dbQuery(e2e.server, "select lead_status, lead_status_by from form_submissions where name = 'Ada Lovelace'");
        expect(stored).toEqual([{ lead_status: status, lead_status_by: "ops" }]);
        await dialog.getByRole("button", { name: "Close" }).click();
        expect(await page.getByRole("dialog").count()).toBe(0);

        // Enrollments: approve this size's pending one.
        await adminNav(page).getByRole("link", { name: "Enrollments" }).click();
        await page.waitForURL("**/admin/enrollments");
        const business = `Acme ${viewport}`;
        const row = page.locator("tr", { hasText: business });
        await row.waitFor();
        expect(await row.locator("th, td").allTextContents()).toEqual([
          business,
          expect.any(String),
          "Pending",
          "January 1, 2099",
          "Full-time",
          "0 of 0",
          "Approve",
        ]);
        await expectNoAxeViolations(page, `enrollments (${viewport})`);
        await page.getByRole("button", { name: `Approve ${business}` }).click();
        await expectNoAxeViolations(page, `approve asked (${viewport})`);
        await row.getByRole("button", { name: "Yes, approve" }).click();
        await row.getByText("Approved").waitFor();
        await page.getByRole("button", { name: `Activate ${business}` }).waitFor();
        const enrollment = dbQuery(
          e2e.server,
          "select e.status from enrollments e join businesses b on b.id = e.business_id where b.name = ?",
          business,
        );
        expect(enrollment).toEqual([{ status: "approved" }]);

        // One whose census leaves a class under the minimum size is approved only with a reason on record.
        const short = `Shortfall ${viewport}`;
        const shortRow = page.locator("tr", { hasText: short });
        await shortRow.getByText("Under the minimum class size: Part-time (2 of 10)").waitFor();
        await page.getByRole("button", { name: `Approve ${short}` }).click();
        const asked = page.getByRole("dialog", { name: `Approve ${short}?` });
        await asked.getByText("Part-time: 2 of the 10 employees it needs").waitFor();
        await asked.getByRole("button", { name: "Approve with this reason" }).click();
        await asked.getByText(CLASS_SIZE_REASON_MESSAGE).waitFor();
        await expectSoundScreen(page, `approval under the minimum class size, no reason (${viewport})`);
        await asked.getByLabel(/Reason for approving/).fill("Eight part-time hires start on January 2.");
        await asked.getByRole("button", { name: "Approve with this reason" }).click();
        await shortRow
          .getByText(/Approved under the minimum class size by \S+ on .*: Eight part-time hires start on January 2\./)
          .waitFor();
        expect(await page.getByRole("dialog").count()).toBe(0);
        expect(
          dbQuery(
            e2e.server,
            "select e.status, e.class_size_override_reason as reason from enrollments e join businesses b on b.id = e.business_id where b.name = ?",
            short,
          ),
        ).toEqual([{ status: "approved", reason: "Eight part-time hires start on January 2." }]);

        // Outbox: read the email.
        await adminNav(page).getByRole("link", { name: "Outbox" }).click();
        await page.waitForURL("**/admin/outbox");
        await page.getByRole("button", { name: "New lead: Ada Lovelace" }).click();
        await page.getByRole("dialog").getByText("A new employers lead arrived.").waitFor();
        expect(await page.getByRole("dialog").locator("pre").textContent()).toBe("A new employers lead arrived.\nName: Ada Lovelace");
        await expectNoAxeViolations(page, `outbox email (${viewport})`);
        await page.keyboard.press("Escape");
        expect(await page.getByRole("dialog").count()).toBe(0);

        // Sign out: back to the login, and the dashboard no longer opens.
        await adminNav(page).getByRole("button", { name: "Sign out" }).click();
        await page.waitForURL("**/admin/login");
        await page.goto(`${e2e.server.url}/admin`);
        await page.waitForURL("**/admin/login");
      });
    }, 120_000);
  });
}

describe("admin by keyboard alone", () => {
  test("sign in, open a lead, close it, sign out without a pointer", async () => {
    await withPage(e2e.browser, "desktop", "admin-keyboard", async (page) => {
      await page.goto(`${e2e.server.url}/admin/login`);
      await page.getByRole("heading", { name: "Admin Login" }).waitFor();
      // Tab from the top of the page until the username field has focus.
      await tabTo(page, "[name=username]", { max: 30 });
      await page.keyboard.type("ops");
      await page.keyboard.press("Tab");
      await page.keyboard.type(password);
      await page.keyboard.press("Enter");
      await page.getByRole("heading", { name: /^Form Submissions \(\d+\)$/ }).waitFor();
      const details = page.getByRole("button", { name: "View details of Grace Hopper" });
      await details.focus();
      await page.keyboard.press("Enter");
      await page.getByRole("dialog").getByText("Existing platform: Other").waitFor();
      await page.keyboard.press("Escape");
      expect(await page.getByRole("dialog").count()).toBe(0);
      await adminNav(page).getByRole("button", { name: "Sign out" }).focus();
      await page.keyboard.press("Enter");
      await page.waitForURL("**/admin/login");
    });
  }, 60_000);
});
