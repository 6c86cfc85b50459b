// What a recorded end of the allowance does to the ledger, in the transaction that records
// it. A month after the allowance ends has no allowance: one written early (a premium paid
// ahead was approved) lapses, and an approval for such a month that payroll has not paid is
// denied, with its reason and review rights, before any run can pay it. Paid amounts stay
// paid (no clawback; decision 025). When the day is moved later or cleared, the months that
// lapsed are given back, and a denied claim can be sent again.
import { claimHistory, reimbursementClaims, reimbursementEvents } from "@db/schema";
import { and, asc, eq, gt, inArray } from "drizzle-orm";
import type { Config } from "../../config";
import type { Tx } from "../../db";
import { siteOrigin } from "../../http/origin";
import { todayUtc } from "../../lib/date-rules";
import { registeredEmployeeIn } from "../employees/directory";
import { allowanceEnded, allowanceEndFactsOf } from "../employees/waiver";
import { enqueueEmail } from "../outbox/service";
import { claimDecidedEmail } from "./emails";
import { addEvent } from "./ledger";
import { AFTER_ALLOWANCE_MESSAGE, isAllowanceKind } from "./model";

/** Who the ledger and the claim's history name for what follows a recorded end. */
export const ALLOWANCE_END_ACTOR = "allowance end";

export interface SettleOptions {
  origin: string;
  /** Where an employee asks for a review of a denial. */
  appealsTo: string;
  today: string;
  now: number;
}

/**
 * Brings the employee's ledger and approvals in line with when their allowance ends, as the
 * transaction reads it: called after a last day of employment is recorded, moved or cleared.
 */
export function settleAllowanceEnd(tx: Tx, employeeId: number, options: SettleOptions): void {
  const ended = allowanceEnded(allowanceEndFactsOf(tx, employeeId));
  if (ended) denyApprovalsAfter(tx, employeeId, ended, options);
  const events = tx
    .select()
    .from(reimbursementEvents)
    .where(eq(reimbursementEvents.employeeId, employeeId))
    .orderBy(asc(reimbursementEvents.id))
    .all();
  for (const allowance of events.filter((e) => e.kind === "allowance")) {
    const ofMonth = events.filter((e) => e.month === allowance.month && e.planYearStart === allowance.planYearStart);
    const standing = ofMonth.filter((e) => isAllowanceKind(e.kind)).reduce((sum, e) => sum + e.amountCents, 0);
    // What is still approved for the month (paid, since unpaid ones were just denied) keeps its allowance.
    const approved = ofMonth.filter((e) => e.kind === "approval" || e.kind === "reversal").reduce((sum, e) => sum - e.amountCents, 0);
    const target =
      ended && allowance.month > ended.lastMonth ? Math.min(allowance.amountCents, Math.max(approved, 0)) : allowance.amountCents;
    if (target === standing) continue;
    addEvent(
      tx,
      { employeeId, enrollmentId: allowance.enrollmentId },
      {
        planYearStart: allowance.planYearStart,
        month: allowance.month,
        kind: target < standing ? "lapse" : "restore",
        amountCents: target - standing,
        unpaidCents: 0,
        claimId: null,
        actor: ALLOWANCE_END_ACTOR,
      },
      options.now,
    );
  }
}

/** Denies each approval payroll has not paid for a month after the allowance's last, and tells the employee. */
function denyApprovalsAfter(tx: Tx, employeeId: number, ended: NonNullable<ReturnType<typeof allowanceEnded>>, options: SettleOptions) {
  const approved = tx
    .select()
    .from(reimbursementClaims)
    .where(
      and(
        eq(reimbursementClaims.employeeId, employeeId),
        inArray(reimbursementClaims.status, ["approved", "partially-approved"]),
        gt(reimbursementClaims.month, ended.lastMonth),
      ),
    )
    .all();
  if (approved.length === 0) return;
  const person = registeredEmployeeIn(tx, employeeId);
  const reason = AFTER_ALLOWANCE_MESSAGE(ended);
  for (const claim of approved) {
    const reversed = claim.approvedCents ?? 0;
    addEvent(
      tx,
      { employeeId, enrollmentId: claim.enrollmentId },
      {
        planYearStart: claim.planYearStart,
        month: claim.month,
        kind: "reversal",
        amountCents: reversed,
        unpaidCents: -reversed,
        claimId: claim.id,
        actor: ALLOWANCE_END_ACTOR,
      },
      options.now,
    );
    tx.update(reimbursementClaims)
      .set({ status: "denied", reason, approvedCents: null, decidedBy: ALLOWANCE_END_ACTOR, decidedAt: options.now })
      .where(eq(reimbursementClaims.id, claim.id))
      .run();
    tx.insert(claimHistory)
      .values({
        claimId: claim.id,
        action: "denied",
        actor: ALLOWANCE_END_ACTOR,
        at: options.now,
        note: reason,
        amountCents: reversed || null,
      })
      .run();
    if (person)
      enqueueEmail(
        tx,
        claimDecidedEmail(
          { email: person.email, firstName: person.firstName },
          { month: claim.month, amountCents: claim.amountCents },
          { kind: "denied", reason, reversedCents: reversed, claimableAgain: false, allowanceEndedWith: ended.lastMonth },
          options,
        ),
      );
  }
}

/** The settling the employees' routes run when a last day changes, with this server's addresses and the day it is run. */
export const settleWith =
  (config: Pick<Config, "publicUrl" | "contactEmail">) =>
  (tx: Tx, employeeId: number): void =>
    settleAllowanceEnd(tx, employeeId, { origin: siteOrigin(config), appealsTo: config.contactEmail, today: todayUtc(), now: Date.now() });
