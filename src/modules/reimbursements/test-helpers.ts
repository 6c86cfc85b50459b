// Shared by the reimbursement tests: files that are what they claim to be (or not), the
// upload forms, and an employee with an approved proof of coverage.
import { expect } from "bun:test";
import { existsSync, readdirSync } from "node:fs";
import type { StoredEmployeeClass } from "@db/schema";
import { Value } from "@sinclair/typebox/value";
import { todayUtc } from "../../lib/date-rules";
import { addMonths, firstDayOf, monthOf } from "../../lib/months";
import { signedInAdmin } from "../../test/admins";
import { createTestApp, type TestApp } from "../../test/api";
import { employeeCookie, type PersonSpec, workplaceWith } from "../../test/registered-employees";
import { documentsDirFor } from "./documents";
import { BenefitsHome } from "./model";

/**
 * A fresh app for one test file, uploads not throttled (a file sends hundreds), with an
 * admin signed in to review them.
 */
export async function reviewingApp(): Promise<{ t: TestApp; admin: string }> {
  const t = await createTestApp({ UPLOADS_PER_MINUTE: "1000", UPLOADS_PER_DAY: "10000" });
  return { t, admin: await signedInAdmin(t) };
}

/** One class with a flat $400 a month. */
export const flat400: StoredEmployeeClass[] = [{ name: "Full-time", allowanceCents: 40_000 }];

/** The app's documents folder. */
export const documentsDir = (t: TestApp) => documentsDirFor(t.config.databasePath);

/** The names of the files in the documents folder, sorted (none before the first upload). */
export function storedFiles(t: TestApp): string[] {
  const dir = documentsDir(t);
  return existsSync(dir) ? readdirSync(dir).sort() : [];
}

/** The `n` of a `select count(*) as n ...`. */
export const countOf = (t: TestApp, sql: string, ...params: unknown[]) =>
  (t.database.sqlite.query(sql).get(...(params as [])) as { n: number }).n;

const enc = (text: string): Uint8Array<ArrayBuffer> => new TextEncoder().encode(text);

/** A small PDF (file-type knows it by its %PDF header), padded to `size` bytes when asked. */
export function pdfBytes(size = 0): Uint8Array<ArrayBuffer> {
  const head = enc("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
  if (size <= head.length) return head;
  const out = new Uint8Array(size).fill(0x20);
  out.set(head);
  return out;
}

/** A 1×1 PNG. */
export const pngBytes = () =>
  new Uint8Array([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0, 0x90, 0x77,
    0x53, 0xde, 0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
  ]);

/** The start of a JPEG (a phone photo's first bytes). */
export const jpegBytes = () =>
  new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9]);

export const file = (bytes: Uint8Array, name: string, type = "application/pdf") => new File([bytes as BlobPart], name, { type });

/** The current month (UTC) and `n` months from it. */
export const thisMonth = () => monthOf(todayUtc());
export const monthsFromNow = (n: number) => addMonths(thisMonth(), n);

export function form(fields: Record<string, string | undefined>, files: { field: string; file: File }[] = []): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) data.append(name, value);
  for (const f of files) data.append(f.field, f.file);
  return data;
}

export const proofFields = (overrides: Record<string, string | undefined> = {}) => ({
  carrier: "Blue Cross Blue Shield of Texas",
  coverageStart: firstDayOf(monthsFromNow(-2)),
  coveredPeople: "Me",
  attestation: "true",
  ...overrides,
});

export const claimFields = (overrides: Record<string, string | undefined> = {}) => ({
  month: thisMonth(),
  amount: "412.50",
  carrier: "Blue Cross Blue Shield of Texas",
  coveredPeople: "Me",
  attestation: "true",
  ...overrides,
});

/** A proof's form: its fields (overridden as asked) and one PDF. */
export const proofForm = (overrides: Record<string, string | undefined> = {}, fileName = "p.pdf") =>
  form(proofFields(overrides), [{ field: "file", file: file(pdfBytes(), fileName) }]);

export const sendProof = (t: TestApp, cookie: string, body: FormData | BodyInit, headers: Record<string, string> = {}) =>
  t.request("POST", "/api/benefits/coverage-proof", { headers: { cookie, ...headers }, body: body as BodyInit });
export const sendClaim = (t: TestApp, cookie: string, body: FormData | BodyInit, headers: Record<string, string> = {}) =>
  t.request("POST", "/api/benefits/claims", { headers: { cookie, ...headers }, body: body as BodyInit });

export interface Claimant {
  id: number;
  email: string;
  cookie: string;
  enrollmentId: number;
  businessId: number;
  ownerCookie: string;
  /** The enrollment's effective date (the plan year's first day). */
  planStart: string;
}

/**
 * Registered employees of one enrollment, signed in. The plan started on the first of the
 * month `startMonthsAgo` months ago (two by default: three allowance months reached).
 */
export async function claimants(
  t: TestApp,
  people: PersonSpec[] = [{}],
  options: { startMonthsAgo?: number; employeeClasses?: StoredEmployeeClass[] } = {},
): Promise<Claimant[]> {
  const planStart = firstDayOf(monthsFromNow(-(options.startMonthsAgo ?? 2)));
  const work = await workplaceWith(t.database.db, people, {
    effectiveDate: planStart,
    employeeClasses: options.employeeClasses,
    approved: true,
  });
  return Promise.all(
    work.employees.map(async (e) => ({
      id: e.id,
      email: e.email,
      cookie: await employeeCookie(t.database.db, e.id),
      enrollmentId: work.enrollmentId,
      businessId: work.businessId,
      ownerCookie: work.ownerCookie,
      planStart,
    })),
  );
}

/** Sends a proof (coverage from the plan's start unless told) and, unless told otherwise, has an admin approve it. */
export async function provenCoverage(
  t: TestApp,
  who: Claimant,
  adminCookie: string,
  options: { approve?: boolean; coverageStart?: string } = {},
) {
  const res = await sendProof(t, who.cookie, proofForm({ coverageStart: options.coverageStart ?? who.planStart }, "policy.pdf"));
  expect(res.status).toBe(201);
  const proof = (await res.json()) as { id: number };
  if (options.approve !== false) {
    const decided = await decideProofOf(t, adminCookie, proof.id, { decision: "approve" });
    expect(decided.status).toBe(200);
  }
  return proof.id;
}

/** Submits a claim (one PDF) and answers its id. */
export async function claimed(t: TestApp, who: Claimant, overrides: Record<string, string> = {}): Promise<number> {
  const res = await sendClaim(t, who.cookie, form(claimFields(overrides), [{ field: "files", file: file(pdfBytes(), "receipt.pdf") }]));
  if (res.status !== 201) throw new Error(`claim answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { id: number }).id;
}

export const decide = (t: TestApp, adminCookie: string, claimId: number, json: Record<string, unknown>) =>
  t.request("POST", `/api/admin/claims/${claimId}/decision`, { headers: { cookie: adminCookie }, json });

/** An admin's decision on a proof of coverage. */
export const decideProofOf = (t: TestApp, adminCookie: string, proofId: number, json: Record<string, unknown>) =>
  t.request("POST", `/api/admin/coverage-proofs/${proofId}/decision`, { headers: { cookie: adminCookie }, json });

/** Sum of the employee's ledger events (the balance) and of their unpaid amounts, straight from the table. */
export function ledgerSums(t: TestApp, employeeId: number): { balance: number; unpaid: number } {
  return t.database.sqlite
    .query(
      "select coalesce(sum(amount_cents), 0) as balance, coalesce(sum(unpaid_cents), 0) as unpaid from reimbursement_events where employee_id = ?",
    )
    .get(employeeId) as { balance: number; unpaid: number };
}

/** The employee's home as they read it: 200, in its documented shape. */
export async function homeOf(t: TestApp, who: { cookie: string }): Promise<BenefitsHome> {
  const res = await t.request("GET", "/api/benefits", { headers: { cookie: who.cookie } });
  expect(res.status).toBe(200);
  const body = await res.json();
  expect(Value.Check(BenefitsHome, body)).toBe(true);
  return body as BenefitsHome;
}
