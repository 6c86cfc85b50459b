// Work that follows the calendar rather than a request, at start and then every hour: each
// registered employee's allowance is written for the months reached (so a ledger read in a
// new month finds it there), and document files no row names are removed (uploads cut
// short, employees removed with their documents).
import type { DB } from "../../db";
import { todayUtc } from "../../lib/date-rules";
import { enrollmentWithBusiness, type OwnedEnrollment } from "../businesses/access";
import { registeredEmployeesAfter } from "../employees/directory";
import { documentsDirOf, removeOrphanFiles } from "./documents";
import { entitlementIn } from "./employee";
import { accrueReached } from "./ledger";
import { openPlanYears } from "./plan-years";

export const upkeepIntervalMs = 60 * 60 * 1000;
const BATCH = 500;

/** Writes the allowances of the months reached in every registered employee's open plan years; answers how many employees were looked at. */
export async function accrueAllReached(db: DB, today = todayUtc(), now = Date.now()): Promise<number> {
  const enrollments = new Map<number, OwnedEnrollment | null>();
  let after = 0;
  let seen = 0;
  for (;;) {
    const batch = await registeredEmployeesAfter(db, after, BATCH);
    if (batch.length === 0) return seen;
    for (const profile of batch) {
      after = profile.id;
      seen += 1;
      if (!enrollments.has(profile.enrollmentId))
        enrollments.set(profile.enrollmentId, await enrollmentWithBusiness(db, profile.enrollmentId));
      const owned = enrollments.get(profile.enrollmentId);
      if (!owned) continue;
      const context = { profile, ...owned };
      for (const year of openPlanYears(owned.enrollment.effectiveDate, today)) {
        await accrueReached(db, { employeeId: profile.id, enrollmentId: owned.enrollment.id }, entitlementIn(context, year), today, now);
      }
    }
  }
}

export interface Upkeep {
  /** Stops the timer and waits for a run in progress (the database closes next). */
  stop(): Promise<void>;
}

/** Runs the upkeep now and every `intervalMs` until stopped; a failed run is logged and tried again next time. */
export function startReimbursementUpkeep(db: DB, intervalMs = upkeepIntervalMs): Upkeep {
  let current: Promise<void> | null = null;
  const work = async () => {
    try {
      await accrueAllReached(db);
      await removeOrphanFiles(db, documentsDirOf(db));
    } catch (error) {
      console.error(
        JSON.stringify({ level: "error", message: `reimbursement upkeep failed: ${String((error as Error)?.message ?? error)}` }),
      );
    } finally {
      current = null;
    }
  };
  const run = () => {
    current ??= work();
  };
  run();
  const timer = setInterval(run, intervalMs);
  return {
    async stop() {
      clearInterval(timer);
      await current;
    },
  };
}
