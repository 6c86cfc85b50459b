// ICHRA compliance in a real browser against the real server: an employer registered
// through the API defines a class with a basis and age bands on the classes page (a band
// over 3:1 is refused first, then the federal age curve fills the bands in one click), says
// how many employees it expects and which class keeps the group plan (the size floor then
// refuses the small class), sees the band allowances of its census employees on the
// dashboard, sends the notices, and opens the class's notice from the Documents tab; the
// notice carries every element of 54.9802-4(c)(6), checked element by element. Both screen
// sizes, axe on each screen.
import { describe, expect, test } from "bun:test";
import { daysFrom, formatDate, formatLongDate } from "@src/lib/date-rules";
import { defaultContactPhone } from "@src/lib/site-contact";
import { censusForm, companyPayload, goodCsv, planStart } from "@src/test/employers";
import type { Page } from "playwright-core";
import { expectCompleteDolNotice, expectNoAxeViolations, useE2E, type ViewportName, withPage } from "./harness";

const e2e = useE2E();

// Ages on the effective date (90 days ahead) put one employee in each band; the census
// uses dates far from any band edge so the test holds whatever today is.
const censusCsv = (className: string) =>
  [
    goodCsv.split("\n")[0],
    `Ana,Diaz,ana@example.com,${yearsAgo(25)},78701,${className},,,full-time`,
    `Ben,Cole,ben@example.com,${yearsAgo(55)},78702,${className},,,full-time`,
  ].join("\n");
function yearsAgo(years: number) {
  const today = new Date();
  return `${today.getFullYear() - years}-06-15`;
}

/** Calls the API from inside the page, so the session cookie is the browser's own. */
async function call(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const init: RequestInit = { method, headers: { accept: "application/json" } };
      if (body !== undefined) {
        init.body = JSON.stringify(body);
        (init.headers as Record<string, string>)["content-type"] = "application/json";
      }
      const res = await fetch(path, init);
      return { status: res.status, json: await res.json().catch(() => ({})) };
    },
    { method, path, body },
  );
}

/** Uploads a census with the browser's session cookie, as the wizard would. */
async function uploadCensus(page: Page, enrollmentId: number, csv: string): Promise<number> {
  const cookie = (await page.context().cookies(e2e.server.url)).map((c) => `${c.name}=${c.value}`).join("; ");
  const res = await fetch(`${e2e.server.url}/api/enrollment/${enrollmentId}/census`, {
    method: "POST",
    headers: { cookie, origin: e2e.server.url },
    body: censusForm(csv),
  });
  return res.status;
}

async function employerWithPlan(page: Page) {
  await page.goto(`${e2e.server.url}/`);
  const payload = companyPayload({
    email: `owner-${Date.now()}-${Math.random().toString(36).slice(2)}@acme.test`,
    firstName: "Pat",
    lastName: "Lee",
  });
  const registered = await call(page, "POST", "/api/business/register", payload);
  expect(registered.status).toBe(201);
  const businessId = registered.json.businessId as number;
  const effectiveDate = planStart(100);
  const plan = await call(page, "POST", `/api/business/${businessId}/plan`, { planId: 2, effectiveDate, monthlyBudget: 5000 });
  expect(plan.status).toBe(201);
  return { businessId, enrollmentId: plan.json.enrollmentId as number, effectiveDate, payload };
}

async function addBand(page: Page, n: number, from: string, to: string, allowance: string) {
  await page.getByRole("button", { name: "Add age band" }).click();
  await page.getByLabel(`Band ${n}: From age`).fill(from);
  await page.getByLabel(`Band ${n}: To age`).fill(to);
  await page.getByLabel(`Band ${n}: Monthly Allowance ($)`).fill(allowance);
}

async function journey(page: Page, viewport: ViewportName) {
  const { businessId, enrollmentId, effectiveDate, payload } = await employerWithPlan(page);

  // The classes page: basis, bands (3.01:1 refused, then 3:1), the group plan question.
  await page.goto(`${e2e.server.url}/enrollment/${enrollmentId}/classes`);
  await page.getByRole("heading", { name: "Employee Classes", exact: true }).waitFor();
  await page.getByLabel("Class Name").fill("Full-time staff");
  await page.locator("#class-allowance").fill("200");
  await page.getByLabel("Full-time employees").check();
  await page.getByLabel("Employees working in the same state").check();
  await page.locator("#class-states").fill("TX");
  await addBand(page, 1, "0", "39", "200");
  await addBand(page, 2, "40", "", "601");
  await page.getByRole("button", { name: "Add Class" }).click();
  await page.getByText("The oldest band's allowance may be at most 3 times the youngest band's ($600.00 here); it is $601.00.").waitFor();
  await expectNoAxeViolations(page, `band refused (${viewport})`);
  // The federal default age curve in one click: ten bands from the $200 age-21 amount, the oldest 3 times the youngest.
  await page.getByRole("button", { name: "Use the federal age curve" }).click();
  expect(await page.getByLabel("Band 10: Monthly Allowance ($)").inputValue()).toBe("600");
  expect(await page.getByLabel("Band 6: From age").inputValue()).toBe("45");
  expect(await page.getByLabel("Band 6: Monthly Allowance ($)").inputValue()).toBe("288.8"); // 200 × 1.444
  // Two bands suit this employer better.
  for (let band = 10; band > 2; band--) await page.getByRole("button", { name: `Remove band ${band}` }).click();
  await page.getByLabel("Band 1: To age").fill("39");
  await page.getByLabel("Band 1: Monthly Allowance ($)").fill("200");
  await page.getByLabel("Band 2: From age").fill("40");
  await page.getByLabel("Band 2: To age").fill("");
  await page.getByLabel("Band 2: Monthly Allowance ($)").fill("600");
  await page.getByRole("button", { name: "Add Class" }).click();
  await page.getByText("1 class defined").waitFor();
  await page.getByText("Based on: Combination: Full-time employees + Employees working in the same state").waitFor();
  await page.getByLabel("Employees on the first day of the plan year").fill("30");
  await page.getByRole("button", { name: "Save Classes" }).click();
  await page.getByText("Your employee class definitions have been saved.").waitFor();
  const saved = await call(page, "GET", `/api/enrollment/${enrollmentId}`);
  const stored = (saved.json.employeeClasses as { basis: string[]; states: string[]; ageBands: unknown[] }[])[0];
  expect(stored.basis).toEqual(["full-time", "state"]);
  expect(stored.states).toEqual(["TX"]);
  expect(stored.ageBands).toEqual([
    { minAge: 0, maxAge: 39, allowanceAmount: 200, headcount: 0 },
    { minAge: 40, allowanceAmount: 600, headcount: 0 },
  ]);
  expect(saved.json.totalEmployees).toBe(30);

  // With the census, a class keeping the group plan makes the 2-employee class too small
  // (30 expected employees: a floor of 10): explained, then refused by the server beside the class.
  expect(await uploadCensus(page, enrollmentId, censusCsv("Full-time staff"))).toBe(200);
  await page.reload();
  await page.getByText("1 class defined").waitFor();
  await page.getByRole("button", { name: "Add a group-plan class" }).click();
  await page.getByLabel("Group-plan class 1: name").fill("Office");
  await page.getByLabel("Group-plan class 1: employees").fill("28");
  await page.locator("#group-0-basis-salaried").check();
  await page.getByRole("heading", { name: "A class is below the minimum class size" }).waitFor();
  await page.getByRole("button", { name: "Save Classes" }).click();
  await page
    .getByRole("list", { name: "Problems with Full-time staff" })
    .getByText(/has 2 employees but needs at least 10/)
    .waitFor();
  await page.locator("summary", { hasText: "Check affordability" }).click();
  expect(await page.getByLabel("Monthly allowance, self-only").inputValue()).toBe("200");
  await expectNoAxeViolations(page, `class rules (${viewport})`);
  await page.getByRole("button", { name: "Remove group-plan class 1" }).click();
  await page.getByRole("button", { name: "Save Classes" }).click();
  await page.getByText("Your employee class definitions have been saved.").waitFor();

  // The dashboard: band allowances with the census employees in each; the Documents tab.
  await page.goto(`${e2e.server.url}/dashboard/${businessId}`);
  await page.getByRole("heading", { name: payload.name as string }).waitFor();
  await page.getByText("Ages 0 to 39: $200.00/month (1 employee)").waitFor();
  await page.getByText("Ages 40 and over: $600.00/month (1 employee)").waitFor();
  // Nothing goes to the employees before the enrollment is submitted; once it is, the census
  // employees are listed with the day their notice is due, then sent it.
  await page.getByText("Invitations and ICHRA notices go out once your enrollment is submitted.", { exact: false }).waitFor();
  expect(await page.getByRole("button", { name: /Send the ICHRA notice/ }).count()).toBe(0);
  expect((await call(page, "PUT", `/api/enrollment/${enrollmentId}/finalize`, {})).status).toBe(200);
  await page.reload();
  await page.getByText("2 employees have not been sent their ICHRA notice.", { exact: false }).waitFor();
  await page
    .getByText(`Notice for the plan year from ${formatDate(effectiveDate)} not sent (due by ${formatDate(daysFrom(effectiveDate, -90))})`)
    .first()
    .waitFor();
  await page.getByRole("button", { name: "Send the ICHRA notice to all not yet sent (2)" }).click();
  await page.locator(".toast").filter({ hasText: "ICHRA Notices Sent (2)" }).waitFor();
  expect(await page.getByText(/Notice sent /).count()).toBe(2);
  await expectNoAxeViolations(page, `notices sent (${viewport})`);
  await page.getByRole("tab", { name: "Documents" }).click();
  const link = page.getByRole("link", { name: "ICHRA notice: Full-time staff" });
  await link.waitFor();
  await page.getByText(formatLongDate(daysFrom(effectiveDate, -90))).waitFor();
  await expectNoAxeViolations(page, `documents tab (${viewport})`);
  await link.click();
  await page.waitForURL(`**/enrollment/${enrollmentId}/notice/0`);

  // The notice: every element of 54.9802-4(c)(6), element by element; the business's primary contact and the administrator's phone.
  const notice = page.locator("article.employee-notice");
  const text = await expectCompleteDolNotice(notice, {
    className: "Full-time staff",
    effectiveDate,
    businessName: payload.name as string,
    contactName: "Pat Lee",
    contactEmail: payload.email as string,
    contactPhone: payload.phone as string,
    administratorPhone: defaultContactPhone,
  });
  // The allowance, stating the self-only amount (by age band here).
  expect(text).toContain(
    "The self-only amount, for coverage of you alone, is from $200.00 to $600.00 a month, depending on your age on the first day of the plan year.",
  );
  const rows = await notice.getByRole("row").allTextContents();
  expect(rows).toContain("0 to 39$200.00");
  expect(rows).toContain("40 and over$600.00");
  await expectNoAxeViolations(page, `notice (${viewport})`);
  return { enrollmentId };
}

describe("ICHRA compliance", () => {
  test("desktop: class with basis and bands, band allowances, the Documents tab and a complete notice", async () => {
    const { enrollmentId } = await withPage(e2e.browser, "desktop", "compliance-desktop", (page) => journey(page, "desktop"));
    // Someone without the owner's session gets no notice.
    await withPage(e2e.browser, "desktop", "compliance-notice-denied", async (page) => {
      const res = await page.goto(`${e2e.server.url}/enrollment/${enrollmentId}/notice/0`);
      expect(res?.status()).toBe(200);
      await page.getByRole("heading", { name: "Enrollment Not Found" }).waitFor();
      expect(await page.locator("article.employee-notice").count()).toBe(0);
      await expectNoAxeViolations(page, "notice denied");
    });
  }, 120_000);

  test("phone: the same journey at 390x844", async () => {
    await withPage(e2e.browser, "phone", "compliance-phone", (page) => journey(page, "phone"));
  }, 120_000);
});

test("desktop: the affordability check's hints stay muted and its errors are red", async () => {
  await withPage(e2e.browser, "desktop", "affordability-error-colours", async (page) => {
    await page.goto(`${e2e.server.url}/employers`);
    await page.getByRole("button", { name: "Check affordability" }).click();
    const premium = page.getByLabel("Lowest-cost silver premium, self-only (monthly)");
    const [hintId, errorId] = (await premium.getAttribute("aria-describedby"))!.split(" ");
    const colour = (id: string) => page.locator(`[id="${id}"]`).evaluate((el) => getComputedStyle(el).color);
    expect(await page.locator(`[id="${errorId}"]`).textContent()).toBe("Lowest-cost silver premium is required");
    const danger = await page.evaluate(() => {
      const probe = document.createElement("span");
      probe.style.color = "var(--danger)";
      document.body.append(probe);
      const value = getComputedStyle(probe).color;
      probe.remove();
      return value;
    });
    expect(await colour(errorId!)).toBe(danger);
    expect(await colour(hintId!)).not.toBe(danger);
  });
}, 60_000);
