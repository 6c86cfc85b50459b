import type { ComponentChildren } from "preact";

/** A problem to read now (announced as it appears): a refusal, a failure; nothing while there is none. */
export function AlertNotice({ message, tone = "error" }: { message: ComponentChildren; tone?: "error" | "warning" }) {
  if (!message) return null;
  return (
    <p class={`notice notice-${tone}`} role="alert">
      {message}
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
