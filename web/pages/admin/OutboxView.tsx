import type { OutboxEmail } from "@src/modules/outbox/model";
import { useState } from "react";
import { answer, api, read } from "../../api/client";
import { isUnauthorized } from "../../api/errors";
import { usePageTitle } from "../../components/chrome/page-title";
import { EmailAddress } from "../../components/text/EmailAddress";
import { shownDateTime } from "../../lib/dates";
import { usePages } from "../../lib/use-pages";
import { Modal } from "./Modal";
import { PagedTable } from "./PagedTable";
import type { SectionProps } from "./sections";

/** An email's kind in words, as the other lists write theirs: "lead_notification" → "Lead notification". */
export const kindLabel = (kind: string) => {
  // Initialisms stay capitals, and "sign in" as a noun is "sign-in".
  const words = kind
    .replace(/_/g, " ")
    .replace(/\bichra\b/g, "ICHRA")
    .replace(/\bsign in\b/g, "sign-in");
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** What became of an email: without an SMTP server one stays unsent, here to be read. */
const statusLabels: Record<string, string> = { pending: "Not sent yet", sent: "Sent", failed: "Failed" };
const statusLabel = (status: string) => statusLabels[status] ?? status;

export function OutboxView({ onUnauthorized }: SectionProps) {
  usePageTitle("Outbox");
  const list = usePages((cursor) => answer(api.api.admin.outbox.get({ query: { cursor } })), [], onUnauthorized);
  const [open, setOpen] = useState<OutboxEmail | null>(null);
  const [openFailed, setOpenFailed] = useState(false);

  function openEmail(id: number) {
    setOpenFailed(false);
    read(api.api.admin.outbox({ id }).get()).then(setOpen, (e) => (isUnauthorized(e) ? onUnauthorized() : setOpenFailed(true)));
  }

  return (
    <article>
      <h1>Outbox</h1>
      <p class="muted">Every email the site has written. Without an SMTP server they stay here, to be read by staff.</p>
      {openFailed && <p role="alert">This email could not be opened. Please try again.</p>}
      <PagedTable
        list={list}
        words={{ failed: "The outbox could not be loaded. Please try again.", loading: "Loading emails...", empty: "No emails yet." }}
        label="Emails"
        columns={["To", "Subject", "Kind", "Status", "Created"]}
        row={(row) => (
          <tr key={row.id}>
            <td data-label="To" class="email-text">
              <EmailAddress email={row.to} />
            </td>
            <td data-label="Subject">
              <button type="button" class="link-button" aria-haspopup="dialog" onClick={() => openEmail(row.id)}>
                {row.subject}
              </button>
            </td>
            <td data-label="Kind">{kindLabel(row.kind)}</td>
            <td data-label="Status">{statusLabel(row.status)}</td>
            <td class="nowrap" data-label="Created">
              {shownDateTime(row.createdAt)}
            </td>
          </tr>
        )}
      />
      {open && (
        <Modal title={open.subject} back="Back to the outbox" onClose={() => setOpen(null)}>
          <dl class="detail-list">
            <dt>To</dt>
            <dd>
              <EmailAddress email={open.to} />
            </dd>
            <dt>Kind</dt>
            <dd>{kindLabel(open.kind)}</dd>
            <dt>Status</dt>
            <dd>
              {statusLabel(open.status)}
              {open.sentAt ? `, sent ${shownDateTime(open.sentAt)}` : ""}
              {open.lastError ? ` (last error: ${open.lastError})` : ""}
            </dd>
            <dt>Created</dt>
            <dd>{shownDateTime(open.createdAt)}</dd>
          </dl>
          <pre class="email-body" tabIndex={0} role="region" aria-label="Email text">
            {open.text}
          </pre>
        </Modal>
      )}
    </article>
  );
}
