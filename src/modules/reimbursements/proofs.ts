// Proof of coverage (annual substantiation, 54.9802-4(c)(5)): an employee sends a document
// from their carrier or the Marketplace with a signed attestation, once per plan year (again
// after a rejection); an admin approves or rejects it with a reason, and the employee is
// emailed either way.
import { coverageProofs, reimbursementDocuments } from "@db/schema";
import { and, desc, eq, ne } from "drizzle-orm";
import type { DB, Tx } from "../../db";
import { conflict, fieldError, found, invalidFields } from "../../http/errors";
import { isIsoDate } from "../../lib/date-rules";
import { validate } from "../../lib/field-errors";
import { plainText } from "../../lib/plain-text";
import { enqueueEmail } from "../outbox/service";
import type { WrittenDocument } from "./documents";
import { proofDecidedEmail } from "./emails";
import { afterAllowanceEnds, contextOfEmployee, type EmployeeContext, entitlementUnderLock } from "./employee";
import {
  type AdminProof,
  messages,
  PROOF_AFTER_ALLOWANCE_MESSAGE,
  PROOF_APPROVED_CONFLICT_MESSAGE,
  PROOF_DECIDED_MESSAGE,
  PROOF_PENDING_CONFLICT_MESSAGE,
  type ProofDecisionPayload,
  ProofFields,
  type ProofView,
} from "./model";
import { proofPlanYear } from "./plan-years";
import { recordOrDiscard, type Upload } from "./uploads";
import { documentsOf, type ProofRow, proofView, senderOf } from "./views";

/** Records the documents of a proof or a claim, in the transaction that writes it. */
export function recordDocuments(
  tx: Tx,
  employeeId: number,
  owner: { proofId: number } | { claimId: number },
  files: WrittenDocument[],
  now: number,
) {
  for (const file of files)
    tx.insert(reimbursementDocuments)
      .values({ employeeId, ...owner, ...file, createdAt: now })
      .run();
}

/** A proof answered with its documents. */
export async function readProof(db: DB, row: ProofRow): Promise<ProofView> {
  return proofView(row, (await documentsOf(db, { proofIds: [row.id] })).ofProof(row.id));
}

/** The employee's latest proof for a plan year (the current one, or the latest rejected). */
export async function latestProof(db: DB, employeeId: number, planYearStart: string): Promise<ProofRow | null> {
  return (
    (await db
      .select()
      .from(coverageProofs)
      .where(and(eq(coverageProofs.employeeId, employeeId), eq(coverageProofs.planYearStart, planYearStart)))
      .orderBy(desc(coverageProofs.id))
      .limit(1)
      .get()) ?? null
  );
}

/** The plan year's pending or approved proof, inside a transaction. */
export function liveProofIn(tx: Tx, employeeId: number, planYearStart: string): ProofRow | undefined {
  return tx
    .select()
    .from(coverageProofs)
    .where(
      and(
        eq(coverageProofs.employeeId, employeeId),
        eq(coverageProofs.planYearStart, planYearStart),
        ne(coverageProofs.status, "rejected"),
      ),
    )
    .get();
}

/** Stores a proof and its document; the upload's file is deleted if anything refuses it. */
export async function submitProof(db: DB, context: EmployeeContext, upload: Upload, today: string, now = Date.now()): Promise<ProofView> {
  const row = await recordOrDiscard(upload, () => {
    const errors = validate(ProofFields, upload.fields);
    if (errors) throw invalidFields(errors);
    const fields = upload.fields as ProofFields;
    if (!isIsoDate(fields.coverageStart)) throw fieldError("coverageStart", messages.coverageStart);
    const effectiveDate = context.enrollment.effectiveDate;
    const planYear = proofPlanYear(effectiveDate, fields.coverageStart, today, fields.planYearStart);
    if ("field" in planYear) throw fieldError(planYear.field, planYear.message);
    return db.transaction(
      (tx) => {
        // A plan year the allowance ended before (the employment, or an opting out) has no month to claim.
        const entitlement = entitlementUnderLock(tx, context, planYear);
        if (afterAllowanceEnds(entitlement, planYear.months[0]!)) throw conflict(PROOF_AFTER_ALLOWANCE_MESSAGE(entitlement.ended));
        const live = liveProofIn(tx, context.profile.id, planYear.start);
        if (live) throw conflict(live.status === "approved" ? PROOF_APPROVED_CONFLICT_MESSAGE : PROOF_PENDING_CONFLICT_MESSAGE);
        const proof = tx
          .insert(coverageProofs)
          .values({
            employeeId: context.profile.id,
            enrollmentId: context.enrollment.id,
            businessId: context.business.id,
            planYearStart: planYear.start,
            carrier: fields.carrier.trim(),
            coverageStart: fields.coverageStart,
            coveredPeople: fields.coveredPeople.trim(),
            attestedAt: now,
            createdAt: now,
          })
          .returning()
          .get();
        recordDocuments(tx, context.profile.id, { proofId: proof.id }, upload.files, now);
        return proof;
      },
      { behavior: "immediate" },
    );
  });
  return readProof(db, row);
}

/** Every proof the employee sent, newest first. */
export async function listProofs(db: DB, employeeId: number): Promise<ProofView[]> {
  const rows = await db.select().from(coverageProofs).where(eq(coverageProofs.employeeId, employeeId)).orderBy(desc(coverageProofs.id));
  const documents = await documentsOf(db, { proofIds: rows.map((r) => r.id) });
  return rows.map((r) => proofView(r, documents.ofProof(r.id)));
}

export async function proofById(db: DB, id: number): Promise<ProofRow> {
  return found(await db.select().from(coverageProofs).where(eq(coverageProofs.id, id)).get(), "Proof of coverage not found.");
}

async function proofContext(db: DB, proof: ProofRow): Promise<EmployeeContext> {
  return found(await contextOfEmployee(db, proof.employeeId), "Proof of coverage not found.");
}

/** A proof as the admin reviews it: with the employee and employer. */
export async function adminProof(db: DB, row: ProofRow): Promise<AdminProof> {
  const context = await proofContext(db, row);
  return {
    ...(await readProof(db, row)),
    ...senderOf(context),
    decidedBy: row.decidedBy,
  };
}

/** Approves or rejects a pending proof (a reason is required to reject) and emails the employee. */
export async function decideProof(
  db: DB,
  proofId: number,
  decision: ProofDecisionPayload,
  admin: { username: string },
  /** `appealsTo`: where an employee asks for a review of a rejection (the plan administrator's address). */
  options: { origin: string; appealsTo: string },
  now = Date.now(),
): Promise<AdminProof> {
  const reason = plainText(decision.reason ?? "", true) || null;
  if (decision.decision === "reject" && !reason) throw fieldError("reason", messages.reasonRequired);
  const proof = await proofById(db, proofId);
  const context = await proofContext(db, proof);
  const status = decision.decision === "approve" ? "approved" : "rejected";
  const decided = db.transaction(
    (tx) => {
      const row = tx
        .update(coverageProofs)
        .set({ status, reason, decidedBy: admin.username, decidedAt: now })
        .where(and(eq(coverageProofs.id, proofId), eq(coverageProofs.status, "pending")))
        .returning()
        .get();
      if (!row) {
        const current = tx.select({ status: coverageProofs.status }).from(coverageProofs).where(eq(coverageProofs.id, proofId)).get();
        throw conflict(PROOF_DECIDED_MESSAGE(current?.status ?? "decided"), { status: current?.status });
      }
      enqueueEmail(
        tx,
        proofDecidedEmail({ email: context.profile.email, firstName: context.profile.firstName }, { ...row, status }, options),
      );
      return row;
    },
    { behavior: "immediate" },
  );
  return adminProof(db, decided);
}
