import { type LeadStatus, leadStatuses, type SubmissionDetail } from "@src/modules/leads/model";
import { useEffect, useState } from "react";
import { api, read } from "../../api/client";
import { isUnauthorized } from "../../api/errors";
import { toast } from "../../components/toast/toast-store";
import { FormTypeBadge } from "./FormTypeBadge";
import { shownDateTime } from "./format";
import { Modal } from "./Modal";

const statusLabels: Record<LeadStatus, string> = { new: "New", contacted: "Contacted", qualified: "Qualified", won: "Won", lost: "Lost" };
const asText = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));

export function LeadDetail({
  id,
  onClose,
  onChanged,
  onUnauthorized,
}: {
  id: number;
  onClose: () => void;
  onChanged: (lead: SubmissionDetail) => void;
  onUnauthorized: () => void;
}) {
  const [lead, setLead] = useState<SubmissionDetail | null>(null);
  const [status, setStatus] = useState<LeadStatus>("new");
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submission = () => api.api.admin["form-submissions"]({ id });

  useEffect(() => {
    read(submission().get()).then(
      (found) => {
        setLead(found);
        setStatus(found.leadStatus as LeadStatus);
      },
      (e) => (isUnauthorized(e) ? onUnauthorized() : setError("This submission could not be loaded.")),
    );
  }, [id]);

  async function save(event: Event) {
    event.preventDefault();
    setSaving(true);
    try {
      const updated = await read(submission().status.put({ status }));
      setLead(updated);
      onChanged(updated);
      toast({ title: "Lead Status Saved", description: `${updated.name} is now ${statusLabels[status].toLowerCase()}.` });
    } catch (e) {
      if (isUnauthorized(e)) return onUnauthorized();
      toast({ title: "Save Failed", description: "The status could not be saved. Please try again.", variant: "destructive" });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal title={lead ? lead.name : "Submission"} onClose={onClose}>
      {error && <p role="alert">{error}</p>}
      {!lead && !error && <p aria-busy="true">Loading...</p>}
      {lead && (
        <>
          <dl class="detail-list">
            <dt>Form Type</dt>
            <dd>
              <FormTypeBadge type={lead.formType} />
            </dd>
            <dt>Submitted</dt>
            <dd>{shownDateTime(lead.submittedAt)}</dd>
            <dt>Email</dt>
            <dd>
              <a href={`mailto:${lead.email}`}>{lead.email}</a>
            </dd>
            {lead.company && (
              <>
                <dt>Company</dt>
                <dd>{lead.company}</dd>
              </>
            )}
            {lead.phone && (
              <>
                <dt>Phone</dt>
                <dd>{lead.phone}</dd>
              </>
            )}
            {lead.currentProvider && (
              <>
                <dt>Current Provider</dt>
                <dd>{lead.currentProvider}</dd>
              </>
            )}
            <dt>Message</dt>
            <dd class="message">{lead.message || "—"}</dd>
            {lead.data &&
              Object.entries(lead.data).map(([key, value]) => (
                <>
                  <dt key={`k-${key}`}>{key}</dt>
                  <dd key={`v-${key}`}>{asText(value)}</dd>
                </>
              ))}
          </dl>
          <form onSubmit={save} class="status-form">
            <label>
              Lead status
              <select value={status} onChange={(e) => setStatus((e.target as HTMLSelectElement).value as LeadStatus)}>
                {leadStatuses.map((s) => (
                  <option key={s} value={s}>
                    {statusLabels[s]}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" disabled={saving || status === lead.leadStatus} aria-busy={saving}>
              Save status
            </button>
          </form>
          <p class="muted" data-testid="status-history">
            {lead.leadStatusBy && lead.leadStatusAt
              ? `Status ${statusLabels[lead.leadStatus as LeadStatus] ?? lead.leadStatus}, set by ${lead.leadStatusBy} on ${shownDateTime(lead.leadStatusAt)}.`
              : "Status not changed yet."}
          </p>
        </>
      )}
    </Modal>
  );
}
