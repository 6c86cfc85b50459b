// The admin's review: the queue, the claim decisions with the ledger they write, and the
// rule that two decisions at once cannot spend the same allowance.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Value } from "@sinclair/typebox/value";
import { daysFrom, formatDate, todayUtc } from "../../lib/date-rules";
import { firstDayOf, formatMonth } from "../../lib/months";
import type { TestApp } from "../../test/api";
import { outboxTo } from "../../test/employee-fixtures";
import { startServerProcess } from "../../test/server-process";
import { decideClaim } from "./claims";
import { reviewRights } from "./emails";
import {
  AdminClaim,
  answerDueDay,
  BEFORE_PROVEN_COVERAGE_MESSAGE,
  claimChangedMessage,
  claimDecidedMessage,
  decisionDueDay,
  ENROLLMENT_NOT_APPROVED_MESSAGE,
  Ledger,
  messages,
  NO_TIME_TO_ASK_MESSAGE,
  OVER_AVAILABLE_MESSAGE,
  PROOF_NOT_APPROVED_MESSAGE,
  questionDays,
  questionTerms,
  type ReviewItem,
  ReviewQueue,
} from "./model";
import {
  type Claimant,
  claimants,
  claimed,
  decide,
  decideProofOf,
  flat400,
  form,
  homeOf,
  ledgerSums,
  monthsFromNow,
  pdfBytes,
  proofForm,
  provenCoverage,
  reviewingApp,
  sendProof,
  thisMonth,
} from "./test-helpers";
import { closeUnansweredQuestions } from "./unanswered";

let t: TestApp;
let admin: string;
beforeAll(async () => {
  ({ t, admin } = await reviewingApp());
});
afterAll(() => t.close());

const get = (path: string) => t.request("GET", path, { headers: { cookie: admin } });

describe("GET /api/admin/review-queue", () => {
  test("proofs and claims awaiting review, oldest first, with employee, employer and documents; filters; pages with a count", async () => {
    // A fresh app: the queue holds only what this test sends.
    const { t: own, admin: ops } = await reviewingApp();
    try {
      const [ana, ben] = await claimants(own, [
        { firstName: "Ana", lastName: "Ortiz" },
        { firstName: "Ben", lastName: "Okafor" },
      ]);
      const [cy] = await claimants(own, [{ firstName: "Cy", lastName: "Young" }]);
      const anaProof = await provenCoverage(own, ana!, ops, { approve: false });
      await provenCoverage(own, ben!, ops);
      const benClaim = await claimed(own, ben!, { month: monthsFromNow(-1), amount: "300" });
      const cyProof = await provenCoverage(own, cy!, ops, { approve: false });
      const anaClaim = await claimed(own, ana!);
      const q = async (query = "") => {
        const res = await own.request("GET", `/api/admin/review-queue${query}`, { headers: { cookie: ops } });
        expect(res.status).toBe(200);
        const body = await res.json();
        expect(Value.Check(ReviewQueue, body)).toBe(true);
        return { body: body as typeof ReviewQueue.static, total: res.headers.get("x-total-count"), next: res.headers.get("x-next-cursor") };
      };
      const all = await q();
      expect(all.body.map((i) => [i.kind, i.id])).toEqual([
        ["proof", anaProof],
        ["claim", benClaim],
        ["proof", cyProof],
        ["claim", anaClaim],
      ]);
      expect(all.total).toBe("4");
      expect(all.body[1]).toMatchObject({
        status: "submitted",
        employee: { id: ben!.id, name: "Ben Okafor" },
        employer: { businessId: ben!.businessId },
        month: monthsFromNow(-1),
        amount: 300,
        coverageStart: null,
        carrier: "Blue Cross Blue Shield of Texas",
        documents: [{ fileName: "receipt.pdf", mediaType: "application/pdf" }],
      });
      expect(all.body[0]).toMatchObject({ kind: "proof", status: "pending", month: null, amount: null, coverageStart: expect.any(String) });
      expect((await q("?kind=claim")).body.map((i) => i.id)).toEqual([benClaim, anaClaim]);
      const byEmployer = await q(`?businessId=${cy!.businessId}`);
      expect(byEmployer.body.map((i) => [i.kind, i.id])).toEqual([["proof", cyProof]]);
      expect(byEmployer.total).toBe("1");
      const approved = await q("?status=approved");
      expect(approved.body.map((i) => [i.kind, i.id])).toEqual([["proof", expect.any(Number)]]);
      // Pages of two, then of one: the cursor carries the place across kinds.
      const first = await q("?limit=2");
      expect(first.body.map((i) => i.id)).toEqual([anaProof, benClaim]);
      const second = await q(`?limit=2&cursor=${first.next}`);
      expect(second.body.map((i) => i.id)).toEqual([cyProof, anaClaim]);
      expect(second.next).toBeNull();
      // Decided items leave the default queue and appear under their status.
      await decide(own, ops, benClaim, { decision: "needs-info", reason: "Which plan?" });
      expect((await q()).total).toBe("3");
      expect((await q("?status=needs-info")).body.map((i) => i.id)).toEqual([benClaim]);
      for (const bad of ["?status=lost", "?kind=thing", "?businessId=x", "?limit=0", "?cursor=%%%"]) {
        const res = await own.request("GET", `/api/admin/review-queue${bad}`, { headers: { cookie: ops } });
        expect({ bad, status: res.status }).toEqual({ bad, status: 400 });
      }
    } finally {
      own.close();
    }
  });
});

describe("text as a person typed it", () => {
  test("control characters are dropped from what employees and reviewers send: a reason of nothing but them is no reason", async () => {
    const [ana] = await claimants(t, [{}], { employeeClasses: flat400 });
    const blank = await sendProof(t, ana!.cookie, proofForm({ carrier: "\u0000\u0001\u001b" }));
    expect(blank.status).toBe(400);
    expect((await blank.json()).errors).toEqual({ carrier: messages.carrier });
    const sent = await sendProof(t, ana!.cookie, proofForm({ carrier: "Blue\tCross\u0001 PPO\u001b[0m", coveredPeople: "Me\r\nand Sam" }));
    expect(sent.status).toBe(201);
    expect(await sent.json()).toMatchObject({ carrier: "Blue Cross PPO[0m", coveredPeople: "Me and Sam" });
    await decideProofOf(t, admin, (await homeOf(t, ana!)).proof!.id, { decision: "approve" });
    const id = await claimed(t, ana!, { amount: "100" });
    const invisible = await decide(t, admin, id, { decision: "deny", reason: "\u0000\u001b\u0007" });
    expect(invisible.status).toBe(400);
    expect((await invisible.json()).errors).toEqual({ reason: messages.reasonRequired });
    const asked = await decide(t, admin, id, { decision: "needs-info", reason: "Which plan?\nThe receipt\u0000 names two." });
    expect(await asked.json()).toMatchObject({ reason: "Which plan?\nThe receipt names two." });
    const answer = new FormData();
    answer.append("note", "Line one\r\n\tLine two\u0000");
    const answered = await t.request("POST", `/api/benefits/claims/${id}/info`, { headers: { cookie: ana!.cookie }, body: answer });
    expect(answered.status).toBe(200);
    expect((await answered.json()).history.at(-1)).toMatchObject({ action: "info-provided", note: "Line one\r\n\tLine two" });
  });
});

describe("GET /api/admin/review-employers", () => {
  test("each employer with a proof or a claim, once, by name; only for admins", async () => {
    const [ana] = await claimants(t);
    const [ben] = await claimants(t);
    await provenCoverage(t, ana!, admin, { approve: false });
    const res = await t.request("GET", "/api/admin/review-employers", { headers: { cookie: admin } });
    expect(res.status).toBe(200);
    const employers = (await res.json()) as { businessId: number; name: string }[];
    const names = (t.database.sqlite.query("select id, name from businesses").all() as { id: number; name: string }[]).map(
      (b) => [b.id, b.name] as const,
    );
    const withItems = t.database.sqlite
      .query("select business_id as id from coverage_proofs union select business_id from reimbursement_claims")
      .all() as { id: number }[];
    expect(employers).toEqual(
      names
        .filter(([id]) => withItems.some((row) => row.id === id))
        .map(([businessId, name]) => ({ businessId, name }))
        .sort((a, b) => a.name.localeCompare(b.name, "en-US") || a.businessId - b.businessId),
    );
    expect(employers.map((e) => e.businessId)).toContain(ana!.businessId);
    expect(employers.map((e) => e.businessId)).not.toContain(ben!.businessId);
    expect((await t.request("GET", "/api/admin/review-employers", { headers: { cookie: ana!.ownerCookie } })).status).toBe(401);
    expect((await t.request("GET", "/api/admin/review-employers", { headers: { cookie: ana!.cookie } })).status).toBe(401);
  });
});

describe("POST /api/admin/claims/{id}/decision", () => {
  test("a decision taken on a status that changed since the reviewer saw it is refused, naming what changed", async () => {
    const [ana] = await claimants(t, [{}], { employeeClasses: flat400 });
    await provenCoverage(t, ana!, admin);
    const id = await claimed(t, ana!, { amount: "100" });
    // Reviewer A asks a question; reviewer B, still looking at the claim as submitted, approves.
    expect((await decide(t, admin, id, { decision: "needs-info", reason: "Whose receipt?", seenStatus: "submitted" })).status).toBe(200);
    const stale = await decide(t, admin, id, { decision: "approve", seenStatus: "submitted" });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toEqual({ message: claimChangedMessage("needs-info"), status: "needs-info" });
    expect(t.database.sqlite.query("select status from reimbursement_claims where id = ?").get(id)).toEqual({ status: "needs-info" });
    // Seen as it is, it is decided.
    expect((await decide(t, admin, id, { decision: "approve", seenStatus: "needs-info" })).status).toBe(200);
  });

  test("approve in full: the ledger gets the month's allowance and the approval, the employee and the employer are emailed", async () => {
    const [ana] = await claimants(t, [{}], { employeeClasses: flat400 });
    await provenCoverage(t, ana!, admin);
    const id = await claimed(t, ana!, { amount: "350" });
    const res = await decide(t, admin, id, { decision: "approve" });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(Value.Check(AdminClaim, body)).toBe(true);
    expect(body).toMatchObject({
      status: "approved",
      approvedAmount: 350,
      decidedBy: "ops",
      reason: null,
      allowanceForMonth: 400,
      // Three months of 400 reached, 350 approved.
      availableForMonth: 850,
      carryOver: true,
      // What the proof shows, to set beside the claim's own carrier and people.
      proof: { status: "approved", carrier: "Blue Cross Blue Shield of Texas", coveredPeople: "Me" },
    });
    expect(body.history.map((h: { action: string; actor: string; amount: number | null }) => [h.action, h.actor, h.amount])).toEqual([
      ["submitted", "employee", 350],
      ["approved", "ops", 350],
    ]);
    const [mail] = outboxTo(t, ana!.email, "claim_approved");
    expect(mail!.subject).toBe(`Your claim for ${formatMonth(thisMonth())} is approved`);
    expect(mail!.text).toContain("$350.00");
    // The employer hears that payments wait, without any claim detail.
    const owner = t.database.sqlite
      .query("select u.email from users u join businesses b on b.user_id = u.id where b.id = ?")
      .get(ana!.businessId) as { email: string };
    const waiting = outboxTo(t, owner.email, "reimbursements_waiting");
    expect(waiting).toHaveLength(1);
    expect(waiting[0]!.text).toContain("$350.00 so far");
    // Not taxable for employees; taxable wages for a more-than-2% S corporation shareholder.
    expect(waiting[0]!.text).toContain("For a shareholder owning more than 2% of an S corporation they are taxable wages");
    expect(waiting[0]!.text).not.toContain("Blue Cross");
    expect(waiting[0]!.text).not.toContain(ana!.email);
    expect(ledgerSums(t, ana!.id)).toEqual({ balance: 120_000 - 35_000, unpaid: 35_000 });
  });

  test("a partial approval records its reason; an amount over the claim is 400, over what is available 409 with the available amount", async () => {
    const [ana] = await claimants(t, [{}], { employeeClasses: flat400, startMonthsAgo: 0 });
    await provenCoverage(t, ana!, admin);
    const id = await claimed(t, ana!, { amount: "700" });
    const over = await decide(t, admin, id, { decision: "approve" });
    expect(over.status).toBe(409);
    expect(await over.json()).toEqual({ message: OVER_AVAILABLE_MESSAGE(400, formatMonth(thisMonth())), available: 400 });
    const tooMuch = await decide(t, admin, id, { decision: "approve", approvedAmount: 700.01 });
    expect((await tooMuch.json()).errors).toEqual({ approvedAmount: messages.amountOverClaim("$700.00") });
    const noReason = await decide(t, admin, id, { decision: "approve", approvedAmount: 400 });
    expect(noReason.status).toBe(400);
    expect((await noReason.json()).errors).toEqual({ reason: messages.partialReason });
    for (const approvedAmount of [0, -5, 1.005, "400"]) {
      const res = await decide(t, admin, id, { decision: "approve", approvedAmount, reason: "x" });
      expect({ approvedAmount, status: res.status }).toEqual({ approvedAmount, status: 400 });
      expect({ approvedAmount, errors: (await res.json()).errors }).toEqual({
        approvedAmount,
        errors: { approvedAmount: messages.approvedAmount },
      });
    }
    const withAmountOnDeny = await decide(t, admin, id, { decision: "deny", approvedAmount: 10, reason: "x" });
    expect((await withAmountOnDeny.json()).errors).toEqual({ approvedAmount: messages.amountOnlyWithApproval });
    const partial = await decide(t, admin, id, { decision: "approve", approvedAmount: 400, reason: "The allowance is $400 a month." });
    expect(await partial.json()).toMatchObject({
      status: "partially-approved",
      approvedAmount: 400,
      reason: "The allowance is $400 a month.",
      availableForMonth: 0,
    });
    // With nothing left for the month, the refusal does not suggest approving $0.00.
    expect(OVER_AVAILABLE_MESSAGE(0, formatMonth(thisMonth()))).toBe(
      `Nothing of the allowance is left for ${formatMonth(thisMonth())}, so no amount can be approved. Deny the claim with a reason.`,
    );
    const [mail] = outboxTo(t, ana!.email, "claim_partially_approved");
    expect(mail!.text).toContain("We approved $400.00 of your $700.00 premium claim");
    expect(mail!.text).toContain("Reason: The allowance is $400 a month.");
    // Less than claimed is an adverse decision: the email says how to have it reviewed, and where.
    expect(mail!.text).toContain(reviewRights(t.config.contactEmail));
    const again = await decide(t, admin, id, { decision: "approve" });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe(
      "This claim was already partially approved. It can only be denied now, which withdraws the approval.",
    );
  });

  test("a decision the claim cannot take any more is refused in words that fit where it stands", async () => {
    const [ana] = await claimants(t, [{}], { employeeClasses: flat400 });
    await provenCoverage(t, ana!, admin);
    const id = await claimed(t, ana!, { amount: "300" });
    const refusal = async (payload: Record<string, unknown>) => {
      const res = await decide(t, admin, id, payload);
      expect(res.status).toBe(409);
      return (await res.json()).message;
    };
    await decide(t, admin, id, { decision: "needs-info", reason: "Which plan is this?" });
    // Waiting for the answer, it can still be approved or denied: only asking again is refused.
    expect(await refusal({ decision: "needs-info", reason: "Which plan?" })).toBe(
      "This claim is already waiting for the employee's answer. You can still approve or deny it.",
    );
    await decide(t, admin, id, { decision: "approve" });
    expect(await refusal({ decision: "approve" })).toBe(
      "This claim was already approved. It can only be denied now, which withdraws the approval.",
    );
    expect(await refusal({ decision: "needs-info", reason: "Which plan?" })).toBe(claimDecidedMessage("approved"));
    await decide(t, admin, id, { decision: "deny", reason: "A dental plan." });
    for (const payload of [{ decision: "approve" }, { decision: "deny", reason: "again" }, { decision: "needs-info", reason: "?" }])
      expect(await refusal(payload)).toBe("This claim was already denied, so it cannot be decided again.");
  });

  test("no approval while the plan year's proof is not approved", async () => {
    const [ana] = await claimants(t);
    const proof = await provenCoverage(t, ana!, admin, { approve: false });
    const id = await claimed(t, ana!);
    const res = await decide(t, admin, id, { decision: "approve" });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: PROOF_NOT_APPROVED_MESSAGE, proofStatus: "pending" });
    await decideProofOf(t, admin, proof, { decision: "reject", reason: "Wrong person" });
    expect(await (await decide(t, admin, id, { decision: "approve" })).json()).toEqual({
      message: PROOF_NOT_APPROVED_MESSAGE,
      proofStatus: null,
    });
    // Denying or asking needs no approved proof.
    expect((await decide(t, admin, id, { decision: "needs-info", reason: "Send a new proof first, please." })).status).toBe(200);
  });

  test("no approval while the employer's enrollment is not approved by our administrators", async () => {
    const [ana] = await claimants(t);
    await provenCoverage(t, ana!, admin);
    const id = await claimed(t, ana!);
    t.database.sqlite.query("update enrollments set status = 'pending' where id = ?").run(ana!.enrollmentId);
    const res = await decide(t, admin, id, { decision: "approve" });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: ENROLLMENT_NOT_APPROVED_MESSAGE, enrollmentStatus: "pending" });
    // The review says so before anyone tries.
    expect((await (await get(`/api/admin/claims/${id}`)).json()).employer.enrollmentApproved).toBe(false);
    t.database.sqlite.query("update enrollments set status = 'approved' where id = ?").run(ana!.enrollmentId);
    expect((await decide(t, admin, id, { decision: "approve" })).status).toBe(200);
  });

  test("no approval for a month before the coverage start the approved proof shows", async () => {
    const [ana] = await claimants(t);
    // The claim was accepted against a pending proof from the plan's start; the one approved starts a month later.
    const first = await provenCoverage(t, ana!, admin, { approve: false });
    const id = await claimed(t, ana!, { month: monthsFromNow(-2) });
    await decideProofOf(t, admin, first, { decision: "reject", reason: "That policy started later" });
    await provenCoverage(t, ana!, admin, { coverageStart: firstDayOf(monthsFromNow(-1)) });
    const res = await decide(t, admin, id, { decision: "approve" });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      message: BEFORE_PROVEN_COVERAGE_MESSAGE(formatMonth(monthsFromNow(-2)), formatDate(firstDayOf(monthsFromNow(-1)))),
      coverageStart: firstDayOf(monthsFromNow(-1)),
    });
    expect(ledgerSums(t, ana!.id).unpaid).toBe(0);
    expect((await decide(t, admin, id, { decision: "deny", reason: "Before your coverage started." })).status).toBe(200);
  });

  test("deny and needs-info need a reason; denying an approved unpaid claim reverses it in the ledger", async () => {
    const [ana] = await claimants(t, [{}], { employeeClasses: flat400 });
    await provenCoverage(t, ana!, admin);
    const id = await claimed(t, ana!, { amount: "300" });
    // A question is asked for as one, not as a reason.
    for (const [decision, message] of [
      ["deny", messages.reasonRequired],
      ["needs-info", messages.questionRequired],
    ]) {
      const res = await decide(t, admin, id, { decision });
      expect((await res.json()).errors).toEqual({ reason: message });
    }
    expect((await (await decide(t, admin, id, { decision: "hold" })).json()).errors).toEqual({ decision: messages.decision });
    expect((await decide(t, admin, 999_999, { decision: "approve" })).status).toBe(404);
    await decide(t, admin, id, { decision: "approve" });
    const denied = await decide(t, admin, id, { decision: "deny", reason: "The receipt is for a dental plan." });
    expect(await denied.json()).toMatchObject({ status: "denied", approvedAmount: null, reason: "The receipt is for a dental plan." });
    const [mail] = outboxTo(t, ana!.email, "claim_denied");
    expect(mail!.text).toContain("We withdrew the approval of $300.00");
    expect(mail!.text).toContain(`You can send a new claim for ${formatMonth(thisMonth())}`);
    expect(mail!.text).toContain(reviewRights(t.config.contactEmail));
    expect(reviewRights("help@example.test")).toContain("write to help@example.test within 180 days");
    const events = t.database.sqlite
      .query(
        "select kind, amount_cents as amount, unpaid_cents as unpaid from reimbursement_events where employee_id = ? and kind <> 'allowance' order by id",
      )
      .all(ana!.id);
    expect(events).toEqual([
      { kind: "approval", amount: -30_000, unpaid: 30_000 },
      { kind: "reversal", amount: 30_000, unpaid: -30_000 },
    ]);
    expect(ledgerSums(t, ana!.id)).toEqual({ balance: 120_000, unpaid: 0 });
    expect((await decide(t, admin, id, { decision: "deny", reason: "again" })).status).toBe(409);
  });

  test("a question pauses the time to decide: its email says the days left after the answer, and the queue counts from the answer", async () => {
    const [ana] = await claimants(t, [{}], { employeeClasses: flat400 });
    await provenCoverage(t, ana!, admin);
    const id = await claimed(t, ana!, { amount: "300" });
    // Received 20 days ago: 10 of its 30 days are left when the question is asked today.
    const received = daysFrom(todayUtc(), -20);
    t.database.sqlite.query("update reimbursement_claims set created_at = ? where id = ?").run(Date.parse(`${received}T12:00:00Z`), id);
    await decide(t, admin, id, { decision: "needs-info", reason: "Whose name is on the receipt?" });
    // The 10 days left and the one 15-day extension (29 CFR 2560.503-1(f)(2)(iii)(B), (f)(4)).
    const first = outboxTo(t, ana!.email, "claim_needs_info")[0]!.text;
    expect(first).toContain(`You have 45 days to answer, until ${formatDate(daysFrom(todayUtc(), 45))}.`);
    expect(first).toContain("we will decide within 25 days of receiving your answer.");
    expect(first).toContain(
      `Without an answer by then, we will decide it on what we have by ${formatDate(daysFrom(todayUtc(), 45 + 25))}.`,
    );
    // Sent 20 days ago, it is the oldest claim waiting, on the first page of either status.
    const item = async (status: string) =>
      ((await (await get(`/api/admin/review-queue?kind=claim&status=${status}`)).json()) as ReviewItem[]).find((i) => i.id === id)!;
    const dueOf = (it: ReviewItem) =>
      decisionDueDay(
        received,
        questionDays(it.questions, (at) => at.slice(0, 10)),
      );
    const waiting = await item("needs-info");
    expect(waiting.questions).toEqual([{ askedAt: expect.any(String), answeredAt: null }]);
    // Unanswered, the pause ends with the 45 days to answer: the day to decide is known even now.
    expect(dueOf(waiting)).toBe(daysFrom(todayUtc(), 45 + 25));
    await t.request("POST", `/api/benefits/claims/${id}/info`, { headers: { cookie: ana!.cookie }, body: form({ note: "Mine." }) });
    expect(dueOf(await item("submitted"))).toBe(daysFrom(todayUtc(), 25));
    // A second question extends nothing and pauses nothing: it is to be answered before that day.
    await decide(t, admin, id, { decision: "needs-info", reason: "And the month it pays for?" });
    expect(outboxTo(t, ana!.email, "claim_needs_info")[1]!.text).toContain(
      `Please answer by ${formatDate(daysFrom(todayUtc(), 24))}: we will decide your claim by ${formatDate(daysFrom(todayUtc(), 25))}, with what we have.`,
    );
    const again = await item("needs-info");
    expect(again.questions).toHaveLength(2);
    expect(dueOf(again)).toBe(daysFrom(todayUtc(), 25));
  });

  test("once the day to decide has passed, a question is refused: the claim is approved or denied", async () => {
    const [ana] = await claimants(t, [{}], { employeeClasses: flat400 });
    await provenCoverage(t, ana!, admin);
    const id = await claimed(t, ana!, { amount: "300" });
    const received = daysFrom(todayUtc(), -40);
    t.database.sqlite.query("update reimbursement_claims set created_at = ? where id = ?").run(Date.parse(`${received}T12:00:00Z`), id);
    const res = await decide(t, admin, id, { decision: "needs-info", reason: "Whose name is on the receipt?" });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ message: NO_TIME_TO_ASK_MESSAGE(daysFrom(received, 30)), decideBy: daysFrom(received, 30) });
    expect(outboxTo(t, ana!.email, "claim_needs_info")).toHaveLength(0);
    expect((await decide(t, admin, id, { decision: "deny", reason: "No receipt names you." })).status).toBe(200);
  });

  test("a question not answered in time sends its claim back to review, says so to the employee, and leaves an answered one alone", async () => {
    const { t: own, admin: ops } = await reviewingApp();
    try {
      const [ana, ben] = await claimants(own, [{}, {}], { employeeClasses: flat400 });
      const ids: number[] = [];
      for (const who of [ana!, ben!]) {
        await provenCoverage(own, who, ops);
        const id = await claimed(own, who, { amount: "300" });
        await decide(own, ops, id, { decision: "needs-info", reason: "Whose name is on the receipt?" });
        ids.push(id);
      }
      await own.request("POST", `/api/benefits/claims/${ids[1]}/info`, { headers: { cookie: ben!.cookie }, body: form({ note: "Mine." }) });
      const status = (id: number) =>
        (own.database.sqlite.query("select status from reimbursement_claims where id = ?").get(id) as { status: string }).status;
      const answerBy = daysFrom(todayUtc(), 45);
      // On the last day to answer, nothing moves.
      expect(await closeUnansweredQuestions(own.database.db, { origin: "https://benefits.example", today: answerBy })).toBe(0);
      expect(status(ids[0]!)).toBe("needs-info");
      // The day after, the unanswered claim is back in the queue with its day to decide.
      expect(await closeUnansweredQuestions(own.database.db, { origin: "https://benefits.example", today: daysFrom(answerBy, 1) })).toBe(1);
      expect([status(ids[0]!), status(ids[1]!)]).toEqual(["submitted", "submitted"]);
      const step = own.database.sqlite
        .query("select action, actor, note from claim_history where claim_id = ? order by id desc limit 1")
        .get(ids[0]!);
      expect(step).toEqual({ action: "unanswered", actor: "deadline", note: `No answer by ${formatDate(answerBy)}` });
      const [mail] = outboxTo(own, ana!.email, "claim_unanswered");
      expect(mail!.text).toContain(`had no answer by ${formatDate(answerBy)}`);
      expect(mail!.text).toContain(`We will decide your claim on what we have by ${formatDate(daysFrom(todayUtc(), 45 + 30 + 15))}`);
      expect(outboxTo(own, ben!.email, "claim_unanswered")).toHaveLength(0);
      // Run again, nothing more moves or is sent.
      expect(await closeUnansweredQuestions(own.database.db, { origin: "https://benefits.example", today: daysFrom(answerBy, 2) })).toBe(0);
      expect(outboxTo(own, ana!.email, "claim_unanswered")).toHaveLength(1);
    } finally {
      own.close();
    }
  });

  test("the day to decide: one extension, paused only by the first question asked in time", () => {
    const q = (asked: string, answered: string | null = null) => ({ asked, answered });
    // No question: 30 days.
    expect(decisionDueDay("2027-03-01", [])).toBe("2027-03-31");
    // Asked on day 10 (20 left), answered 5 days later: 5 days paused, 15 added.
    expect(decisionDueDay("2027-03-01", [q("2027-03-11", "2027-03-16")])).toBe("2027-04-20");
    // Not answered: the pause ends with the 45 days to answer, and an answer after them changes nothing.
    expect(decisionDueDay("2027-03-01", [q("2027-03-11")])).toBe(daysFrom("2027-04-25", 35));
    expect(decisionDueDay("2027-03-01", [q("2027-03-11", "2027-05-30")])).toBe(daysFrom("2027-04-25", 35));
    // A later question moves nothing, answered or not.
    expect(decisionDueDay("2027-03-01", [q("2027-03-11", "2027-03-16"), q("2027-03-20")])).toBe("2027-04-20");
    // A first question after the 30 days extends nothing.
    expect(decisionDueDay("2027-03-01", [q("2027-04-05", "2027-04-06")])).toBe("2027-03-31");
    // Its terms: 45 days to answer and the days left plus 15; a later one by the day to decide; none once it passed.
    expect(questionTerms("2027-03-01", [], "2027-03-11")).toEqual({ answerBy: "2027-04-25", decideWithin: 35, decideBy: null });
    // A later one is answered by the day before the day to decide, so an unanswered claim is back in time.
    expect(questionTerms("2027-03-01", [q("2027-03-11", "2027-03-16")], "2027-03-20")).toEqual({
      answerBy: "2027-04-19",
      decideWithin: null,
      decideBy: "2027-04-20",
    });
    // Asked on the day to decide itself: answered that day.
    expect(questionTerms("2027-03-01", [q("2027-03-11", "2027-03-16")], "2027-04-20")?.answerBy).toBe("2027-04-20");
    expect(questionTerms("2027-03-01", [], "2027-04-01")).toBeNull();
    expect(answerDueDay("2027-03-01", [q("2027-03-11")])).toBe("2027-04-25");
    expect(answerDueDay("2027-03-01", [q("2027-03-11", "2027-03-16"), q("2027-03-20")])).toBe("2027-04-19");
    expect(answerDueDay("2027-03-01", [q("2027-03-11", "2027-03-16")])).toBeNull();
  });

  test("carry-over off: a month has only its own allowance", async () => {
    const [ana] = await claimants(t, [{}], { employeeClasses: [{ name: "Full-time", allowanceCents: 40_000, carryOver: false }] });
    await provenCoverage(t, ana!, admin);
    const id = await claimed(t, ana!, { amount: "500" });
    const res = await decide(t, admin, id, { decision: "approve" });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ message: OVER_AVAILABLE_MESSAGE(400, formatMonth(thisMonth())), available: 400 });
  });

  test("a premium paid ahead uses its own month's allowance early, never those of the months between, and only an approval writes it", async () => {
    // The plan starts this month: 400 reached. A claim for the month after next may use that
    // month's own 400 and this month's, not next month's, which has not come yet.
    const [ana] = await claimants(t, [{}], { employeeClasses: flat400, startMonthsAgo: 0 });
    await provenCoverage(t, ana!, admin);
    const ahead = await claimed(t, ana!, { month: monthsFromNow(2), amount: "1200" });
    const whole = await decide(t, admin, ahead, { decision: "approve" });
    expect(whole.status).toBe(409);
    expect(await whole.json()).toMatchObject({ available: 800 });
    const partial = await decide(t, admin, ahead, { decision: "approve", approvedAmount: 800, reason: "Up to what is available." });
    expect(await partial.json()).toMatchObject({ status: "partially-approved", approvedAmount: 800 });
    // This month's and that month's allowances, less the approval.
    expect(ledgerSums(t, ana!.id)).toEqual({ balance: 0, unpaid: 80_000 });
    const home = await (await t.request("GET", "/api/benefits", { headers: { cookie: ana!.cookie } })).json();
    expect([home.balance, home.approvedUnpaid, home.available]).toEqual([0, 800, 0]);
    // Next month's own allowance is still there for next month's premium.
    const next = await claimed(t, ana!, { month: monthsFromNow(1), amount: "100" });
    expect(await (await decide(t, admin, next, { decision: "approve" })).json()).toMatchObject({ status: "approved", approvedAmount: 100 });
    expect(ledgerSums(t, ana!.id)).toEqual({ balance: 300_00, unpaid: 90_000 });
    // Asking about or denying a claim for a later month writes nothing: the balance stays.
    const later = await claimed(t, ana!, { month: monthsFromNow(4), amount: "50" });
    expect((await decide(t, admin, later, { decision: "needs-info", reason: "Please send the bill." })).status).toBe(200);
    expect((await decide(t, admin, later, { decision: "deny", reason: "Not a premium." })).status).toBe(200);
    expect(ledgerSums(t, ana!.id).balance).toBe(300_00);
  });

  test("two approvals at once cannot spend the same allowance", async () => {
    // The plan starts this month: 400 reached, 400 more next month. A claim of 700 for next
    // month needs both months' allowance; one of 300 for this month needs this month's. Each
    // fits alone; together they would approve 1,000 of 800.
    const [ana] = await claimants(t, [{}], { employeeClasses: flat400, startMonthsAgo: 0 });
    await provenCoverage(t, ana!, admin);
    const ahead = await claimed(t, ana!, { month: monthsFromNow(1), amount: "700" });
    const now = await claimed(t, ana!, { month: thisMonth(), amount: "300" });
    const answers = await Promise.all([decide(t, admin, ahead, { decision: "approve" }), decide(t, admin, now, { decision: "approve" })]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = await answers.find((r) => r.status === 409)!.json();
    expect(refused.message).toStartWith("Only $");
    const approved = t.database.sqlite
      .query("select count(*) as n, -sum(amount_cents) as cents from reimbursement_events where employee_id = ? and kind = 'approval'")
      .get(ana!.id);
    expect([700_00, 300_00]).toContain((approved as { cents: number }).cents);
    expect((approved as { n: number }).n).toBe(1);
  });

  test("many concurrent approvals on one employee never overspend, and the ledger sums match", async () => {
    const { ana, ids } = await twelveClaimsOverTheAllowance();
    const answers = await Promise.all(ids.map((id) => decide(t, admin, id, { decision: "approve" })));
    expectOnlyApprovedOrRefused(answers.map((r) => r.status));
    await expectNeverOverspent(ana.id);
  });
});

/**
 * An employee with twelve claims for the plan year's twelve months, 300 and 600 by turns:
 * 5,400 asked of 4,800 of allowance, so some must be refused. A 600 claim needs its month's
 * allowance and the one before it, which the 300 claims also draw on.
 */
async function twelveClaimsOverTheAllowance() {
  const [ana] = (await claimants(t, [{}], { employeeClasses: flat400, startMonthsAgo: 0 })) as [Claimant];
  await provenCoverage(t, ana, admin);
  const ids: number[] = [];
  for (let i = 0; i < 12; i++) ids.push(await claimed(t, ana, { month: monthsFromNow(i), amount: i % 2 ? "600" : "300" }));
  return { ana, ids };
}

/** Every approval was taken or refused as over what is available, and some were refused. */
function expectOnlyApprovedOrRefused(statuses: number[]) {
  expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
  expect(statuses.filter((s) => s === 409).length).toBeGreaterThan(0);
}

/** The ledger never below zero, approvals through any month within the allowances through it, and its totals the events' sums. */
async function expectNeverOverspent(employeeId: number) {
  const sums = ledgerSums(t, employeeId);
  // Never below zero: the balance is what the allowance still holds.
  expect(sums.balance).toBeGreaterThanOrEqual(0);
  const ledger = await (await get(`/api/admin/employees/${employeeId}/ledger`)).json();
  expect(Value.Check(Ledger, ledger)).toBe(true);
  expect(Math.round(ledger.totals.balance * 100)).toBe(sums.balance);
  expect(Math.round(ledger.totals.approvedUnpaid * 100)).toBe(sums.unpaid);
  for (const m of ledger.months) expect(m.available).toBeGreaterThanOrEqual(0);
  let cumulativeAllowance = 0;
  let cumulativeApproved = 0;
  for (const m of ledger.months) {
    cumulativeAllowance += m.allowance;
    cumulativeApproved += m.approved;
    expect(cumulativeApproved).toBeLessThanOrEqual(cumulativeAllowance);
  }
}

describe("two server processes on one database", () => {
  test("approvals sent to both at once never overspend: each approval re-reads what is available under the database's write lock", async () => {
    const { ana, ids } = await twelveClaimsOverTheAllowance();
    const servers = await Promise.all([1, 2].map(() => startServerProcess({ DATABASE_PATH: t.config.databasePath, LOG_REQUESTS: "0" })));
    try {
      const answers = await Promise.all(
        ids.map((id, i) =>
          servers[i % 2]!.request("POST", `/api/admin/claims/${id}/decision`, {
            headers: { cookie: admin },
            json: { decision: "approve" },
          }),
        ),
      );
      expectOnlyApprovedOrRefused(answers.map((r) => r.status));
      await expectNeverOverspent(ana.id);
    } finally {
      await Promise.all(servers.map((s) => s.close()));
    }
  }, 30_000);
});

describe("the ledger", () => {
  test("after a sequence of decisions, the balance shown everywhere is the sum of the events", async () => {
    const [ana] = await claimants(t, [{}], { employeeClasses: flat400 });
    await provenCoverage(t, ana!, admin);
    const c1 = await claimed(t, ana!, { month: monthsFromNow(-2), amount: "400" });
    const c2 = await claimed(t, ana!, { month: monthsFromNow(-1), amount: "350" });
    const c3 = await claimed(t, ana!, { month: thisMonth(), amount: "200" });
    await decide(t, admin, c1, { decision: "approve" });
    await decide(t, admin, c2, { decision: "approve" });
    await decide(t, admin, c3, { decision: "needs-info", reason: "Please send the receipt." });
    await decide(t, admin, c1, { decision: "deny", reason: "Duplicate of another claim." });
    const sums = ledgerSums(t, ana!.id);
    // 1,200 reached; 350 stands approved after the reversal of 400.
    expect(sums).toEqual({ balance: 85_000, unpaid: 35_000 });
    const mine = await (await t.request("GET", "/api/benefits/ledger", { headers: { cookie: ana!.cookie } })).json();
    const theirs = await (await get(`/api/admin/employees/${ana!.id}/ledger`)).json();
    expect(mine).toEqual(theirs);
    expect(mine.totals).toEqual({ allowances: 1200, approvals: 750, reversals: 400, payments: 0, balance: 850, approvedUnpaid: 350 });
    expect(mine.events.at(-1).balance).toBe(850);
    expect(mine.events.map((e: { kind: string }) => e.kind)).toEqual([
      "allowance",
      "allowance",
      "allowance",
      "approval",
      "approval",
      "reversal",
    ]);
    const homeAnswer = await (await t.request("GET", "/api/benefits", { headers: { cookie: ana!.cookie } })).json();
    expect([homeAnswer.balance, homeAnswer.approvedUnpaid]).toEqual([850, 350]);
    const claim = await (await get(`/api/admin/claims/${c3}`)).json();
    expect(claim.availableForMonth).toBe(850);
    const earlier = await t.request("GET", "/api/benefits/ledger?planYear=2020-01-01", { headers: { cookie: ana!.cookie } });
    expect(earlier.status).toBe(404);
    const malformed = await t.request("GET", "/api/benefits/ledger?planYear=soon", { headers: { cookie: ana!.cookie } });
    expect(malformed.status).toBe(400);
  });

  test("events are never changed or deleted while their employee exists", () => {
    const row = t.database.sqlite.query("select id from reimbursement_events limit 1").get() as { id: number };
    expect(() => t.database.sqlite.query("update reimbursement_events set amount_cents = 1 where id = ?").run(row.id)).toThrow(
      "reimbursement_events is append-only",
    );
    expect(() => t.database.sqlite.query("delete from reimbursement_events where id = ?").run(row.id)).toThrow(
      "reimbursement_events is append-only",
    );
    const step = t.database.sqlite.query("select id from claim_history limit 1").get() as { id: number };
    expect(() => t.database.sqlite.query("update claim_history set note = 'x' where id = ?").run(step.id)).toThrow(
      "claim_history is append-only",
    );
  });
});

describe("GET /api/admin/claims/{id}, coverage-proofs/{id} and documents/{id}", () => {
  test("the detail shows the employee, the documents and the proof; a document opens inline, sandboxed, for the review screen", async () => {
    const [ana] = await claimants(t);
    const proofRes = await sendProof(t, ana!.cookie, proofForm({}, "policy.pdf"));
    const proof = await proofRes.json();
    const id = await claimed(t, ana!);
    const claim = await (await get(`/api/admin/claims/${id}`)).json();
    expect(claim).toMatchObject({
      employee: { id: ana!.id, email: ana!.email, className: "Full-time", coverageLevel: "individual" },
      proof: { id: proof.id, status: "pending" },
    });
    const doc = proof.documents[0].id;
    const inline = await get(`/api/admin/documents/${doc}?inline=1`);
    expect(inline.status).toBe(200);
    expect(inline.headers.get("content-type")).toBe("application/pdf");
    expect(inline.headers.get("content-disposition")).toStartWith("inline;");
    expect(inline.headers.get("content-security-policy")).toStartWith("sandbox;");
    expect(inline.headers.get("content-security-policy")).toContain("frame-ancestors 'self'");
    expect(inline.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(inline.headers.get("x-content-type-options")).toBe("nosniff");
    const attachment = await get(`/api/admin/documents/${doc}`);
    expect(attachment.headers.get("content-disposition")).toStartWith("attachment;");
    expect(attachment.headers.get("x-frame-options")).toBe("DENY");
    expect(new Uint8Array(await attachment.arrayBuffer())).toEqual(pdfBytes());
    expect((await get("/api/admin/documents/999999")).status).toBe(404);
    expect((await get(`/api/admin/documents/${doc}?inline=yes`)).status).toBe(400);
    // The same document at an address ending in its name (the PDF viewer's title); the name is not read.
    const named = await get(`/api/admin/documents/${doc}/${encodeURIComponent("policy (1).pdf")}?inline=1`);
    expect(named.status).toBe(200);
    expect(named.headers.get("content-security-policy")).toStartWith("sandbox;");
    expect(new Uint8Array(await named.arrayBuffer())).toEqual(pdfBytes());
    expect((await get(`/api/admin/documents/${doc}/anything.pdf`)).status).toBe(200);
    expect((await get("/api/admin/documents/999999/policy.pdf")).status).toBe(404);
    const png = await claimed(t, ana!, { month: monthsFromNow(1) });
    expect((await get(`/api/admin/claims/${png}`)).status).toBe(200);
    expect((await get("/api/admin/coverage-proofs/999999")).status).toBe(404);
  });
});

describe("the previous plan year's run-out", () => {
  test("what is approved for last year's months is owed on the employee's home as on the employer's totals", async () => {
    // The plan began 13 months ago: the first plan year's run-out is still open.
    const [ana] = await claimants(t, [{}], { employeeClasses: flat400, startMonthsAgo: 13 });
    await provenCoverage(t, ana!, admin, { coverageStart: firstDayOf(monthsFromNow(-13)) });
    const id = await claimed(t, ana!, { month: monthsFromNow(-2), amount: "250" });
    expect((await decide(t, admin, id, { decision: "approve" })).status).toBe(200);
    const home = await homeOf(t, ana!);
    const employer = await (
      await t.request("GET", `/api/enrollment/${ana!.enrollmentId}/reimbursements`, { headers: { cookie: ana!.ownerCookie } })
    ).json();
    expect(home.approvedUnpaid).toBe(250);
    expect(employer.totals.approvedUnpaid).toBe(250);
    expect(ledgerSums(t, ana!.id).unpaid).toBe(250_00);
  });
});

describe("a claim denied after its plan year's run-out", () => {
  test("the email does not invite a new claim for a month that can no longer be claimed", async () => {
    const [ana] = await claimants(t, [{}], { employeeClasses: flat400 });
    await provenCoverage(t, ana!, admin);
    const id = await claimed(t, ana!, { amount: "300" });
    // Two years on, the claim's plan year and its run-out are over.
    const today = daysFrom(todayUtc(), 730);
    await decideClaim(
      t.database.db,
      id,
      { decision: "deny", reason: "The receipt is unreadable." },
      { username: "ops" },
      { origin: "https://example.test", appealsTo: "review@example.test", today },
    );
    const [mail] = outboxTo(t, ana!.email, "claim_denied");
    expect(mail!.text).not.toContain("You can send a new claim");
    expect(mail!.text).toContain(`The time to claim for ${formatMonth(thisMonth())} has ended, so it cannot be claimed again.`);
    expect(mail!.text).toContain(reviewRights("review@example.test"));
  });
});
