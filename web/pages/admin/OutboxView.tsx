import type { OutboxEmail } from "@src/modules/outbox/model";
import { useState } from "react";
import { answer, api, read } from "../../api/client";
import { isUnauthorized } from "../../api/errors";
import { usePageTitle } from "../../components/chrome/page-title";
import { usePages } from "../../lib/use-pages";
import { shownDateTime } from "./format";
import { LoadMore } from "./LoadMore";
import { Modal } from "./Modal";
import type { SectionProps } from "./sections";

export function OutboxView({ onUnauthorized }: SectionProps) {
  usePageTitle("Outbox");
  const { rows, failed, hasMore, loadingMore, loadMore } = usePages(
    (cursor) => answer(api.api.admin.outbox.get({ query: { cursor } })),
    [],
    onUnauthorized,
  );
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
      {failed && <p role="alert">The outbox could not be loaded. Please try again.</p>}
      {openFailed && <p role="alert">This email could not be opened. Please try again.</p>}
      {!rows && !failed && <p aria-busy="true">Loading emails...</p>}
      {rows && rows.length === 0 && <p>No emails yet.</p>}
      {rows && rows.length > 0 && (
        <div class="table-scroll" role="region" aria-label="Emails" tabIndex={0}>
          <table class="striped stacked">
            <thead>
              <tr>
                {["To", "Subject", "Kind", "Status", "Created"].map((h) => (
                  <th key={h} scope="col">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td data-label="To" class="email-address">
                    {row.to}
                  </td>
                  <td data-label="Subject">
                    <button type="button" class="link-button" aria-haspopup="dialog" onClick={() => openEmail(row.id)}>
                      {row.subject}
                    </button>
                  </td>
                  <td data-label="Kind">{row.kind.replace(/_/g, " ")}</td>
                  <td data-label="Status">{row.status}</td>
                  <td class="nowrap" data-label="Created">
                    {shownDateTime(row.createdAt)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {rows && rows.length > 0 && hasMore && <LoadMore busy={loadingMore} onClick={loadMore} />}
      {open && (
        <Modal title={open.subject} onClose={() => setOpen(null)}>
          <dl class="detail-list">
            <dt>To</dt>
            <dd>{open.to}</dd>
            <dt>Kind</dt>
            <dd>{open.kind.replace(/_/g, " ")}</dd>
            <dt>Status</dt>
            <dd>
              {open.status}
              {open.sentAt ? `, sent ${shownDateTime(open.sentAt)}` : ""}
              {open.lastError ? ` (last error: ${open.lastError})` : ""}
            </dd>
            <dt>Created</dt>
            <dd>{shownDateTime(open.createdAt)}</dd>
          </dl>
          <pre class="email-text" tabIndex={0} role="region" aria-label="Email text">
            {open.text}
          </pre>
        </Modal>
      )}
    </article>
  );
}
