// Server-side sessions. The cookie carries a random 256-bit token; the table stores only
// its SHA-256, so a copy of the database cannot be replayed as a login.

import { sessions } from "@db/schema";
import { and, eq, lte, or } from "drizzle-orm";
import type { DB } from "../../db";

export type SessionKind = "admin" | "owner" | "employee";

export const SESSION_COOKIE = "ichra_session";

const hour = 60 * 60 * 1000;
/** Idle and absolute lifetimes per kind of session. */
export const sessionLifetimes: Record<SessionKind, { idleMs: number; absoluteMs: number }> = {
  // Our staff read every employee's claims and documents: an hour's pause or a working day
  // ends the session, as for a tool holding health information.
  admin: { idleMs: hour, absoluteMs: 12 * hour },
  owner: { idleMs: 30 * 24 * hour, absoluteMs: 90 * 24 * hour },
  // Claims and their documents are health information: shorter than an employer's, and a
  // new emailed link a month at most.
  employee: { idleMs: 7 * 24 * hour, absoluteMs: 30 * 24 * hour },
};

export interface Session {
  tokenHash: string;
  userId: number | null;
  /** The census employee an employee session belongs to; null for admins and owners. */
  employeeId: number | null;
  kind: SessionKind;
  createdAt: number;
  expiresAt: number;
}

export function newToken(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
}

export function hashToken(token: string): string {
  return new Bun.CryptoHasher("sha256").update(token).digest("hex");
}

/** Who a session is for: a user (admin or owner), or a registered employee. */
export type SessionAccount = { kind: "admin" | "owner"; userId: number } | { kind: "employee"; employeeId: number };

export async function createSession(db: DB, account: SessionAccount, now = Date.now()): Promise<{ token: string; expiresAt: number }> {
  const token = newToken();
  const expiresAt = now + sessionLifetimes[account.kind].absoluteMs;
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId: account.kind === "employee" ? null : account.userId,
    censusEmployeeId: account.kind === "employee" ? account.employeeId : null,
    kind: account.kind,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
  });
  return { token, expiresAt };
}

/** The live session for a cookie token, or null; refreshes its idle clock. */
export async function readSession(db: DB, token: string | undefined, now = Date.now()): Promise<Session | null> {
  if (!token || token.length > 100) return null;
  const tokenHash = hashToken(token);
  const row = await db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash)).get();
  if (!row) return null;
  const kind = row.kind as SessionKind;
  const lifetime = sessionLifetimes[kind] ?? { idleMs: 0, absoluteMs: 0 };
  // The lifetimes as they are now, not only as they were when the session began: a shorter
  // one ends the sessions already open too.
  if (row.expiresAt <= now || row.createdAt + lifetime.absoluteMs <= now || row.lastSeenAt + lifetime.idleMs <= now) {
    await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    return null;
  }
  // Writing on every request would serialise reads behind the writer; a minute is precise enough.
  if (now - row.lastSeenAt > 60_000) await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
  return { tokenHash, userId: row.userId, employeeId: row.censusEmployeeId, kind, createdAt: row.createdAt, expiresAt: row.expiresAt };
}

export async function deleteSession(db: DB, token: string | undefined): Promise<void> {
  if (!token) return;
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** Deletes sessions past their absolute or their idle lifetime */
export function deleteExpiredSessions(db: DB, now = Date.now()): void {
  const idleEnded = (Object.entries(sessionLifetimes) as [SessionKind, { idleMs: number; absoluteMs: number }][]).map(
    ([kind, { idleMs, absoluteMs }]) =>
      and(eq(sessions.kind, kind), or(lte(sessions.lastSeenAt, now - idleMs), lte(sessions.createdAt, now - absoluteMs))),
  );
  db.delete(sessions)
    .where(or(lte(sessions.expiresAt, now), ...idleEnded))
    .run();
}

export async function deleteUserSessions(db: DB, userId: number, kind: SessionKind): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), eq(sessions.kind, kind)));
}
