// An employee who leaves: the employer records their last day, their allowance ends with
// that month, later months cannot be claimed or approved, and what was approved is paid.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { daysFrom, formatDate, todayUtc } from "../../lib/date-rules";
import { firstDayOf, formatMonth } from "../../lib/months";
import { signedInAdmin } from "../../test/admins";
import { createTestApp, type TestApp } from "../../test/api";
import { outboxTo } from "../../test/employee-fixtures";
import { registerOwner } from "../../test/employers";
import { endedOnMessages } from "../employees/employment-end";
import { EMAILS_TO_ONE_EMPLOYEE } from "../employees/index";
import { ALLOWANCE_END_ACTOR } from "./allowance-end";
import { AFTER_ALLOWANCE_MESSAGE, APPROVAL_AFTER_ALLOWANCE_MESSAGE } from "./model";
import { type Claimant, claimants, claimed, decide, homeOf, ledgerSums, monthsFromNow, provenCoverage, thisMonth } from "./test-helpers";

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t);
});
afterAll(() => t.close());

/** The last day of last month: the allowance ends with last month, this one is after it. */
const lastDayOfLastMonth = () => daysFrom(firstDayOf(thisMonth()), -1);

const recordEnd = (who: Claimant, endedOn: string | null, cookie = who.ownerCookie) =>
  t.request("POST", `/api/enrollment/${who.enrollmentId}/employees/${who.id}/employment-end`, { headers: { cookie }, json: { endedOn } });

describe("recording the last day of employment", () => {
  test("the employer records it: the list shows it, and the employee is emailed once what it means", async () => {
    const [ana] = (await claimants(t, [{ hireDate: "2020-02-03" }])) as [Claimant];
    const endedOn = lastDayOfLastMonth();
    const res = await recordEnd(ana, endedOn);
    expect(res.status).toBe(200);
    const listed = (await res.json()).employees.find((e: { id: number }) => e.id === ana.id);
    expect(listed.employmentEndedOn).toBe(endedOn);
    // The same date again changes nothing and sends nothing more.
    expect((await recordEnd(ana, endedOn)).status).toBe(200);
    const mail = outboxTo(t, ana.email, "employment_ended");
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toContain(`ends with ${formatMonth(monthsFromNow(-1))}`);
    // A day already past is said as past.
    expect(mail[0]!.text).toContain(
      `your employment ended on ${formatDate(endedOn)}. Your ICHRA allowance ended with ${formatMonth(monthsFromNow(-1))}`,
    );
    expect(mail[0]!.text).toContain(
      `You may also permanently opt out of the HRA and waive future reimbursements: write to us at ${t.config.contactEmail}`,
    );
    // A date recorded by mistake is cleared: the list and the allowance are as before.
    const cleared = await recordEnd(ana, null);
    expect((await cleared.json()).employees.find((e: { id: number }) => e.id === ana.id).employmentEndedOn).toBeNull();
    expect((await homeOf(t, ana)).allowance).toBe(500);
    // Told of the date, the employee is told it is gone.
    const [gone] = outboxTo(t, ana.email, "employment_end_cleared");
    expect(gone!.text).toContain(`has removed the last day of employment it had recorded for you (${formatDate(endedOn)})`);
  });

  test("changing it back and forth emails the employee each time, so it counts toward their few a day; refused days count for nothing", async () => {
    const [bo] = (await claimants(t, [{ hireDate: "2020-02-03" }])) as [Claimant];
    const days = [lastDayOfLastMonth(), daysFrom(lastDayOfLastMonth(), -1)];
    // Mistyped days are refused, and use up nothing.
    for (let i = 0; i < 4; i++) expect((await recordEnd(bo, "2020-01-01")).status).toBe(400);
    for (let i = 0; i < EMAILS_TO_ONE_EMPLOYEE.perMinute; i++) expect((await recordEnd(bo, days[i % 2]!)).status).toBe(200);
    expect(outboxTo(t, bo.email, "employment_ended")).toHaveLength(EMAILS_TO_ONE_EMPLOYEE.perMinute);
    const refused = await recordEnd(bo, days[1]!);
    expect(refused.status).toBe(429);
    expect(outboxTo(t, bo.email, "employment_ended")).toHaveLength(EMAILS_TO_ONE_EMPLOYEE.perMinute);
  });

  test("a day that is not one, before the hire date or over a year ahead is refused, naming the field", async () => {
    const [bo] = (await claimants(t, [{ hireDate: "2020-02-03" }])) as [Claimant];
    const refused = async (endedOn: unknown) => {
      const res = await t.request("POST", `/api/enrollment/${bo.enrollmentId}/employees/${bo.id}/employment-end`, {
        headers: { cookie: bo.ownerCookie },
        json: { endedOn },
      });
      expect(res.status).toBe(400);
      return (await res.json()).errors.endedOn as string;
    };
    expect(await refused("2026-02-30")).toBe(endedOnMessages.invalid);
    expect(await refused("yesterday")).toBe("Last day of employment must be a real date");
    expect(await refused("2020-01-31")).toBe(endedOnMessages.beforeHire("2020-02-03"));
    // After the hire but before the plan started: one not registered has their invitation revoked instead.
    const [unregistered] = (await claimants(t, [{ hireDate: "2020-02-03", registered: false }])) as [Claimant];
    const early = await recordEnd(unregistered, daysFrom(unregistered.planStart, -1));
    expect(early.status).toBe(400);
    expect((await early.json()).errors.endedOn).toBe(endedOnMessages.beforePlan(unregistered.planStart));
    expect(await refused(daysFrom(todayUtc(), 400))).toBe(endedOnMessages.tooFar(daysFrom(todayUtc(), 366)));
    const missing = await t.request("POST", `/api/enrollment/${bo.enrollmentId}/employees/${bo.id}/employment-end`, {
      headers: { cookie: bo.ownerCookie },
      json: {},
    });
    expect(missing.status).toBe(400);
    expect((await missing.json()).errors.endedOn).toBe("Last day of employment is required");
  });

  test("a registered employee who leaves before the plan starts is taken off it: the allowance never begins, and they are told", async () => {
    // The plan starts in two months; Lee registered, then left.
    const [lee] = (await claimants(t, [{ hireDate: "2020-02-03" }], { startMonthsAgo: -2 })) as [Claimant];
    const endedOn = todayUtc();
    expect((await recordEnd(lee, endedOn)).status).toBe(200);
    const [mail] = outboxTo(t, lee.email, "employment_ended");
    expect(mail!.subject).toContain("will not begin");
    expect(mail!.text).toContain(
      `before your ICHRA allowance would begin on ${formatDate(lee.planStart)}: no month of it is yours to claim.`,
    );
    const home = await homeOf(t, lee);
    expect(home.nextStep).toEqual({
      code: "employment-ended",
      message: `Your employment ends on ${formatDate(endedOn)}, before your allowance would begin in ${formatMonth(monthsFromNow(2))}: there is no month to claim.`,
    });
    expect(home.claimableMonths).toEqual([]);
  });

  test("only the enrollment's employer records it: 401 signed out, 404 for another employer or another enrollment's employee, 403 for the employee", async () => {
    const [cy] = (await claimants(t)) as [Claimant];
    const [dee] = (await claimants(t)) as [Claimant];
    const stranger = (await registerOwner(t)).headers.cookie!;
    expect(
      (await t.request("POST", `/api/enrollment/${cy.enrollmentId}/employees/${cy.id}/employment-end`, { json: { endedOn: null } })).status,
    ).toBe(401);
    expect((await recordEnd(cy, lastDayOfLastMonth(), stranger)).status).toBe(404);
    expect((await recordEnd({ ...dee, enrollmentId: cy.enrollmentId }, lastDayOfLastMonth(), cy.ownerCookie)).status).toBe(404);
    expect((await recordEnd(cy, lastDayOfLastMonth(), cy.cookie)).status).toBe(403);
    expect(outboxTo(t, cy.email, "employment_ended")).toHaveLength(0);
  });
});

describe("after the last day", () => {
  test("the allowance ends with its month: later months are not claimed, accrued or approved; earlier ones are", async () => {
    // The plan began two months ago: three months reached, this one the third.
    const [eve] = (await claimants(t)) as [Claimant];
    await provenCoverage(t, eve, admin);
    // A claim for this month sent while still employed.
    const sentBefore = await claimed(t, eve, { month: thisMonth(), amount: "100" });
    const endedOn = lastDayOfLastMonth();
    expect((await recordEnd(eve, endedOn)).status).toBe(200);

    const home = await homeOf(t, eve);
    expect(home.nextStep.code).toBe("employment-ended");
    expect(home.employmentEndedOn).toBe(endedOn);
    expect(home.nextStep.message).toContain(`your allowance with ${formatMonth(monthsFromNow(-1))}`);
    expect(home.allowance).toBe(0);
    expect(home.available).toBe(0);
    // Claims are open until last month only.
    expect(home.claimableMonths).toEqual([{ from: monthsFromNow(-2), to: monthsFromNow(-1) }]);
    // Two months accrued (the plan's first two), never this one.
    expect(ledgerSums(t, eve.id).balance).toBe(100_000);

    const later = await t.request("POST", "/api/benefits/claims", {
      headers: { cookie: eve.cookie },
      body: (() => {
        const f = new FormData();
        for (const [k, v] of Object.entries({
          month: monthsFromNow(1),
          amount: "50",
          carrier: "Aetna",
          coveredPeople: "Me",
          attestation: "true",
        }))
          f.append(k, v);
        f.append(
          "files",
          new File([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34, 0x0a])], "r.pdf", { type: "application/pdf" }),
        );
        return f;
      })(),
    });
    expect(later.status).toBe(400);
    const ended = { endedBy: "employment" as const, on: endedOn, lastMonth: monthsFromNow(-1) };
    expect((await later.json()).errors.month).toBe(AFTER_ALLOWANCE_MESSAGE(ended));
    expect(AFTER_ALLOWANCE_MESSAGE(ended)).toStartWith(
      `Your employment ended on ${formatDate(endedOn)}, so your allowance ended with ${formatMonth(monthsFromNow(-1))}`,
    );

    // The claim sent before cannot be approved, even from the months carried over; the admin is told why.
    const detail = await (await t.request("GET", `/api/admin/claims/${sentBefore}`, { headers: { cookie: admin } })).json();
    expect(detail.availableForMonth).toBe(0);
    // The reviewer is told why: the last day is in the claim's detail.
    expect(detail.employee.employmentEndedOn).toBe(endedOn);
    expect(detail.employee.allowanceEnded).toEqual(ended);
    const approving = await decide(t, admin, sentBefore, { decision: "approve" });
    expect(approving.status).toBe(409);
    expect((await approving.json()).message).toBe(APPROVAL_AFTER_ALLOWANCE_MESSAGE(ended));
    expect((await decide(t, admin, sentBefore, { decision: "deny", reason: "After the last day of employment." })).status).toBe(200);

    // Last month, the last one of the allowance, is claimed and approved as before.
    const lastMonth = await claimed(t, eve, { month: monthsFromNow(-1), amount: "300" });
    expect((await decide(t, admin, lastMonth, { decision: "approve" })).status).toBe(200);
    expect(ledgerSums(t, eve.id)).toEqual({ balance: 70_000, unpaid: 30_000 });
  });
  test("an unpaid approval for a later month is denied before payroll can pay it, its early allowance lapses, and clearing the day gives the allowance back", async () => {
    const [gus] = (await claimants(t)) as [Claimant];
    await provenCoverage(t, gus, admin);
    // Next month's premium, paid ahead and approved, wrote next month's allowance early.
    const ahead = await claimed(t, gus, { month: monthsFromNow(1), amount: "200" });
    expect((await decide(t, admin, ahead, { decision: "approve" })).status).toBe(200);
    const thisOne = await claimed(t, gus, { month: thisMonth(), amount: "100" });
    expect((await decide(t, admin, thisOne, { decision: "approve" })).status).toBe(200);
    expect(ledgerSums(t, gus.id)).toEqual({ balance: 4 * 50_000 - 30_000, unpaid: 30_000 });

    // The employment ends with this month, before next month begins and before any payroll run.
    expect((await recordEnd(gus, daysFrom(firstDayOf(monthsFromNow(1)), -1))).status).toBe(200);
    const ended = { endedBy: "employment" as const, on: daysFrom(firstDayOf(monthsFromNow(1)), -1), lastMonth: thisMonth() };
    const detail = await (await t.request("GET", `/api/admin/claims/${ahead}`, { headers: { cookie: admin } })).json();
    expect(detail.status).toBe("denied");
    expect(detail.reason).toBe(AFTER_ALLOWANCE_MESSAGE(ended));
    // The approval is withdrawn and next month's allowance lapses: only this month's approval is owed.
    expect(ledgerSums(t, gus.id)).toEqual({ balance: 3 * 50_000 - 10_000, unpaid: 10_000 });
    const kinds = t.database.sqlite
      .query("select kind, month, amount_cents as amount from reimbursement_events where employee_id = ? and actor = ? order by id")
      .all(gus.id, ALLOWANCE_END_ACTOR);
    expect(kinds).toEqual([
      { kind: "reversal", month: monthsFromNow(1), amount: 20_000 },
      { kind: "lapse", month: monthsFromNow(1), amount: -50_000 },
    ]);
    const [denied] = outboxTo(t, gus.email, "claim_denied");
    expect(denied!.text).toContain(`We withdrew the approval of $200.00 for your premium claim for ${formatMonth(monthsFromNow(1))}`);
    expect(denied!.text).toContain(
      `Your allowance ended with ${formatMonth(thisMonth())}, so ${formatMonth(monthsFromNow(1))} cannot be claimed.`,
    );
    expect(denied!.text).toContain("within 180 days");
    const preview = await (
      await t.request("GET", `/api/enrollment/${gus.enrollmentId}/payroll-runs/preview?through=${todayUtc()}`, {
        headers: { cookie: gus.ownerCookie },
      })
    ).json();
    expect(preview.total).toBe(100);
    // The statement says what happened to next month's allowance.
    const ledger = await (await t.request("GET", "/api/benefits/ledger", { headers: { cookie: gus.cookie } })).json();
    expect(ledger.months.find((m: { month: string }) => m.month === monthsFromNow(1))).toMatchObject({ allowance: 0, available: 0 });
    expect(ledger.totals.balance).toBe(1_400);

    // Recorded by mistake and cleared: next month's allowance is back, and its premium can be claimed again.
    expect((await recordEnd(gus, null)).status).toBe(200);
    expect(ledgerSums(t, gus.id)).toEqual({ balance: 4 * 50_000 - 10_000, unpaid: 10_000 });
    const again = await claimed(t, gus, { month: monthsFromNow(1), amount: "200" });
    expect((await decide(t, admin, again, { decision: "approve" })).status).toBe(200);
  });

  /** Pays every approval decided so far through a payroll run. */
  const payAll = async (who: Claimant) => {
    const preview = await (
      await t.request("GET", `/api/enrollment/${who.enrollmentId}/payroll-runs/preview?through=${todayUtc()}`, {
        headers: { cookie: who.ownerCookie },
      })
    ).json();
    const paid = await t.request("POST", `/api/enrollment/${who.enrollmentId}/payroll-runs`, {
      headers: { cookie: who.ownerCookie },
      json: { through: todayUtc(), expectedTotal: preview.total },
    });
    expect(paid.status).toBe(201);
  };
  const lapses = (who: Claimant) =>
    t.database.sqlite
      .query("select month, amount_cents as amount from reimbursement_events where employee_id = ? and kind = 'lapse' order by id")
      .all(who.id);

  test("a paid approval for a later month stays paid: with carry-over the months before the end cover it, and the later month's allowance lapses", async () => {
    const [hal] = (await claimants(t)) as [Claimant];
    await provenCoverage(t, hal, admin);
    const ahead = await claimed(t, hal, { month: monthsFromNow(1), amount: "120" });
    expect((await decide(t, admin, ahead, { decision: "approve" })).status).toBe(200);
    await payAll(hal);
    expect((await recordEnd(hal, daysFrom(firstDayOf(monthsFromNow(1)), -1))).status).toBe(200);
    const detail = await (await t.request("GET", `/api/admin/claims/${ahead}`, { headers: { cookie: admin } })).json();
    expect(detail.status).toBe("paid");
    // Three months of $500 were the allowance; $120 of it is paid, for next month: $1,380 is left, nothing owed.
    expect(lapses(hal)).toEqual([{ month: monthsFromNow(1), amount: -50_000 }]);
    expect(ledgerSums(t, hal.id)).toEqual({ balance: 3 * 50_000 - 12_000, unpaid: 0 });
    expect(outboxTo(t, hal.email, "claim_denied")).toHaveLength(0);
  });

  test("without carry-over a paid later month keeps the part of its own allowance it used", async () => {
    const [ivy] = (await claimants(t, [{}], { employeeClasses: [{ name: "Full-time", allowanceCents: 50_000, carryOver: false }] })) as [
      Claimant,
    ];
    await provenCoverage(t, ivy, admin);
    expect(
      (await decide(t, admin, await claimed(t, ivy, { month: monthsFromNow(1), amount: "120" }), { decision: "approve" })).status,
    ).toBe(200);
    await payAll(ivy);
    expect((await recordEnd(ivy, daysFrom(firstDayOf(monthsFromNow(1)), -1))).status).toBe(200);
    expect(lapses(ivy)).toEqual([{ month: monthsFromNow(1), amount: -38_000 }]);
    expect(ledgerSums(t, ivy.id)).toEqual({ balance: 3 * 50_000, unpaid: 0 });
  });

  test("a later month's paid approval that drew on another later month's carried allowance keeps both: the balance never goes below zero", async () => {
    const [jo] = (await claimants(t)) as [Claimant];
    await provenCoverage(t, jo, admin);
    // The first month's $500, and this month's $1,000 with last month's $500 carried over to it, all paid.
    expect(
      (await decide(t, admin, await claimed(t, jo, { month: monthsFromNow(-2), amount: "500" }), { decision: "approve" })).status,
    ).toBe(200);
    expect((await decide(t, admin, await claimed(t, jo, { month: thisMonth(), amount: "1000" }), { decision: "approve" })).status).toBe(
      200,
    );
    await payAll(jo);
    expect(ledgerSums(t, jo.id)).toEqual({ balance: 0, unpaid: 0 });
    // The employment ended with the first month: both later months were drawn on, so nothing lapses.
    expect((await recordEnd(jo, daysFrom(firstDayOf(monthsFromNow(-1)), -1))).status).toBe(200);
    expect(lapses(jo)).toEqual([]);
    expect(ledgerSums(t, jo.id)).toEqual({ balance: 0, unpaid: 0 });
    expect((await homeOf(t, jo)).balance).toBe(0);
  });

  test("moved a month later, the day gives back the month it had lapsed, and a partial approval for the month after is withdrawn too", async () => {
    const [lu] = (await claimants(t)) as [Claimant];
    await provenCoverage(t, lu, admin);
    // Two months paid ahead: the first approved in full, the second in part.
    const next = await claimed(t, lu, { month: monthsFromNow(1), amount: "100" });
    expect((await decide(t, admin, next, { decision: "approve" })).status).toBe(200);
    const later = await claimed(t, lu, { month: monthsFromNow(2), amount: "300" });
    expect((await decide(t, admin, later, { decision: "approve", approvedAmount: 250, reason: "Part of it." })).status).toBe(200);
    // Ending with this month withdraws both and lapses both months.
    expect((await recordEnd(lu, daysFrom(firstDayOf(monthsFromNow(1)), -1))).status).toBe(200);
    const detail = await (await t.request("GET", `/api/admin/claims/${later}`, { headers: { cookie: admin } })).json();
    expect([detail.status, detail.approvedAmount]).toEqual(["denied", null]);
    expect(ledgerSums(t, lu.id)).toEqual({ balance: 3 * 50_000, unpaid: 0 });
    // Moved to the end of next month: next month's allowance comes back, the month after stays lapsed.
    expect((await recordEnd(lu, daysFrom(firstDayOf(monthsFromNow(2)), -1))).status).toBe(200);
    const restores = t.database.sqlite
      .query("select month, amount_cents as amount from reimbursement_events where employee_id = ? and kind = 'restore'")
      .all(lu.id);
    expect(restores).toEqual([{ month: monthsFromNow(1), amount: 50_000 }]);
    expect(ledgerSums(t, lu.id)).toEqual({ balance: 4 * 50_000, unpaid: 0 });
    // The month given back can be claimed and approved again.
    expect((await decide(t, admin, await claimed(t, lu, { month: monthsFromNow(1), amount: "100" }), { decision: "approve" })).status).toBe(
      200,
    );
  });

  test("an employee who has not registered is sent nothing when a day is recorded or cleared", async () => {
    const [mo] = (await claimants(t, [{ hireDate: "2020-02-03", registered: false }])) as [Claimant];
    expect((await recordEnd(mo, lastDayOfLastMonth())).status).toBe(200);
    expect((await recordEnd(mo, null)).status).toBe(200);
    expect(outboxTo(t, mo.email, "employment_ended")).toHaveLength(0);
    expect(outboxTo(t, mo.email, "employment_end_cleared")).toHaveLength(0);
  });

  test("a month whose allowance lapsed is not one already accrued: opting out from it is still offered", async () => {
    const [kit] = (await claimants(t)) as [Claimant];
    await provenCoverage(t, kit, admin);
    const ahead = await claimed(t, kit, { month: monthsFromNow(2), amount: "100" });
    expect((await decide(t, admin, ahead, { decision: "approve" })).status).toBe(200);
    // The employment ends with next month: the approval two months ahead is denied and its allowance lapses.
    expect((await recordEnd(kit, daysFrom(firstDayOf(monthsFromNow(2)), -1))).status).toBe(200);
    expect(lapses(kit)).toEqual([{ month: monthsFromNow(2), amount: -50_000 }]);
    expect((await homeOf(t, kit)).optOutFrom).toBe(monthsFromNow(1));
  });

  test("ending this month: the next step names no later month to claim", async () => {
    const [fay] = (await claimants(t)) as [Claimant];
    await provenCoverage(t, fay, admin);
    for (const month of [monthsFromNow(-2), monthsFromNow(-1), thisMonth()])
      expect((await decide(t, admin, await claimed(t, fay, { month, amount: "10" }), { decision: "approve" })).status).toBe(200);
    expect((await recordEnd(fay, daysFrom(firstDayOf(monthsFromNow(1)), -1))).status).toBe(200);
    // Every month claimed and approved: not "your next claim is for" a month after the end.
    const home = await homeOf(t, fay);
    expect(home.nextStep).toEqual({
      code: "employment-ended",
      message: `You're all set. Your employment ends, and your allowance with it, in ${formatMonth(thisMonth())}: there is no later month to claim.`,
    });
  });
});
