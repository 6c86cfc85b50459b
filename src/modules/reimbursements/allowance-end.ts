// What a recorded end of the allowance does to the ledger, in the transaction that records
// it. A month after the allowance ends has no allowance: one written early (a premium paid
// ahead was approved) lapses, and an approval for such a month that payroll has not paid is
// denied, with its reason and review rights, before any run can pay it. Paid amounts stay
// paid (no clawback; decision 025). When the day is moved later or cleared, the months that
// lapsed are given back, and a denied claim can be sent again.
import { reimbursementClaims, reimbursementEvents, type StoredEmployeeClass } from "@db/schema";
import { and, asc, eq, gt, inArray } from "drizzle-orm";
import type { Config } from "../../config";
import type { Tx } from "../../db";
import { siteOrigin } from "../../http/origin";
import { classOf } from "../employees/classes";
import { registeredEmployeeIn } from "../employees/directory";
import { allowanceEnded, allowanceEndFactsOf } from "../employees/waiver";
import { enqueueEmail } from "../outbox/service";
import { availableCents, type MonthFigures } from "./availability";
import { addStep, reverseApproval } from "./claims";
import { claimDecidedEmail } from "./emails";
import { addEvent } from "./ledger";
import { AFTER_ALLOWANCE_MESSAGE, isAllowanceKind } from "./model";

/** Who the ledger and the claim's history name for what follows a recorded end. */
export const ALLOWANCE_END_ACTOR = "allowance end";

interface SettleOptions {
  origin: string;
  /** Where an employee asks for a review of a denial. */
  appealsTo: string;
  now: number;
}

type EventRow = typeof reimbursementEvents.$inferSelect;

/**
 * Brings the employee's ledger and approvals in line with when their allowance ends, as the
 * transaction reads it: called after a last day of employment is recorded, moved or cleared.
 * `carryOver`: whether their class carries unused allowance to later months.
 */
function settleAllowanceEnd(tx: Tx, employeeId: number, carryOver: boolean, options: SettleOptions): void {
  const ended = allowanceEnded(allowanceEndFactsOf(tx, employeeId));
  if (ended) denyApprovalsAfter(tx, employeeId, ended, options);
  const events = tx
    .select()
    .from(reimbursementEvents)
    .where(eq(reimbursementEvents.employeeId, employeeId))
    .orderBy(asc(reimbursementEvents.id))
    .all();
  for (const planYearStart of new Set(events.map((e) => e.planYearStart)))
    settlePlanYear(
      tx,
      events.filter((e) => e.planYearStart === planYearStart),
      ended?.lastMonth ?? null,
      carryOver,
      options.now,
    );
}

/**
 * One plan year: every month up to the allowance's last gets back what lapsed of it; then,
 * latest month first, a later month's allowance lapses as far as nothing approved draws on
 * it. With carry-over a paid approval may have drawn on an earlier month's allowance (the
 * same rule as approving, availability.ts), so what lapses is what could still be approved,
 * never more: the balance, the events' sum, stays at or above zero.
 */
function settlePlanYear(tx: Tx, events: EventRow[], lastMonth: string | null, carryOver: boolean, now: number) {
  const months = [...new Set(events.filter((e) => e.kind === "allowance").map((e) => e.month))].sort();
  const sumOf = (month: string, kinds: (kind: string) => boolean) =>
    events.filter((e) => e.month === month && kinds(e.kind)).reduce((sum, e) => sum + e.amountCents, 0);
  const figures: MonthFigures[] = months.map((month) => ({
    month,
    allowanceCents: sumOf(month, isAllowanceKind),
    approvedCents: -sumOf(month, (kind) => kind === "approval" || kind === "reversal"),
  }));
  const first = events[0]!;
  const write = (month: string, cents: number) => {
    addEvent(
      tx,
      { employeeId: first.employeeId, enrollmentId: first.enrollmentId },
      {
        planYearStart: first.planYearStart,
        month,
        kind: cents < 0 ? "lapse" : "restore",
        amountCents: cents,
        unpaidCents: 0,
        claimId: null,
        actor: ALLOWANCE_END_ACTOR,
      },
      now,
    );
  };
  const after = (month: string) => lastMonth !== null && month > lastMonth;
  for (const figure of figures) {
    const written = sumOf(figure.month, (kind) => kind === "allowance");
    if (after(figure.month) || figure.allowanceCents === written) continue;
    write(figure.month, written - figure.allowanceCents);
    figure.allowanceCents = written;
  }
  for (const figure of [...figures].reverse()) {
    if (!after(figure.month)) continue;
    const lapse = Math.min(figure.allowanceCents, availableCents(figures, figure.month, carryOver));
    if (lapse <= 0) continue;
    write(figure.month, -lapse);
    figure.allowanceCents -= lapse;
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
    const reversed = reverseApproval(tx, claim, ALLOWANCE_END_ACTOR, options.now);
    tx.update(reimbursementClaims)
      .set({ status: "denied", reason, approvedCents: null, decidedBy: ALLOWANCE_END_ACTOR, decidedAt: options.now })
      .where(eq(reimbursementClaims.id, claim.id))
      .run();
    addStep(tx, claim.id, "denied", ALLOWANCE_END_ACTOR, options.now, { note: reason, amountCents: reversed || null });
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
  (tx: Tx, employeeId: number, employeeClasses: StoredEmployeeClass[] | null): void => {
    const person = registeredEmployeeIn(tx, employeeId);
    // Nothing is claimed or accrued before registering: no ledger to settle.
    if (!person) return;
    const carryOver = classOf(employeeClasses, person.className)?.carryOver !== false;
    settleAllowanceEnd(tx, employeeId, carryOver, {
      origin: siteOrigin(config),
      appealsTo: config.contactEmail,
      now: Date.now(),
    });
  };
