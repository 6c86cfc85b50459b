// Rows of this feature as the API answers them, with their documents and history read in
// one query each for a whole page.

import { claimHistory, type coverageProofs, type reimbursementClaims, reimbursementDocuments } from "@db/schema";
import { asc, eq, inArray } from "drizzle-orm";
import type { DB, Tx } from "../../db";
import { planYearEnd } from "../../lib/date-rules";
import { iso } from "../../lib/iso";
import { toDollars } from "../../lib/money";
import { allowanceEnded, optedOutOf } from "../employees/waiver";
import { approvedByAdmin } from "../enrollments/model";
import type { EmployeeContext } from "./employee";
import {
  type AcceptedMediaType,
  type ClaimAction,
  type ClaimStatus,
  type ClaimView,
  claimQuestionDays,
  type DocumentInfo,
  type ProofStatus,
  type ProofView,
  type QuestionDays,
} from "./model";

export type ProofRow = typeof coverageProofs.$inferSelect;
export type ClaimRow = typeof reimbursementClaims.$inferSelect;
type HistoryRow = typeof claimHistory.$inferSelect;

const documentColumns = {
  id: reimbursementDocuments.id,
  claimId: reimbursementDocuments.claimId,
  proofId: reimbursementDocuments.proofId,
  fileName: reimbursementDocuments.fileName,
  mediaType: reimbursementDocuments.mediaType,
  sizeBytes: reimbursementDocuments.sizeBytes,
  createdAt: reimbursementDocuments.createdAt,
};
type DocumentRow = {
  id: number;
  claimId: number | null;
  proofId: number | null;
  fileName: string;
  mediaType: string;
  sizeBytes: number;
  createdAt: number;
};

const documentInfo = (d: DocumentRow): DocumentInfo => ({
  id: d.id,
  fileName: d.fileName,
  mediaType: d.mediaType as AcceptedMediaType,
  size: d.sizeBytes,
  uploadedAt: iso(d.createdAt),
});

function groupBy<T, K>(rows: T[], key: (row: T) => K | null): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    if (k === null) continue;
    out.set(k, [...(out.get(k) ?? []), row]);
  }
  return out;
}

/** The documents of these claims and proofs (their metadata, never their bytes). */
export async function documentsOf(db: DB, ids: { claimIds?: number[]; proofIds?: number[] }) {
  const of = (column: typeof reimbursementDocuments.claimId | typeof reimbursementDocuments.proofId, owners: number[]) =>
    owners.length
      ? db.select(documentColumns).from(reimbursementDocuments).where(inArray(column, owners)).orderBy(asc(reimbursementDocuments.id))
      : [];
  const [ofClaims, ofProofs] = await Promise.all([
    of(reimbursementDocuments.claimId, ids.claimIds ?? []),
    of(reimbursementDocuments.proofId, ids.proofIds ?? []),
  ]);
  const byClaim = groupBy(ofClaims, (d) => d.claimId);
  const byProof = groupBy(ofProofs, (d) => d.proofId);
  return {
    ofClaim: (id: number) => (byClaim.get(id) ?? []).map(documentInfo),
    ofProof: (id: number) => (byProof.get(id) ?? []).map(documentInfo),
  };
}

export async function historyOf(db: DB, claimIds: number[]): Promise<Map<number, HistoryRow[]>> {
  if (claimIds.length === 0) return new Map();
  const rows = await db.select().from(claimHistory).where(inArray(claimHistory.claimId, claimIds)).orderBy(asc(claimHistory.id));
  return groupBy(rows, (r) => r.claimId);
}

/**
 * The day a claim was received and its questions, as UTC days (the server's calendar), read in
 * the transaction that acts on them: a question asked or answered meanwhile is seen.
 */
export function questionDaysIn(tx: Tx, claim: { id: number; createdAt: number }): { received: string; questions: QuestionDays[] } {
  const steps = tx
    .select({ action: claimHistory.action, at: claimHistory.at })
    .from(claimHistory)
    .where(eq(claimHistory.claimId, claim.id))
    .orderBy(asc(claimHistory.id))
    .all();
  return claimQuestionDays(claim.createdAt, steps);
}

/** Who a claim or proof is from, as the admin's review screens show it. */
export const senderOf = (context: EmployeeContext) => ({
  employee: {
    id: context.profile.id,
    firstName: context.profile.firstName,
    lastName: context.profile.lastName,
    email: context.profile.email,
    className: context.profile.className,
    coverageLevel: context.profile.coverageLevel,
    employmentEndedOn: context.profile.employmentEndedOn,
    allowanceEnded: allowanceEnded(context.profile),
    optedOut: optedOutOf(context.profile),
  },
  employer: {
    businessId: context.business.id,
    name: context.business.name,
    enrollmentId: context.enrollment.id,
    enrollmentApproved: approvedByAdmin(context.enrollment.status),
  },
});

export const stepView = (h: HistoryRow) => ({
  action: h.action as ClaimAction,
  note: h.note,
  amount: h.amountCents === null ? null : toDollars(h.amountCents),
  at: iso(h.at),
});

export function proofView(row: ProofRow, documents: DocumentInfo[]): ProofView {
  return {
    id: row.id,
    planYearStart: row.planYearStart,
    planYearEnd: planYearEnd(row.planYearStart),
    status: row.status as ProofStatus,
    carrier: row.carrier,
    coverageStart: row.coverageStart,
    coveredPeople: row.coveredPeople,
    reason: row.reason,
    submittedAt: iso(row.createdAt),
    decidedAt: iso(row.decidedAt),
    documents,
  };
}

/** When the claim's payroll run paid it: its `paid` step. */
const paidAt = (history: HistoryRow[]) => iso(history.find((h) => h.action === "paid")?.at ?? null);

export function claimView(row: ClaimRow, documents: DocumentInfo[], history: HistoryRow[]): ClaimView {
  return {
    id: row.id,
    month: row.month,
    planYearStart: row.planYearStart,
    amount: toDollars(row.amountCents),
    approvedAmount: row.approvedCents === null ? null : toDollars(row.approvedCents),
    status: row.status as ClaimStatus,
    carrier: row.carrier,
    coveredPeople: row.coveredPeople,
    reason: row.reason,
    submittedAt: iso(row.createdAt),
    decidedAt: iso(row.decidedAt),
    paidAt: paidAt(history),
    documents,
    history: history.map(stepView),
  };
}

/** Claims as the employee reads them, with documents and history. */
export async function claimViews(db: DB, rows: ClaimRow[]): Promise<ClaimView[]> {
  const ids = rows.map((r) => r.id);
  const [documents, history] = await Promise.all([documentsOf(db, { claimIds: ids }), historyOf(db, ids)]);
  return rows.map((r) => claimView(r, documents.ofClaim(r.id), history.get(r.id) ?? []));
}

/** One claim as the employee reads it. */
export async function claimViewOf(db: DB, row: ClaimRow): Promise<ClaimView> {
  const [view] = await claimViews(db, [row]);
  return view!;
}
