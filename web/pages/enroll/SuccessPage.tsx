// /success/{enrollmentId}: what was submitted, what happens next, and the development tools
// (a real invite link for an employee of this enrollment, and a real test email).
import "./enroll.css";
import { formatUsd } from "@src/lib/money";
import type { RegistrationLinkAnswer } from "@src/modules/enrollments/model";
import { useEffect, useRef, useState } from "react";
import { Link } from "wouter";
import { api, read } from "../../api/client";
import { ApiError, messageOf } from "../../api/errors";
import { usePageTitle } from "../../components/chrome/page-title";
import { SummaryRows } from "../../components/enrollment/SummaryRows";
import { toast } from "../../components/toast/toast-store";
import { useEnrollment } from "../../lib/use-enrollment";
import { LoadError } from "../dashboard/LoadError";

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

export function RegistrationLinkTool({ enrollmentId }: { enrollmentId: number }) {
  const [link, setLink] = useState<RegistrationLinkAnswer | null>(null);
  const [linkError, setLinkError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [copied, setCopied] = useState(false);
  const [email, setEmail] = useState("");
  const [sending, setSending] = useState(false);
  const linkInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_RESET_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function createLink() {
    setCreating(true);
    setLinkError(null);
    try {
      setLink(await read(api.api.enrollment({ enrollmentId })["registration-link"].post()));
    } catch (error) {
      setLinkError(messageOf(error, "Could not create a registration link. Please try again."));
    } finally {
      setCreating(false);
    }
  }

  async function copy() {
    if (!link) return;
    if (await copyText(link.link, linkInput.current)) {
      setCopied(true);
      toast({ title: "Link Copied", description: "The registration link is on your clipboard." });
    } else toast({ title: "Copy Failed", description: "Select the link and copy it yourself.", variant: "destructive" });
  }

  async function send(event: Event) {
    event.preventDefault();
    if (!email.includes("@")) {
      toast({ title: "Invalid Email", description: "Please enter a valid email address", variant: "destructive" });
      return;
    }
    setSending(true);
    try {
      const answer = await read(api.api.enrollment({ enrollmentId })["registration-link"].email.post({ email: email.trim() }));
      toast({ title: "Test Email Sent", description: answer.message });
    } catch (error) {
      toast({
        title: "Email Not Sent",
        description: (error instanceof ApiError ? error.fieldErrors.email : undefined) ?? messageOf(error, "Please try again."),
        variant: "destructive",
      });
    } finally {
      setSending(false);
    }
  }

  return (
    <article class="dev-tools" aria-labelledby="reg-link-title">
      <h3 id="reg-link-title">Test Registration Link</h3>
      <p>
        Create a personal registration link for one of this enrollment's employees, copy it, or email it to yourself to test the employee
        flow.
      </p>
      {!link && (
        <button type="button" class="secondary" onClick={createLink} disabled={creating} aria-busy={creating ? "true" : undefined}>
          {creating ? "Creating..." : "Create Registration Link"}
        </button>
      )}
      {linkError && (
        <p class="notice notice-error" role="alert">
          {linkError}
        </p>
      )}
      {link && (
        <>
          <label htmlFor="registration-link">
            Registration link for {link.employee.firstName} {link.employee.lastName}
          </label>
          <div class="link-row">
            <input ref={linkInput} id="registration-link" type="text" readOnly value={link.link} />
            <button type="button" onClick={copy}>
              {copied ? "Copied!" : "Copy Link"}
            </button>
          </div>
          <small>Valid until {new Date(link.expiresAt).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" })}.</small>
        </>
      )}
      <form onSubmit={send} noValidate class="test-email-form">
        <label htmlFor="test-email">Send a test email to</label>
        <div class="link-row">
          <input
            id="test-email"
            type="email"
            autoComplete="email"
            value={email}
            onInput={(e) => setEmail((e.currentTarget as HTMLInputElement).value)}
            maxLength={254}
          />
          <button type="submit" disabled={sending} aria-busy={sending ? "true" : undefined}>
            {sending ? "Sending..." : "Send Test Email"}
          </button>
        </div>
      </form>
    </article>
  );
}

export default function SuccessPage({ params }: { params: { enrollmentId: string } }) {
  usePageTitle("Enrollment Complete");
  const enrollmentId = Number(params.enrollmentId);
  const load = useEnrollment(params.enrollmentId);
  const [showTools, setShowTools] = useState(false);

  if (load.status === "loading" || load.status === "idle") {
    return (
      <section class="enroll-page">
        <h1>Enrollment Complete</h1>
        <p aria-busy="true">Loading your enrollment...</p>
      </section>
    );
  }
  if (load.status === "error") return <LoadError title="Error Loading Enrollment" what="enrollment" />;
  const e = load.enrollment;
  return (
    <section class="enroll-page">
      <p class="eyebrow">Enrollment submitted</p>
      <h1>Enrollment Complete</h1>
      <p>Thank you! {e.business.name}'s ICHRA enrollment has been submitted.</p>

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
              {c.name}: {formatUsd(c.allowanceAmount)}/month
            </li>
          ))}
        </ul>
      </article>

      <section aria-labelledby="next-title">
        <h2 id="next-title">What happens next</h2>
        <ol class="next-steps">
          <li>Our team reviews your enrollment within 1-2 business days.</li>
          <li>You'll receive an email with your plan documents and administrative access.</li>
          <li>Your employees receive an email with instructions for registering.</li>
        </ol>
      </section>

      <section aria-labelledby="process-title">
        <h2 id="process-title">How employee registration works</h2>
        <p>
          Each employee on your census gets a personal link. In a few minutes they confirm their details, learn how the ICHRA works, choose
          their coverage level and an individual health plan, and accept the terms. You can follow who has registered, class by class, on
          your dashboard.
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

      <button
        type="button"
        class="secondary outline dev-toggle"
        aria-expanded={showTools}
        aria-controls="dev-tools"
        onClick={() => setShowTools((v) => !v)}
      >
        {showTools ? "Hide Development Tools" : "Show Development Tools"}
      </button>
      <div id="dev-tools" hidden={!showTools}>
        {showTools && <RegistrationLinkTool enrollmentId={enrollmentId} />}
      </div>
    </section>
  );
}
