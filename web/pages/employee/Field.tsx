// A labelled input with its hint and error under it (pico: aria-invalid + <small>). The
// label names only the input; the hint and error are its description.
import type { ComponentChildren } from "preact";

interface FieldProps {
  type?: string;
  autoComplete?: string;
  inputMode?: "numeric" | "tel" | "email" | "text";
  maxLength?: number;
  pattern?: string;
  required?: boolean;
  name: string;
  label: string;
  value: string;
  error?: string;
  hint?: string;
  onValue(value: string): void;
}

export function describedBy(id: string, hint?: string, error?: string) {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
}

export function FieldNotes({ id, hint, error }: { id: string; hint?: string; error?: string }) {
  return (
    <>
      {hint && (
        <small id={`${id}-hint`} class="field-hint">
          {hint}
        </small>
      )}
      {error && (
        <small id={`${id}-error`} class="field-error">
          {error}
        </small>
      )}
    </>
  );
}

export function Field({ name, label, value, error, hint, onValue, ...input }: FieldProps) {
  const id = `field-${name}`;
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input
        {...input}
        id={id}
        name={name}
        value={value}
        aria-invalid={error ? "true" : undefined}
        aria-describedby={describedBy(id, hint, error)}
        onInput={(e) => onValue((e.currentTarget as HTMLInputElement).value)}
      />
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

export function StepActions({ back, children }: { back?: () => void; children: ComponentChildren }) {
  return (
    <div class="step-actions">
      {back && (
        <button type="button" class="secondary outline" onClick={back}>
          Back
        </button>
      )}
      {children}
    </div>
  );
}
