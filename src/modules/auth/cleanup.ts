// Expired sessions and sign-in tokens are refused when presented but would otherwise stay
// in their tables forever: the server deletes them at start and then every hour.
import type { DB } from "../../db";
import { deleteExpiredLoginTokens } from "./login-links";
import { deleteExpiredSessions } from "./sessions";

export const cleanupIntervalMs = 60 * 60 * 1000;

export function deleteExpiredCredentials(db: DB, now = Date.now()): void {
  deleteExpiredSessions(db, now);
  deleteExpiredLoginTokens(db, now);
}

export interface CredentialCleanup {
  stop(): void;
}

/** Cleans up now and every `intervalMs` until stopped; a failed run is logged and retried next time. */
export function startCredentialCleanup(db: DB, intervalMs = cleanupIntervalMs): CredentialCleanup {
  const run = () => {
    try {
      deleteExpiredCredentials(db);
    } catch (error) {
      console.error(
        JSON.stringify({ level: "error", message: `expired credential cleanup failed: ${String((error as Error)?.message ?? error)}` }),
      );
    }
  };
  run();
  const timer = setInterval(run, intervalMs);
  return { stop: () => clearInterval(timer) };
}
