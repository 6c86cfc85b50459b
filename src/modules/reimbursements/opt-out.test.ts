// A registered employee opts out of the ICHRA and waives its reimbursements for good: the
// month under way (and any later month already claimed) stays theirs, nothing after it is
// claimed, accrued or approved, both they and their employer are told, and it is done once.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { todayUtc } from "../../lib/date-rules";
import { formatMonth } from "../../lib/months";
import type { TestApp } from "../../test/api";
import { outboxTo } from "../../test/employee-fixtures";
import { allowanceEnded } from "./employee";
import {
  AFTER_ALLOWANCE_MESSAGE,
  ALREADY_WAIVED_MESSAGE,
  type AllowanceEnded,
  type BenefitsHome,
  messages,
  NOT_OPTED_OUT_MESSAGE,
  OPT_OUT_IN_EFFECT_MESSAGE,
  waiverStartsWith,
} from "./model";
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
  provenCoverage,
  reviewingApp,
  sendClaim,
  thisMonth,
} from "./test-helpers";

let t: TestApp;
let admin: string;
beforeAll(async () => {
  ({ t, admin } = await reviewingApp());
});
afterAll(() => t.close());

const optOut = (cookie: string | undefined, json: unknown = { waive: true }) =>
  t.request("POST", "/api/benefits/opt-out", { headers: cookie ? { cookie } : {}, json });

const kindsSent = (kind: string) =>
  t.database.sqlite.query("select to_address as address, subject, text_body as text from outbox where kind = ? order by id").all(kind) as {
    address: string;
    subject: string;
    text: string;
  }[];

const claimFor = (who: Claimant, month: string) =>
  sendClaim(t, who.cookie, form(claimFields({ month, amount: "100" }), [{ field: "files", file: file(pdfBytes(), "r.pdf") }]));

describe("opting out", () => {
  test("this month stays; from the next nothing is claimed; the employee and the employer are emailed; the list shows it; it is done once", async () => {
    const [ana] = (await claimants(t)) as [Claimant];
    await provenCoverage(t, ana, admin);
    const sentBefore = kindsSent("ichra_employee_opted_out").length;

    const res = await optOut(ana.cookie);
    expect(res.status).toBe(200);
    const home = (await res.json()) as BenefitsHome;
    const ended: AllowanceEnded = { endedBy: "waiver", on: todayUtc(), lastMonth: thisMonth() };
    expect(home.allowanceEnded).toEqual(ended);
    expect(home.nextStep.code).toBe("opted-out");
    expect(home.nextStep.message).toContain(`your allowance ends with ${formatMonth(thisMonth())}`);
    // This month is still claimed, and what it has is still there.
    expect(home.allowance).toBe(500);
    expect(home.claimableMonths).toEqual([{ from: monthsFromNow(-2), to: thisMonth() }]);
    expect((await claimFor(ana, thisMonth())).status).toBe(201);
    // The next month is not.
    const next = await claimFor(ana, monthsFromNow(1));
    expect(next.status).toBe(400);
    expect((await next.json()).errors.month).toBe(AFTER_ALLOWANCE_MESSAGE(ended));
    expect(AFTER_ALLOWANCE_MESSAGE(ended)).toStartWith(`You opted out of the ICHRA on `);

    const mail = outboxTo(t, ana.email, "ichra_opted_out");
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain(`waived its reimbursements from ${formatMonth(monthsFromNow(1))} on`);
    expect(mail[0]!.text).toContain("premium tax credit");
    // The employer hears who and from when, nothing of any claim.
    const toEmployer = kindsSent("ichra_employee_opted_out").slice(sentBefore);
    expect(toEmployer).toHaveLength(1);
    expect(toEmployer[0]!.text).toContain(`from ${formatMonth(monthsFromNow(1))} on`);
    expect(toEmployer[0]!.text).not.toContain("$");

    const list = await t.request("GET", `/api/enrollment/${ana.enrollmentId}/employees`, { headers: { cookie: ana.ownerCookie } });
    expect((await list.json()).employees.find((e: { id: number }) => e.id === ana.id).waivedFrom).toBe(monthsFromNow(1));

    // Once: the second is refused, saying when the first was, and nothing more is sent.
    const again = await optOut(ana.cookie);
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe(ALREADY_WAIVED_MESSAGE(ended));
    expect(outboxTo(t, ana.email, "ichra_opted_out")).toHaveLength(1);
  });

  test("a later month already claimed (a premium paid ahead) stays theirs, and is still approved", async () => {
    const [bo] = (await claimants(t)) as [Claimant];
    await provenCoverage(t, bo, admin);
    const ahead = await claimed(t, bo, { month: monthsFromNow(2), amount: "100" });
    const home = (await (await optOut(bo.cookie)).json()) as BenefitsHome;
    expect(home.allowanceEnded?.lastMonth).toBe(monthsFromNow(2));
    expect((await decide(t, admin, ahead, { decision: "approve" })).status).toBe(200);
    expect((await claimFor(bo, monthsFromNow(3))).status).toBe(400);
    expect((await homeOf(t, bo)).approvedUnpaid).toBe(100);
  });

  test("without ticking the box it is refused, naming the field; only the employee's own session opts out, answered before the body is read", async () => {
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
    expect((await homeOf(t, cy)).allowanceEnded).toBeNull();
    expect(outboxTo(t, cy.email, "ichra_opted_out")).toHaveLength(0);
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
    expect((await list.json()).employees.find((e: { id: number }) => e.id === dee.id).waivedFrom).toBeNull();

    // Nothing left to take back; and a new opting out now starts after the month claimed ahead.
    const again = await takeBack(dee.cookie);
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe(NOT_OPTED_OUT_MESSAGE);
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

  test("only the employee's own session takes it back", async () => {
    const [fay] = (await claimants(t)) as [Claimant];
    expect((await optOut(fay.cookie)).status).toBe(200);
    expect((await takeBack(undefined)).status).toBe(401);
    expect((await takeBack(fay.ownerCookie)).status).toBe(403);
    expect((await takeBack(admin)).status).toBe(403);
    expect((await takeBack(fay.cookie, "Not/AZone")).status).toBe(400);
    expect((await homeOf(t, fay)).allowanceEnded?.endedBy).toBe("waiver");
  });
});

describe("the allowance's end", () => {
  const profile = { employmentEndedOn: null, waivedFrom: null, waivedAt: null };
  const at = Date.UTC(2027, 2, 10);

  test("is the earlier of the last day of employment and the month before the first one waived", () => {
    expect(allowanceEnded(profile)).toBeNull();
    expect(allowanceEnded({ ...profile, waivedFrom: "2027-04", waivedAt: at })).toEqual({
      endedBy: "waiver",
      on: "2027-03-10",
      lastMonth: "2027-03",
    });
    expect(allowanceEnded({ ...profile, employmentEndedOn: "2027-02-12", waivedFrom: "2027-04", waivedAt: at })).toEqual({
      endedBy: "employment",
      on: "2027-02-12",
      lastMonth: "2027-02",
    });
    expect(allowanceEnded({ ...profile, employmentEndedOn: "2027-06-30", waivedFrom: "2027-04", waivedAt: at })?.endedBy).toBe("waiver");
  });

  test("a waiver starts after the month under way and after every month claimed", () => {
    expect(waiverStartsWith("2027-03", [])).toBe("2027-04");
    expect(waiverStartsWith("2027-03", ["2027-01", "2027-02"])).toBe("2027-04");
    expect(waiverStartsWith("2027-03", ["2027-05", "2027-01"])).toBe("2027-06");
    expect(waiverStartsWith("2027-12", [])).toBe("2028-01");
  });
});
