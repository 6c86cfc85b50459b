// Staff read every email in the outbox: how email works when no SMTP server is set. With
// one set, sign-in links are hidden from them.

import { outbox } from "@db/schema";
import { desc, eq, lt } from "drizzle-orm";
import type { DB } from "../../db";
import { found } from "../../http/errors";
import { idPage, type Page } from "../../http/pagination";
import { iso } from "../../lib/iso";
import type { OutboxEmail, OutboxRow } from "./model";

export async function listOutbox(db: DB, options: { limit: number; before?: number }): Promise<Page<OutboxRow>> {
  const rows = await db
    .select({
      id: outbox.id,
      to: outbox.toAddress,
      subject: outbox.subject,
      kind: outbox.kind,
      status: outbox.status,
      createdAt: outbox.createdAt,
    })
    .from(outbox)
    .where(options.before ? lt(outbox.id, options.before) : undefined)
    .orderBy(desc(outbox.id))
    .limit(options.limit + 1);
  return idPage(rows, options.limit, (r) => ({ ...r, createdAt: iso(r.createdAt) }));
}

/** What a sign-in email shows staff in place of its link once email is delivered. */
export const HIDDEN_SIGN_IN_LINK =
  "(The one-time sign-in link is not shown here: with email delivery set up, only its recipient reads it.)";

/**
 * Hides the one-time link of a sign-in email: staff who could read it could sign in as the
 * employer or the employee. Only where no SMTP server is set does the outbox stand in for
 * the inbox (rulings), and there the link is shown.
 */
const withoutSignInLink = (text: string) => text.replace(/\S*\/login\?token=\S+/g, HIDDEN_SIGN_IN_LINK);

export async function getOutboxEmail(db: DB, id: number, options: { emailDelivered: boolean }): Promise<OutboxEmail> {
  const row = found(await db.select().from(outbox).where(eq(outbox.id, id)).get(), "Email not found.");
  return {
    id: row.id,
    to: row.toAddress,
    subject: row.subject,
    kind: row.kind,
    status: row.status,
    createdAt: iso(row.createdAt),
    text: options.emailDelivered && row.kind === "sign_in_link" ? withoutSignInLink(row.textBody) : row.textBody,
    attempts: row.attempts,
    lastError: row.lastError,
    sentAt: iso(row.sentAt),
  };
}
