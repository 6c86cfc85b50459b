// The frame the /benefits upload forms share: the fields (disabled while sending), the
// upload's progress with Stop or its failure with Retry, the submit button and, for a form
// opened on request, a Cancel that closes it. A form that opens with what was typed before a
// reload says so, and what is to be chosen again (files are never kept).
import type { ComponentChildren } from "preact";
import { useEffect, useRef } from "react";
import { SubmitButton } from "../../components/forms/Field";
import { UploadStatus } from "./UploadStatus";
import type { UploadState } from "./use-upload";

export function UploadForm({
  id,
  state,
  restored = false,
  chooseAgain,
  onSubmit,
  onStop,
  submitLabel,
  title,
  label,
  intro,
  className,
  onCancel,
  children,
}: {
  /** Prefix of the form's element ids. */
  id: string;
  state: UploadState;
  /** It opened with text kept in this tab from before (a reload): the form says so. */
  restored?: boolean;
  /** What a restored form asks to choose again: its files, its attestation. */
  chooseAgain?: string;
  /** Checks and sends the form (Retry too); settles once it is sent, refused or stopped. */
  onSubmit: () => Promise<void>;
  /** Stops the upload under way. */
  onStop: () => void;
  submitLabel: string;
  /** A visible heading naming the form; else `label` names it. */
  title?: string;
  label?: string;
  intro?: ComponentChildren;
  className?: string;
  /** Closes a form opened on request, dropping what it holds. */
  onCancel?: () => void;
  children: ComponentChildren;
}) {
  const sending = state.status === "sending";
  const titleId = `${id}-form-title`;
  const keptId = `${id}-kept`;
  const form = useRef<HTMLFormElement>(null);
  const submitting = useRef(false);
  // The button is disabled only once the upload starts, and checking the fields first takes a
  // moment (their checker loads on the first submit): a second click meanwhile, or a double
  // tap, would send the files twice.
  const submitOnce = () => {
    if (submitting.current) return;
    submitting.current = true;
    void onSubmit().finally(() => {
      submitting.current = false;
    });
  };
  // The submit button was disabled while sending, which dropped the focus. After a failure it
  // goes to the first field refused, else to what the notice offers (signing in, Retry).
  useEffect(() => {
    if (state.status !== "failed" || !form.current) return;
    const target =
      // A full file field's error is on its first Remove button (Field.tsx).
      form.current.querySelector<HTMLElement>("[aria-invalid=true], [data-refused]") ??
      form.current.querySelector<HTMLElement>(".upload-failed :is(a, button)") ??
      form.current.querySelector<HTMLElement>(".upload-failed");
    target?.focus();
  }, [state]);
  // Opened again with what was typed before a reload: brought into view, where the page below
  // the cards would otherwise leave it out of a phone's window, once, as it first opens. The
  // focus stays where it is.
  useEffect(() => {
    if (restored) form.current?.scrollIntoView?.({ block: "start" });
  }, []);
  return (
    <form
      ref={form}
      class={className ? `benefits-form ${className}` : "benefits-form"}
      noValidate
      aria-labelledby={title ? titleId : undefined}
      aria-label={title ? undefined : label}
      aria-describedby={restored ? keptId : undefined}
      onSubmit={(e) => {
        e.preventDefault();
        submitOnce();
      }}
    >
      {title && <h3 id={titleId}>{title}</h3>}
      {intro}
      {restored && (
        <p class="notice notice-warning kept-draft" id={keptId}>
          What you typed earlier is filled in below. {chooseAgain}
        </p>
      )}
      <fieldset disabled={sending}>{children}</fieldset>
      <UploadStatus id={`${id}-upload`} state={state} onRetry={submitOnce} onStop={onStop} />
      {onCancel ? (
        <div class="actions">
          <SubmitButton label={submitLabel} pendingLabel="Sending..." pending={sending} />
          <button type="button" class="secondary outline" disabled={sending} onClick={onCancel}>
            Cancel
          </button>
        </div>
      ) : (
        <SubmitButton label={submitLabel} pendingLabel="Sending..." pending={sending} />
      )}
    </form>
  );
}

/** The multipart body of an upload: the text fields that have a value, then the files under one name. */
export function uploadBody(fields: Record<string, string | undefined>, fileField: string, files: readonly File[]): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
  for (const file of files) form.append(fileField, file);
  return form;
}
