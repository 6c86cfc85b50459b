// A registered employee's opting out of the ICHRA after registering, with the waiver of its
// reimbursements from a month on (54.9802-4(c)(3): a participant may opt out and waive future
// reimbursements). Reimbursements decide the month and what it means for claims
// (reimbursements/opt-out.ts); this records it, once, on the employee's registration, or
// takes it back before it starts.
import { employeeRegistrations } from "@db/schema";
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import type { Tx } from "../../db";

/**
 * Records that the employee waived every month from `waivedFrom` (YYYY-MM) on. False when
 * they had already opted out (or have no submitted registration): the first waiver stands.
 */
export function recordWaiver(tx: Tx, employeeId: number, waivedFrom: string, now: number): boolean {
  const changed = tx
    .update(employeeRegistrations)
    .set({ waivedFrom, waivedAt: now, updatedAt: now })
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
    .set({ waivedFrom: null, waivedAt: null, updatedAt: now })
    .where(and(eq(employeeRegistrations.censusEmployeeId, employeeId), eq(employeeRegistrations.waivedFrom, waivedFrom)))
    .returning({ id: employeeRegistrations.id })
    .all();
  return changed.length === 1;
}
