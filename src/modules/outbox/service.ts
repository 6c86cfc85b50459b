// Emails are never sent inline: a change that causes one writes it to the outbox in the
// same transaction, and the background sender delivers it later (or an admin reads it
// when no SMTP server is configured). Storing the change never waits on email.
import { outbox } from "@db/schema";
import type { DB } from "../../db";

export interface OutgoingEmail {
  /** What the email is, for the admin's outbox view: lead_notification, enrollment_confirmation, employee_invitation, sign_in_link, ... */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** The database or a transaction of it: anything Drizzle can insert through. */
export type Writer = Pick<DB, "insert">;

/** Queues an email; call it with the transaction that makes the change the email reports. */
export function enqueueEmail(writer: Writer, email: OutgoingEmail) {
  return writer
    .insert(outbox)
    .values({ kind: email.kind, toAddress: email.to, subject: email.subject, textBody: email.text, htmlBody: email.html ?? null })
    .returning({ id: outbox.id })
    .get();
}
