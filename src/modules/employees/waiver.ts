// A registered employee's opting out of the ICHRA after registering, with the waiver of its
// reimbursements from a month on (54.9802-4(c)(3): a participant may opt out and waive future
// reimbursements). Reimbursements decide the month and what it means for claims
// (reimbursements/opt-out.ts); this records it, once, on the employee's registration, or
// takes it back before it starts.
import { censusEmployees, employeeRegistrations } from "@db/schema";
import { and, eq, inArray, isNotNull, isNull, or } from "drizzle-orm";
import type { Tx } from "../../db";

/** A waiver as recorded: the first month waived (YYYY-MM) and the employee's day they opted out on. */
export interface Waiver {
  waivedFrom: string;
  waivedOn: string;
}

/** What ends an employee's allowance, read inside a transaction that must not act on an older reading. */
export interface AllowanceEndFacts {
  employmentEndedOn: string | null;
  waivedFrom: string | null;
  waivedOn: string | null;
}

export function allowanceEndFactsOf(tx: Tx, employeeId: number): AllowanceEndFacts {
  return (
    tx
      .select({
        employmentEndedOn: censusEmployees.employmentEndedOn,
        waivedFrom: employeeRegistrations.waivedFrom,
        waivedOn: employeeRegistrations.waivedOn,
      })
      .from(censusEmployees)
      .leftJoin(employeeRegistrations, eq(employeeRegistrations.censusEmployeeId, censusEmployees.id))
      .where(eq(censusEmployees.id, employeeId))
      .get() ?? { employmentEndedOn: null, waivedFrom: null, waivedOn: null }
  );
}

/**
 * The facts of those of these employees whose allowance ends (a last day recorded, or an
 * opting out); the others are not in the map. Read inside the transaction that writes their
 * allowances, so a month ended meanwhile is not written.
 */
export function allowanceEndFactsAmong(tx: Tx, employeeIds: readonly number[]): Map<number, AllowanceEndFacts> {
  if (employeeIds.length === 0) return new Map();
  const rows = tx
    .select({
      id: censusEmployees.id,
      employmentEndedOn: censusEmployees.employmentEndedOn,
      waivedFrom: employeeRegistrations.waivedFrom,
      waivedOn: employeeRegistrations.waivedOn,
    })
    .from(censusEmployees)
    .leftJoin(employeeRegistrations, eq(employeeRegistrations.censusEmployeeId, censusEmployees.id))
    .where(
      and(
        inArray(censusEmployees.id, [...employeeIds]),
        or(isNotNull(censusEmployees.employmentEndedOn), isNotNull(employeeRegistrations.waivedFrom)),
      ),
    )
    .all();
  return new Map(rows.map(({ id, ...facts }) => [id, facts]));
}

/** The employee's waiver, or null while they take part. */
export function waiverOf(tx: Tx, employeeId: number): Waiver | null {
  const { waivedFrom, waivedOn } = allowanceEndFactsOf(tx, employeeId);
  return waivedFrom !== null && waivedOn !== null ? { waivedFrom, waivedOn } : null;
}

/**
 * Records that the employee waived every month from `waiver.waivedFrom` on. False when they
 * had already opted out (or have no submitted registration): the first waiver stands.
 */
export function recordWaiver(tx: Tx, employeeId: number, waiver: Waiver, now: number): boolean {
  const changed = tx
    .update(employeeRegistrations)
    .set({ ...waiver, waivedAt: now, updatedAt: now })
    .where(
      and(
        eq(employeeRegistrations.censusEmployeeId, employeeId),
        isNotNull(employeeRegistrations.submittedAt),
        isNull(employeeRegistrations.waivedFrom),
      ),
    )
    .returning({ id: employeeRegistrations.id })
    .all();
  return changed.length === 1;
}

/** Takes the waiver back, while it is the one starting with `waivedFrom`. False when there is no such waiver. */
export function withdrawWaiver(tx: Tx, employeeId: number, waivedFrom: string, now: number): boolean {
  const changed = tx
    .update(employeeRegistrations)
    .set({ waivedFrom: null, waivedOn: null, waivedAt: null, updatedAt: now })
    .where(and(eq(employeeRegistrations.censusEmployeeId, employeeId), eq(employeeRegistrations.waivedFrom, waivedFrom)))
    .returning({ id: employeeRegistrations.id })
    .all();
  return changed.length === 1;
}
