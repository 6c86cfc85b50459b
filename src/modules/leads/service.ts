// Stores a lead and, in the same transaction, queues the staff notification email, so a
// lead is never stored without its notification and never waits for email delivery. Leads
// arriving together are committed together (one fsync for a burst of forms).
import { formSubmissions } from "@db/schema";
import type { DB } from "../../db";
import { writeTogether } from "../../group-commit";
import { enqueueEmail } from "../outbox/service";
import { composeLead, type LeadFields } from "./compose";
import type { FormType } from "./model";

export interface LeadMeta {
  ipAddress: string | null;
  userAgent: string | null;
  /** Staff address for the notification email; none is queued when null. */
  notifyTo: string | null;
}

const formLabels: Record<FormType, string> = {
  employers: "Employer quote request",
  brokers: "Broker materials request",
  platforms: "Platform demo request",
  contact: "Contact message",
  enrollment: "Enrollment lead",
};

/** Resolves with the lead's id once it is committed. */
export function storeLead(db: DB, formType: FormType, fields: LeadFields, meta: LeadMeta): Promise<number> {
  const row = composeLead(formType, fields);
  return writeTogether(db, (tx) => {
    const { id } = tx
      .insert(formSubmissions)
      .values({ ...row, data: { ...fields }, ipAddress: meta.ipAddress, userAgent: meta.userAgent?.slice(0, 500) ?? null })
      .returning({ id: formSubmissions.id })
      .get();
    if (meta.notifyTo) {
      const lines = [
        `${formLabels[formType]} #${id}`,
        "",
        `Name: ${row.name}`,
        `Email: ${row.email}`,
        row.company ? `Company: ${row.company}` : null,
        row.phone ? `Phone: ${row.phone}` : null,
        row.currentProvider ? `Current provider: ${row.currentProvider}` : null,
        row.message ? `\n${row.message}` : null,
      ].filter((l): l is string => l !== null);
      enqueueEmail(tx, {
        kind: "lead_notification",
        to: meta.notifyTo,
        subject: `New lead: ${formLabels[formType]} from ${row.name}${row.company ? ` (${row.company})` : ""}`.slice(0, 250),
        text: lines.join("\n"),
      });
    }
    return id;
  });
}
