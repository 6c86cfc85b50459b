// A question asked in the place of a button whose action cannot be called back (emails sent
// to many people at once): what it will do, then Yes or Cancel. It takes the keyboard when it
// appears, on the question itself, not on Yes: an Enter held or pressed twice on the button
// that asked must not answer it. Escape cancels, as it would a dialog. The caller hides it on
// Cancel and gives the focus back to the button it replaced.
import type { ComponentChildren } from "preact";
import { useEffect, useRef } from "react";

export function AskFirst({
  id,
  question,
  yes,
  pendingYes,
  pending,
  onYes,
  onCancel,
  cancel = "Cancel",
  yesClass,
}: {
  id: string;
  question: ComponentChildren;
  yes: string;
  pendingYes: string;
  pending: boolean;
  onYes: () => void;
  onCancel: () => void;
  /** The Cancel button's words, when the question has better ones ("Keep the offer"). */
  cancel?: string;
  /** "danger" when Yes removes or gives something up (a class, an invitation, the offer), rather than doing a task. */
  yesClass?: string;
}) {
  const asked = useRef<HTMLElement>(null);
  useEffect(() => asked.current?.focus(), []);
  return (
    <section
      ref={asked}
      tabIndex={-1}
      class="notice notice-warning ask-first"
      aria-labelledby={`${id}-question`}
      onKeyDown={(event) => {
        if (event.key === "Escape" && !pending) onCancel();
      }}
    >
      <p id={`${id}-question`}>{question}</p>
      <div class="actions">
        <button type="button" class={yesClass} disabled={pending} aria-busy={pending ? "true" : undefined} onClick={onYes}>
          {pending ? pendingYes : yes}
        </button>
        <button type="button" class="secondary outline" disabled={pending} onClick={onCancel}>
          {cancel}
        </button>
      </div>
    </section>
  );
}
