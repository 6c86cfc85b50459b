// Work that follows the calendar rather than a request, at start and then every hour: each
// registered employee's allowance is written for the months reached (so a ledger read in a
// new month finds it there), a claim whose question went unanswered in time goes back to
// review, and document files no row names are removed (uploads cut short, employees removed
// with their documents).
import type { DB } from "../../db";
import { type Hourly, runHourly, yieldToRequests } from "../../hourly";
import { todayUtc } from "../../lib/date-rules";
import { enrollmentWithBusiness, type OwnedEnrollment } from "../businesses/access";
import { registeredEmployeesAfter } from "../employees/directory";
import { documentsDirOf, removeOrphanFiles } from "./documents";
import { entitlementIn, reachedMonths } from "./employee";
import { type AllowanceDue, writeMissingAllowances } from "./ledger";
import { openPlanYears } from "./plan-years";
import { closeUnansweredQuestions } from "./unanswered";

// Small enough that a request waits at most a few tens of milliseconds behind a batch.
const BATCH = 100;

/**
 * Writes the allowances of the months reached in every registered employee's open plan
 * years, a batch of employees at a time: one read of what the batch already has, and a
 * write only when something is missing. Answers how many allowance events it wrote.
 */
export async function accrueAllReached(db: DB, today = todayUtc(), now = Date.now()): Promise<number> {
  const enrollments = new Map<number, OwnedEnrollment | null>();
  let after = 0;
  let written = 0;
  for (;;) {
    const batch = await registeredEmployeesAfter(db, after, BATCH);
    if (batch.length === 0) return written;
    after = batch.at(-1)!.id;
    const due: AllowanceDue[] = [];
    for (const profile of batch) {
      if (!enrollments.has(profile.enrollmentId))
        enrollments.set(profile.enrollmentId, await enrollmentWithBusiness(db, profile.enrollmentId));
      const owned = enrollments.get(profile.enrollmentId);
      if (!owned) continue;
      const context = { profile, ...owned };
      for (const year of openPlanYears(owned.enrollment.effectiveDate, today)) {
        const entitlement = entitlementIn(context, year);
        for (const month of reachedMonths(entitlement, today)) {
          const cents = entitlement.schedule.find((m) => m.month === month)!.allowanceCents;
          due.push({ employeeId: profile.id, enrollmentId: owned.enrollment.id, planYearStart: year.start, month, allowanceCents: cents });
        }
      }
    }
    written += await writeMissingAllowances(
      db,
      batch.map((p) => p.id),
      due,
      now,
    );
    await yieldToRequests();
  }
}

/** Runs the upkeep now and every `intervalMs` until stopped; a failed run is logged and tried again next time. */
export function startReimbursementUpkeep(db: DB, origin: () => string, intervalMs?: number): Hourly {
  return runHourly(
    "reimbursement upkeep",
    async () => {
      await accrueAllReached(db);
      await closeUnansweredQuestions(db, { origin: origin() });
      await removeOrphanFiles(db, documentsDirOf(db));
    },
    intervalMs,
  );
}
