// Payroll: the employer pays approved reimbursements with wages. They see, per employee,
// only what is approved and unpaid and what was paid: no claim, carrier, month detail or
// document. A run takes every approved amount not yet paid that was decided by the end of
// its `through` day in the employer's time zone (UTC when none is sent), whatever month it
// is for (a premium paid ahead is reimbursed once approved), writes a payment event for
// each, marks those claims paid, and is refused (409) when there is nothing to take, so
// running again pays nothing twice (docs/decisions/017).
import { claimHistory, payrollRuns, reimbursementClaims, reimbursementEvents } from "@db/schema";
import { and, count, desc, eq, inArray, lte, sql } from "drizzle-orm";
import type { DB, Tx } from "../../db";
import { conflict, fieldError, found } from "../../http/errors";
import { csvRecords } from "../../lib/csv-cells";
import { formatDate, isIsoDate } from "../../lib/date-rules";
import { iso } from "../../lib/iso";
import { isWholeCents, toCents, toDollars } from "../../lib/money";
import { endOfDayIn, knownTimeZone, todayIn, UNKNOWN_TIME_ZONE_MESSAGE } from "../../lib/time-zones";
import type { OwnedEnrollment } from "../businesses/access";
import { employeeProfiles, registeredEmployeesOf } from "../employees/directory";
import { nameForEmployer } from "./employee";
import {
  ALL_PAID_MESSAGE,
  APPROVED_AFTER_THROUGH_MESSAGE,
  EARNING_TYPE,
  type EnrollmentReimbursements,
  messages,
  NOTHING_APPROVED_MESSAGE,
  PAYROLL_CHANGED_MESSAGE,
  PAYROLL_CSV_HEADER,
  type PayrollPreview,
  type PayrollPreviewQuery,
  type PayrollRun,
  type PayrollRunPayload,
  payrollCsvPath,
  THROUGH_IN_FUTURE_MESSAGE,
} from "./model";

type RunRow = typeof payrollRuns.$inferSelect;

const runView = (run: RunRow, number: number): PayrollRun => ({
  id: run.id,
  number,
  enrollmentId: run.enrollmentId,
  through: run.through,
  total: toDollars(run.totalCents),
  employees: run.employeeCount,
  createdAt: iso(run.createdAt),
  csvPath: payrollCsvPath(run.enrollmentId, run.id),
});

/** Each registered employee's approved-unpaid and paid totals, and the enrollment's. */
export async function reimbursementTotals(db: DB, owned: OwnedEnrollment): Promise<EnrollmentReimbursements> {
  const enrollmentId = owned.enrollment.id;
  const [people, sums] = await Promise.all([
    registeredEmployeesOf(db, enrollmentId),
    db
      .select({
        employeeId: reimbursementEvents.employeeId,
        unpaid: sql<number>`sum(${reimbursementEvents.unpaidCents})`,
        paid: sql<number>`coalesce(sum(case when ${reimbursementEvents.kind} = 'payment' then -${reimbursementEvents.unpaidCents} end), 0)`,
      })
      .from(reimbursementEvents)
      .where(eq(reimbursementEvents.enrollmentId, enrollmentId))
      .groupBy(reimbursementEvents.employeeId),
  ]);
  const byEmployee = new Map(sums.map((s) => [s.employeeId, s]));
  const employees = people.map((p) => ({
    employeeId: p.id,
    name: nameForEmployer(p),
    email: p.email,
    approvedUnpaid: toDollars(byEmployee.get(p.id)?.unpaid ?? 0),
    paid: toDollars(byEmployee.get(p.id)?.paid ?? 0),
  }));
  const unpaid = sums.reduce((s, r) => s + r.unpaid, 0);
  const paid = sums.reduce((s, r) => s + r.paid, 0);
  return { enrollmentId, employees, totals: { approvedUnpaid: toDollars(unpaid), paid: toDollars(paid) } };
}

/** The latest day that is "today" somewhere (UTC+14): without a time zone, a run can be through that day at most. */
const latestToday = (now: number) => new Date(now + 14 * 60 * 60 * 1000).toISOString().slice(0, 10);

/** The last instant of `through` whose approvals a run pays, in `timeZone` (UTC when absent). */
function approvalsUntil(through: string, timeZone: string | undefined, now: number): number {
  if (!isIsoDate(through)) throw fieldError("through", messages.through);
  const zone = timeZone === undefined ? undefined : knownTimeZone(timeZone);
  if (zone === null) throw fieldError("timeZone", UNKNOWN_TIME_ZONE_MESSAGE);
  if (through > (zone ? todayIn(zone, now) : latestToday(now))) throw fieldError("through", THROUGH_IN_FUTURE_MESSAGE);
  return endOfDayIn(through, zone ?? "UTC");
}

const payable = ["approved", "partially-approved"];

/** The claims a run pays: the enrollment's approved ones decided by `decidedBy` (some of them may be paid already). */
const payableWhere = (enrollmentId: number, decidedBy: number) =>
  and(
    eq(reimbursementClaims.enrollmentId, enrollmentId),
    inArray(reimbursementClaims.status, payable),
    lte(reimbursementClaims.decidedAt, decidedBy),
  );

/** What a run over the claims `payableBy` selects would pay: their unpaid sum, and to how many employees. */
function whatItPays(db: Tx, payableBy: ReturnType<typeof payableWhere>): { totalCents: number; employees: number } {
  const claims = db
    .select({ employeeId: reimbursementClaims.employeeId, owed: sql<number>`sum(${reimbursementEvents.unpaidCents})` })
    .from(reimbursementClaims)
    .innerJoin(reimbursementEvents, eq(reimbursementEvents.claimId, reimbursementClaims.id))
    .where(payableBy)
    .groupBy(reimbursementClaims.id)
    .all()
    .filter((c) => c.owed > 0);
  return { totalCents: claims.reduce((s, c) => s + c.owed, 0), employees: new Set(claims.map((c) => c.employeeId)).size };
}

/** What a run through `through` would pay if it were run now, asked before the employer confirms one. */
export async function previewPayrollRun(
  db: DB,
  owned: OwnedEnrollment,
  query: PayrollPreviewQuery,
  now = Date.now(),
): Promise<PayrollPreview> {
  const enrollmentId = owned.enrollment.id;
  const decidedBy = approvalsUntil(query.through, query.timeZone, now);
  // One read transaction: what it pays and why it would pay nothing are read from one state.
  return db.transaction((tx) => {
    const pays = whatItPays(tx, payableWhere(enrollmentId, decidedBy));
    return {
      through: query.through,
      total: toDollars(pays.totalCents),
      employees: pays.employees,
      nothingToPay: pays.employees === 0 ? nothingToPay(tx, enrollmentId, query.through) : null,
    };
  });
}

export async function createPayrollRun(
  db: DB,
  owned: OwnedEnrollment,
  payload: PayrollRunPayload,
  actor: string,
  now = Date.now(),
): Promise<PayrollRun> {
  const { through, timeZone, expectedTotal } = payload;
  const decidedBy = approvalsUntil(through, timeZone, now);
  if (expectedTotal !== undefined && !isWholeCents(expectedTotal)) throw fieldError("expectedTotal", messages.expectedTotal);
  const enrollmentId = owned.enrollment.id;
  const run = db.transaction(
    (tx) => {
      const payableBy = payableWhere(enrollmentId, decidedBy);
      const pays = whatItPays(tx, payableBy);
      if (pays.employees === 0) throw conflict(nothingToPay(tx, enrollmentId, through));
      if (expectedTotal !== undefined && toCents(expectedTotal) !== pays.totalCents)
        throw conflict(PAYROLL_CHANGED_MESSAGE(toDollars(pays.totalCents), pays.employees));
      const created = tx
        .insert(payrollRuns)
        .values({
          enrollmentId,
          businessId: owned.business.id,
          through,
          totalCents: pays.totalCents,
          employeeCount: pays.employees,
          createdBy: actor,
          createdAt: now,
        })
        .returning()
        .get();
      // Named by the number the employer knows it by, as their screen and its CSV do.
      const label = `payroll run ${runNumber(tx, created)}`;
      // Set-based: one statement per table however many claims the run pays (per-row
      // statements took three times as long for 12,000 claims). The transaction holds the
      // write lock, so these statements see exactly the claims selected above.
      tx.insert(reimbursementEvents)
        .select((qb) =>
          qb
            .select({
              // Every column in the table's order, the id left to SQLite.
              id: sql<null>`null`.as("id"),
              employeeId: reimbursementClaims.employeeId,
              enrollmentId: reimbursementClaims.enrollmentId,
              planYearStart: reimbursementClaims.planYearStart,
              month: reimbursementClaims.month,
              kind: sql<string>`'payment'`.as("kind"),
              amountCents: sql<number>`0`.as("amount_cents"),
              unpaidCents: sql<number>`-sum(${reimbursementEvents.unpaidCents})`.as("unpaid_cents"),
              claimId: reimbursementClaims.id,
              payrollRunId: sql<number>`${created.id}`.as("payroll_run_id"),
              actor: sql<string>`${label}`.as("actor"),
              createdAt: sql<number>`${now}`.as("created_at"),
            })
            .from(reimbursementClaims)
            .innerJoin(reimbursementEvents, eq(reimbursementEvents.claimId, reimbursementClaims.id))
            .where(payableBy)
            .groupBy(reimbursementClaims.id)
            .having(sql`sum(${reimbursementEvents.unpaidCents}) > 0`),
        )
        .run();
      const paidNow = tx
        .select({ claimId: reimbursementEvents.claimId })
        .from(reimbursementEvents)
        .where(eq(reimbursementEvents.payrollRunId, created.id));
      tx.insert(claimHistory)
        .select((qb) =>
          qb
            .select({
              id: sql<null>`null`.as("id"),
              claimId: sql<number>`${reimbursementEvents.claimId}`.as("claim_id"),
              action: sql<string>`'paid'`.as("action"),
              note: sql<null>`null`.as("note"),
              amountCents: sql<number>`-${reimbursementEvents.unpaidCents}`.as("amount_cents"),
              actor: sql<string>`${label}`.as("actor"),
              at: sql<number>`${now}`.as("at"),
            })
            .from(reimbursementEvents)
            .where(eq(reimbursementEvents.payrollRunId, created.id)),
        )
        .run();
      tx.update(reimbursementClaims)
        .set({ status: "paid", payrollRunId: created.id })
        .where(inArray(reimbursementClaims.id, paidNow))
        .run();
      return created;
    },
    { behavior: "immediate" },
  );
  return runView(run, runNumber(db, run));
}

/** A run's number among its enrollment's runs, from 1 (ids count every employer's runs). */
function runNumber(db: DB | Tx, run: RunRow): number {
  const row = db
    .select({ n: count() })
    .from(payrollRuns)
    .where(and(eq(payrollRuns.enrollmentId, run.enrollmentId), lte(payrollRuns.id, run.id)))
    .get();
  return row?.n ?? 1;
}

/** Why a run found nothing to pay: approvals after its day, every approval paid, or none yet. */
function nothingToPay(tx: Tx, enrollmentId: number, through: string): string {
  const owed = tx
    .select({ cents: sql<number>`coalesce(sum(${reimbursementEvents.unpaidCents}), 0)` })
    .from(reimbursementEvents)
    .where(eq(reimbursementEvents.enrollmentId, enrollmentId))
    .get();
  // Owed, but none of it by the end of that day.
  if (owed && owed.cents > 0) return APPROVED_AFTER_THROUGH_MESSAGE(formatDate(through));
  const runs = tx.select({ n: count() }).from(payrollRuns).where(eq(payrollRuns.enrollmentId, enrollmentId)).get();
  return runs?.n ? ALL_PAID_MESSAGE : NOTHING_APPROVED_MESSAGE;
}

export async function listPayrollRuns(db: DB, enrollmentId: number): Promise<PayrollRun[]> {
  const rows = await db.select().from(payrollRuns).where(eq(payrollRuns.enrollmentId, enrollmentId)).orderBy(desc(payrollRuns.id));
  // Newest first: the last row is run 1.
  return rows.map((row, i) => runView(row, rows.length - i));
}

async function runOf(db: DB, enrollmentId: number, runId: number): Promise<RunRow> {
  const run = await db
    .select()
    .from(payrollRuns)
    .where(and(eq(payrollRuns.id, runId), eq(payrollRuns.enrollmentId, enrollmentId)))
    .get();
  return found(run, "Payroll run not found.");
}

/** What a run pays an employee: the amount and the months it covers. */
interface RunLine {
  employeeId: number;
  name: string;
  sortKey: string;
  email: string;
  amountCents: number;
  months: string[];
}

/** What a run pays each employee, by last name then first name. */
async function runLines(db: DB, runId: number): Promise<RunLine[]> {
  const sums = await db
    .select({
      employeeId: reimbursementEvents.employeeId,
      cents: sql<number>`-sum(${reimbursementEvents.unpaidCents})`,
      months: sql<string>`group_concat(distinct ${reimbursementEvents.month})`,
    })
    .from(reimbursementEvents)
    .where(eq(reimbursementEvents.payrollRunId, runId))
    .groupBy(reimbursementEvents.employeeId);
  const people = await employeeProfiles(
    db,
    sums.map((s) => s.employeeId),
  );
  return sums
    .map((s) => {
      const person = people.get(s.employeeId);
      return {
        employeeId: s.employeeId,
        name: person ? nameForEmployer(person) : "",
        sortKey: person ? `${person.censusLastName}\u0000${person.censusFirstName}` : "",
        email: person?.email ?? "",
        amountCents: s.cents,
        months: s.months.split(",").sort(),
      };
    })
    .sort((a, b) => a.sortKey.localeCompare(b.sortKey) || a.employeeId - b.employeeId);
}

/** Lines written per chunk of the CSV stream. */
const CSV_BATCH = 250;

/**
 * The run as payroll software imports it: one line per employee, amounts in dollars with
 * two decimals, months joined by "; ", quoted and neutralised as the lead export is. The
 * run is read before the answer starts (a missing run is still a JSON 404); the text is
 * streamed a batch of lines at a time.
 */
export async function payrollRunCsv(
  db: DB,
  enrollmentId: number,
  runId: number,
): Promise<{ stream: ReadableStream<Uint8Array>; fileName: string }> {
  const run = await runOf(db, enrollmentId, runId);
  const [lines, number] = await Promise.all([runLines(db, run.id), runNumber(db, run)]);
  const encoder = new TextEncoder();
  let at = -1;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (at < 0) {
          controller.enqueue(encoder.encode(csvRecords([[...PAYROLL_CSV_HEADER]])));
          at = 0;
          return;
        }
        if (at >= lines.length) return controller.close();
        const batch = lines.slice(at, at + CSV_BATCH);
        at += CSV_BATCH;
        controller.enqueue(
          encoder.encode(
            csvRecords(batch.map((l) => [l.name, l.email, toDollars(l.amountCents).toFixed(2), l.months.join("; "), EARNING_TYPE])),
          ),
        );
      },
    },
    { highWaterMark: 1 },
  );
  return { stream, fileName: `payroll-run-${number}-through-${run.through}.csv` };
}
