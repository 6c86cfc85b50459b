import type { ComponentChildren } from "preact";
import { useEffect, useRef } from "react";

/** A problem to read now (announced as it appears): a refusal, a failure; nothing while there is none. */
export function AlertNotice({ message, tone = "error" }: { message: ComponentChildren; tone?: "error" | "warning" }) {
  if (!message) return null;
  return (
    <p class={`notice notice-${tone}`} role="alert">
      {message}
    </p>
  );
}

/**
 * A notice that takes the focus as it appears, for when what had it is gone (a button
 * disabled while sending, a form replaced): a refusal (announced at once) or an outcome. Each
 * notice is a new object, so the same words said again take the focus again. `focus` false:
 * something better placed has it already (a field the refusal names). `look`: the page's own
 * class for it, where not the boxed notice.
 */
export function FocusedNotice({
  notice,
  tone,
  focus = true,
  look = `notice notice-${tone}`,
}: {
  notice: { text: string } | null;
  tone: "error" | "success";
  focus?: boolean;
  look?: string;
}) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (notice && focus) ref.current?.focus();
  }, [notice]);
  if (!notice) return null;
  return (
    <p ref={ref} class={look} role={tone === "error" ? "alert" : "status"} tabIndex={-1}>
      {notice.text}
    </p>
  );
}

/** What could not be loaded, with a button to load it again. */
export function RetryNotice({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div class="notice notice-error" role="alert">
      <p>{message}</p>
      <button type="button" class="secondary" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
