// /success/{enrollmentId}: what was submitted, what happens next, what has (and has not)
// been sent to the employees with the action to send it, and the preview tools (rulings:
// shown outside production or to admins; a read-only preview link for an employee chosen
// by name, and a sample invitation to the signed-in person's own address).
import "./enroll.css";
import { possessive } from "@src/lib/possessive";
import { classAmountsText } from "@src/modules/compliance/model";
import type { PreviewLink, PreviewRoster } from "@src/modules/employees/model";
import { approvedByAdmin } from "@src/modules/enrollments/model";
import { useEffect, useRef, useState } from "react";
import { Link } from "wouter";
import { api, read } from "../../api/client";
import { messageOf } from "../../api/errors";
import { usePageTitle } from "../../components/chrome/page-title";
import { SummaryRows } from "../../components/enrollment/SummaryRows";
import { SelectField } from "../../components/forms/Field";
import { RetryNotice } from "../../components/notice/Alerts";
import { AskFirst } from "../../components/notice/AskFirst";
import { toast } from "../../components/toast/toast-store";
import { shownDateTime } from "../../lib/dates";
import { refocusIfLost } from "../../lib/focus-after";
import { plural } from "../../lib/plural";
import { useEnrollment } from "../../lib/use-enrollment";
import { invitationSummary, inviteAllQuestion } from "../dashboard/EmployeesSection";
import { LoadError } from "../dashboard/LoadError";
import { useEmployeeList } from "../dashboard/use-employee-list";

export const COPIED_RESET_MS = 3000;

async function copyText(text: string, input: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Clipboard API refused (permissions, older browsers): copy from the selected field.
    if (!input) return false;
    input.select();
    return document.execCommand?.("copy") ?? false;
  }
}

/** What the employees have been sent, said plainly, with the button that sends the rest. */
export function Invitations({ enrollmentId }: { enrollmentId: number }) {
  const { enrollment, load, reload, show } = useEmployeeList(enrollmentId);
  const [sending, setSending] = useState(false);
  // Asked first: the emails cannot be called back.
  const [asking, setAsking] = useState(false);
  const sendButton = useRef<HTMLButtonElement>(null);
  const summary = useRef<HTMLParagraphElement>(null);

  async function sendAll() {
    setSending(true);
    try {
      const answer = await read(enrollment.invitations.post());
      show(answer.employees);
      toast({ title: `Invitations Sent (${answer.sent})` });
    } catch (error) {
      toast({ title: "Invitations Not Sent", description: messageOf(error, "Please try again."), variant: "destructive" });
    } finally {
      setSending(false);
      setAsking(false);
      // The question is gone (and with everyone invited, the button): the keyboard goes on from what was sent.
      refocusIfLost(() => sendButton.current ?? summary.current);
    }
  }

  if (load.status === "error") {
    return <RetryNotice message="We couldn't load your employees. Your dashboard also shows who has been invited." onRetry={reload} />;
  }
  if (load.status === "loading") return <p aria-busy="true">Loading your employees...</p>;
  const employees = load.value;
  if (employees.length === 0) {
    return (
      <p>
        You have not uploaded an employee census, so no one has been invited. Upload it from your dashboard, then send your employees their
        invitations.
      </p>
    );
  }
  const waiting = employees.filter((e) => e.inviteStatus === "not_sent").length;
  return (
    <>
      <p role="status" ref={summary} tabIndex={-1}>
        {invitationSummary(employees)}
      </p>
      {waiting > 0 &&
        (asking ? (
          <AskFirst
            id="send-invitations"
            question={inviteAllQuestion(waiting)}
            yes={`Yes, send ${plural(waiting, "invitation")}`}
            pendingYes="Sending..."
            pending={sending}
            onYes={sendAll}
            onCancel={() => {
              setAsking(false);
              requestAnimationFrame(() => sendButton.current?.focus());
            }}
          />
        ) : (
          <button type="button" ref={sendButton} onClick={() => setAsking(true)}>
            {waiting === employees.length
              ? waiting === 1
                ? "Send the invitation to your 1 employee"
                : `Send invitations to your ${waiting} employees`
              : `Send ${plural(waiting, "invitation")} to those not yet invited`}
          </button>
        ))}
    </>
  );
}

/** The preview tools, for whoever the server lets use them; nothing at all for anyone else. */
export function PreviewTools({ enrollmentId }: { enrollmentId: number }) {
  const [roster, setRoster] = useState<PreviewRoster["employees"] | null>(null);
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState("");
  const [link, setLink] = useState<PreviewLink | null>(null);
  const [linkError, setLinkError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [copied, setCopied] = useState(false);
  const [sample, setSample] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const linkInput = useRef<HTMLInputElement>(null);
  const preview = api.api.enrollment({ enrollmentId }).preview;

  useEffect(() => {
    // 403 in production for an employer: the tools are not shown at all.
    read(preview.get()).then(
      (answer) => setRoster(answer.employees),
      () => setRoster(null),
    );
  }, [enrollmentId]);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_RESET_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  if (!roster) return null;

  async function createLink(event: Event) {
    event.preventDefault();
    if (!chosen) {
      setLinkError("Choose an employee");
      return;
    }
    setCreating(true);
    setLinkError(null);
    try {
      setLink(await read(preview.link.post({ employeeId: Number(chosen) })));
    } catch (error) {
      setLinkError(messageOf(error, "Could not create a preview link. Please try again."));
    } finally {
      setCreating(false);
      // The button was disabled while it worked: the keyboard goes on from the link made (or the choice refused).
      refocusIfLost(() => document.getElementById(linkInput.current ? "preview-link" : "preview-employee"));
    }
  }

  async function copy() {
    if (!link) return;
    if (await copyText(link.link, linkInput.current)) {
      setCopied(true);
      toast({ title: "Link Copied", description: "The preview link is on your clipboard." });
    } else toast({ title: "Copy Failed", description: "Select the link and copy it yourself.", variant: "destructive" });
  }

  async function sendSample() {
    setSending(true);
    try {
      const answer = await read(preview["sample-email"].post());
      setSample(answer.to);
    } catch (error) {
      toast({ title: "Sample Not Sent", description: messageOf(error, "Please try again."), variant: "destructive" });
    } finally {
      setSending(false);
      refocusIfLost(() => document.getElementById("sample-sent") ?? document.getElementById("send-sample"));
    }
  }

  const name = link ? `${link.employee.firstName} ${link.employee.lastName}` : "";
  return (
    <>
      <button
        type="button"
        class="secondary outline dev-toggle"
        aria-expanded={open}
        aria-controls="preview-tools"
        onClick={() => setOpen((v) => !v)}
      >
        {open ? "Hide Preview Tools" : "Show Preview Tools"}
      </button>
      <div id="preview-tools" hidden={!open}>
        {open && (
          <article class="dev-tools" aria-labelledby="preview-title">
            <h3 id="preview-title">Preview what your employees see</h3>
            <p>These tools send nothing to your employees and change no invitation.</p>
            {roster.length > 0 ? (
              <form onSubmit={createLink} noValidate>
                <SelectField
                  id="preview-employee"
                  label="Preview the registration of"
                  value={chosen}
                  placeholder={["", "Select an employee"]}
                  options={roster.map((e) => [String(e.id), `${e.firstName} ${e.lastName} (${e.className})`] as const)}
                  error={linkError ?? undefined}
                  onInput={(value) => {
                    setChosen(value);
                    setLink(null);
                    setLinkError(null);
                  }}
                />
                <button type="submit" class="secondary" disabled={creating} aria-busy={creating ? "true" : undefined}>
                  {creating ? "Creating..." : "Create Preview Link"}
                </button>
              </form>
            ) : (
              <p>Upload your employee census to preview an employee's registration.</p>
            )}
            {link && (
              <>
                <label htmlFor="preview-link">Preview link for {name}</label>
                <div class="link-row">
                  <input ref={linkInput} id="preview-link" type="text" readOnly value={link.link} />
                  <button type="button" onClick={copy}>
                    {copied ? "Copied!" : "Copy Link"}
                  </button>
                </div>
                <small>
                  Opens {possessive(name)} registration read-only, saving nothing, until {shownDateTime(link.expiresAt)}. It is not an
                  invitation: {link.employee.firstName} has been sent nothing.
                </small>
              </>
            )}
            <h4>A sample invitation</h4>
            <p>The invitation your employees get, sent only to you. Its link opens a made-up employee's registration.</p>
            <button
              type="button"
              id="send-sample"
              class="secondary"
              onClick={sendSample}
              disabled={sending}
              aria-busy={sending ? "true" : undefined}
            >
              {sending ? "Sending..." : "Send Me a Sample Invitation"}
            </button>
            {sample && (
              <p role="status" id="sample-sent" tabIndex={-1}>
                A sample invitation was sent to {sample}.
              </p>
            )}
          </article>
        )}
      </div>
    </>
  );
}

export default function SuccessPage({ params }: { params: { enrollmentId: string } }) {
  usePageTitle("Enrollment Complete");
  const enrollmentId = Number(params.enrollmentId);
  const load = useEnrollment(params.enrollmentId);

  if (load.status === "loading") {
    return (
      <section class="enroll-page">
        <h1>Enrollment Complete</h1>
        <p aria-busy="true">Loading your enrollment...</p>
      </section>
    );
  }
  if (load.status === "error")
    return <LoadError title="Error Loading Enrollment" what="enrollment" error={load.error} onRetry={() => window.location.reload()} />;
  const e = load.value;
  // Opened again once the review is done, the page says so instead of promising a review.
  const approved = approvedByAdmin(e.status);
  return (
    <section class="enroll-page">
      <p class="eyebrow">{approved ? "Enrollment approved" : "Enrollment submitted"}</p>
      <h1>Enrollment Complete</h1>
      <p>
        {approved
          ? `${possessive(e.business.name)} ICHRA enrollment has been reviewed and approved.`
          : `Thank you! ${possessive(e.business.name)} ICHRA enrollment has been submitted for review.`}
      </p>

      <article class="summary-card" aria-labelledby="summary-title">
        <h2 id="summary-title">Enrollment Summary</h2>
        <dl class="summary-list">
          <dt>Business</dt>
          <dd>{e.business.name}</dd>
          <dt>Plan</dt>
          <dd>{e.plan.name}</dd>
          <SummaryRows enrollment={e} />
        </dl>
        <h3>Employee Classes</h3>
        <ul class="success-classes">
          {e.employeeClasses.map((c, i) => (
            <li key={`${c.name}-${i}`}>
              {c.name}: {classAmountsText(c)}
            </li>
          ))}
        </ul>
      </article>

      <section aria-labelledby="next-title">
        <h2 id="next-title">What happens next</h2>
        <ol class="next-steps">
          {approved ? (
            <li>Our team has approved your enrollment and emailed your plan documents to {e.business.email}.</li>
          ) : (
            <>
              <li>Our team reviews your enrollment within 1-2 business days.</li>
              <li>
                When it is approved, we email you at {e.business.email} your plan documents: each class's ICHRA notice and a plan summary.
              </li>
            </>
          )}
          <li>Your employees register with the personal link in their invitation, once you have sent it.</li>
        </ol>
      </section>

      <section aria-labelledby="invitations-title">
        <h2 id="invitations-title">Employee invitations</h2>
        <Invitations enrollmentId={enrollmentId} />
      </section>

      <section aria-labelledby="process-title">
        <h2 id="process-title">How employee registration works</h2>
        <p>
          Each employee on your census gets a personal link in the invitation you send them. In a few minutes they confirm their details,
          learn how the ICHRA works, choose their coverage level and an individual health plan, and accept the terms. You can follow who has
          registered, class by class, on your dashboard.
        </p>
      </section>

      <p class="actions">
        <Link href={`/dashboard/${e.businessId}`} role="button">
          Go to Dashboard
        </Link>
        <Link href="/" role="button" class="secondary outline">
          Return to Home
        </Link>
      </p>

      <PreviewTools enrollmentId={enrollmentId} />
    </section>
  );
}
