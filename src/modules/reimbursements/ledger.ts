// The allowance ledger: events only ever added (docs/decisions/016). Each month's
// allowance is written once (a unique index) when the month is reached or when a claim
// for it is approved, whichever comes first; approvals, reversals and payments follow the
// decisions and payroll runs. Every balance shown is a sum of these events.
import { reimbursementEvents } from "@db/schema";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { DB, Tx } from "../../db";
import { notFound } from "../../http/errors";
import { iso } from "../../lib/iso";
import { toDollars } from "../../lib/money";
import { monthOf } from "../../lib/months";
import { allowanceEnded, allowanceEndFactsAmong } from "../employees/waiver";
import { availableCents, type MonthFigures } from "./availability";
import { afterAllowanceEnds, type EmployeeContext, type Entitlement, entitlementIn, reachedMonths } from "./employee";
import { type EventKind, isAllowanceKind, type Ledger } from "./model";
import { currentPlanYear, planYearOfMonth } from "./plan-years";

type Reader = DB | Tx;

export interface LedgerSubject {
  employeeId: number;
  enrollmentId: number;
}

export const subjectOf = (context: EmployeeContext): LedgerSubject => ({
  employeeId: context.profile.id,
  enrollmentId: context.enrollment.id,
});

const eventsOf = (reader: Reader, employeeId: number, planYearStart: string) =>
  reader
    .select()
    .from(reimbursementEvents)
    .where(and(eq(reimbursementEvents.employeeId, employeeId), eq(reimbursementEvents.planYearStart, planYearStart)))
    .orderBy(asc(reimbursementEvents.id));

type EventRow = typeof reimbursementEvents.$inferSelect;

/** Allowance events the months still lack, among `months` (months with no allowance get none). */
function missingAllowances(rows: EventRow[], entitlement: Entitlement, months: readonly string[]) {
  const written = new Set(rows.filter((r) => r.kind === "allowance").map((r) => r.month));
  return entitlement.schedule.filter((m) => months.includes(m.month) && m.allowanceCents > 0 && !written.has(m.month));
}

/**
 * Writes the allowance events of `months` that are not written yet, inside the caller's
 * transaction; an event another writer added meanwhile is left as it is.
 */
export function writeAllowances(tx: Tx, subject: LedgerSubject, entitlement: Entitlement, months: readonly string[], now: number): void {
  const missing = missingAllowances(eventsOf(tx, subject.employeeId, entitlement.planYear.start).all(), entitlement, months);
  insertAllowances(
    tx,
    missing.map((m) => ({ ...subject, planYearStart: entitlement.planYear.start, month: m.month, allowanceCents: m.allowanceCents })),
    now,
  );
}

/**
 * Inserts allowance events, a few hundred rows per statement; one already there is kept. A
 * month after the employee's allowance ended is left out, as the transaction reads it: the
 * caller's reading of the employee may be older than a last day or an opting out.
 * Answers how many it wrote, those left out not counted.
 */
function insertAllowances(tx: Tx, allDue: AllowanceDue[], now: number): number {
  const ends = allowanceEndFactsAmong(tx, [...new Set(allDue.map((d) => d.employeeId))]);
  const due = allDue.filter((d) => {
    const facts = ends.get(d.employeeId);
    const ended = facts ? allowanceEnded(facts) : null;
    return ended === null || d.month <= ended.lastMonth;
  });
  // One insert per row spent most of an upkeep run building queries; 9 values a row keeps
  // 500 rows far below SQLite's bound on parameters.
  for (let i = 0; i < due.length; i += 500) {
    tx.insert(reimbursementEvents)
      .values(
        due.slice(i, i + 500).map((m) => ({
          employeeId: m.employeeId,
          enrollmentId: m.enrollmentId,
          planYearStart: m.planYearStart,
          month: m.month,
          kind: "allowance",
          amountCents: m.allowanceCents,
          unpaidCents: 0,
          actor: "allowance",
          createdAt: now,
        })),
      )
      .onConflictDoNothing()
      .run();
  }
  return due.length;
}

/** Writes the allowances of the months reached by `today`, in a transaction of its own only when one is missing. */
export async function accrueReached(db: DB, subject: LedgerSubject, entitlement: Entitlement, today: string, now = Date.now()) {
  const months = reachedMonths(entitlement, today);
  if (missingAllowances(await eventsOf(db, subject.employeeId, entitlement.planYear.start), entitlement, months).length === 0) return;
  db.transaction((tx) => writeAllowances(tx, subject, entitlement, months, now), { behavior: "immediate" });
}

/** A month's allowance that is due to an employee. */
export interface AllowanceDue {
  employeeId: number;
  enrollmentId: number;
  planYearStart: string;
  month: string;
  allowanceCents: number;
}

/** Writes the due allowances these employees lack: one read, then one transaction only when some are missing. Answers how many it wrote. */
export async function writeMissingAllowances(db: DB, employeeIds: number[], due: AllowanceDue[], now: number): Promise<number> {
  if (due.length === 0) return 0;
  const existing = await db
    .select({ employeeId: reimbursementEvents.employeeId, month: reimbursementEvents.month })
    .from(reimbursementEvents)
    .where(and(inArray(reimbursementEvents.employeeId, employeeIds), eq(reimbursementEvents.kind, "allowance")));
  const have = new Set(existing.map((e) => `${e.employeeId} ${e.month}`));
  const missing = due.filter((d) => d.allowanceCents > 0 && !have.has(`${d.employeeId} ${d.month}`));
  if (missing.length === 0) return 0;
  return db.transaction((tx) => insertAllowances(tx, missing, now), { behavior: "immediate" });
}

/**
 * Each month's allowance and what is approved for it, as they stand on `today`. A month's
 * allowance counts once its event is written or the month is reached; a month not reached
 * yet counts its own allowance only for what can be approved for it (`forMonth`: a premium
 * paid ahead uses its own month's allowance early, never those of the months in between).
 */
function figuresFrom(rows: EventRow[], entitlement: Entitlement, today: string, forMonth?: string): MonthFigures[] {
  const reached = monthOf(today);
  return entitlement.schedule.map(({ month, allowanceCents }) => {
    const ofMonth = rows.filter((r) => r.month === month);
    const written = ofMonth.some((r) => r.kind === "allowance");
    // A written allowance stands as lapsed and restored since (allowance-end.ts).
    const standing = ofMonth.filter((r) => isAllowanceKind(r.kind)).reduce((sum, r) => sum + r.amountCents, 0);
    const approved = ofMonth.filter((r) => r.kind === "approval" || r.kind === "reversal").reduce((sum, r) => sum - r.amountCents, 0);
    const counts = month <= reached || month === forMonth;
    return { month, allowanceCents: written ? standing : counts ? allowanceCents : 0, approvedCents: approved };
  });
}

/** What `month` has on `today`: its allowance, what is approved for it, and what can still be. */
function monthFrom(rows: EventRow[], entitlement: Entitlement, today: string, month: string) {
  const figures = figuresFrom(rows, entitlement, today, month);
  const own = figures.find((m) => m.month === month);
  // A month after employment ended draws on nothing, carried-over allowance included.
  const ended = afterAllowanceEnds(entitlement, month);
  return {
    allowanceCents: own?.allowanceCents ?? 0,
    approvedCents: own?.approvedCents ?? 0,
    availableCents: ended ? 0 : availableCents(figures, month, entitlement.carryOver),
  };
}

/** What can be approved for `month` now, read inside the deciding transaction. */
export function availableIn(tx: Tx, employeeId: number, entitlement: Entitlement, month: string, today: string): number {
  return monthFrom(eventsOf(tx, employeeId, entitlement.planYear.start).all(), entitlement, today, month).availableCents;
}

/** Writes one event of a decision or a payment. */
export function addEvent(
  tx: Tx,
  subject: LedgerSubject,
  event: {
    planYearStart: string;
    month: string;
    kind: Exclude<EventKind, "allowance">;
    amountCents: number;
    unpaidCents: number;
    /** Null for an allowance's lapse or restoring. */
    claimId: number | null;
    payrollRunId?: number;
    actor: string;
  },
  now: number,
): void {
  tx.insert(reimbursementEvents)
    .values({ ...subject, ...event, payrollRunId: event.payrollRunId ?? null, createdAt: now })
    .run();
}

/**
 * What payroll still owes, in cents: an enrollment's employees, or one employee over every
 * plan year (the previous one's approvals during its run-out too).
 */
export function unpaidCentsOf(reader: Reader, of: { enrollmentId: number } | { employeeId: number }): number {
  const row = reader
    .select({ unpaid: sql<number>`coalesce(sum(${reimbursementEvents.unpaidCents}), 0)` })
    .from(reimbursementEvents)
    .where("enrollmentId" in of ? eq(reimbursementEvents.enrollmentId, of.enrollmentId) : eq(reimbursementEvents.employeeId, of.employeeId))
    .get();
  return row?.unpaid ?? 0;
}

export interface PlanYearTotals {
  balanceCents: number;
  paidCents: number;
  /** A month's allowance, what is approved for it, and what can still be. */
  month(month: string): { allowanceCents: number; approvedCents: number; availableCents: number };
}

/** The plan year's sums on `today`: the balance and what is owed are sums of the events. */
export async function planYearTotals(db: DB, employeeId: number, entitlement: Entitlement, today: string): Promise<PlanYearTotals> {
  const rows = await eventsOf(db, employeeId, entitlement.planYear.start);
  return {
    balanceCents: rows.reduce((sum, r) => sum + r.amountCents, 0),
    paidCents: rows.filter((r) => r.kind === "payment").reduce((sum, r) => sum - r.unpaidCents, 0),
    month: (month) => monthFrom(rows, entitlement, today, month),
  };
}

/** The plan year's ledger: every event with the balance after it, each month's figures, and the totals. */
async function readLedger(db: DB, employeeId: number, entitlement: Entitlement, today: string): Promise<Ledger> {
  const rows = await eventsOf(db, employeeId, entitlement.planYear.start);
  let balance = 0;
  const total = (kind: EventKind, of: (r: EventRow) => number) =>
    toDollars(rows.filter((r) => r.kind === kind).reduce((s, r) => s + of(r), 0));
  return {
    employeeId,
    planYear: { start: entitlement.planYear.start, end: entitlement.planYear.end },
    carryOver: entitlement.carryOver,
    months: entitlement.schedule.map(({ month }) => {
      const figures = monthFrom(rows, entitlement, today, month);
      return {
        month,
        allowance: toDollars(figures.allowanceCents),
        approved: toDollars(figures.approvedCents),
        available: toDollars(figures.availableCents),
      };
    }),
    events: rows.map((r) => {
      balance += r.amountCents;
      return {
        id: r.id,
        at: iso(r.createdAt),
        month: r.month,
        kind: r.kind as EventKind,
        amount: toDollars(r.amountCents),
        unpaid: toDollars(r.unpaidCents),
        balance: toDollars(balance),
        claimId: r.claimId,
        payrollRunId: r.payrollRunId,
      };
    }),
    totals: {
      allowances: toDollars(rows.filter((r) => isAllowanceKind(r.kind)).reduce((s, r) => s + r.amountCents, 0)),
      approvals: total("approval", (r) => r.unpaidCents),
      reversals: total("reversal", (r) => r.amountCents),
      payments: total("payment", (r) => -r.unpaidCents),
      balance: toDollars(rows.reduce((s, r) => s + r.amountCents, 0)),
      approvedUnpaid: toDollars(rows.reduce((s, r) => s + r.unpaidCents, 0)),
    },
  };
}

/**
 * The ledger of the plan year starting on `planYearStart` (the current one when absent),
 * with the allowances reached by `today` written first; 404 when no plan year starts then.
 */
export async function employeeLedger(db: DB, context: EmployeeContext, planYearStart: string | undefined, today: string): Promise<Ledger> {
  const effective = context.enrollment.effectiveDate;
  const year = planYearStart ? planYearOfMonth(effective, monthOf(planYearStart)) : currentPlanYear(effective, today);
  if (!year || (planYearStart && year.start !== planYearStart)) throw notFound("No plan year starts on that day.");
  const entitlement = entitlementIn(context, year);
  await accrueReached(db, subjectOf(context), entitlement, today);
  return readLedger(db, context.profile.id, entitlement, today);
}
