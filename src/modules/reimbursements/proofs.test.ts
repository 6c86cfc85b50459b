// Proof of coverage: sent by the employee (multipart), stored durably with its document,
// decided by an admin who emails the employee either way.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { Value } from "@sinclair/typebox/value";
import { maxRequestBytes } from "../../http/serve";
import { firstDayOf, formatMonth } from "../../lib/months";
import type { TestApp } from "../../test/api";
import { outboxTo } from "../../test/employee-fixtures";
import { reviewRights } from "./emails";
import {
  AdminProof,
  MAX_CLAIM_REQUEST_BYTES,
  MAX_PROOF_REQUEST_BYTES,
  messages,
  PROOF_APPROVED_CONFLICT_MESSAGE,
  PROOF_DECIDED_MESSAGE,
  PROOF_PENDING_CONFLICT_MESSAGE,
  ProofView,
} from "./model";
import {
  claimants,
  claimFields,
  decideProofOf,
  documentsDir,
  file,
  form,
  homeOf,
  jpegBytes,
  monthsFromNow,
  pdfBytes,
  pngBytes,
  proofFields,
  proofForm,
  reviewingApp,
  sendClaim,
  sendProof,
  storedFiles,
} from "./test-helpers";

let t: TestApp;
let admin: string;
beforeAll(async () => {
  ({ t, admin } = await reviewingApp());
});
afterAll(() => t.close());

const row = <T>(sql: string, ...params: unknown[]) => t.database.sqlite.query(sql).get(...(params as [])) as T;

describe("POST /api/benefits/coverage-proof", () => {
  test("stores the proof pending, with its document on disk (0600) and its row, and answers 201", async () => {
    const [ana] = await claimants(t);
    const bytes = pdfBytes(20_000);
    const before = storedFiles(t);
    const res = await sendProof(
      t,
      ana!.cookie,
      form(proofFields({ carrier: "  Ambetter  " }), [{ field: "file", file: file(bytes, "policy.pdf") }]),
    );
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(Value.Check(ProofView, body)).toBe(true);
    expect(body).toMatchObject({
      status: "pending",
      carrier: "Ambetter",
      coverageStart: firstDayOf(monthsFromNow(-2)),
      coveredPeople: "Me",
      planYearStart: firstDayOf(monthsFromNow(-2)),
      reason: null,
      decidedAt: null,
    });
    expect(body.documents).toEqual([
      { id: expect.any(Number), fileName: "policy.pdf", mediaType: "application/pdf", size: 20_000, uploadedAt: expect.any(String) },
    ]);
    const doc = row<{ stored_name: string; size_bytes: number; employee_id: number; proof_id: number }>(
      "select stored_name, size_bytes, employee_id, proof_id from reimbursement_documents where id = ?",
      body.documents[0].id,
    );
    expect(doc).toMatchObject({ employee_id: ana!.id, proof_id: body.id });
    expect(storedFiles(t)).toEqual([...before, doc.stored_name].sort());
    const path = join(documentsDir(t), doc.stored_name);
    expect(new Uint8Array(readFileSync(path))).toEqual(bytes);
    expect(doc.size_bytes).toBe(20_000);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(documentsDir(t)).mode & 0o777).toBe(0o700);
    expect(row("select status, attested_at > 0 as attested from coverage_proofs where id = ?", body.id)).toEqual({
      status: "pending",
      attested: 1,
    });
  });

  test("a PNG named .pdf is stored as a PNG; a photo is accepted; a text file named .pdf is refused and nothing is kept", async () => {
    const [ana, ben, cy] = await claimants(t, [{}, {}, {}]);
    const png = await sendProof(t, ana!.cookie, form(proofFields(), [{ field: "file", file: file(pngBytes(), "scan.pdf") }]));
    expect(png.status).toBe(201);
    expect((await png.json()).documents[0]).toMatchObject({ fileName: "scan.pdf", mediaType: "image/png" });
    const photo = await sendProof(
      t,
      ben!.cookie,
      form(proofFields(), [{ field: "file", file: file(jpegBytes(), "IMG_0042.JPG", "image/jpeg") }]),
    );
    expect((await photo.json()).documents[0]).toMatchObject({ mediaType: "image/jpeg" });
    const before = storedFiles(t);
    const text = await sendProof(
      t,
      cy!.cookie,
      form(proofFields(), [{ field: "file", file: file(new TextEncoder().encode("not really a pdf at all"), "card.pdf") }]),
    );
    expect(text.status).toBe(400);
    expect((await text.json()).errors).toEqual({ file: messages.fileType("card.pdf") });
    // A large file of another type is refused as soon as its first bytes are read.
    const big = await sendProof(
      t,
      cy!.cookie,
      form(proofFields(), [{ field: "file", file: file(new Uint8Array(4 * 1024 * 1024).fill(0x41), "big.pdf") }]),
    );
    expect((await big.json()).errors).toEqual({ file: messages.fileType("big.pdf") });
    expect(storedFiles(t)).toEqual(before);
    expect(row("select count(*) as n from coverage_proofs where employee_id = ?", cy!.id)).toEqual({ n: 0 });
  });

  test("each field's message, and nothing stored", async () => {
    const [ana] = await claimants(t);
    const send = (fields: Record<string, string | undefined>, withFile = true) =>
      sendProof(t, ana!.cookie, withFile ? proofForm(fields) : form(proofFields(fields)));
    const cases: [Record<string, string | undefined>, Record<string, string>][] = [
      [{ carrier: undefined }, { carrier: messages.carrier }],
      [{ carrier: "   " }, { carrier: messages.carrier }],
      [{ coveredPeople: "" }, { coveredPeople: messages.coveredPeople }],
      [{ coverageStart: "next month" }, { coverageStart: messages.coverageStart }],
      [{ coverageStart: "2027-02-30" }, { coverageStart: messages.coverageStart }],
      [{ attestation: undefined }, { attestation: messages.proofAttestation }],
      [{ attestation: "false" }, { attestation: messages.proofAttestation }],
      [{ attestation: "on" }, { attestation: messages.proofAttestation }],
    ];
    const before = storedFiles(t);
    for (const [fields, errors] of cases) {
      const res = await send(fields);
      expect({ fields, status: res.status }).toEqual({ fields, status: 400 });
      expect((await res.json()).errors).toEqual(errors);
    }
    const noFile = await send({}, false);
    expect((await noFile.json()).errors).toEqual({ file: messages.file });
    const empty = await sendProof(t, ana!.cookie, form(proofFields(), [{ field: "file", file: file(new Uint8Array(), "empty.pdf") }]));
    expect((await empty.json()).errors).toEqual({ file: messages.emptyFile("empty.pdf") });
    const two = await sendProof(
      t,
      ana!.cookie,
      form(proofFields(), [
        { field: "file", file: file(pdfBytes(), "a.pdf") },
        { field: "file", file: file(pdfBytes(), "b.pdf") },
      ]),
    );
    expect((await two.json()).errors).toEqual({ file: messages.oneProofFile });
    const json = await t.request("POST", "/api/benefits/coverage-proof", { headers: { cookie: ana!.cookie }, json: proofFields() });
    expect(json.status).toBe(400);
    expect((await json.json()).errors).toEqual({ file: messages.file });
    expect(storedFiles(t)).toEqual(before);
    expect(row("select count(*) as n from coverage_proofs where employee_id = ?", ana!.id)).toEqual({ n: 0 });
  });

  test("a coverage start after the open plan years says which months can be proven; one before them proves the current year", async () => {
    const [ana] = await claimants(t, [{}], { startMonthsAgo: 2 });
    const res = await sendProof(t, ana!.cookie, proofForm({ coverageStart: firstDayOf(monthsFromNow(10)) }));
    expect(res.status).toBe(400);
    expect((await res.json()).errors.coverageStart).toStartWith(
      `Your coverage start: ${formatMonth(monthsFromNow(10))} is outside your plan year. You can prove coverage for ${formatMonth(monthsFromNow(-2))} to`,
    );
    // Covered since long before the plan began: the date on the policy is taken as it is.
    const since = firstDayOf(monthsFromNow(-20));
    const kept = await sendProof(t, ana!.cookie, proofForm({ coverageStart: since }));
    expect(kept.status).toBe(201);
    expect(await kept.json()).toMatchObject({ coverageStart: since, status: "pending" });
    expect(row("select plan_year_start as start from coverage_proofs where employee_id = ?", ana!.id)).toEqual({ start: ana!.planStart });
    expect(
      (
        await sendClaim(
          t,
          ana!.cookie,
          form(claimFields({ month: monthsFromNow(-2) }), [{ field: "files", file: file(pdfBytes(), "receipt.pdf") }]),
        )
      ).status,
    ).toBe(201);
  });

  test("during the run-out a proof names the plan year it is for: the year that ended can be proven with coverage kept from before it", async () => {
    // The plan began 13 months ago: the first plan year ended last month, its run-out is open.
    const [ana] = await claimants(t, [{}], { startMonthsAgo: 13 });
    const lastYearStart = ana!.planStart;
    const home = () => homeOf(t, ana!);
    const before = await home();
    expect(before.lastYear).toMatchObject({ planYear: { start: lastYearStart }, proof: null });
    expect(before.lastYear!.claimsUntil > before.today).toBe(true);
    expect(before.nextStep.code).toBe("prove-coverage");
    // This year proven with the policy kept from before the plan: last year's months close with its run-out, so proving it is next.
    const since = firstDayOf(monthsFromNow(-20));
    const thisYear = firstDayOf(monthsFromNow(-1));
    expect((await sendProof(t, ana!.cookie, proofForm({ planYearStart: thisYear, coverageStart: since }))).status).toBe(201);
    expect((await home()).nextStep.code).toBe("prove-last-year");
    // Not an open plan year, or coverage beginning after the year: the field to fix, nothing stored.
    const storedBefore = storedFiles(t).length;
    const wrongYear = await sendProof(t, ana!.cookie, proofForm({ planYearStart: firstDayOf(monthsFromNow(-40)) }));
    expect(wrongYear.status).toBe(400);
    expect((await wrongYear.json()).errors).toEqual({ planYearStart: messages.planYearStart });
    const tooLate = await sendProof(
      t,
      ana!.cookie,
      proofForm({ planYearStart: lastYearStart, coverageStart: firstDayOf(monthsFromNow(0)) }),
    );
    expect(tooLate.status).toBe(400);
    expect(Object.keys((await tooLate.json()).errors)).toEqual(["coverageStart"]);
    expect(storedFiles(t).length).toBe(storedBefore);
    // Covered since before the plan began: without a plan year that proves the current one, so it is named.
    const sent = await sendProof(t, ana!.cookie, proofForm({ planYearStart: lastYearStart, coverageStart: since }));
    expect(sent.status).toBe(201);
    expect(await sent.json()).toMatchObject({ planYearStart: lastYearStart, coverageStart: since, status: "pending" });
    const after = await home();
    expect(after.lastYear!.proof).toMatchObject({ planYearStart: lastYearStart, status: "pending" });
    expect(after.proof).toMatchObject({ planYearStart: thisYear, status: "pending" });
    // Its months can be claimed now, until the run-out ends.
    expect(after.claimableMonths).toEqual([
      { from: monthsFromNow(-1), to: monthsFromNow(10) },
      { from: monthsFromNow(-13), to: monthsFromNow(-2) },
    ]);
    const claim = await sendClaim(
      t,
      ana!.cookie,
      form(claimFields({ month: monthsFromNow(-2) }), [{ field: "files", file: file(pdfBytes(), "r.pdf") }]),
    );
    expect(claim.status).toBe(201);
    expect((await home()).nextStep.code).not.toBe("prove-last-year");
    // Someone hired this plan year had no month of the last one: no card, nothing to prove for it.
    const [newHire] = await claimants(t, [{ hireDate: firstDayOf(monthsFromNow(-1)) }], { startMonthsAgo: 13 });
    const hired = await homeOf(t, newHire!);
    expect(hired.lastYear).toBeNull();
    expect(hired.nextStep.code).toBe("prove-coverage");
  });

  test("over 5 MB: 400 naming the file; a body declared over the limit: 413 before it is read", async () => {
    const [ana] = await claimants(t);
    const before = storedFiles(t);
    const tooBig = await sendProof(
      t,
      ana!.cookie,
      form(proofFields(), [{ field: "file", file: file(pdfBytes(5 * 1024 * 1024 + 1), "huge.pdf") }]),
    );
    expect(tooBig.status).toBe(400);
    expect((await tooBig.json()).errors).toEqual({ file: messages.fileTooLarge("huge.pdf") });
    const declared = await sendProof(t, ana!.cookie, "x", {
      "content-type": "multipart/form-data; boundary=x",
      "content-length": String(MAX_PROOF_REQUEST_BYTES + 1),
    });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({ message: messages.proofTooLarge, errors: { file: messages.proofTooLarge } });
    // Streamed without a length: refused once the bytes pass the limit, not read to the end.
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024).fill(0x41));
      },
    });
    const chunked = await sendProof(t, ana!.cookie, endless as unknown as BodyInit, { "content-type": "multipart/form-data; boundary=x" });
    expect(chunked.status).toBe(413);
    expect(sent).toBeLessThan(MAX_PROOF_REQUEST_BYTES + 1024 * 1024);
    expect(storedFiles(t)).toEqual(before);
  });

  test("one current proof per plan year: a second pending one is 409, an approved one too; a new one after a rejection", async () => {
    const [ana] = await claimants(t);
    const send = () => sendProof(t, ana!.cookie, proofForm());
    const first = await (await send()).json();
    const again = await send();
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: PROOF_PENDING_CONFLICT_MESSAGE });
    const reject = await decideProofOf(t, admin, first.id, {
      decision: "reject",
      reason: "The document is cut off; the policy dates do not show.",
    });
    expect(reject.status).toBe(200);
    const second = await send();
    expect(second.status).toBe(201);
    const secondId = (await second.json()).id;
    await decideProofOf(t, admin, secondId, { decision: "approve" });
    const third = await send();
    expect(third.status).toBe(409);
    expect(await third.json()).toEqual({ message: PROOF_APPROVED_CONFLICT_MESSAGE });
    const list = await (await t.request("GET", "/api/benefits/coverage-proofs", { headers: { cookie: ana!.cookie } })).json();
    expect(list.map((p: { id: number; status: string }) => [p.id, p.status])).toEqual([
      [secondId, "approved"],
      [first.id, "rejected"],
    ]);
  });
});

describe("POST /api/admin/coverage-proofs/{id}/decision", () => {
  test("approve: records who and when, emails the employee; the detail shows the employee and document", async () => {
    const [ana] = await claimants(t);
    const { id } = await (await sendProof(t, ana!.cookie, proofForm())).json();
    const before = Date.now();
    const decided = await decideProofOf(t, admin, id, { decision: "approve" });
    expect(decided.status).toBe(200);
    const body = await decided.json();
    expect(Value.Check(AdminProof, body)).toBe(true);
    expect(body).toMatchObject({
      status: "approved",
      decidedBy: "ops",
      reason: null,
      employee: { id: ana!.id, email: ana!.email },
      employer: { businessId: ana!.businessId, enrollmentId: ana!.enrollmentId },
    });
    expect(Date.parse(body.decidedAt)).toBeGreaterThanOrEqual(before - 5);
    const [mail] = outboxTo(t, ana!.email, "coverage_proof_approved");
    expect(mail!.subject).toBe("Your proof of coverage is approved");
    expect(mail!.text).toContain("Blue Cross Blue Shield of Texas");
    expect(mail!.text).toContain("http://localhost/benefits");
    const detail = await t.request("GET", `/api/admin/coverage-proofs/${id}`, { headers: { cookie: admin } });
    expect(await detail.json()).toEqual(body);
    // Decided once.
    const again = await decideProofOf(t, admin, id, { decision: "reject", reason: "x" });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe(PROOF_DECIDED_MESSAGE("approved"));
  });

  test("reject needs a reason, which the email gives; bad decisions and ids are refused", async () => {
    const [ana] = await claimants(t);
    const { id } = await (await sendProof(t, ana!.cookie, proofForm())).json();
    const post = (json: Record<string, unknown>) => decideProofOf(t, admin, id, json);
    for (const json of [{ decision: "reject" }, { decision: "reject", reason: "   " }]) {
      const res = await post(json);
      expect(res.status).toBe(400);
      expect((await res.json()).errors).toEqual({ reason: messages.reasonRequired });
    }
    expect((await (await post({ decision: "maybe" })).json()).errors).toEqual({ decision: messages.proofDecision });
    expect((await (await post({ decision: "reject", reason: "x".repeat(2001) })).json()).errors).toEqual({ reason: messages.reason });
    expect((await decideProofOf(t, admin, 999_999, { decision: "approve" })).status).toBe(404);
    const res = await post({ decision: "reject", reason: "This is a dental plan, not health coverage." });
    expect((await res.json()).status).toBe("rejected");
    const [mail] = outboxTo(t, ana!.email, "coverage_proof_rejected");
    expect(mail!.text).toContain("Reason: This is a dental plan, not health coverage.");
    // No claim is paid without an accepted proof: the rejection says how to have it reviewed, as a denial does.
    expect(mail!.text).toContain(reviewRights(t.config.contactEmail));
    expect(mail!.text).toContain("You may ask us for copies, free of charge, of the documents and records relevant to your claim");
    expect(row("select status, reason, decided_by from coverage_proofs where id = ?", id)).toEqual({
      status: "rejected",
      reason: "This is a dental plan, not health coverage.",
      decided_by: "ops",
    });
  });
});

test("the server's body limit holds a full claim upload", () => {
  expect(maxRequestBytes).toBeGreaterThanOrEqual(MAX_CLAIM_REQUEST_BYTES);
});
