// Premium claims: one coverage month each, with an attestation that the coverage was in
// force that month (ongoing substantiation) and 1–5 files of proof of payment. An admin
// approves (in full or in part, never past what is available for the month), denies, or
// asks for more information, which the employee answers; every decision records who and
// when, writes the ledger and emails the employee, all in one transaction.

import { claimHistory, reimbursementClaims, reimbursementDocuments } from "@db/schema";
import { and, count, desc, eq, inArray, lt } from "drizzle-orm";
import type { DB, Tx } from "../../db";
import { conflict, fieldError, found, invalidFields, notFound } from "../../http/errors";
import { idPage, type Page } from "../../http/pagination";
import { formatDate } from "../../lib/date-rules";
import { validate } from "../../lib/field-errors";
import { formatCents, toCents, toDollars } from "../../lib/money";
import { formatMonth, monthOf } from "../../lib/months";
import { plainText } from "../../lib/plain-text";
import { primaryContact } from "../businesses/service";
import { approvedByAdmin } from "../enrollments/model";
import { enqueueEmail } from "../outbox/service";
import { type ClaimOutcome, claimDecidedEmail, paymentsWaitingEmail } from "./emails";
import {
  afterAllowanceEnds,
  contextOfEmployee,
  type EmployeeContext,
  entitlementIn,
  entitlementUnderLock,
  reachedMonths,
} from "./employee";
import { addEvent, availableIn, planYearTotals, subjectOf, unpaidCentsOf, writeAllowances } from "./ledger";
import {
  type AdminClaim,
  AFTER_ALLOWANCE_MESSAGE,
  APPROVAL_AFTER_ALLOWANCE_MESSAGE,
  BEFORE_COVERAGE_MESSAGE,
  BEFORE_PROVEN_COVERAGE_MESSAGE,
  CLAIM_PAID_MESSAGE,
  type ClaimAction,
  type ClaimDecisionPayload,
  ClaimFields,
  ClaimInfoFields,
  type ClaimStatus,
  type ClaimView,
  claimChangedMessage,
  claimDecidedMessage,
  decisionDueDay,
  ENROLLMENT_NOT_APPROVED_MESSAGE,
  isDecidable,
  MAX_FILES_PER_CLAIM,
  MONTH_CLAIMED_MESSAGE,
  messages,
  NO_PROOF_MESSAGE,
  NO_TIME_TO_ASK_MESSAGE,
  NOT_ELIGIBLE_MESSAGE,
  NOT_WAITING_FOR_INFO_MESSAGE,
  OVER_AVAILABLE_MESSAGE,
  PROOF_NOT_APPROVED_MESSAGE,
  type ProofStatus,
  questionTerms,
  reasonRequiredFor,
} from "./model";
import { monthOutsidePlanYears, planYearOfMonth } from "./plan-years";
import { latestProof, liveProofIn, recordDocuments } from "./proofs";
import { recordOrDiscard, type Upload } from "./uploads";
import { type ClaimRow, claimView, claimViewOf, claimViews, documentsOf, historyOf, questionDaysIn, senderOf, stepView } from "./views";

/** Writes one step of a claim's history. */
export function addStep(
  tx: Tx,
  claimId: number,
  action: ClaimAction,
  actor: string,
  now: number,
  extra: { note?: string | null; amountCents?: number | null } = {},
) {
  tx.insert(claimHistory)
    .values({ claimId, action, actor, at: now, note: extra.note ?? null, amountCents: extra.amountCents ?? null })
    .run();
}

/**
 * Withdraws an approval payroll has not paid: the ledger takes it back (a reversal) and owes
 * it no more. Answers the cents withdrawn, 0 for a claim that was not approved.
 */
export function reverseApproval(tx: Tx, claim: ClaimRow, actor: string, now: number): number {
  if (claim.status !== "approved" && claim.status !== "partially-approved") return 0;
  const reversed = claim.approvedCents ?? 0;
  addEvent(
    tx,
    { employeeId: claim.employeeId, enrollmentId: claim.enrollmentId },
    {
      planYearStart: claim.planYearStart,
      month: claim.month,
      kind: "reversal",
      amountCents: reversed,
      unpaidCents: -reversed,
      claimId: claim.id,
      actor,
    },
    now,
  );
  return reversed;
}

const isUniqueMonthClash = (error: unknown) =>
  String((error as Error)?.message).includes("reimbursement_claims.employee_id, reimbursement_claims.month");

/** Stores a claim with its files; they are deleted if anything refuses it. */
export async function submitClaim(db: DB, context: EmployeeContext, upload: Upload, today: string, now = Date.now()): Promise<ClaimView> {
  const row = await recordOrDiscard(upload, () => {
    const errors = validate(ClaimFields, upload.fields);
    if (errors) throw invalidFields(errors);
    const fields = upload.fields as ClaimFields;
    const amountCents = toCents(Number(fields.amount));
    if (!(amountCents > 0)) throw fieldError("amount", messages.amount);
    const effectiveDate = context.enrollment.effectiveDate;
    const outside = monthOutsidePlanYears(effectiveDate, fields.month, today);
    if (outside) throw fieldError("month", outside);
    const planYear = planYearOfMonth(effectiveDate, fields.month)!;
    const entitlement = entitlementIn(context, planYear);
    if (fields.month < entitlement.eligibleFrom) throw fieldError("month", NOT_ELIGIBLE_MESSAGE(formatMonth(entitlement.eligibleFrom)));
    return db.transaction(
      (tx) => {
        // Read again under the write lock: an opting out or a last day recorded while the
        // files arrived ends the allowance before this claim is stored, not after.
        const fresh = entitlementUnderLock(tx, context, planYear);
        if (afterAllowanceEnds(fresh, fields.month)) throw fieldError("month", AFTER_ALLOWANCE_MESSAGE(fresh.ended));
        const proof = liveProofIn(tx, context.profile.id, planYear.start);
        if (!proof) throw fieldError("month", NO_PROOF_MESSAGE);
        if (fields.month < monthOf(proof.coverageStart))
          throw fieldError("month", BEFORE_COVERAGE_MESSAGE(formatMonth(fields.month), proof.coverageStart));
        const clash = tx
          .select({ id: reimbursementClaims.id })
          .from(reimbursementClaims)
          .where(
            and(
              eq(reimbursementClaims.employeeId, context.profile.id),
              eq(reimbursementClaims.month, fields.month),
              inArray(reimbursementClaims.status, liveStatuses),
            ),
          )
          .get();
        if (clash) throw conflict(MONTH_CLAIMED_MESSAGE(formatMonth(fields.month)), { claimId: clash.id });
        const claim = tx
          .insert(reimbursementClaims)
          .values({
            employeeId: context.profile.id,
            enrollmentId: context.enrollment.id,
            businessId: context.business.id,
            planYearStart: planYear.start,
            month: fields.month,
            amountCents,
            carrier: fields.carrier.trim(),
            coveredPeople: fields.coveredPeople.trim(),
            attestedAt: now,
            createdAt: now,
          })
          .returning()
          .get();
        recordDocuments(tx, context.profile.id, { claimId: claim.id }, upload.files, now);
        addStep(tx, claim.id, "submitted", "employee", now, { amountCents });
        return claim;
      },
      { behavior: "immediate" },
    );
  }).catch((error) => {
    throw isUniqueMonthClash(error) ? conflict(MONTH_CLAIMED_MESSAGE(formatMonth(String(upload.fields.month)))) : error;
  });
  return claimViewOf(db, row);
}

/** Every status but denied holds its month. */
const liveStatuses: ClaimStatus[] = ["submitted", "needs-info", "approved", "partially-approved", "paid"];

/** The employee's claims, newest first, a page at a time. */
export async function listClaims(db: DB, employeeId: number, options: { limit: number; before?: number }): Promise<Page<ClaimView>> {
  const rows = await db
    .select()
    .from(reimbursementClaims)
    .where(and(eq(reimbursementClaims.employeeId, employeeId), options.before ? lt(reimbursementClaims.id, options.before) : undefined))
    .orderBy(desc(reimbursementClaims.id))
    .limit(options.limit + 1);
  const page = idPage(rows, options.limit, (r) => r);
  return { ...page, items: await claimViews(db, page.items) };
}

async function claimRow(db: DB, id: number): Promise<ClaimRow | undefined> {
  return await db.select().from(reimbursementClaims).where(eq(reimbursementClaims.id, id)).get();
}

/** The employee's own claim; another's answers 404 like one that does not exist. */
export async function ownClaim(db: DB, context: EmployeeContext, id: number): Promise<ClaimRow> {
  const row = await claimRow(db, id);
  if (!row || row.employeeId !== context.profile.id) throw notFound("Claim not found.");
  return row;
}

/** The employee's own claim as they read it. */
export async function ownClaimView(db: DB, context: EmployeeContext, id: number): Promise<ClaimView> {
  return claimViewOf(db, await ownClaim(db, context, id));
}

/** The employee answers our question with a note and/or files; the claim goes back to review. */
export async function answerClaim(db: DB, context: EmployeeContext, claimId: number, upload: Upload, now = Date.now()): Promise<ClaimView> {
  const row = await recordOrDiscard(upload, async () => {
    await ownClaim(db, context, claimId);
    const errors = validate(ClaimInfoFields, upload.fields);
    if (errors) throw invalidFields(errors);
    const note = upload.fields.note?.trim() || null;
    if (!note && upload.files.length === 0) throw fieldError("note", messages.answerNeeded);
    return db.transaction(
      (tx) => {
        const claim = tx.select().from(reimbursementClaims).where(eq(reimbursementClaims.id, claimId)).get()!;
        if (claim.status !== "needs-info") throw conflict(NOT_WAITING_FOR_INFO_MESSAGE, { status: claim.status });
        const [{ files }] = tx
          .select({ files: count() })
          .from(reimbursementDocuments)
          .where(eq(reimbursementDocuments.claimId, claimId))
          .all();
        if (files + upload.files.length > MAX_FILES_PER_CLAIM) throw fieldError("files", messages.tooManyFilesOnClaim);
        recordDocuments(tx, context.profile.id, { claimId }, upload.files, now);
        addStep(tx, claimId, "info-provided", "employee", now, { note });
        return tx.update(reimbursementClaims).set({ status: "submitted" }).where(eq(reimbursementClaims.id, claimId)).returning().get();
      },
      { behavior: "immediate" },
    );
  });
  return claimViewOf(db, row);
}

export async function claimById(db: DB, id: number): Promise<ClaimRow> {
  return found(await claimRow(db, id), "Claim not found.");
}

async function claimContext(db: DB, claim: ClaimRow): Promise<EmployeeContext> {
  return found(await contextOfEmployee(db, claim.employeeId), "Claim not found.");
}

/** A claim as the admin reviews it: the employee, the proof it depends on, the month's allowance and what is still available. */
export async function adminClaim(db: DB, claim: ClaimRow, today: string): Promise<AdminClaim> {
  const context = await claimContext(db, claim);
  const planYear = planYearOfMonth(context.enrollment.effectiveDate, claim.month)!;
  const entitlement = entitlementIn(context, planYear);
  const [documents, history, proof, totals] = await Promise.all([
    documentsOf(db, { claimIds: [claim.id] }),
    historyOf(db, [claim.id]),
    latestProof(db, claim.employeeId, claim.planYearStart),
    planYearTotals(db, claim.employeeId, entitlement, today),
  ]);
  const steps = history.get(claim.id) ?? [];
  const { history: _omitted, ...view } = claimView(claim, documents.ofClaim(claim.id), steps);
  const month = totals.month(claim.month);
  return {
    ...view,
    ...senderOf(context),
    decidedBy: claim.decidedBy,
    history: steps.map((h) => ({ ...stepView(h), actor: h.actor })),
    proof: proof
      ? {
          id: proof.id,
          status: proof.status as ProofStatus,
          coverageStart: proof.coverageStart,
          carrier: proof.carrier,
          coveredPeople: proof.coveredPeople,
        }
      : null,
    allowanceForMonth: toDollars(month.allowanceCents),
    availableForMonth: toDollars(month.availableCents),
    carryOver: entitlement.carryOver,
  };
}

/**
 * Decides a claim. Approving checks, inside one transaction that also writes the ledger,
 * that the plan year's proof is approved and that the amount is within the claim and what
 * is available for its month (re-read there, so two decisions at once cannot overspend).
 * Denying an approved claim that payroll has not paid yet reverses its approval.
 */
export async function decideClaim(
  db: DB,
  claimId: number,
  payload: ClaimDecisionPayload,
  admin: { username: string },
  /** `appealsTo`: where an employee asks for a review of a decision (the plan administrator's address). */
  options: { origin: string; appealsTo: string; today: string; now?: number },
): Promise<AdminClaim> {
  const now = options.now ?? Date.now();
  const reason = plainText(payload.reason ?? "", true) || null;
  const claim = await claimById(db, claimId);
  const context = await claimContext(db, claim);
  const contact = await primaryContact(db, context.business);
  const planYear = planYearOfMonth(context.enrollment.effectiveDate, claim.month)!;
  const subject = subjectOf(context);
  const employee = { email: context.profile.email, firstName: context.profile.firstName };

  // The schema took whole cents only, so this is exact.
  const requestedCents = payload.approvedAmount === undefined ? null : toCents(payload.approvedAmount);
  if (requestedCents !== null && payload.decision !== "approve") throw fieldError("approvedAmount", messages.amountOnlyWithApproval);
  if (payload.decision !== "approve" && !reason) throw fieldError("reason", reasonRequiredFor(payload.decision));

  const decided = db.transaction(
    (tx) => {
      const current = tx.select().from(reimbursementClaims).where(eq(reimbursementClaims.id, claimId)).get()!;
      const status = current.status as ClaimStatus;
      // A last day or an opting out recorded since the claim was read ends the allowance here too.
      const entitlement = entitlementUnderLock(tx, context, planYear);
      if (payload.seenStatus && payload.seenStatus !== status) throw conflict(claimChangedMessage(status), { status });
      if (status === "paid") throw conflict(CLAIM_PAID_MESSAGE, { status });
      // The months reached have their allowances written; an approval for a month not reached
      // yet (a premium paid ahead) also writes that month's own, which it may use early, so
      // the balance, the events' sum, never goes below zero. A month between today and it
      // is not drawn on before it comes: other decisions leave the balance as it is.
      const ahead = payload.decision === "approve" ? [claim.month] : [];
      writeAllowances(tx, subject, entitlement, [...reachedMonths(entitlement, options.today), ...ahead], now);
      const record = (next: ClaimStatus, values: { approvedCents?: number | null }, action: ClaimAction, amountCents: number | null) => {
        addStep(tx, claimId, action, admin.username, now, { note: reason, amountCents });
        return tx
          .update(reimbursementClaims)
          .set({ status: next, reason, decidedBy: admin.username, decidedAt: now, ...values })
          .where(eq(reimbursementClaims.id, claimId))
          .returning()
          .get();
      };
      let outcome: ClaimOutcome;
      let row: ClaimRow;
      if (payload.decision === "approve") {
        if (!isDecidable(status)) throw conflict(claimDecidedMessage(status), { status });
        // Reimbursing needs the employer's plan approved by our administrators first (rulings: pending → approved).
        if (!approvedByAdmin(context.enrollment.status))
          throw conflict(ENROLLMENT_NOT_APPROVED_MESSAGE, { enrollmentStatus: context.enrollment.status });
        const proof = liveProofIn(tx, claim.employeeId, claim.planYearStart);
        if (proof?.status !== "approved") throw conflict(PROOF_NOT_APPROVED_MESSAGE, { proofStatus: proof?.status ?? null });
        // The claim was checked against the proof live when it was sent, which may since have been
        // rejected for one whose coverage starts later: only the approved proof's start is proven.
        if (claim.month < monthOf(proof.coverageStart))
          throw conflict(BEFORE_PROVEN_COVERAGE_MESSAGE(formatMonth(claim.month), formatDate(proof.coverageStart)), {
            coverageStart: proof.coverageStart,
          });
        if (afterAllowanceEnds(entitlement, claim.month))
          throw conflict(APPROVAL_AFTER_ALLOWANCE_MESSAGE(entitlement.ended), { allowanceEnded: entitlement.ended });
        const amount = requestedCents ?? current.amountCents;
        if (amount > current.amountCents) throw fieldError("approvedAmount", messages.amountOverClaim(formatCents(current.amountCents)));
        const available = availableIn(tx, claim.employeeId, entitlement, claim.month, options.today);
        if (amount > available)
          throw conflict(OVER_AVAILABLE_MESSAGE(toDollars(available), formatMonth(claim.month)), {
            available: toDollars(available),
          });
        const partial = amount < current.amountCents;
        if (partial && !reason) throw fieldError("reason", messages.partialReason);
        const owedBefore = unpaidCentsOf(tx, { enrollmentId: claim.enrollmentId });
        addEvent(
          tx,
          subject,
          {
            planYearStart: claim.planYearStart,
            month: claim.month,
            kind: "approval",
            amountCents: -amount,
            unpaidCents: amount,
            claimId,
            actor: admin.username,
          },
          now,
        );
        row = record(
          partial ? "partially-approved" : "approved",
          { approvedCents: amount },
          partial ? "partially-approved" : "approved",
          amount,
        );
        outcome = partial
          ? { kind: "partially-approved", approvedCents: amount, reason: reason! }
          : { kind: "approved", approvedCents: amount };
        if (owedBefore === 0) {
          const waiting = paymentsWaitingEmail(
            { email: contact.email, firstName: contact.firstName },
            { businessId: context.business.id, name: context.business.name },
            amount,
            options.origin,
          );
          enqueueEmail(tx, waiting);
        }
      } else if (payload.decision === "deny") {
        if (status === "denied") throw conflict(claimDecidedMessage(status), { status });
        const reversed = reverseApproval(tx, current, admin.username, now);
        row = record("denied", { approvedCents: null }, "denied", reversed || null);
        const claimableAgain = monthOutsidePlanYears(context.enrollment.effectiveDate, claim.month, options.today) === null;
        outcome = { kind: "denied", reason: reason!, reversedCents: reversed, claimableAgain };
      } else {
        if (status !== "submitted") throw conflict(claimDecidedMessage(status), { status });
        // What the question's email promises: the days left to decide, and the one extension.
        const { received, questions: earlier } = questionDaysIn(tx, claim);
        const terms = questionTerms(received, earlier, options.today);
        if (!terms)
          throw conflict(NO_TIME_TO_ASK_MESSAGE(decisionDueDay(received, earlier)), { decideBy: decisionDueDay(received, earlier) });
        row = record("needs-info", {}, "needs-info", null);
        outcome = { kind: "needs-info", reason: reason!, ...terms };
      }
      enqueueEmail(tx, claimDecidedEmail(employee, { month: claim.month, amountCents: claim.amountCents }, outcome, options));
      return row;
    },
    { behavior: "immediate" },
  );
  return adminClaim(db, decided, options.today);
}
