// A registered employee opts out of the ICHRA and waives its reimbursements for good: the
// month under way (and any later month already claimed) stays theirs, nothing after it is
// claimed, accrued or approved, both they and their employer are told, and it is done once.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { HttpError } from "../../http/errors";
import { daysFrom, formatDate, todayUtc } from "../../lib/date-rules";
import { firstDayOf, formatMonth } from "../../lib/months";
import type { TestApp } from "../../test/api";
import { outboxTo } from "../../test/employee-fixtures";
import { type AllowanceEnded, NOTICE_UNAVAILABLE_MESSAGE, takeBackUntil } from "../employees/model";
import { allowanceEnded } from "../employees/waiver";
import { submitClaim } from "./claims";
import { contextOfEmployee, entitlementIn, entitlementUnderLock } from "./employee";
import { accrueReached, subjectOf } from "./ledger";
import {
  AFTER_ALLOWANCE_MESSAGE,
  ALREADY_WAIVED_MESSAGE,
  type BenefitsHome,
  messages,
  NOT_OPTED_OUT_MESSAGE,
  NOTHING_TO_WAIVE_MESSAGE,
  OPT_OUT_IN_EFFECT_MESSAGE,
  OPT_OUT_MONTH_MOVED_MESSAGE,
  PROOF_AFTER_ALLOWANCE_MESSAGE,
} from "./model";
import { waiverStartsWith } from "./opt-out";
import { currentPlanYear } from "./plan-years";
import {
  type Claimant,
  claimants,
  claimed,
  claimFields,
  decide,
  file,
  form,
  homeOf,
  monthsFromNow,
  pdfBytes,
  proofForm,
  provenCoverage,
  reviewingApp,
  sendClaim,
  sendProof,
  storedFiles,
  thisMonth,
} from "./test-helpers";

let t: TestApp;
let admin: string;
beforeAll(async () => {
  ({ t, admin } = await reviewingApp());
});
afterAll(() => t.close());

/** Opts out stating the month the employee's home shows (as the form does), unless told what to send. */
const optOut = async (cookie: string | undefined, json?: unknown) =>
  t.request("POST", "/api/benefits/opt-out", {
    headers: cookie ? { cookie } : {},
    json: json !== undefined ? json : { waive: true, waivedFrom: (await homeOf(t, { cookie: cookie! })).optOutFrom },
  });

const kindsSent = (kind: string) =>
  t.database.sqlite.query("select to_address as address, subject, text_body as text from outbox where kind = ? order by id").all(kind) as {
    address: string;
    subject: string;
    text: string;
  }[];

const claimFor = (who: Claimant, month: string) =>
  sendClaim(t, who.cookie, form(claimFields({ month, amount: "100" }), [{ field: "files", file: file(pdfBytes(), "r.pdf") }]));

const recordEnd = (who: Claimant, endedOn: string) =>
  t.request("POST", `/api/enrollment/${who.enrollmentId}/employees/${who.id}/employment-end`, {
    headers: { cookie: who.ownerCookie },
    json: { endedOn },
  });

describe("opting out", () => {
  test("this month stays; from the next nothing is claimed; the employee and the employer are emailed; the list shows it; it is done once", async () => {
    const [ana] = (await claimants(t, [{ firstName: "Ana", lastName: "Ortiz" }])) as [Claimant];
    await provenCoverage(t, ana, admin);
    // Registered as "Anabel Ortiz-Reyes": her employer still reads the census's name.
    t.database.sqlite
      .query("update employee_registrations set first_name = 'Anabel', last_name = 'Ortiz-Reyes' where census_employee_id = ?")
      .run(ana.id);
    const sentBefore = kindsSent("ichra_employee_opted_out").length;
    expect((await homeOf(t, ana)).optOutFrom).toBe(monthsFromNow(1));

    const res = await optOut(ana.cookie);
    expect(res.status).toBe(200);
    const home = (await res.json()) as BenefitsHome;
    const ended: AllowanceEnded = { endedBy: "waiver", on: todayUtc(), lastMonth: thisMonth() };
    expect(home.allowanceEnded).toEqual(ended);
    expect(home.optedOut).toEqual({ on: todayUtc(), waivedFrom: monthsFromNow(1) });
    expect(home.optOutFrom).toBeNull();
    // Whom to write to once it is for good: the notice's contact.
    expect(home.contact).toEqual({ email: t.config.contactEmail, phone: t.config.contactPhone });
    // This month is still theirs, to claim as before; nothing after it.
    expect(home.nextStep.code).toBe("submit-claim");
    expect(home.allowance).toBe(500);
    expect(home.claimableMonths).toEqual([{ from: monthsFromNow(-2), to: thisMonth() }]);
    const mine = await claimFor(ana, thisMonth());
    expect(mine.status).toBe(201);
    expect((await decide(t, admin, (await mine.json()).id, { decision: "approve" })).status).toBe(200);
    const next = await claimFor(ana, monthsFromNow(1));
    expect(next.status).toBe(400);
    expect((await next.json()).errors.month).toBe(AFTER_ALLOWANCE_MESSAGE(ended));
    expect(AFTER_ALLOWANCE_MESSAGE(ended)).toStartWith("You opted out of the ICHRA on ");
    const after = await homeOf(t, ana);
    expect(after.nextStep.code).toBe("opted-out");
    expect(after.nextStep.message).toContain(`your allowance ends with ${formatMonth(thisMonth())}, so there is no later month to claim`);

    const mail = outboxTo(t, ana.email, "ichra_opted_out");
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain(`waived its reimbursements from ${formatMonth(monthsFromNow(1))} on`);
    expect(mail[0]!.text).toContain("premium tax credit");
    // The employer hears who and from when, nothing of any claim.
    const toEmployer = kindsSent("ichra_employee_opted_out").slice(sentBefore);
    expect(toEmployer).toHaveLength(1);
    expect(toEmployer[0]!.text).toContain(`from ${formatMonth(monthsFromNow(1))} on`);
    expect(toEmployer[0]!.subject).toContain("Ana Ortiz opted out");
    expect(toEmployer[0]!.text).not.toContain("$");

    const list = await t.request("GET", `/api/enrollment/${ana.enrollmentId}/employees`, { headers: { cookie: ana.ownerCookie } });
    expect((await list.json()).employees.find((e: { id: number }) => e.id === ana.id).optedOut).toMatchObject({
      waivedFrom: monthsFromNow(1),
      on: todayUtc(),
    });

    // Once: the second is refused, saying when the first was, and nothing more is sent.
    const again = await optOut(ana.cookie, { waive: true, waivedFrom: monthsFromNow(1) });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe(ALREADY_WAIVED_MESSAGE({ on: todayUtc(), waivedFrom: monthsFromNow(1) }));
    expect(outboxTo(t, ana.email, "ichra_opted_out")).toHaveLength(1);
  });

  test("opted out with months still to claim and no proof yet: the next step says so before asking for the proof", async () => {
    const [ben] = (await claimants(t)) as [Claimant];
    expect((await optOut(ben.cookie)).status).toBe(200);
    const home = await homeOf(t, ben);
    expect(home.nextStep.code).toBe("prove-coverage");
    expect(home.nextStep.message).toStartWith(
      `You opted out of the ICHRA: your allowance ends with ${formatMonth(thisMonth())}. For the months until then, send proof of your individual health coverage`,
    );
  });

  test("its day is the employee's own, and a month already counted in UTC stays theirs", async () => {
    const [gil] = (await claimants(t)) as [Claimant];
    // Where the employee is it is already tomorrow (UTC+14): their day is the one recorded.
    const zone = "?tz=Pacific%2FKiritimati";
    const stated = (await (await t.request("GET", `/api/benefits${zone}`, { headers: { cookie: gil.cookie } })).json()).optOutFrom;
    const ahead = await t.request("POST", `/api/benefits/opt-out${zone}`, {
      headers: { cookie: gil.cookie },
      json: { waive: true, waivedFrom: stated },
    });
    const home = (await ahead.json()) as BenefitsHome;
    expect(home.optedOut!.on).toBe(home.today);
    // Next month's allowance already written (the upkeep writes a month's at its start in UTC,
    // which is ahead of an employee west of it): that month stays theirs, the waiver starts after.
    const [hal] = (await claimants(t)) as [Claimant];
    t.database.sqlite
      .query(
        "insert into reimbursement_events (employee_id, enrollment_id, plan_year_start, month, kind, amount_cents, unpaid_cents, actor, created_at) values (?, ?, ?, ?, 'allowance', 50000, 0, 'allowance', 0)",
      )
      .run(hal.id, hal.enrollmentId, hal.planStart, monthsFromNow(1));
    expect((await homeOf(t, hal)).optOutFrom).toBe(monthsFromNow(2));
    expect(((await (await optOut(hal.cookie)).json()) as BenefitsHome).optedOut!.waivedFrom).toBe(monthsFromNow(2));
  });

  test("a later month already claimed (a premium paid ahead) stays theirs, and is still approved", async () => {
    const [bo] = (await claimants(t)) as [Claimant];
    await provenCoverage(t, bo, admin);
    const ahead = await claimed(t, bo, { month: monthsFromNow(2), amount: "100" });
    expect((await homeOf(t, bo)).optOutFrom).toBe(monthsFromNow(3));
    const home = (await (await optOut(bo.cookie)).json()) as BenefitsHome;
    expect(home.allowanceEnded?.lastMonth).toBe(monthsFromNow(2));
    expect((await decide(t, admin, ahead, { decision: "approve" })).status).toBe(200);
    expect((await claimFor(bo, monthsFromNow(3))).status).toBe(400);
    expect((await homeOf(t, bo)).approvedUnpaid).toBe(100);
  });

  test("before the allowance starts: the next step says when it ends, and once its months are claimed asks for nothing", async () => {
    // The plan starts in two months; its first month's premium was claimed ahead, then the employee opted out.
    const [cy] = (await claimants(t, [{}], { startMonthsAgo: -2 })) as [Claimant];
    await provenCoverage(t, cy, admin);
    const first = monthsFromNow(2);
    const claimId = await claimed(t, cy, { month: first, amount: "100" });
    expect((await homeOf(t, cy)).optOutFrom).toBe(monthsFromNow(3));
    const home = (await (await optOut(cy.cookie)).json()) as BenefitsHome;
    expect(home.allowanceEnded?.lastMonth).toBe(first);
    // Its claim still waits for review: not "all set" yet.
    expect(home.nextStep).toEqual({ code: "wait-for-review", message: "We are reviewing your claims." });
    expect((await decide(t, admin, claimId, { decision: "approve" })).status).toBe(200);
    // Not "your allowance starts in …, claim a month once paid": there is no month left to claim.
    expect((await homeOf(t, cy)).nextStep).toEqual({
      code: "opted-out",
      message: `You're all set. Your allowance is for ${formatMonth(first)} only, as you opted out of the ICHRA, and that month is claimed.`,
    });
    // A last day recorded two months into the plan: both months can still be claimed, and the step says so.
    const [dee] = (await claimants(t, [{}], { startMonthsAgo: -2 })) as [Claimant];
    await provenCoverage(t, dee, admin);
    expect((await recordEnd(dee, daysFrom(firstDayOf(monthsFromNow(3)), 10))).status).toBe(200);
    expect((await homeOf(t, dee)).nextStep.message).toContain(
      `Your allowance starts in ${formatMonth(first)} and ends with ${formatMonth(monthsFromNow(3))}, as your employment ends.`,
    );
    // Hired next month into a plan year that ends this month, leaving the month after: both
    // months are in the next plan year, and both are said.
    const [eli] = (await claimants(t, [{ hireDate: firstDayOf(monthsFromNow(1)) }], { startMonthsAgo: 11 })) as [Claimant];
    await provenCoverage(t, eli, admin);
    expect((await recordEnd(eli, daysFrom(firstDayOf(monthsFromNow(2)), 10))).status).toBe(200);
    expect((await homeOf(t, eli)).nextStep).toEqual({
      code: "not-eligible-yet",
      message: `Your allowance starts in ${formatMonth(monthsFromNow(1))} and ends with ${formatMonth(monthsFromNow(2))}, as your employment ends. You can claim a month once you have paid its premium.`,
    });
  });

  test("with the employment ending before the month it would waive, there is nothing to waive; ending later, the waiver ends the allowance first", async () => {
    const [ivy, jon] = (await claimants(t, [{}, {}])) as [Claimant, Claimant];
    // Ivy's last day is this month's last: her allowance ends with this month anyway.
    expect((await recordEnd(ivy, daysFrom(firstDayOf(monthsFromNow(1)), -1))).status).toBe(200);
    expect((await homeOf(t, ivy)).optOutFrom).toBeNull();
    const refused = await optOut(ivy.cookie, { waive: true, waivedFrom: monthsFromNow(1) });
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe(NOTHING_TO_WAIVE_MESSAGE(thisMonth()));
    expect(outboxTo(t, ivy.email, "ichra_opted_out")).toHaveLength(0);
    // Jon's is in two months: opting out now ends his allowance with this month.
    expect((await recordEnd(jon, daysFrom(firstDayOf(monthsFromNow(2)), 10))).status).toBe(200);
    const home = (await (await optOut(jon.cookie)).json()) as BenefitsHome;
    expect(home.allowanceEnded).toMatchObject({ endedBy: "waiver", lastMonth: thisMonth() });
    expect(home.optedOut?.waivedFrom).toBe(monthsFromNow(1));
    // A last day recorded after opting out is emailed without offering to opt out again.
    expect(outboxTo(t, jon.email, "employment_ended").at(-1)!.text).toContain("permanently opt out");
    expect((await recordEnd(jon, daysFrom(firstDayOf(monthsFromNow(2)), 20))).status).toBe(200);
    const after = outboxTo(t, jon.email, "employment_ended").at(-1)!;
    expect(after.text).not.toContain("opt out");
    // The opting out ended the allowance first: the email names its month, not the employment's.
    expect(after.subject).toContain(`ends with ${formatMonth(thisMonth())}`);
    expect(after.text).toContain(`You had already opted out, so your ICHRA allowance ends with ${formatMonth(thisMonth())}, as before`);
    expect(after.text).toContain(`You can still claim your premiums through ${formatMonth(thisMonth())}`);
  });

  test("a month that moved since the form stated it is not recorded: the answer names the new one", async () => {
    const [una] = (await claimants(t)) as [Claimant];
    // The form said this month; a month counted or claimed since made it the next.
    const moved = await optOut(una.cookie, { waive: true, waivedFrom: thisMonth() });
    expect(moved.status).toBe(409);
    expect(await moved.json()).toMatchObject({
      message: OPT_OUT_MONTH_MOVED_MESSAGE(monthsFromNow(1)),
      optOutFrom: monthsFromNow(1),
    });
    expect((await homeOf(t, una)).optedOut).toBeNull();
    expect(outboxTo(t, una.email, "ichra_opted_out")).toHaveLength(0);
    // Without the month, the body is refused naming it.
    const missing = await optOut(una.cookie, { waive: true });
    expect(missing.status).toBe(400);
    expect((await missing.json()).errors.waivedFrom).toBe(messages.waivedFrom);
  });

  test("two at once: one is recorded, the other told it was", async () => {
    const [kim] = (await claimants(t)) as [Claimant];
    const answers = await Promise.all([optOut(kim.cookie), optOut(kim.cookie)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(outboxTo(t, kim.email, "ichra_opted_out")).toHaveLength(1);
  });

  test("a claim whose files were still arriving when the employee opted out is refused for a waived month, not stored", async () => {
    const [lee] = (await claimants(t)) as [Claimant];
    await provenCoverage(t, lee, admin);
    // The claim's reading of the employee, from before the opting out.
    const before = (await contextOfEmployee(t.database.db, lee.id))!;
    expect((await optOut(lee.cookie)).status).toBe(200);
    const upload = { fields: claimFields({ month: monthsFromNow(1), amount: "100" }), files: [], discard: async () => {} };
    const refused = await submitClaim(t.database.db, before, upload, todayUtc()).catch((error: unknown) => error);
    expect((refused as HttpError).status).toBe(400);
    expect((refused as HttpError).errors?.month).toStartWith("You opted out of the ICHRA on ");
    expect(t.database.sqlite.query("select count(*) as n from reimbursement_claims where employee_id = ?").get(lee.id)).toEqual({ n: 0 });
  });

  test("no allowance is written for a waived month from a reading of the employee older than the opting out", async () => {
    const [ola] = (await claimants(t)) as [Claimant];
    const before = (await contextOfEmployee(t.database.db, ola.id))!;
    expect((await optOut(ola.cookie)).status).toBe(200);
    // Next month reached, by a request that read the employee before the opting out.
    const nextMonth = firstDayOf(monthsFromNow(1));
    const entitlement = entitlementIn(before, currentPlanYear(before.enrollment.effectiveDate, nextMonth));
    await accrueReached(t.database.db, subjectOf(before), entitlement, nextMonth);
    const written = t.database.sqlite
      .query("select month from reimbursement_events where employee_id = ? and kind = 'allowance' order by month")
      .all(ola.id) as { month: string }[];
    expect(written.map((r) => r.month)).toEqual([monthsFromNow(-2), monthsFromNow(-1), thisMonth()]);
  });

  test("a transaction acting on an older reading of the employee sees the end recorded since", async () => {
    const [pia] = (await claimants(t)) as [Claimant];
    const before = (await contextOfEmployee(t.database.db, pia.id))!;
    expect((await optOut(pia.cookie)).status).toBe(200);
    const planYear = currentPlanYear(before.enrollment.effectiveDate, todayUtc());
    expect(entitlementIn(before, planYear).ended).toBeNull();
    const fresh = t.database.db.transaction((tx) => entitlementUnderLock(tx, before, planYear));
    expect(fresh.ended).toEqual({ endedBy: "waiver", on: todayUtc(), lastMonth: thisMonth() });
  });

  test("without ticking the box it is refused, naming the field; only the employee's own session opts out, answered before the body is checked", async () => {
    const [cy] = (await claimants(t)) as [Claimant];
    for (const body of [{}, { waive: false }, { waive: "yes" }, null]) {
      const res = await optOut(cy.cookie, body);
      expect(res.status).toBe(400);
      expect((await res.json()).errors.waive).toBe(messages.waive);
    }
    // Signed out or an employer: 401 and 403 whatever the body.
    expect((await optOut(undefined, {})).status).toBe(401);
    expect((await optOut(cy.ownerCookie, {})).status).toBe(403);
    expect((await optOut(admin, { waive: true })).status).toBe(403);
    expect((await homeOf(t, cy)).optedOut).toBeNull();
    expect(outboxTo(t, cy.email, "ichra_opted_out")).toHaveLength(0);
  });

  test("the next plan year's card is not offered once the allowance ends before it starts", async () => {
    // The plan year started eleven months ago: the next one starts next month, its notice given.
    const [max] = (await claimants(t, [{}], { startMonthsAgo: 11 })) as [Claimant];
    const storedBefore = storedFiles(t).length;
    expect((await homeOf(t, max)).nextYear).not.toBeNull();
    const home = (await (await optOut(max.cookie)).json()) as BenefitsHome;
    expect(home.nextYear).toBeNull();
    // Nor is a proof taken for it: that plan year has no month to claim.
    const nextStart = firstDayOf(monthsFromNow(1));
    const proof = await sendProof(t, max.cookie, proofForm({ planYearStart: nextStart, coverageStart: nextStart }));
    expect(proof.status).toBe(409);
    expect((await proof.json()).message).toBe(PROOF_AFTER_ALLOWANCE_MESSAGE(home.allowanceEnded!));
    expect(storedFiles(t).length).toBe(storedBefore);
  });

  test("each opting out and taking back emails the employer, so an employee has three a minute", async () => {
    const [ned] = (await claimants(t)) as [Claimant];
    const back = () => t.request("DELETE", "/api/benefits/opt-out", { headers: { cookie: ned.cookie } });
    for (const send of [optOut, back, optOut]) expect((await send(ned.cookie)).status).toBe(200);
    const limited = await back();
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).not.toBeNull();
  });
});

describe("taking an opting out back", () => {
  const takeBack = (cookie: string | undefined, tz?: string) =>
    t.request("DELETE", `/api/benefits/opt-out${tz ? `?tz=${encodeURIComponent(tz)}` : ""}`, { headers: cookie ? { cookie } : {} });

  test("before its first month starts: the allowance goes on as before, both are emailed, and it can be opted out again", async () => {
    const [dee] = (await claimants(t)) as [Claimant];
    await provenCoverage(t, dee, admin);
    expect((await optOut(dee.cookie)).status).toBe(200);
    expect(outboxTo(t, dee.email, "ichra_opted_out")[0]!.text).toContain("you can take it back on My benefits until");
    // Until the eve of the first month waived, as the employer's row says too.
    expect(outboxTo(t, dee.email, "ichra_opted_out")[0]!.text).toContain(`until ${formatDate(takeBackUntil(monthsFromNow(1)))};`);
    const withdrawnBefore = kindsSent("ichra_opt_out_withdrawn").length;

    const res = await takeBack(dee.cookie);
    expect(res.status).toBe(200);
    const home = (await res.json()) as BenefitsHome;
    expect(home.allowanceEnded).toBeNull();
    expect(home.nextStep.code).not.toBe("opted-out");
    expect(home.claimableMonths.at(-1)!.to).not.toBe(thisMonth());
    expect((await claimFor(dee, monthsFromNow(1))).status).toBe(201);
    const sent = kindsSent("ichra_opt_out_withdrawn").slice(withdrawnBefore);
    expect(sent.map((m) => m.address)).toContain(dee.email);
    expect(sent).toHaveLength(2);
    const list = await t.request("GET", `/api/enrollment/${dee.enrollmentId}/employees`, { headers: { cookie: dee.ownerCookie } });
    expect((await list.json()).employees.find((e: { id: number }) => e.id === dee.id).optedOut).toBeNull();

    // A new opting out now starts after the month claimed ahead.
    expect(((await (await optOut(dee.cookie)).json()) as BenefitsHome).allowanceEnded?.lastMonth).toBe(monthsFromNow(1));
  });

  test("once its first month has started where the employee is, it stands", async () => {
    const [eli] = (await claimants(t)) as [Claimant];
    expect((await optOut(eli.cookie)).status).toBe(200);
    // As it stands once the month after the opting out has come: the waiver starts with this month.
    t.database.sqlite.query("update employee_registrations set waived_from = ? where census_employee_id = ?").run(thisMonth(), eli.id);
    const res = await takeBack(eli.cookie);
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe(OPT_OUT_IN_EFFECT_MESSAGE(thisMonth()));
    expect((await homeOf(t, eli)).allowanceEnded?.lastMonth).toBe(monthsFromNow(-1));
  });

  test("only the employee's own session takes it back, refused before its query is read", async () => {
    const [fay] = (await claimants(t)) as [Claimant];
    expect((await optOut(fay.cookie)).status).toBe(200);
    // One who never opted out has nothing to take back.
    const [gus] = (await claimants(t)) as [Claimant];
    const nothing = await takeBack(gus.cookie);
    expect(nothing.status).toBe(409);
    expect((await nothing.json()).message).toBe(NOT_OPTED_OUT_MESSAGE);
    expect((await takeBack(undefined)).status).toBe(401);
    expect((await takeBack(undefined, "x".repeat(80))).status).toBe(401);
    expect((await takeBack(fay.ownerCookie)).status).toBe(403);
    expect((await takeBack(admin)).status).toBe(403);
    expect((await takeBack(fay.cookie, "Not/AZone")).status).toBe(400);
    // An offset is no time zone: it could make a day no place has, to take it back late.
    expect((await takeBack(fay.cookie, "-23:59")).status).toBe(400);
    expect((await homeOf(t, fay)).allowanceEnded?.endedBy).toBe("waiver");
  });
});

describe("the allowance's end", () => {
  const profile = { employmentEndedOn: null, waivedFrom: null, waivedOn: null };
  const at = "2027-03-10";

  test("is the earlier of the last day of employment and the month before the first one waived", () => {
    expect(allowanceEnded(profile)).toBeNull();
    expect(allowanceEnded({ ...profile, waivedFrom: "2027-04", waivedOn: at })).toEqual({
      endedBy: "waiver",
      on: "2027-03-10",
      lastMonth: "2027-03",
    });
    expect(allowanceEnded({ ...profile, employmentEndedOn: "2027-02-12", waivedFrom: "2027-04", waivedOn: at })).toEqual({
      endedBy: "employment",
      on: "2027-02-12",
      lastMonth: "2027-02",
    });
    expect(allowanceEnded({ ...profile, employmentEndedOn: "2027-06-30", waivedFrom: "2027-04", waivedOn: at })?.endedBy).toBe("waiver");
  });

  test("a waiver starts after the month under way and after every month claimed", () => {
    expect(waiverStartsWith("2027-03", [])).toBe("2027-04");
    expect(waiverStartsWith("2027-03", ["2027-01", "2027-02"])).toBe("2027-04");
    expect(waiverStartsWith("2027-03", ["2027-05", "2027-01"])).toBe("2027-06");
    expect(waiverStartsWith("2027-12", [])).toBe("2028-01");
  });
});

describe("the employee's own notice", () => {
  test("a registered employee reads their notice signed in, with their own amounts; only their session opens it", async () => {
    const [gil] = (await claimants(t)) as [Claimant];
    const res = await t.request("GET", "/api/benefits/notice", { headers: { cookie: gil.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const notice = await res.json();
    expect(notice.title).toBe("Notice of your Individual Coverage Health Reimbursement Arrangement (ICHRA)");
    expect(notice.sections.find((s: { id: string }) => s.id === "allowance").paragraphs.join(" ")).toContain("Your own monthly amount");
    expect((await t.request("GET", "/api/benefits/notice")).status).toBe(401);
    expect((await t.request("GET", "/api/benefits/notice", { headers: { cookie: gil.ownerCookie } })).status).toBe(403);
    expect((await t.request("GET", "/api/benefits/notice", { headers: { cookie: admin } })).status).toBe(403);
    // A class renamed since: no notice to state, and said so.
    t.database.sqlite.query("update census_employees set class_name = 'Gone' where id = ?").run(gil.id);
    const gone = await t.request("GET", "/api/benefits/notice", { headers: { cookie: gil.cookie } });
    expect(gone.status).toBe(409);
    expect((await gone.json()).message).toBe(NOTICE_UNAVAILABLE_MESSAGE);
  });
});
