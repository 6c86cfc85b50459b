// Employer sign-in by emailed one-time link: the email carries a random token, the table
// only its SHA-256; a link works once, for 15 minutes. The link opens /login, whose Sign in
// button spends the token with a POST: mail scanners and link previews only fetch (GET),
// and would otherwise use the link up before its owner clicks it.

import { loginTokens } from "@db/schema";
import { and, count, eq, gt, isNull, lte } from "drizzle-orm";
import type { DB } from "../../db";
import { employerContactByEmail } from "../businesses/service";
import { enqueueEmail } from "../outbox/service";
import { LOGIN_LINK_TTL_MS } from "./model";
import { hashToken, newToken } from "./sessions";

/** More requests than this within one link lifetime send nothing more (no inbox flooding). */
const MAX_LINKS_PER_WINDOW = 3;

/** Queues a sign-in link when the address belongs to an employer; silent otherwise. */
export function requestLoginLink(db: DB, email: string, origin: string, nowMs = Date.now()): boolean {
  const user = employerContactByEmail(db, email);
  if (!user) return false;
  return db.transaction((tx) => {
    const [{ recent }] = tx
      .select({ recent: count() })
      .from(loginTokens)
      .where(and(eq(loginTokens.userId, user.id), gt(loginTokens.expiresAt, nowMs)))
      .all();
    if (recent >= MAX_LINKS_PER_WINDOW) return false;
    const token = newToken();
    tx.insert(loginTokens)
      .values({ tokenHash: hashToken(token), userId: user.id, expiresAt: nowMs + LOGIN_LINK_TTL_MS })
      .run();
    const link = `${origin}/login?token=${token}`;
    enqueueEmail(tx, {
      kind: "sign_in_link",
      to: user.email,
      subject: "Your sign-in link",
      text: [
        `Hello ${user.firstName},`,
        "",
        "Open this link and choose Sign in to reach your employer dashboard:",
        link,
        "",
        "The link works once and expires in 15 minutes. If you did not ask to sign in, you can ignore this email.",
        "",
        "Advantage ICHRA",
      ].join("\n"),
    });
    return true;
  });
}

/** Uses up a sign-in token; answers its user, or null when unknown, expired or already used. */
export function redeemLoginLink(db: DB, token: string, nowMs = Date.now()): number | null {
  if (!token || token.length > 100) return null;
  const row = db
    .update(loginTokens)
    .set({ usedAt: nowMs })
    .where(and(eq(loginTokens.tokenHash, hashToken(token)), isNull(loginTokens.usedAt), gt(loginTokens.expiresAt, nowMs)))
    .returning({ userId: loginTokens.userId })
    .get();
  return row?.userId ?? null;
}

/** Deletes sign-in tokens past their lifetime, used or not (they can never be redeemed) */
export function deleteExpiredLoginTokens(db: DB, nowMs = Date.now()): void {
  db.delete(loginTokens).where(lte(loginTokens.expiresAt, nowMs)).run();
}
