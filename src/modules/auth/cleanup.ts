// Expired sessions and sign-in tokens are refused when presented but would otherwise stay
// in their tables forever: the server deletes them at start and then every hour.
import type { DB } from "../../db";
import { type Hourly, runHourly } from "../../hourly";
import { deleteExpiredLoginTokens } from "./login-links";
import { deleteExpiredSessions } from "./sessions";

export function deleteExpiredCredentials(db: DB, now = Date.now()): void {
  deleteExpiredSessions(db, now);
  deleteExpiredLoginTokens(db, now);
}

/** Cleans up now and every `intervalMs` until stopped; a failed run is logged and retried next time. */
export function startCredentialCleanup(db: DB, intervalMs?: number): Hourly {
  return runHourly("expired credential cleanup", async () => deleteExpiredCredentials(db), intervalMs);
}
