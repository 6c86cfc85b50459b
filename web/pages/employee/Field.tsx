// A labelled input with its error under it (pico: aria-invalid + <small>).
import type { JSX } from "preact";

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

export function Field({ name, label, value, error, hint, onValue, ...input }: FieldProps) {
  const id = `field-${name}`;
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <label for={id}>
      {label}
      <input
        {...input}
        id={id}
        name={name}
        value={value}
        aria-invalid={error ? "true" : undefined}
        aria-describedby={described}
        onInput={(e) => onValue((e.currentTarget as HTMLInputElement).value)}
      />
      {hint && <small id={`${id}-hint`}>{hint}</small>}
      {error && (
        <small id={`${id}-error`} class="field-error">
          {error}
        </small>
      )}
    </label>
  );
}

export function StepActions({ back, children }: { back?: () => void; children: JSX.Element | JSX.Element[] }) {
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
