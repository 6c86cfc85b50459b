// Payroll: the employer's approved totals, a run that pays everything approved once, and
// its CSV for payroll software.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Value } from "@sinclair/typebox/value";
import { formatDate, todayUtc } from "../../lib/date-rules";
import { todayIn, UNKNOWN_TIME_ZONE_MESSAGE } from "../../lib/time-zones";
import type { TestApp } from "../../test/api";
import { outboxTo } from "../../test/employee-fixtures";
import {
  ALL_PAID_MESSAGE,
  APPROVED_AFTER_THROUGH_MESSAGE,
  EnrollmentReimbursements,
  messages,
  NOTHING_APPROVED_MESSAGE,
  PAYROLL_CHANGED_MESSAGE,
  PayrollRun,
  THROUGH_IN_FUTURE_MESSAGE,
} from "./model";
import {
  type Claimant,
  claimants,
  claimed,
  decide,
  flat400,
  ledgerSums,
  monthsFromNow,
  provenCoverage,
  reviewingApp,
  thisMonth,
} from "./test-helpers";

let t: TestApp;
let admin: string;
beforeAll(async () => {
  ({ t, admin } = await reviewingApp());
});
afterAll(() => t.close());

const owner = (who: Claimant) => ({ cookie: who.ownerCookie });
const run = (who: Claimant, through: string, cookie = who.ownerCookie, timeZone?: string, expectedTotal?: number) =>
  t.request("POST", `/api/enrollment/${who.enrollmentId}/payroll-runs`, {
    headers: { cookie },
    json: { through, timeZone, expectedTotal },
  });
const previewOf = async (who: Claimant, query: string) => {
  const res = await t.request("GET", `/api/enrollment/${who.enrollmentId}/payroll-runs/preview?${query}`, { headers: owner(who) });
  return { status: res.status, body: await res.json() };
};

async function approved(who: Claimant, month: string, amount: string) {
  const id = await claimed(t, who, { month, amount });
  const res = await decide(t, admin, id, { decision: "approve" });
  expect(res.status).toBe(200);
  return id;
}

describe("the employer's reimbursements", () => {
  test("per employee: name, email, approved-unpaid and paid totals, nothing about any claim", async () => {
    const [ana, ben, cy] = await claimants(
      t,
      [
        { firstName: "Ana", lastName: "Ortiz" },
        { firstName: "Ben", lastName: "Adams" },
        { firstName: "Cy", lastName: "Nolan", registered: false },
      ],
      { employeeClasses: flat400 },
    );
    await provenCoverage(t, ana!, admin);
    await provenCoverage(t, ben!, admin);
    await approved(ana!, monthsFromNow(-1), "350.25");
    await claimed(t, ben!, { month: thisMonth(), amount: "300" });
    // Ana registered as "Anabel Ortiz-Reyes": her employer still reads the name their census (and payroll) knows.
    t.database.sqlite
      .query("update employee_registrations set first_name = 'Anabel', last_name = 'Ortiz-Reyes' where census_employee_id = ?")
      .run(ana!.id);
    const res = await t.request("GET", `/api/enrollment/${ana!.enrollmentId}/reimbursements`, { headers: owner(ana!) });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(Value.Check(EnrollmentReimbursements, body)).toBe(true);
    expect(body).toEqual({
      enrollmentId: ana!.enrollmentId,
      employees: [
        { employeeId: ben!.id, name: "Ben Adams", email: ben!.email, approvedUnpaid: 0, paid: 0 },
        { employeeId: ana!.id, name: "Ana Ortiz", email: ana!.email, approvedUnpaid: 350.25, paid: 0 },
      ],
      totals: { approvedUnpaid: 350.25, paid: 0 },
    });
    const text = JSON.stringify(body);
    for (const secret of ["Blue Cross", "receipt", "policy", "month", "carrier", "coveredPeople"]) expect(text).not.toContain(secret);
    expect(cy).toBeDefined();
    // An admin sees the same.
    expect(
      await (await t.request("GET", `/api/enrollment/${ana!.enrollmentId}/reimbursements`, { headers: { cookie: admin } })).json(),
    ).toEqual(body);
  });
});

describe("payroll runs", () => {
  test("a run pays every approved amount decided by the end of `through`, once; the CSV lists it per employee", async () => {
    const [ana, ben, dee] = await claimants(
      t,
      [
        { firstName: "Ana", lastName: "Ortiz" },
        { firstName: "=cmd|' /C calc'!A0", lastName: "Smith, Jr." },
        { firstName: "Dee", lastName: "Lee" },
      ],
      { employeeClasses: flat400 },
    );
    for (const who of [ana!, ben!, dee!]) await provenCoverage(t, who, admin);
    // A name typed at registration: the run's lines name the employee as the census (and payroll) does.
    t.database.sqlite.query("update employee_registrations set first_name = 'Anabel' where census_employee_id = ?").run(ana!.id);
    const a1 = await approved(ana!, monthsFromNow(-2), "400");
    const a2 = await approved(ana!, monthsFromNow(-1), "125.5");
    await approved(ben!, thisMonth(), "399.99");
    const waiting = await claimed(t, dee!, { month: thisMonth(), amount: "100" });
    const today = todayUtc();

    // Nothing was decided by yesterday: the answer says the approvals came after that day.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const early = await run(ana!, yesterday);
    expect(early.status).toBe(409);
    expect(await early.json()).toEqual({ message: APPROVED_AFTER_THROUGH_MESSAGE(formatDate(yesterday)) });

    const res = await run(ana!, today);
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(Value.Check(PayrollRun, created)).toBe(true);
    expect(created).toMatchObject({
      enrollmentId: ana!.enrollmentId,
      through: today,
      total: 925.49,
      employees: 2,
      // The enrollment's first run, whatever its id among every employer's runs.
      number: 1,
      csvPath: `/api/enrollment/${ana!.enrollmentId}/payroll-runs/${created.id}.csv`,
    });

    // Running again pays nothing twice.
    const again = await run(ana!, today);
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe(ALL_PAID_MESSAGE);

    // The claims are paid, the ledger owes nothing, the employee sees Paid.
    for (const id of [a1, a2]) {
      const claim = await (await t.request("GET", `/api/benefits/claims/${id}`, { headers: { cookie: ana!.cookie } })).json();
      expect(claim.status).toBe("paid");
      expect(claim.paidAt).toBe(created.createdAt);
      // Named by the employer's own number for the run, as their screen and the CSV name it.
      expect(claim.history.at(-1)).toMatchObject({ action: "paid" });
      expect(t.database.sqlite.query("select actor from claim_history where claim_id = ? and action = 'paid'").get(id)).toEqual({
        actor: "payroll run 1",
      });
    }
    expect(ledgerSums(t, ana!.id).unpaid).toBe(0);
    const home = await (await t.request("GET", "/api/benefits", { headers: { cookie: ana!.cookie } })).json();
    expect([home.approvedUnpaid, home.paid]).toEqual([0, 525.5]);
    const totals = await (await t.request("GET", `/api/enrollment/${ana!.enrollmentId}/reimbursements`, { headers: owner(ana!) })).json();
    expect(totals.totals).toEqual({ approvedUnpaid: 0, paid: 925.49 });
    // A paid claim cannot be decided again.
    expect((await decide(t, admin, a1, { decision: "deny", reason: "late" })).status).toBe(409);

    const csv = await t.request("GET", created.csvPath, { headers: owner(ana!) });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toBe(`attachment; filename="payroll-run-1-through-${today}.csv"`);
    expect(await csv.text()).toBe(
      [
        "Employee,Email,Amount,Months,Earning Type",
        `Ana Ortiz,${ana!.email},525.50,"${monthsFromNow(-2)}; ${monthsFromNow(-1)}",Non-taxable ICHRA reimbursement`,
        `"'=cmd|' /C calc'!A0 Smith, Jr.",${ben!.email},399.99,${thisMonth()},Non-taxable ICHRA reimbursement`,
        "",
      ].join("\r\n"),
    );
    const list = await (await t.request("GET", `/api/enrollment/${ana!.enrollmentId}/payroll-runs`, { headers: owner(ana!) })).json();
    expect(list).toEqual([created]);

    // A later approval goes into the next run only.
    await decide(t, admin, waiting, { decision: "approve" });
    const next = await (await run(ana!, today)).json();
    expect(next).toMatchObject({ total: 100, employees: 1 });
    const nextCsv = await (await t.request("GET", next.csvPath, { headers: owner(ana!) })).text();
    expect(nextCsv.split("\r\n").slice(1, -1)).toEqual([`Dee Lee,${dee!.email},100.00,${thisMonth()},Non-taxable ICHRA reimbursement`]);
  });

  test("`through` is the employer's own day: approvals to the end of it in their time zone, none later", async () => {
    const [ana] = await claimants(t, [{}], { employeeClasses: flat400 });
    await provenCoverage(t, ana!, admin);
    const id = await approved(ana!, thisMonth(), "200");
    // Approved yesterday at 20:00 UTC: that afternoon in Chicago, already today in Tokyo.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    t.database.sqlite.query("update reimbursement_claims set decided_at = ? where id = ?").run(Date.parse(`${yesterday}T20:00:00Z`), id);
    const tokyo = await run(ana!, yesterday, ana!.ownerCookie, "Asia/Tokyo");
    expect(tokyo.status).toBe(409);
    expect((await tokyo.json()).message).toBe(APPROVED_AFTER_THROUGH_MESSAGE(formatDate(yesterday)));
    const chicago = await run(ana!, yesterday, ana!.ownerCookie, "America/Chicago");
    expect(chicago.status).toBe(201);
    expect(await chicago.json()).toMatchObject({ through: yesterday, total: 200 });
  });

  test("the preview says what a run through a day would pay, or why it would pay nothing; a run confirmed for another total pays nothing", async () => {
    const [ana, ben] = await claimants(t, [{}, {}], { employeeClasses: flat400 });
    const today = todayUtc();
    expect(await previewOf(ana!, `through=${today}`)).toEqual({
      status: 200,
      body: { through: today, total: 0, employees: 0, nothingToPay: NOTHING_APPROVED_MESSAGE },
    });
    await provenCoverage(t, ana!, admin);
    await provenCoverage(t, ben!, admin);
    const early = await approved(ana!, monthsFromNow(-1), "120.50");
    await approved(ben!, monthsFromNow(-1), "80");
    // Ana's approval was the day before yesterday: a run through yesterday pays only hers.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    t.database.sqlite.query("update reimbursement_claims set decided_at = ? where id = ?").run(Date.now() - 2 * 86_400_000, early);
    expect((await previewOf(ana!, `through=${yesterday}&timeZone=UTC`)).body).toEqual({
      through: yesterday,
      total: 120.5,
      employees: 1,
      nothingToPay: null,
    });
    expect((await previewOf(ana!, `through=${today}`)).body).toMatchObject({ total: 200.5, employees: 2, nothingToPay: null });
    // Confirmed for what the preview said before Ben's approval: refused, nothing paid, the new amount named.
    const stale = await run(ana!, today, ana!.ownerCookie, undefined, 120.5);
    expect(stale.status).toBe(409);
    expect((await stale.json()).message).toBe(PAYROLL_CHANGED_MESSAGE(200.5, 2));
    expect(t.database.sqlite.query("select count(*) as n from payroll_runs where enrollment_id = ?").get(ana!.enrollmentId)).toEqual({
      n: 0,
    });
    const confirmed = await run(ana!, today, ana!.ownerCookie, undefined, 200.5);
    expect(confirmed.status).toBe(201);
    expect(await confirmed.json()).toMatchObject({ total: 200.5, employees: 2 });
    expect((await previewOf(ana!, `through=${today}`)).body).toMatchObject({ total: 0, employees: 0, nothingToPay: ALL_PAID_MESSAGE });
    // The same checks as a run: a day to come, an unknown zone, no day, a bad total.
    expect(await previewOf(ana!, "through=2999-01-01")).toEqual({
      status: 400,
      body: expect.objectContaining({ errors: { through: THROUGH_IN_FUTURE_MESSAGE } }),
    });
    expect((await previewOf(ana!, `through=${today}&timeZone=Mars/Olympus_Mons`)).body.errors).toEqual({
      timeZone: UNKNOWN_TIME_ZONE_MESSAGE,
    });
    expect((await previewOf(ana!, "")).body.errors).toEqual({ through: messages.through });
    for (const bad of [-1, 200.504]) {
      const badTotal = await run(ana!, today, ana!.ownerCookie, undefined, bad);
      expect(badTotal.status).toBe(400);
      expect((await badTotal.json()).errors).toEqual({ expectedTotal: messages.expectedTotal });
    }
  });

  test("a run with nothing ever approved says so", async () => {
    const [ana] = await claimants(t, [{}], { employeeClasses: flat400 });
    const res = await run(ana!, todayUtc());
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe(NOTHING_APPROVED_MESSAGE);
  });

  test("two runs at once pay once", async () => {
    const [ana] = await claimants(t, [{}], { employeeClasses: flat400 });
    await provenCoverage(t, ana!, admin);
    await approved(ana!, thisMonth(), "200");
    const answers = await Promise.all([run(ana!, todayUtc()), run(ana!, todayUtc())]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(
      t.database.sqlite.query("select count(*) as n from reimbursement_events where employee_id = ? and kind = 'payment'").get(ana!.id),
    ).toEqual({ n: 1 });
  });

  test("the employer is emailed when payments start waiting, not for each approval", async () => {
    const [ana, ben] = await claimants(t, [{}, {}], { employeeClasses: flat400 });
    const contact = t.database.sqlite
      .query("select u.email from users u join businesses b on b.user_id = u.id where b.id = ?")
      .get(ana!.businessId) as {
      email: string;
    };
    await provenCoverage(t, ana!, admin);
    await provenCoverage(t, ben!, admin);
    await approved(ana!, monthsFromNow(-1), "100");
    await approved(ben!, monthsFromNow(-1), "100");
    await approved(ana!, thisMonth(), "100");
    expect(outboxTo(t, contact.email, "reimbursements_waiting")).toHaveLength(1);
    await run(ana!, todayUtc());
    await approved(ben!, thisMonth(), "50");
    const mails = outboxTo(t, contact.email, "reimbursements_waiting");
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain("$50.00 so far");
  });

  test("the date is checked: a real day, not in the future", async () => {
    const [ana] = await claimants(t);
    for (const through of ["tomorrow", "2027-02-30"]) {
      const res = await run(ana!, through);
      expect(res.status).toBe(400);
      expect((await res.json()).errors).toEqual({ through: messages.through });
    }
    const future = await run(ana!, new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10));
    expect((await future.json()).errors).toEqual({ through: THROUGH_IN_FUTURE_MESSAGE });
    // Kiritimati (UTC+14) is always a day ahead of Pago Pago (UTC-11): its today is Pago Pago's future.
    const ahead = await run(ana!, todayIn("Pacific/Kiritimati"), ana!.ownerCookie, "Pacific/Pago_Pago");
    expect((await ahead.json()).errors).toEqual({ through: THROUGH_IN_FUTURE_MESSAGE });
    const unknown = await run(ana!, todayUtc(), ana!.ownerCookie, "Mars/Olympus_Mons");
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).errors).toEqual({ timeZone: UNKNOWN_TIME_ZONE_MESSAGE });
    const missing = await t.request("GET", `/api/enrollment/${ana!.enrollmentId}/payroll-runs/999999.csv`, { headers: owner(ana!) });
    expect(missing.status).toBe(404);
    const notCsv = await t.request("GET", `/api/enrollment/${ana!.enrollmentId}/payroll-runs/1`, { headers: owner(ana!) });
    expect(notCsv.status).toBe(404);
  });
});
