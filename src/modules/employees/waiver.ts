// A registered employee's opting out of the ICHRA after registering, with the waiver of its
// reimbursements from a month on (54.9802-4(c)(3): a participant may opt out and waive future
// reimbursements), and what ends an employee's allowance: the last day of employment the
// employer records, or that waiver, whichever comes first. Reimbursements decide the month
// and what it means for claims (reimbursements/opt-out.ts); this records it, once, on the
// employee's registration, or takes it back before it starts.
import { censusEmployees, employeeRegistrations } from "@db/schema";
import { and, eq, inArray, isNotNull, isNull, or, type SQL } from "drizzle-orm";
import type { Tx } from "../../db";
import { addMonths, monthOf } from "../../lib/months";
import type { AllowanceEnded, OptedOut } from "./model";

/** What ends an employee's allowance, as stored. */
export interface AllowanceEndFacts {
  employmentEndedOn: string | null;
  waivedFrom: string | null;
  waivedOn: string | null;
}

/** The employee's opting out, once registered; null while they take part. */
export const optedOutOf = (facts: Pick<AllowanceEndFacts, "waivedFrom" | "waivedOn">): OptedOut | null =>
  facts.waivedFrom !== null && facts.waivedOn !== null ? { on: facts.waivedOn, waivedFrom: facts.waivedFrom } : null;

/** The last month the allowance counts, what ended it and when: the earlier of the employment's end and the opting out; null while neither happened. */
export function allowanceEnded(facts: AllowanceEndFacts): AllowanceEnded | null {
  const employment = facts.employmentEndedOn ? monthOf(facts.employmentEndedOn) : null;
  const optedOut = optedOutOf(facts);
  if (optedOut) {
    const lastMonth = addMonths(optedOut.waivedFrom, -1);
    if (employment === null || lastMonth < employment) return { endedBy: "waiver", on: optedOut.on, lastMonth };
  }
  return employment === null ? null : { endedBy: "employment", on: facts.employmentEndedOn!, lastMonth: employment };
}

/** The facts of the employees `where` selects, with their ids; read inside the transaction that must not act on an older reading. */
const endFactsWhere = (tx: Tx, where: SQL | undefined) =>
  tx
    .select({
      id: censusEmployees.id,
      employmentEndedOn: censusEmployees.employmentEndedOn,
      waivedFrom: employeeRegistrations.waivedFrom,
      waivedOn: employeeRegistrations.waivedOn,
    })
    .from(censusEmployees)
    .leftJoin(employeeRegistrations, eq(employeeRegistrations.censusEmployeeId, censusEmployees.id))
    .where(where);

export function allowanceEndFactsOf(tx: Tx, employeeId: number): AllowanceEndFacts {
  const { id: _id, ...facts } = endFactsWhere(tx, eq(censusEmployees.id, employeeId)).get() ?? { id: employeeId };
  return { employmentEndedOn: null, waivedFrom: null, waivedOn: null, ...facts };
}

/**
 * The facts of those of these employees whose allowance ends (a last day recorded, or an
 * opting out); the others are not in the map. Read inside the transaction that writes their
 * allowances, so a month ended meanwhile is not written.
 */
export function allowanceEndFactsAmong(tx: Tx, employeeIds: readonly number[]): Map<number, AllowanceEndFacts> {
  if (employeeIds.length === 0) return new Map();
  const rows = endFactsWhere(
    tx,
    and(
      inArray(censusEmployees.id, [...employeeIds]),
      or(isNotNull(censusEmployees.employmentEndedOn), isNotNull(employeeRegistrations.waivedFrom)),
    ),
  ).all();
  return new Map(rows.map(({ id, ...facts }) => [id, facts]));
}

/** The employee's opting out as it stands inside the transaction, or null while they take part. */
export const waiverOf = (tx: Tx, employeeId: number): OptedOut | null => optedOutOf(allowanceEndFactsOf(tx, employeeId));

/**
 * Records that the employee opted out and waived every month from `optedOut.waivedFrom` on.
 * False when they had already opted out (or have no submitted registration): the first stands.
 */
export function recordWaiver(tx: Tx, employeeId: number, optedOut: OptedOut, now: number): boolean {
  const changed = tx
    .update(employeeRegistrations)
    .set({ waivedFrom: optedOut.waivedFrom, waivedOn: optedOut.on, waivedAt: now, updatedAt: now })
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
