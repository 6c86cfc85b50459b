// Premium claims as the employee sends, lists and answers them, and the home that sums
// them up.
import { afterAll, beforeAll, describe, expect, setSystemTime, test } from "bun:test";
import type { StoredEmployeeClass } from "@db/schema";
import { Value } from "@sinclair/typebox/value";
import { daysFrom, formatDate, todayUtc } from "../../lib/date-rules";
import { firstDayOf, formatMonth } from "../../lib/months";
import type { TestApp } from "../../test/api";
import { employeeCookie } from "../../test/registered-employees";
import { submitClaim } from "./claims";
import { startDocument } from "./documents";
import { contextOfEmployee } from "./employee";
import {
  BEFORE_COVERAGE_MESSAGE,
  CLAIM_ATTESTATION,
  ClaimView,
  MONTH_CLAIMED_MESSAGE,
  messages,
  NO_PROOF_MESSAGE,
  NOT_ELIGIBLE_MESSAGE,
  NOT_WAITING_FOR_INFO_MESSAGE,
} from "./model";
import { planYearAt, runOutEnds } from "./plan-years";
import {
  type Claimant,
  claimants,
  claimed,
  claimFields,
  countOf,
  decide,
  decideProofOf,
  documentsDir,
  file,
  flat400,
  form,
  homeOf,
  jpegBytes,
  monthsFromNow,
  pdfBytes,
  pngBytes,
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

const count = (sql: string, ...params: unknown[]) => countOf(t, sql, ...params);
const home = (who: Claimant) => homeOf(t, who);
const pdf = (name = "receipt.pdf") => ({ field: "files", file: file(pdfBytes(), name) });

describe("POST /api/benefits/claims", () => {
  test("stores a submitted claim with its files and first history step; 201", async () => {
    const [ana] = await claimants(t);
    await provenCoverage(t, ana!, admin, { approve: false });
    const res = await sendClaim(
      t,
      ana!.cookie,
      form(claimFields({ amount: "412.5" }), [pdf("bill.pdf"), { field: "files", file: file(jpegBytes(), "card.jpg", "image/jpeg") }]),
    );
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(Value.Check(ClaimView, body)).toBe(true);
    expect(body).toMatchObject({
      month: thisMonth(),
      planYearStart: firstDayOf(monthsFromNow(-2)),
      amount: 412.5,
      approvedAmount: null,
      status: "submitted",
      carrier: "Blue Cross Blue Shield of Texas",
      coveredPeople: "Me",
      reason: null,
      decidedAt: null,
      paidAt: null,
    });
    expect(body.documents.map((d: { fileName: string; mediaType: string }) => [d.fileName, d.mediaType])).toEqual([
      ["bill.pdf", "application/pdf"],
      ["card.jpg", "image/jpeg"],
    ]);
    expect(body.history).toEqual([{ action: "submitted", note: null, amount: 412.5, at: body.submittedAt }]);
    expect(
      t.database.sqlite.query("select amount_cents, attested_at > 0 as attested from reimbursement_claims where id = ?").get(body.id),
    ).toEqual({
      amount_cents: 41_250,
      attested: 1,
    });
  });

  test("each field's message; a refused claim keeps no file", async () => {
    const [ana] = await claimants(t);
    await provenCoverage(t, ana!, admin);
    const files = storedFiles(t);
    const cases: [Record<string, string | undefined>, Record<string, string>][] = [
      [{ month: undefined }, { month: messages.month }],
      [{ month: "2027-13" }, { month: messages.month }],
      [{ month: "January" }, { month: messages.month }],
      [{ amount: undefined }, { amount: messages.amount }],
      [{ amount: "0" }, { amount: messages.amount }],
      [{ amount: "0.00" }, { amount: messages.amount }],
      [{ amount: "-5" }, { amount: messages.amount }],
      [{ amount: "1.005" }, { amount: messages.amount }],
      [{ amount: "1,000" }, { amount: messages.amount }],
      [{ amount: "$12" }, { amount: messages.amount }],
      [{ carrier: "" }, { carrier: messages.carrier }],
      [{ carrier: "x".repeat(201) }, { carrier: messages.tooLong(200) }],
      [{ coveredPeople: " " }, { coveredPeople: messages.coveredPeople }],
      [{ attestation: undefined }, { attestation: messages.claimAttestation }],
      [{ attestation: "yes" }, { attestation: messages.claimAttestation }],
    ];
    for (const [fields, errors] of cases) {
      const res = await sendClaim(t, ana!.cookie, form(claimFields(fields), [pdf()]));
      expect({ fields, status: res.status }).toEqual({ fields, status: 400 });
      expect((await res.json()).errors).toEqual(errors);
    }
    const none = await sendClaim(t, ana!.cookie, form(claimFields(), []));
    expect((await none.json()).errors).toEqual({ files: messages.files });
    const six = await sendClaim(
      t,
      ana!.cookie,
      form(
        claimFields(),
        Array.from({ length: 6 }, (_, i) => pdf(`r${i}.pdf`)),
      ),
    );
    expect((await six.json()).errors).toEqual({ files: messages.tooManyFiles });
    const text = await sendClaim(
      t,
      ana!.cookie,
      form(claimFields(), [pdf(), { field: "files", file: file(new TextEncoder().encode("plain text"), "notes.pdf") }]),
    );
    expect((await text.json()).errors).toEqual({ files: messages.fileType("notes.pdf") });
    // A file too short to recognise while it streams is judged once the body is read: the
    // message still names it, not the file read last.
    const shortFirst = await sendClaim(
      t,
      ana!.cookie,
      form(claimFields(), [{ field: "files", file: file(new TextEncoder().encode("plain text"), "notes.pdf") }, pdf("bill.pdf")]),
    );
    expect((await shortFirst.json()).errors).toEqual({ files: messages.fileType("notes.pdf") });
    const emptyFirst = await sendClaim(
      t,
      ana!.cookie,
      form(claimFields(), [{ field: "files", file: file(new Uint8Array(0), "blank.pdf") }, pdf("bill.pdf")]),
    );
    expect((await emptyFirst.json()).errors).toEqual({ files: messages.emptyFile("blank.pdf") });
    const big = await sendClaim(
      t,
      ana!.cookie,
      form(claimFields(), [{ field: "files", file: file(pdfBytes(5 * 1024 * 1024 + 1), "scan.pdf") }]),
    );
    expect((await big.json()).errors).toEqual({ files: messages.fileTooLarge("scan.pdf") });
    expect(storedFiles(t)).toEqual(files);
    expect(count("select count(*) as n from reimbursement_claims where employee_id = ?", ana!.id)).toBe(0);
  });

  test("a month outside the open plan years, before eligibility or before the coverage start, or with no proof, is refused naming the month", async () => {
    const hired = firstDayOf(monthsFromNow(-1));
    const [ana, ben] = await claimants(t, [{ hireDate: hired }, {}]);
    const noProof = await sendClaim(t, ana!.cookie, form(claimFields(), [pdf()]));
    expect(noProof.status).toBe(400);
    expect((await noProof.json()).errors).toEqual({ month: NO_PROOF_MESSAGE });
    await provenCoverage(t, ana!, admin);
    const early = await sendClaim(t, ana!.cookie, form(claimFields({ month: monthsFromNow(-2) }), [pdf()]));
    expect((await early.json()).errors).toEqual({ month: NOT_ELIGIBLE_MESSAGE(formatMonth(monthsFromNow(-1))) });
    const outside = await sendClaim(t, ana!.cookie, form(claimFields({ month: monthsFromNow(-3) }), [pdf()]));
    expect((await outside.json()).errors.month).toBe(
      `${formatMonth(monthsFromNow(-3))} is outside your plan year. You can claim for ${formatMonth(monthsFromNow(-2))} to ${formatMonth(monthsFromNow(9))}.`,
    );
    const past = await sendClaim(t, ana!.cookie, form(claimFields({ month: monthsFromNow(10) }), [pdf()]));
    expect((await past.json()).errors.month).toStartWith(`${formatMonth(monthsFromNow(10))} is outside your plan year.`);
    // Ben's coverage starts this month: last month is before it.
    await provenCoverage(t, ben!, admin, { coverageStart: firstDayOf(thisMonth()) });
    const before = await sendClaim(t, ben!.cookie, form(claimFields({ month: monthsFromNow(-1) }), [pdf()]));
    expect((await before.json()).errors).toEqual({
      month: BEFORE_COVERAGE_MESSAGE(formatMonth(monthsFromNow(-1)), firstDayOf(thisMonth())),
    });
    // Premiums paid ahead: a later month of the plan year is taken.
    expect((await sendClaim(t, ben!.cookie, form(claimFields({ month: monthsFromNow(3) }), [pdf()]))).status).toBe(201);
  });

  test("a second claim for a month is 409 unless the first was denied", async () => {
    const [ana] = await claimants(t);
    await provenCoverage(t, ana!, admin);
    const first = await claimed(t, ana!);
    const again = await sendClaim(t, ana!.cookie, form(claimFields(), [pdf()]));
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe(MONTH_CLAIMED_MESSAGE(formatMonth(thisMonth())));
    expect((await decide(t, admin, first, { decision: "deny", reason: "The receipt is for another person." })).status).toBe(200);
    expect((await sendClaim(t, ana!.cookie, form(claimFields(), [pdf()]))).status).toBe(201);
    // Racing twice for one month: one claim.
    const month = monthsFromNow(1);
    const both = await Promise.all([0, 1].map(() => sendClaim(t, ana!.cookie, form(claimFields({ month }), [pdf()]))));
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
  });
});

describe("reading claims", () => {
  test("GET /api/benefits/claims lists the employee's own, newest first, a page at a time; GET one", async () => {
    const [ana, ben] = await claimants(t, [{}, {}]);
    await provenCoverage(t, ana!, admin);
    await provenCoverage(t, ben!, admin);
    const ids = [
      await claimed(t, ana!, { month: monthsFromNow(-2) }),
      await claimed(t, ana!, { month: monthsFromNow(-1) }),
      await claimed(t, ana!),
    ];
    await claimed(t, ben!);
    const first = await t.request("GET", "/api/benefits/claims?limit=2", { headers: { cookie: ana!.cookie } });
    expect((await first.json()).map((c: { id: number }) => c.id)).toEqual([ids[2], ids[1]]);
    const cursor = first.headers.get("x-next-cursor")!;
    const second = await t.request("GET", `/api/benefits/claims?limit=2&cursor=${cursor}`, { headers: { cookie: ana!.cookie } });
    expect((await second.json()).map((c: { id: number }) => c.id)).toEqual([ids[0]]);
    expect(second.headers.get("x-next-cursor")).toBeNull();
    const one = await t.request("GET", `/api/benefits/claims/${ids[0]}`, { headers: { cookie: ana!.cookie } });
    expect((await one.json()).month).toBe(monthsFromNow(-2));
  });
});

describe("POST /api/benefits/claims/{id}/info", () => {
  test("answers a question with a note and files; the claim goes back to submitted; only while it waits", async () => {
    const [ana] = await claimants(t);
    await provenCoverage(t, ana!, admin);
    const id = await claimed(t, ana!);
    const answer = (body: FormData) => t.request("POST", `/api/benefits/claims/${id}/info`, { headers: { cookie: ana!.cookie }, body });
    const early = await answer(form({ note: "Here it is" }));
    expect(early.status).toBe(409);
    expect((await early.json()).message).toBe(NOT_WAITING_FOR_INFO_MESSAGE);
    await decide(t, admin, id, { decision: "needs-info", reason: "Please send the carrier's receipt showing the amount." });
    const empty = await answer(form({ note: "  " }));
    expect(empty.status).toBe(400);
    expect((await empty.json()).errors).toEqual({ note: messages.answerNeeded });
    const long = await answer(form({ note: "x".repeat(5001) }));
    expect((await long.json()).errors).toEqual({ note: messages.note });
    const res = await answer(
      form({ note: "Attached the receipt from the carrier." }, [{ field: "files", file: file(pngBytes(), "receipt.png", "image/png") }]),
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.status).toBe("submitted");
    expect(body.documents).toHaveLength(2);
    expect(body.history.map((h: { action: string; note: string | null }) => [h.action, h.note])).toEqual([
      ["submitted", null],
      ["needs-info", "Please send the carrier's receipt showing the amount."],
      ["info-provided", "Attached the receipt from the carrier."],
    ]);
  });

  test("a claim holds at most 15 files: an answer past that is refused and keeps nothing; a note alone still goes", async () => {
    const [ana] = await claimants(t);
    await provenCoverage(t, ana!, admin);
    const five = (name: string) => Array.from({ length: 5 }, (_, i) => pdf(`${name}-${i}.pdf`));
    const res = await sendClaim(t, ana!.cookie, form(claimFields(), five("receipt")));
    const { id } = await res.json();
    const answer = (body: FormData) => t.request("POST", `/api/benefits/claims/${id}/info`, { headers: { cookie: ana!.cookie }, body });
    const ask = async () => expect((await decide(t, admin, id, { decision: "needs-info", reason: "More, please." })).status).toBe(200);
    for (const name of ["first", "second"]) {
      await ask();
      expect((await answer(form({}, five(name)))).status).toBe(200);
    }
    await ask();
    const files = storedFiles(t);
    const over = await answer(form({ note: "One more." }, [pdf("one-more.pdf")]));
    expect(over.status).toBe(400);
    expect((await over.json()).errors).toEqual({ files: messages.tooManyFilesOnClaim });
    expect(storedFiles(t)).toEqual(files);
    expect(count("select count(*) as n from reimbursement_documents where claim_id = ?", id)).toBe(15);
    const note = await answer(form({ note: "The statement has all three months on one page." }));
    expect(await note.json()).toMatchObject({ status: "submitted" });
  });
});

describe("a claim's day", () => {
  test("is the employee's own: on its run-out's last evening in Chicago, `tz` still takes the year that ended; without it, UTC's next day refuses it", async () => {
    const [ana] = await claimants(t);
    await provenCoverage(t, ana!, admin);
    const year = planYearAt(ana!.planStart, 0);
    const lastMonth = year.months.at(-1)!;
    const lastDay = runOutEnds(year);
    // 05:00 UTC the day after is still the run-out's last evening in Chicago.
    setSystemTime(new Date(`${daysFrom(lastDay, 1)}T05:00:00Z`));
    try {
      const cookie = await employeeCookie(t.database.db, ana!.id);
      const send = (query: string) =>
        t.request("POST", `/api/benefits/claims${query}`, {
          headers: { cookie },
          body: form(claimFields({ month: lastMonth }), [pdf()]),
        });
      const utc = await send("");
      expect(utc.status).toBe(400);
      expect((await utc.json()).errors.month).toStartWith(`${formatMonth(lastMonth)} is outside your plan year.`);
      const unknown = await send("?tz=Mars%2FOlympus");
      expect(unknown.status).toBe(400);
      expect((await unknown.json()).errors).toEqual({ tz: "Unknown time zone" });
      const chicago = await send("?tz=America%2FChicago");
      expect(chicago.status).toBe(201);
      expect(await chicago.json()).toMatchObject({ month: lastMonth, status: "submitted" });
    } finally {
      setSystemTime();
    }
  });
});

describe("the claim form's attestation", () => {
  test("says the coverage of the employee and of each person covered, individual or Medicare, was in force for the month claimed", () => {
    // Ongoing substantiation (54.9802-4(c)(5)(ii)): the participant and each covered dependant, in either kind of coverage the proof accepts.
    expect(CLAIM_ATTESTATION).toContain("each person listed as covered");
    expect(CLAIM_ATTESTATION).toContain("individual health insurance or Medicare");
    expect(CLAIM_ATTESTATION).toContain("was in force for the month claimed");
  });
});

describe("GET /api/benefits", () => {
  test("this month is the employee's own: `tz` reads today in their time zone", async () => {
    const [ana] = await claimants(t, [{}], { employeeClasses: [{ name: "Full-time", allowanceCents: 40_000 }] });
    // 05:00 UTC on the next month's first day is still this month's last evening in Chicago.
    setSystemTime(new Date(`${firstDayOf(monthsFromNow(1))}T05:00:00Z`));
    try {
      // Signed in at that time: a session from before would have expired by then.
      const cookie = await employeeCookie(t.database.db, ana!.id);
      const at = async (query: string) =>
        (await t.request("GET", `/api/benefits${query}`, { headers: { cookie } })).json() as Promise<{ month: string; balance: number }>;
      const ledgerAt = async (query: string) =>
        (
          (await (await t.request("GET", `/api/benefits/ledger${query}`, { headers: { cookie } })).json()) as {
            totals: { balance: number };
          }
        ).totals.balance;
      const chicago = await at("?tz=America%2FChicago");
      expect(chicago.month).toBe(monthsFromNow(-1));
      // Its ledger read in the same zone has not reached the next month either: the same balance.
      expect(await ledgerAt("?tz=America%2FChicago")).toBe(chicago.balance);
      const utc = await at("");
      expect(utc.month).toBe(thisMonth());
      expect(utc.balance).toBe(chicago.balance + 400);
      expect(await ledgerAt("")).toBe(utc.balance);
      const unknown = await t.request("GET", "/api/benefits?tz=Mars%2FOlympus", { headers: { cookie } });
      expect(unknown.status).toBe(400);
      expect((await unknown.json()).errors).toEqual({ tz: "Unknown time zone" });
    } finally {
      setSystemTime();
    }
  });

  test("a denied month still open for claims is the next step until it is claimed again", async () => {
    const [ana] = await claimants(t, [{}], { employeeClasses: [{ name: "Full-time", allowanceCents: 40_000 }] });
    await provenCoverage(t, ana!, admin);
    const last = await claimed(t, ana!, { month: monthsFromNow(-1) });
    await decide(t, admin, last, { decision: "deny", reason: "The receipt is for a dental plan." });
    await claimed(t, ana!, { month: thisMonth() });
    expect((await home(ana!)).nextStep).toEqual({
      code: "submit-claim",
      message: `Your claim for ${formatMonth(monthsFromNow(-1))} was denied. You can send a new claim for that month.`,
    });
    await claimed(t, ana!, { month: monthsFromNow(-1) });
    expect((await home(ana!)).nextStep.code).toBe("wait-for-review");
  });

  test("of two denied months the earliest is named first, whatever order they were denied in", async () => {
    const [bo] = await claimants(t, [{}], { employeeClasses: [{ name: "Full-time", allowanceCents: 40_000 }] });
    await provenCoverage(t, bo!, admin);
    // The earlier month denied first, so the later one is the newer claim.
    for (const month of [monthsFromNow(-2), monthsFromNow(-1)])
      await decide(t, admin, await claimed(t, bo!, { month }), { decision: "deny", reason: "Not a premium." });
    await claimed(t, bo!, { month: thisMonth() });
    expect((await home(bo!)).nextStep.message).toBe(
      `Your claim for ${formatMonth(monthsFromNow(-2))} was denied. You can send a new claim for that month.`,
    );
  });

  test("a denied month with nothing left to approve for it is not offered again", async () => {
    const [ana] = await claimants(t, [{}], { employeeClasses: [{ name: "Full-time", allowanceCents: 40_000 }] });
    await provenCoverage(t, ana!, admin);
    const last = await claimed(t, ana!, { month: monthsFromNow(-1) });
    await decide(t, admin, last, { decision: "deny", reason: "The receipt is for a dental plan." });
    // This month's claim takes everything carried over to it, last month's unused allowance included.
    const everything = (await home(ana!)).available;
    const now = await claimed(t, ana!, { month: thisMonth(), amount: String(everything) });
    expect((await decide(t, admin, now, { decision: "approve" })).status).toBe(200);
    const { nextStep, usedUpMonths } = await home(ana!);
    expect(nextStep.message).not.toContain("was denied");
    // The home says which open months are used up (every one that carried over into this
    // month's approval), so the screen neither offers nor promises them; later months are not.
    expect(usedUpMonths).toEqual([monthsFromNow(-2), monthsFromNow(-1), thisMonth()]);
  });

  test("this month is not asked for when a premium paid ahead has used up its allowance", async () => {
    const [ana] = await claimants(t, [{}], { employeeClasses: [{ name: "Full-time", allowanceCents: 40_000 }] });
    await provenCoverage(t, ana!, admin);
    // Next month's premium, paid ahead, takes every month's allowance carried over to it.
    const ahead = await claimed(t, ana!, { month: monthsFromNow(1), amount: "1600" });
    expect((await decide(t, admin, ahead, { decision: "approve" })).status).toBe(200);
    const { nextStep, usedUpMonths } = await home(ana!);
    expect(usedUpMonths).toContain(thisMonth());
    expect(nextStep.message).not.toContain(`Submit your premium claim for ${formatMonth(thisMonth())}`);
  });

  test("says what to do next as the employee goes: prove coverage, claim, wait, answer, all set", async () => {
    const [ana] = await claimants(t, [{}], { employeeClasses: [{ name: "Full-time", allowanceCents: 40_000 }] });
    let now = await home(ana!);
    expect(now).toMatchObject({
      employee: { id: ana!.id, email: ana!.email },
      employer: { businessId: ana!.businessId },
      enrollmentId: ana!.enrollmentId,
      className: "Full-time",
      carryOver: true,
      month: thisMonth(),
      planYear: { start: firstDayOf(monthsFromNow(-2)) },
      eligibleFrom: monthsFromNow(-2),
      allowance: 400,
      // Three months reached: their allowances are written, and the balance is their sum.
      balance: 1200,
      available: 1200,
      approvedUnpaid: 0,
      paid: 0,
      // No proof of coverage yet: no month can be claimed.
      claimableMonths: [],
      proof: null,
      claims: [],
      nextStep: { code: "prove-coverage" },
    });
    const proof = (await (await sendProof(t, ana!.cookie, proofForm())).json()).id;
    now = await home(ana!);
    expect(now.proof).toMatchObject({ id: proof, status: "pending" });
    expect(now.claimableMonths).toEqual([{ from: monthsFromNow(-2), to: monthsFromNow(9) }]);
    expect(now.nextStep.code).toBe("submit-claim");
    const claim = await claimed(t, ana!);
    expect((await home(ana!)).nextStep).toEqual({
      code: "wait-for-proof-review",
      // Each claim is still reviewed on its own: an approved proof makes it approvable, not approved.
      message: "We are reviewing your proof of coverage. No claim can be approved until it is.",
    });
    await decideProofOf(t, admin, proof, { decision: "approve" });
    expect((await home(ana!)).nextStep.code).toBe("wait-for-review");
    await decide(t, admin, claim, { decision: "needs-info", reason: "Whose name is on the receipt?" });
    expect((await home(ana!)).nextStep.message).toBe(
      `We need more information about your claim for ${formatMonth(thisMonth())}: Whose name is on the receipt?`,
    );
    // The email gives the days to answer and says the decision waits for the answer (29 CFR 2560.503-1(f)(4)).
    const asked = t.database.sqlite
      .query("select text_body as text from outbox where kind = 'claim_needs_info' and to_address = ?")
      .get(ana!.email) as { text: string };
    expect(asked.text).toContain(
      `You have 45 days to answer, until ${formatDate(daysFrom(todayUtc(), 45))}. The time we have to decide your claim pauses until you answer; we will decide within 45 days of receiving your answer.`,
    );
    await t.request("POST", `/api/benefits/claims/${claim}/info`, { headers: { cookie: ana!.cookie }, body: form({ note: "Mine." }) });
    await decide(t, admin, claim, { decision: "approve", approvedAmount: 400, reason: "Up to this month's allowance." });
    now = await home(ana!);
    expect(now.nextStep.code).toBe("all-set");
    expect(now).toMatchObject({ balance: 800, available: 800, approvedUnpaid: 400 });
    expect(now.claims[0]).toMatchObject({
      id: claim,
      status: "partially-approved",
      approvedAmount: 400,
      reason: "Up to this month's allowance.",
    });
  });

  test("lists the claims by coverage month, the latest first, whatever order they were sent in", async () => {
    const [ana] = await claimants(t, [{}]);
    await provenCoverage(t, ana!, admin);
    const latest = await claimed(t, ana!, { month: thisMonth() });
    const earliest = await claimed(t, ana!, { month: monthsFromNow(-2) });
    const middle = await claimed(t, ana!, { month: monthsFromNow(-1) });
    expect((await home(ana!)).claims.map((c: { id: number; month: string }) => [c.id, c.month])).toEqual([
      [latest, thisMonth()],
      [middle, monthsFromNow(-1)],
      [earliest, monthsFromNow(-2)],
    ]);
  });

  test("a rejected proof asks for a new one; an employee hired later is told when the allowance starts", async () => {
    const [ana, ben] = await claimants(t, [{}, { hireDate: firstDayOf(monthsFromNow(2)) }]);
    const proof = (await (await sendProof(t, ana!.cookie, proofForm())).json()).id;
    await decideProofOf(t, admin, proof, { decision: "reject", reason: "Unreadable scan" });
    expect((await home(ana!)).nextStep).toEqual({
      code: "prove-coverage",
      message: "Your proof of coverage was not accepted. Please send a new one. Our reason: Unreadable scan",
    });
    await provenCoverage(t, ben!, admin);
    const later = await home(ben!);
    expect(later).toMatchObject({
      allowance: 0,
      // Before it starts, its first month's amount is stated too.
      firstAllowance: 500,
      balance: 0,
      eligibleFrom: monthsFromNow(2),
      claimableMonths: [{ from: monthsFromNow(2), to: monthsFromNow(9) }],
    });
    expect(later.nextStep).toEqual({
      code: "not-eligible-yet",
      message: `Your allowance starts in ${formatMonth(monthsFromNow(2))}. You can claim a month once you have paid its premium.`,
    });
    // Its first month claimed ahead: first "we are reviewing", then, approved, the next month to claim by name.
    const ahead = await claimed(t, ben!, { month: monthsFromNow(2), amount: "100" });
    expect((await home(ben!)).nextStep).toEqual({ code: "wait-for-review", message: "We are reviewing your claims." });
    expect((await decide(t, admin, ahead, { decision: "approve" })).status).toBe(200);
    expect((await home(ben!)).nextStep).toEqual({
      code: "not-eligible-yet",
      message: `Your allowance starts in ${formatMonth(monthsFromNow(2))}. You can claim ${formatMonth(monthsFromNow(3))} once you have paid its premium.`,
    });
  });

  test("hired into the next plan year: before it starts, home states its first month's allowance, read in that year", async () => {
    // The plan year ends this month; hired next month, the allowance starts in the next plan year.
    const [eli] = await claimants(t, [{ hireDate: firstDayOf(monthsFromNow(1)) }], { startMonthsAgo: 11 });
    const before = await home(eli!);
    expect(before.eligibleFrom).toBe(monthsFromNow(1));
    expect(before.allowance).toBe(0);
    expect(before.firstAllowance).toBe(500);
  });

  test("all set before the coverage starts: the next claim named is for the coverage's first month", async () => {
    const [ana] = await claimants(t);
    await provenCoverage(t, ana!, admin, { coverageStart: firstDayOf(monthsFromNow(3)) });
    expect((await home(ana!)).nextStep).toEqual({
      code: "all-set",
      message: `You're all set. Your next claim is for ${formatMonth(monthsFromNow(3))}.`,
    });
  });

  test("all set with next month claimed ahead: the next claim named is the first month with no claim", async () => {
    const [ana] = await claimants(t);
    await provenCoverage(t, ana!, admin);
    for (const month of [thisMonth(), monthsFromNow(1), monthsFromNow(2)])
      expect((await decide(t, admin, await claimed(t, ana!, { month, amount: "10" }), { decision: "approve" })).status).toBe(200);
    expect((await home(ana!)).nextStep).toEqual({
      code: "all-set",
      message: `You're all set. Your next claim is for ${formatMonth(monthsFromNow(3))}.`,
    });
  });

  test("the age band is the census's date of birth's, as the notice and the employer state it, whatever date was typed at registration", async () => {
    const banded: StoredEmployeeClass[] = [
      {
        name: "Full-time",
        allowanceCents: 30_000,
        ageBands: [
          { minAge: 0, maxAge: 29, allowanceCents: 30_000 },
          { minAge: 30, allowanceCents: 90_000 },
        ],
      },
    ];
    // Twenty on the census, whenever the test runs; typed at registration as sixty-six.
    const born = (years: number) => `${Number(todayUtc().slice(0, 4)) - years}-01-01`;
    const [sam] = await claimants(t, [{ dateOfBirth: born(20), registrationDateOfBirth: born(66) }], { employeeClasses: banded });
    expect(await home(sam!)).toMatchObject({ allowance: 300 });
    const notice = await (await t.request("GET", "/api/benefits/notice", { headers: { cookie: sam!.cookie } })).json();
    expect(JSON.stringify(notice)).toContain("$300.00");
  });

  test("this month's allowance is the one its ledger holds, even when the employee's class has changed since it was written", async () => {
    const [ana] = await claimants(t, [{}], { employeeClasses: flat400 });
    const before = await home(ana!);
    expect(before.allowance).toBe(400);
    // A class with no amount for them now: the months already written keep their $400.
    t.database.sqlite.query("update census_employees set class_name = 'Seasonal' where id = ?").run(ana!.id);
    expect(await home(ana!)).toMatchObject({ allowance: 400, balance: before.balance });
  });

  test("all set in a plan year's last month: the next plan year's proof is asked for, and can be sent before it starts", async () => {
    // The plan began 11 months ago: this is its twelfth and last month.
    const [ana] = await claimants(t, [{}], { startMonthsAgo: 11 });
    await provenCoverage(t, ana!, admin, { coverageStart: firstDayOf(monthsFromNow(-11)) });
    await decide(t, admin, await claimed(t, ana!, { amount: "300" }), { decision: "approve" });
    const nextStart = firstDayOf(monthsFromNow(1));
    const before = await home(ana!);
    expect(before.nextYear).toEqual({ planYear: { start: nextStart, end: daysFrom(firstDayOf(monthsFromNow(13)), -1) }, proof: null });
    expect(before.nextStep).toEqual({
      code: "prove-next-year",
      message: `You're all set for now. Your next plan year starts on ${formatDate(nextStart)}: send your proof of coverage for it, so its claims can be approved from its first month.`,
    });
    // Sent for the next plan year; its months are still not claimable before it starts.
    const sent = await sendProof(t, ana!.cookie, proofForm({ planYearStart: nextStart, coverageStart: nextStart }));
    expect(sent.status).toBe(201);
    expect(await sent.json()).toMatchObject({ planYearStart: nextStart, status: "pending" });
    const after = await home(ana!);
    expect(after.nextYear!.proof).toMatchObject({ planYearStart: nextStart, status: "pending" });
    expect(after.proof).toMatchObject({ planYearStart: ana!.planStart, status: "approved" });
    expect(after.claimableMonths).toEqual([{ from: monthsFromNow(-11), to: monthsFromNow(0) }]);
    expect(after.nextStep).toEqual({
      code: "all-set",
      message: `You're all set for this plan year. Your next claim is for ${formatMonth(monthsFromNow(1))}, in your next plan year.`,
    });
    const early = await sendClaim(
      t,
      ana!.cookie,
      form(claimFields({ month: monthsFromNow(1) }), [{ field: "files", file: file(pdfBytes(), "r.pdf") }]),
    );
    expect(early.status).toBe(400);
    expect(Object.keys((await early.json()).errors)).toEqual(["month"]);
    // A second one for that year waits for the first to be decided, as any plan year's does.
    expect((await sendProof(t, ana!.cookie, proofForm({ planYearStart: nextStart, coverageStart: nextStart }))).status).toBe(409);
  });

  test("the next plan year's proof opens the day its notice is due, 90 days before it starts; a coverage start in it names it", async () => {
    // Six months into the plan: the next plan year is half a year away, too far to prove.
    const [ana] = await claimants(t, [{}], { startMonthsAgo: 6 });
    const far = firstDayOf(monthsFromNow(6));
    expect((await home(ana!)).nextYear).toBeNull();
    const refused = await sendProof(t, ana!.cookie, proofForm({ planYearStart: far, coverageStart: far }));
    expect(refused.status).toBe(400);
    expect((await refused.json()).errors).toEqual({ planYearStart: messages.planYearStart });
    // Ten months in, it starts within two months: a proof whose coverage starts then is for it, without naming it.
    const [cy] = await claimants(t, [{}], { startMonthsAgo: 10 });
    const near = firstDayOf(monthsFromNow(2));
    const sent = await sendProof(t, cy!.cookie, proofForm({ coverageStart: near }));
    expect(sent.status).toBe(201);
    expect(await sent.json()).toMatchObject({ planYearStart: near, coverageStart: near });
    expect((await home(cy!)).nextYear!.proof).toMatchObject({ planYearStart: near });
  });

  test("the months claimable now: each open plan year's from the coverage start of its proof, none without one, the previous year's during its run-out", async () => {
    // The plan began 13 months ago: this is the second plan year's second month, the first year's run-out still open.
    const [ana] = await claimants(t, [{}], { startMonthsAgo: 13 });
    expect((await home(ana!)).claimableMonths).toEqual([]);
    // Last plan year's proof, approved: its months can still be claimed though this year's proof is not sent yet.
    await provenCoverage(t, ana!, admin, { coverageStart: firstDayOf(monthsFromNow(-11)) });
    expect((await home(ana!)).claimableMonths).toEqual([{ from: monthsFromNow(-11), to: monthsFromNow(-2) }]);
    expect((await sendClaim(t, ana!.cookie, form(claimFields({ month: monthsFromNow(-2) }), [pdf()]))).status).toBe(201);
    // This year's proof, pending: its months from its coverage start.
    await provenCoverage(t, ana!, admin, { approve: false, coverageStart: firstDayOf(thisMonth()) });
    expect((await home(ana!)).claimableMonths).toEqual([
      { from: thisMonth(), to: monthsFromNow(10) },
      { from: monthsFromNow(-11), to: monthsFromNow(-2) },
    ]);
  });
});

describe("GET /api/benefits/documents/{id}", () => {
  test("answers the employee's own file as an attachment of its sniffed type", async () => {
    const [ana] = await claimants(t);
    await provenCoverage(t, ana!, admin);
    const res = await sendClaim(t, ana!.cookie, form(claimFields(), [{ field: "files", file: file(pngBytes(), "Reçu mars.pdf") }]));
    const doc = (await res.json()).documents[0];
    const got = await t.request("GET", `/api/benefits/documents/${doc.id}`, { headers: { cookie: ana!.cookie } });
    expect(got.status).toBe(200);
    expect(got.headers.get("content-type")).toBe("image/png");
    // Named as a PDF, recognised as a PNG: saved under the extension of what it is.
    expect(got.headers.get("content-disposition")).toBe(
      `attachment; filename="Re_u mars.pdf.png"; filename*=UTF-8''Re%C3%A7u%20mars.pdf.png`,
    );
    expect(got.headers.get("x-content-type-options")).toBe("nosniff");
    expect(got.headers.get("cache-control")).toBe("private, no-store");
    expect(new Uint8Array(await got.arrayBuffer())).toEqual(pngBytes());
  });
});

describe("what is recorded is kept", () => {
  test("a claim whose rows committed keeps its file even when reading it back fails: only a refusal deletes what was sent", async () => {
    const [ana] = (await claimants(t)) as [Claimant];
    await provenCoverage(t, ana, admin);
    const db = t.database.db;
    const context = (await contextOfEmployee(db, ana.id))!;
    const writer = await startDocument(documentsDir(t), "receipt.pdf");
    await writer.write(pdfBytes(2_000));
    const receipt = await writer.finish();
    const upload = { fields: claimFields(), files: [receipt], discard: () => writer.discard() };
    // The transaction reads and writes through its own handle; the read after it goes through `db`.
    const select = db.select;
    db.select = (() => {
      throw new Error("the read after the commit failed");
    }) as unknown as typeof db.select;
    try {
      await expect(submitClaim(db, context, upload, todayUtc())).rejects.toThrow("the read after the commit failed");
    } finally {
      db.select = select;
    }
    expect(countOf(t, "select count(*) as n from reimbursement_claims where employee_id = ?", ana.id)).toBe(1);
    expect(storedFiles(t)).toContain(receipt.storedName);
  });
});
