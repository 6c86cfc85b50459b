import { type LeadStatus, leadStatuses, type SubmissionDetail } from "@src/modules/leads/model";
import { type FormType, integrationInterests } from "@src/modules/leads/options";
import { Fragment, useEffect, useState } from "react";
import { api, read } from "../../api/client";
import { isUnauthorized } from "../../api/errors";
import { SelectField } from "../../components/forms/Field";
import { EmailAddress } from "../../components/text/EmailAddress";
import { toast } from "../../components/toast/toast-store";
import { shownDateTime } from "../../lib/dates";
import { FormTypeBadge } from "./FormTypeBadge";
import { leadStatusLabels } from "./format";
import { Modal } from "./Modal";

const statusOptions = leadStatuses.map((s): [LeadStatus, string] => [s, leadStatusLabels[s]]);

/** What each form calls the lead's current provider (the brokers' form stores its existing platform there). */
const providerLabels: Record<FormType, string> = {
  employers: "Current provider",
  brokers: "Existing platform",
  platforms: "Current provider",
  contact: "Current provider",
  enrollment: "Current ICHRA provider",
};

/** The answers only some forms ask, by the name the form sends them under. */
const answerLabels: Record<string, string> = { employees: "Number of employees", integrationInterest: "Integration interest" };

/** What the row's own columns already show (and the honeypot and form type): never listed again from the sent fields. */
const shownElsewhere = new Set([
  "formType",
  "name",
  "email",
  "company",
  "phone",
  "currentProvider",
  "existingPlatform",
  "message",
  "website",
]);

/** "someField" → "Some field", for a sent field no label names. */
const humanize = (key: string) => {
  const words = key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/[_-]+/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
};

function answerText(key: string, value: unknown): string {
  if (key === "integrationInterest" && typeof value === "string" && value in integrationInterests)
    return integrationInterests[value as keyof typeof integrationInterests];
  if (typeof value === "number") return value.toLocaleString("en-US");
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** The lines the server composes into the message from a form's answers, by the label this dialog shows the answer under. */
const composedLines: [prefix: string, label: string][] = [
  ["Number of employees: ", answerLabels.employees!],
  ["Existing platform: ", providerLabels.brokers],
  ["Integration interest: ", answerLabels.integrationInterest!],
  ["Current ICHRA provider: ", providerLabels.enrollment],
];

/**
 * Each field of the lead once, labelled: the columns, then the form's own answers, then what
 * the person wrote. The stored message opens with the line the server composed from an
 * answer ("Existing platform: …"); when that answer has its own row, the message shown is
 * only what the person typed.
 */
export function leadFields(lead: SubmissionDetail): [string, string][] {
  const rows: [string, string][] = [];
  if (lead.company) rows.push(["Company", lead.company]);
  if (lead.phone) rows.push(["Phone", lead.phone]);
  if (lead.currentProvider) rows.push([providerLabels[lead.formType as FormType] ?? "Current provider", lead.currentProvider]);
  const sent = lead.data ?? {};
  for (const [key, value] of Object.entries(sent)) {
    if (shownElsewhere.has(key) || value === null || value === undefined || value === "") continue;
    rows.push([answerLabels[key] ?? humanize(key), answerText(key, value)]);
  }
  const [first = "", ...rest] = (lead.message ?? "").split("\n\n");
  const composed = composedLines.find(([prefix, label]) => first.startsWith(prefix) && rows.some(([shown]) => shown === label));
  const typed = composed ? rest.join("\n\n") : (lead.message ?? "");
  rows.push(["Message", typed.trim() || "—"]);
  return rows;
}

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
      toast({ title: "Lead Status Saved", description: `${updated.name} is now ${leadStatusLabels[status].toLowerCase()}.` });
    } catch (e) {
      if (isUnauthorized(e)) return onUnauthorized();
      toast({ title: "Save Failed", description: "The status could not be saved. Please try again.", variant: "destructive" });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal title={lead ? lead.name : "Submission"} back="Back to the leads" onClose={onClose}>
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
              <a href={`mailto:${lead.email}`}>
                <EmailAddress email={lead.email} />
              </a>
            </dd>
            {leadFields(lead).map(([label, value]) => (
              <Fragment key={label}>
                <dt>{label}</dt>
                <dd class={label === "Message" ? "message" : undefined}>{value}</dd>
              </Fragment>
            ))}
          </dl>
          <form onSubmit={save} class="status-form">
            <SelectField
              id="lead-status"
              label="Lead status"
              value={status}
              options={statusOptions}
              onInput={(value) => setStatus(value as LeadStatus)}
            />
            <button type="submit" disabled={saving || status === lead.leadStatus} aria-busy={saving}>
              Save status
            </button>
          </form>
          <p class="muted" data-testid="status-history">
            {lead.leadStatusBy && lead.leadStatusAt
              ? `Status ${leadStatusLabels[lead.leadStatus as LeadStatus] ?? lead.leadStatus}, set by ${lead.leadStatusBy} on ${shownDateTime(lead.leadStatusAt)}.`
              : "Status not changed yet."}
          </p>
        </>
      )}
    </Modal>
  );
}
