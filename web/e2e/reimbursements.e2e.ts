// The whole reimbursement loop in a real browser: the employee (at 390×844) signs in with
// the emailed link, proves coverage and claims a month, each with a PDF; the admin (at
// 1280×800) rejects the proof with a reason, the employee sends a new one, the admin
// approves it and approves the claim partially, capped at what the month has available;
// the employer runs payroll and downloads the CSV; the employee sees "Paid". axe runs on
// every screen and dialog state, and nothing scrolls sideways.
import { beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { enrollments } from "@db/schema";
import { openDatabase } from "@src/db";
import { todayUtc } from "@src/lib/date-rules";
import { addMonths, firstDayOf, formatMonth, monthOf } from "@src/lib/months";
import { MAX_FILE_BYTES, messages, PROOF_NOT_APPROVED_MESSAGE } from "@src/modules/reimbursements/model";
import { onePagePdf } from "@src/modules/reimbursements/one-page-pdf";
import { overHttp } from "@src/test/api";
import { cookieOf } from "@src/test/employers";
import { employeeCookie, type PersonSpec, workplaceWith } from "@src/test/registered-employees";
import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import {
  dbQuery,
  expectFitsWindow,
  expectNoAxeViolationsNow,
  expectSoundScreen,
  footerRoundTrip,
  lastEmail,
  newPage,
  signInAs,
  useE2E,
  type ViewportName,
} from "./harness";

const adminPassword = "loop admin password";
const e2e = useE2E({ ADMIN_USERNAME: "ops", ADMIN_PASSWORD: adminPassword });

// A long address: the employer's table of totals must fit a laptop's window with it.
const employeeEmail = "maria.guadalupe.lopezfeatherstonehaugh@acmeloopbenefitsadministration.example";
const month = monthOf(todayUtc());
let work: { businessId: number; enrollmentId: number; ownerCookie: string; employeeId: number };
let adminCookie: string;

beforeAll(async () => {
  const database = openDatabase(e2e.server.databasePath, { migrate: false });
  // $500 a month that does not carry over: a $650 claim has $500 available.
  const place = await workplaceWith(database.db, [{ firstName: "Maria", lastName: "Lopez", email: employeeEmail }], {
    effectiveDate: firstDayOf(addMonths(month, -2)),
    employeeClasses: [{ name: "Full-time", allowanceCents: 50_000, carryOver: false }],
    approved: true,
  });
  await database.db.update(enrollments).set({ finalizedAt: Date.now() }).where(eq(enrollments.id, place.enrollmentId));
  database.close();
  work = {
    businessId: place.businessId,
    enrollmentId: place.enrollmentId,
    ownerCookie: place.ownerCookie,
    employeeId: place.employees[0]!.id,
  };
  const login = await overHttp(e2e.server.url).request("POST", "/api/admin/login", { json: { username: "ops", password: adminPassword } });
  expect(login.status).toBe(200);
  adminCookie = cookieOf(login);
});

const pdf = (title: string) => Buffer.from(onePagePdf(title));

/** A fresh page at `viewport`, signed in with `cookie` when given. */
async function contextFor(browser: Browser, viewport: ViewportName, cookie?: string) {
  const opened = await newPage(browser, viewport);
  if (cookie) await signInAs(opened.context, e2e.server.url, cookie);
  return opened;
}

/** A registered employee of a new workplace (its plan from `effectiveDate`, if given), signed in on a phone. */
async function registeredOnPhone(person: PersonSpec, effectiveDate?: string) {
  const database = openDatabase(e2e.server.databasePath, { migrate: false });
  try {
    const place = await workplaceWith(database.db, [person], { effectiveDate });
    const employeeId = place.employees[0]!.id;
    return { ...(await contextFor(e2e.browser, "phone", await employeeCookie(database.db, employeeId))), employeeId };
  } finally {
    database.close();
  }
}

/** Asks for a sign-in link at /login, opens the emailed link and presses Sign in. */
async function signInByEmail(page: Page, email: string) {
  await page.goto(`${e2e.server.url}/login`);
  await page.getByLabel(/Email/).fill(email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await page.getByRole("heading", { name: "Check your email" }).waitFor();
  await page.goto(lastEmail(e2e.server, { to: email, kind: "sign_in_link" }).link(/\/login\?token=/));
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

async function openBenefits(page: Page) {
  await page.goto(`${e2e.server.url}/benefits`);
  await page.getByRole("heading", { level: 1, name: "Hi, Maria" }).waitFor();
}

/** Fills the proof form with a PDF; answers its send button. */
async function fillProof(page: Page, file: string, title: string) {
  const form = page.getByRole("form", { name: "Send your proof of coverage" });
  await form.getByLabel(/Insurance company/).fill("Blue Cross Blue Shield of Texas");
  await form.getByLabel(/Coverage start date/).fill(firstDayOf(addMonths(month, -2)));
  await form.getByLabel(/Who is covered/).fill("Me");
  await form.getByLabel(/^Document/).setInputFiles({ name: file, mimeType: "application/pdf", buffer: pdf(title) });
  await form.getByLabel(/I attest that I/).check();
  return form.getByRole("button", { name: "Send proof of coverage" });
}

async function sendProof(page: Page, file: string, title: string) {
  await (await fillProof(page, file, title)).click();
  await page.locator("#proof .status-badge", { hasText: "Pending review" }).waitFor();
}

/** Opens the review queue on the item of `kind` and its dialog. */
async function openReview(page: Page, name: RegExp) {
  await page.goto(`${e2e.server.url}/admin/reviews`);
  await page.getByRole("heading", { level: 1, name: "Reviews" }).waitFor();
  await page.getByRole("button", { name }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("heading", { level: 3, name: "Documents" }).waitFor();
  return dialog;
}

describe("the reimbursement loop", () => {
  test("employee, admin and employer, from sign-in to Paid", async () => {
    const browser = e2e.browser;
    const phone = await contextFor(browser, "phone");
    const admin = await contextFor(browser, "desktop", adminCookie);
    const employer = await contextFor(browser, "desktop", work.ownerCookie);
    try {
      // The employee signs in with the emailed one-time link.
      const p = phone.page;
      await signInByEmail(p, employeeEmail);
      await p.waitForURL("**/benefits");
      await p.getByRole("heading", { level: 1, name: "Hi, Maria" }).waitFor();
      expect(await p.getByRole("status").first().textContent()).toContain("Send proof of your individual health coverage");
      await expectSoundScreen(p, "benefits, no proof");
      // The allowance figures line up along a row of the summary even where a label wraps to two lines.
      const figures = await p
        .locator(".benefits-summary dd")
        .evaluateAll((dds) => dds.map((dd) => Math.round(dd.getBoundingClientRect().bottom)));
      expect(figures[1]).toBe(figures[0]!);
      expect(figures[3]).toBe(figures[2]!);

      // The form names what is missing, then the proof goes with a PDF.
      await p.getByRole("button", { name: "Send proof of coverage" }).click();
      await p.getByText("Please enter the insurance company (carrier) or the Marketplace").waitFor();
      await expectSoundScreen(p, "proof form with errors");
      // An error under a hint is spaced like the hint: it does not run into the next field's label.
      const crowded = await p.evaluate(() =>
        [...document.querySelectorAll(".field-hint + .field-error")].flatMap((error) => {
          const next = error.closest(".field")?.nextElementSibling;
          const gap = next ? next.getBoundingClientRect().top - error.getBoundingClientRect().bottom : Number.POSITIVE_INFINITY;
          return gap < 8 ? [`"${error.textContent}" is ${Math.round(gap)} px from the next field`] : [];
        }),
      );
      expect(crowded).toEqual([]);
      expect(await p.locator(".field-hint + .field-error").count()).toBeGreaterThan(0);
      // The upload held while its progress shows, then lost: the failure offers Retry, which sends it.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      // Sent with the browser's time zone as its query.
      await p.route(
        /\/api\/benefits\/coverage-proof(\?|$)/,
        async (route) => {
          await held;
          await route.abort("failed");
        },
        { times: 1 },
      );
      await (await fillProof(p, "dental-card.pdf", "Dental plan card")).click();
      await p.locator(".upload-progress progress").waitFor();
      await expectSoundScreen(p, "proof upload in progress");
      release();
      const retry = p.locator(".upload-failed").getByRole("button", { name: "Retry" });
      await retry.waitFor();
      await expectSoundScreen(p, "proof upload failed, with Retry");
      await retry.click();
      await p.locator("#proof .status-badge", { hasText: "Pending review" }).waitFor();

      // A claim for this month, more than its $500 allowance, with a PDF receipt.
      await p.getByRole("button", { name: "Claim a month's premium" }).click();
      const claim = p.getByRole("form", { name: "Claim a month's premium" });
      expect(await claim.getByLabel(/Month of coverage/).inputValue()).toBe(month);
      await expectSoundScreen(p, "claim form");
      await claim.getByRole("button", { name: "Submit claim" }).click();
      await claim.getByText(messages.amount).waitFor();
      await expectSoundScreen(p, "claim form with errors");
      await claim.getByLabel(/Premium you paid/).fill("650.00");
      await claim
        .getByLabel(/Proof of payment/)
        .setInputFiles({ name: "receipt.pdf", mimeType: "application/pdf", buffer: pdf("Receipt 650.00") });
      // The picker is emptied after each pick: its own "No file chosen" is hidden while the list names the file.
      await claim.getByRole("list", { name: "Chosen files" }).getByText("receipt.pdf").waitFor();
      const picker = claim.locator("input[type=file]");
      expect(await picker.evaluate((input) => getComputedStyle(input).fontSize)).toBe("0px");
      const button = await picker.evaluate((input) => getComputedStyle(input, "::file-selector-button").fontSize);
      expect(Number.parseFloat(button)).toBeGreaterThan(12);
      await expectSoundScreen(p, "claim form, a file chosen");
      await claim.getByLabel(/I attest that my individual health insurance or Medicare/).check();
      await claim.getByRole("button", { name: "Submit claim" }).click();
      const item = p.locator(".claim-item", { has: p.getByRole("heading", { name: formatMonth(month) }) });
      await item.locator(".status-badge", { hasText: "Submitted" }).waitFor();
      expect(await item.textContent()).toContain("Claimed $650.00");
      await p.locator(".toast", { hasText: "Claim Sent" }).waitFor();
      await expectSoundScreen(p, "benefits, proof pending, a claim and its toast");
      // One heading scale: the two card titles alike, a claim's month smaller than the card it sits in.
      const headings = await p.evaluate(() =>
        ["#proof-title", "#claims-title", ".claim-head h3"].map((s) =>
          Number.parseFloat(getComputedStyle(document.querySelector(s)!).fontSize),
        ),
      );
      expect(headings[1]).toBe(headings[0]!);
      expect(headings[2]).toBeLessThan(headings[1]!);

      // The admin opens the claim: it cannot be approved while the proof is not, so approving is
      // not offered, and the reason stands beside the choices.
      const a = admin.page;
      let dialog = await openReview(a, /Review the claim of Maria Lopez/);
      const decisionNote = dialog.locator(".decision-note");
      expect(await decisionNote.textContent()).toContain(PROOF_NOT_APPROVED_MESSAGE);
      expect(await dialog.getByLabel("Approve in full").isDisabled()).toBe(true);
      expect(await dialog.getByLabel("Approve part of it").isDisabled()).toBe(true);
      await expectSoundScreen(a, "claim dialog");
      // Without the employer screens' styles loaded, the facts still read as label and value side by side, and the notice stands out.
      const facts = await dialog.evaluate((d) => {
        const label = d.querySelector(".summary-list dt")!;
        const notice = d.querySelector(".decision-note")!;
        return {
          sideBySide: Math.abs(label.getBoundingClientRect().top - label.nextElementSibling!.getBoundingClientRect().top) < 2,
          noticeBackground: getComputedStyle(notice).backgroundColor,
        };
      });
      expect(facts.sideBySide).toBe(true);
      expect(facts.noticeBackground).not.toBe("rgba(0, 0, 0, 0)");
      // By keyboard, the decision is one link away from the dialog's start, past the PDF's frame.
      await dialog.getByRole("link", { name: "Skip to decision" }).click();
      expect(await a.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).toBe("deny");
      // A question for the employee, who answers it from the claim.
      await dialog.getByLabel("Ask for more information").check();
      await dialog.getByLabel(/Question for the employee/).fill("Please send the page of the statement that names the month");
      await dialog.getByRole("button", { name: "Record decision" }).click();
      await dialog.getByText("Needs info, by ops").waitFor();
      await dialog.getByRole("button", { name: "Close" }).click();
      await openBenefits(p);
      const answer = item.getByRole("form", { name: /^Answer our question about / });
      await answer.getByRole("button", { name: "Send answer" }).click();
      await answer.getByText(messages.answerNeeded).waitFor();
      await expectSoundScreen(p, "claim needing info, its answer form with errors");
      await answer.getByLabel("Your answer").fill("The statement's second page is attached to the claim.");
      await answer
        .getByLabel(/More files/)
        .setInputFiles({ name: "statement-page-2.pdf", mimeType: "application/pdf", buffer: pdf("Statement page 2") });
      await answer.getByRole("button", { name: "Send answer" }).click();
      await item.locator(".status-badge", { hasText: "Submitted" }).waitFor();

      // The proof is the wrong document: rejected with a reason, its PDF shown inline.
      dialog = await openReview(a, /Review the proof of coverage of Maria Lopez/);
      const frame = dialog.locator("iframe.document-frame");
      expect(await frame.getAttribute("title")).toBe("Preview of dental-card.pdf");
      const inline = await a.request.get(`${e2e.server.url}${await frame.getAttribute("src")}`);
      expect(inline.headers()["content-type"]).toBe("application/pdf");
      expect(inline.headers()["content-disposition"]).toContain("inline");
      expect((await inline.body()).subarray(0, 5).toString()).toBe("%PDF-");
      expect(await dialog.textContent()).toContain("dental-card.pdf · PDF");
      await dialog.getByLabel("Reject").check();
      await dialog.getByRole("button", { name: "Record decision" }).click();
      await dialog.getByText("Please give the reason for this decision; the employee will read it.").waitFor();
      await expectSoundScreen(a, "proof dialog with errors");
      await dialog.getByLabel(/Reason/).fill("This is a dental plan's card; please send your health coverage's confirmation");
      await dialog.getByRole("button", { name: "Record decision" }).click();
      await dialog.getByText("Not accepted, by ops").waitFor();
      await dialog.getByRole("button", { name: "Close" }).click();
      expect(dbQuery(e2e.server, "select status from coverage_proofs where employee_id = ?", work.employeeId)).toEqual([
        { status: "rejected" },
      ]);

      // The employee reads why and sends a new one.
      await openBenefits(p);
      await p.locator("#proof .status-badge", { hasText: "Not accepted" }).waitFor();
      expect(await p.locator("#proof").textContent()).toContain("This is a dental plan's card");
      await expectSoundScreen(p, "benefits, proof rejected");
      await sendProof(p, "health-coverage.pdf", "Health coverage confirmation");

      // The admin approves it, then approves the claim partially: the screen offers the $500.00 available and says why.
      dialog = await openReview(a, /Review the proof of coverage of Maria Lopez/);
      expect(await dialog.locator("iframe.document-frame").getAttribute("title")).toBe("Preview of health-coverage.pdf");
      await dialog.getByLabel("Approve", { exact: true }).check();
      await dialog.getByRole("button", { name: "Record decision" }).click();
      await dialog.getByText("Approved, by ops").waitFor();
      await dialog.getByRole("button", { name: "Close" }).click();

      dialog = await openReview(a, /Review the claim of Maria Lopez/);
      expect(await dialog.getByLabel("Approve in full").isDisabled()).toBe(true);
      expect(await dialog.locator(".decision-note").textContent()).toContain(
        `is more than the $500.00 available for ${formatMonth(month)}, so it cannot be approved in full`,
      );
      await dialog.getByLabel("Approve part of it").check();
      expect(await dialog.getByLabel(/Approved amount/).inputValue()).toBe("500.00");
      expect(await dialog.getByLabel(/Reason/).inputValue()).toBe(`Only $500.00 of the allowance was available for ${formatMonth(month)}.`);
      await expectSoundScreen(a, "claim dialog, partial approval");
      await dialog.getByRole("button", { name: "Record decision" }).click();
      await dialog.getByText("Partially approved ($500.00), by ops").waitFor();
      await dialog.getByRole("button", { name: "Close" }).click();
      await a.getByText("Nothing to review with these filters.").waitFor();
      await expectSoundScreen(a, "review queue, empty");

      await openBenefits(p);
      await item.locator(".status-badge", { hasText: "Partially approved" }).waitFor();
      expect(await item.textContent()).toContain(
        `Approved $500.00 of $650.00. Only $500.00 of the allowance was available for ${formatMonth(month)}.`,
      );

      // The employer sees only the total, runs payroll and downloads the CSV.
      const e = employer.page;
      await e.goto(`${e2e.server.url}/dashboard/${work.businessId}`);
      await e.getByRole("tab", { name: "Reimbursements" }).click();
      const totals = e.getByRole("table", { name: "Approved reimbursements" });
      expect(await totals.getByRole("row", { name: /Maria Lopez/ }).textContent()).toContain("$500.00");
      expect(await e.locator("main").textContent()).not.toContain("Blue Cross");
      await expectSoundScreen(e, "employer reimbursements");
      await e.getByRole("button", { name: "Run payroll" }).click();
      // Asked first: a run marks amounts paid for good.
      const confirm = e.getByRole("region", { name: /goes into this run and is marked paid/ });
      await confirm.waitFor();
      await expectNoAxeViolationsNow(e, "employer confirming a payroll run");
      await expectFitsWindow(e, "employer confirming a payroll run");
      await confirm.getByRole("button", { name: "Yes, run payroll" }).click();
      const runs = e.getByRole("table", { name: "Payroll runs" });
      await runs.waitFor();
      const [download] = await Promise.all([e.waitForEvent("download"), runs.getByRole("link", { name: /Download CSV/ }).click()]);
      expect(download.suggestedFilename()).toBe(`payroll-run-1-through-${todayUtc()}.csv`);
      const bytes = readFileSync(await download.path(), "utf8");
      expect(bytes).toBe(
        [
          "Employee,Email,Amount,Months,Earning Type",
          `Maria Lopez,${employeeEmail},500.00,${month},Non-taxable ICHRA reimbursement`,
          "",
        ].join("\r\n"),
      );
      await expectSoundScreen(e, "employer reimbursements after the run");

      // The employee sees it paid.
      await openBenefits(p);
      await item.locator(".status-badge", { hasText: "Paid" }).waitFor();
      expect(await item.textContent()).toContain("Paid $500.00 of $650.00 through payroll");
      // The partial approval's reason stays in the claim's history once it is paid.
      await item.getByText("Details, history and files").click();
      // The file sent with the answer is listed under it, below those sent with the claim.
      const files = item.getByRole("group", { name: `Files of the ${formatMonth(month)} claim` });
      expect(await files.textContent()).toMatch(/^Sent with the claim:.*receipt\.pdf.*Sent with your answer on .*statement-page-2\.pdf/);
      const [withClaim, withAnswer] = await files
        .locator(".document-group-title")
        .evaluateAll((titles) => titles.map((t) => t.getBoundingClientRect()));
      expect(withAnswer!.top).toBeGreaterThan(withClaim!.bottom);
      expect(await item.getByRole("list", { name: `History of the ${formatMonth(month)} claim` }).textContent()).toContain(
        `Partially approved $500.00: Only $500.00 of the allowance was available for ${formatMonth(month)}.`,
      );
      // The statement follows the balance: the month's allowance, the partial approval, the payment.
      await p.getByText("Your statement for this plan year").click();
      const statement = p.getByRole("region", { name: "Statement for this plan year" });
      await statement.waitFor();
      const entries = await statement
        .locator("tbody tr")
        .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll("td")].slice(1).map((cell) => cell.textContent)));
      expect(entries.slice(-2)).toEqual([
        [`Claim for ${formatMonth(month)} approved`, "\u2212$500.00", expect.any(String)],
        [`Claim for ${formatMonth(month)}: $500.00 paid through payroll`, "—", expect.any(String)],
      ]);
      expect(entries.some(([entry]) => entry === `Allowance for ${formatMonth(month)}`)).toBe(true);
      await expectSoundScreen(p, "benefits, paid");
      // Left from its footer and come back to with Back: the page reads its data again, and
      // the place it was left is taken up once it is tall enough, not near its top. (Opened
      // afresh: a disclosure left open is closed on the way back, and the page is shorter.)
      await openBenefits(p);
      const left = await footerRoundTrip(p, () => p.getByRole("heading", { level: 1, name: "Hi, Maria" }).waitFor());
      expect(left).toBeGreaterThan(1000);
      expect([...phone.errors, ...admin.errors, ...employer.errors]).toEqual([]);
    } catch (error) {
      const dir = join(import.meta.dir, "..", "..", "test-results");
      mkdirSync(dir, { recursive: true });
      for (const [name, c] of [
        ["employee", phone],
        ["admin", admin],
        ["employer", employer],
      ] as const)
        await c.page.screenshot({ path: join(dir, `reimbursement-loop-${name}.png`), fullPage: true }).catch(() => {});
      throw error;
    } finally {
      for (const c of [phone, admin, employer]) await c.context.close();
    }
  }, 180_000);
});

describe("signing in with an address of two accounts", () => {
  test("the choice is a column of equal buttons without list markers", async () => {
    const email = "two.jobs@acme-loop.example";
    const database = openDatabase(e2e.server.databasePath, { migrate: false });
    for (const _ of [1, 2]) await workplaceWith(database.db, [{ firstName: "Lee", lastName: "Park", email }]);
    database.close();
    const { context, page, errors } = await contextFor(e2e.browser, "phone");
    try {
      await signInByEmail(page, email);
      await page.getByRole("heading", { name: "Choose where to sign in" }).waitFor();
      const choices = await page
        .getByRole("main")
        .getByRole("listitem")
        .evaluateAll((items) =>
          items.map((li) => ({
            marker: getComputedStyle(li).listStyleType,
            width: Math.round(li.querySelector("button")!.getBoundingClientRect().width),
          })),
        );
      expect(choices).toHaveLength(2);
      expect(choices.map((c) => c.marker)).toEqual(["none", "none"]);
      expect(choices[1]!.width).toBe(choices[0]!.width);
      await expectSoundScreen(page, "sign-in choice");
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);
});

describe("a chosen file the form refuses", () => {
  test("its message sits under the field's hint, not over it, on a phone", async () => {
    const { context, page, errors } = await registeredOnPhone({ firstName: "Sam", lastName: "Reed", email: "sam.reed@acme-loop.example" });
    try {
      await page.goto(`${e2e.server.url}/benefits`);
      const form = page.getByRole("form", { name: "Send your proof of coverage" });
      // A chosen file takes the picker's place: the hint then follows the list of files, not a control.
      await form
        .getByLabel(/^Document/)
        .setInputFiles({ name: "IMG_2041.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(MAX_FILE_BYTES + 1) });
      // Refused as it is picked, before anything is sent.
      const error = form.getByText(messages.fileTooLarge("IMG_2041.jpg"));
      await error.waitFor();
      const hint = form.getByText(/On a phone you can take a photo/);
      const [hintBox, errorBox] = [await hint.boundingBox(), await error.boundingBox()];
      expect(errorBox!.y).toBeGreaterThanOrEqual(hintBox!.y + hintBox!.height);
      await expectSoundScreen(page, "proof form, file refused");
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);
});

describe("a phone photo over 5 MB", () => {
  test("is redrawn as a smaller JPEG as it is picked, and the proof is sent with it", async () => {
    const planStart = firstDayOf(monthOf(todayUtc()));
    const { context, page, errors, employeeId } = await registeredOnPhone(
      { firstName: "Ray", lastName: "Cole", email: "ray.cole@acme-loop.example" },
      planStart,
    );
    try {
      await page.goto(`${e2e.server.url}/benefits`);
      const form = page.getByRole("form", { name: "Send your proof of coverage" });
      await form.waitFor();
      // A 12-megapixel camera JPEG of noise (the hardest picture to compress), picked as a phone hands it over.
      const size = await page.evaluate(async (limit) => {
        const canvas = document.createElement("canvas");
        canvas.width = 4000;
        canvas.height = 3000;
        const context = canvas.getContext("2d")!;
        const pixels = context.createImageData(canvas.width, canvas.height);
        for (let i = 0; i < pixels.data.length; i++) pixels.data[i] = (i * 2654435761) >>> 24;
        context.putImageData(pixels, 0, 0);
        const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), "image/jpeg", 0.95));
        const input = document.querySelector<HTMLInputElement>("#proof-file")!;
        const transfer = new DataTransfer();
        transfer.items.add(new File([blob], "IMG_0420.JPG", { type: "image/jpeg" }));
        input.files = transfer.files;
        input.dispatchEvent(new Event("change", { bubbles: true }));
        return blob.size > limit ? blob.size : 0;
      }, MAX_FILE_BYTES);
      expect(size).toBeGreaterThan(MAX_FILE_BYTES);
      const chosen = form.getByRole("list", { name: "Chosen files" });
      await chosen.getByText("IMG_0420.jpg").waitFor();
      expect(await form.getByText(messages.fileTooLarge("IMG_0420.JPG")).count()).toBe(0);
      await form.getByLabel(/Insurance company/).fill("Ambetter");
      await form.getByLabel(/Coverage start date/).fill(planStart);
      await form.getByLabel(/Who is covered/).fill("Me");
      await form.getByLabel(/I attest that I/).check();
      await form.getByRole("button", { name: "Send proof of coverage" }).click();
      await page.locator("#proof .status-badge", { hasText: "Pending review" }).waitFor();
      const stored = dbQuery<{ media_type: string; size: number }>(
        e2e.server,
        "select d.media_type, d.size_bytes as size from reimbursement_documents d join coverage_proofs p on p.id = d.proof_id where p.employee_id = ?",
        employeeId,
      );
      expect(stored).toHaveLength(1);
      expect(stored[0]!.media_type).toBe("image/jpeg");
      expect(stored[0]!.size).toBeLessThanOrEqual(MAX_FILE_BYTES);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);
});

describe("opting out on a phone", () => {
  test("by keyboard: the box is asked for, the card says from when, and it is taken back before it starts", async () => {
    const { context, page, errors } = await registeredOnPhone({
      firstName: "Ines",
      lastName: "Park",
      email: "ines.park@acme-loop.example",
    });
    try {
      await page.goto(`${e2e.server.url}/benefits`);
      const summary = page.getByText("Opt out of the ICHRA", { exact: true });
      await summary.focus();
      await page.keyboard.press("Enter");
      const next = formatMonth(addMonths(month, 1));
      const box = page.getByLabel(`I opt out of the ICHRA and waive its reimbursements from ${next} on.`);
      await box.waitFor();
      await expectSoundScreen(page, "opt-out form open");
      // Sent unticked: refused where it is, the box takes the focus.
      await page.getByRole("button", { name: "Opt out" }).focus();
      await page.keyboard.press("Enter");
      await page.getByText(messages.waive).waitFor();
      expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
      await expectNoAxeViolationsNow(page, "opt-out refused");
      await page.keyboard.press("Space");
      await page.getByRole("button", { name: "Opt out" }).focus();
      await page.keyboard.press("Enter");
      const card = page.getByRole("region", { name: "You opted out of the ICHRA" });
      await card.getByText(`waived its reimbursements from ${next} on`).waitFor();
      await page.waitForFunction(() => document.activeElement?.id === "opt-out");
      await expectSoundScreen(page, "opted out");
      expect(lastEmail(e2e.server, { to: "ines.park@acme-loop.example", kind: "ichra_opted_out" }).text).toContain(
        `waived its reimbursements from ${next} on`,
      );
      // Taken back with the keyboard: the form is offered again, and the focus is on it.
      await card.getByRole("button", { name: "Take back my opting out" }).focus();
      await page.keyboard.press("Enter");
      await summary.waitFor();
      await page.waitForFunction(() => document.activeElement?.tagName === "SUMMARY");
      await expectSoundScreen(page, "opting out taken back");
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);
});

describe("a sign-in link forwarded to someone signed in as another employee", () => {
  test("names whose account it opens; keeping one's own account spends nothing, switching is a choice", async () => {
    const forwardedTo = "ola.berg@acme-loop.example";
    const { context, page, errors } = await registeredOnPhone({ firstName: "Ola", lastName: "Berg", email: forwardedTo });
    try {
      // Someone asks for a link to their own account and forwards it.
      const sender = "vik.stone@acme-loop.example";
      const database = openDatabase(e2e.server.databasePath, { migrate: false });
      try {
        await workplaceWith(database.db, [{ firstName: "Vik", lastName: "Stone", email: sender }]);
      } finally {
        database.close();
      }
      const asked = await overHttp(e2e.server.url).request("POST", "/api/auth/login-link", {
        json: { email: sender },
        headers: { origin: e2e.server.url },
      });
      expect(asked.status).toBe(202);
      const link = lastEmail(e2e.server, { to: sender, kind: "sign_in_link" }).link(/\/login\?token=/);
      await page.goto(link);
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await page.getByRole("heading", { level: 1, name: "Someone else is signed in" }).waitFor();
      const said = await page.locator("#other-account").textContent();
      expect(said).toContain("You are signed in here to the benefits of Ola Berg.");
      expect(said).toContain(`This link signs in ${sender}`);
      await expectSoundScreen(page, "a forwarded link, another account signed in");
      // Kept: back on their own benefits, still themselves.
      await page.getByRole("button", { name: "Keep the account signed in" }).click();
      await page.getByRole("heading", { level: 1, name: "Hi, Ola" }).waitFor();
      // The link was not spent: switching, chosen, opens the sender's account.
      await page.goto(link);
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await page.getByRole("button", { name: "Sign out the other account and use this link" }).click();
      await page.getByRole("heading", { level: 1, name: "Hi, Vik" }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);
});
