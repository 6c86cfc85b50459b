// Labelled form controls with the required asterisk and the field's message under it.
import type { ComponentChildren } from "preact";
import { FieldLabel } from "./FieldLabel";

interface Common {
  id: string;
  label: string;
  error?: string;
  required?: boolean;
  hint?: ComponentChildren;
}

function Message({ id, error, hint }: Pick<Common, "id" | "error" | "hint">) {
  if (error)
    return (
      <small id={`${id}-error`} class="field-error">
        {error}
      </small>
    );
  if (hint) return <small id={`${id}-hint`}>{hint}</small>;
  return null;
}

const describedBy = ({ id, error, hint }: Pick<Common, "id" | "error" | "hint">) =>
  error ? `${id}-error` : hint ? `${id}-hint` : undefined;

export function TextField(
  props: Common & {
    value: string;
    onInput: (value: string) => void;
    type?: string;
    placeholder?: string;
    autoComplete?: string;
    inputMode?: "text" | "numeric" | "decimal" | "tel" | "email";
    min?: string;
    step?: string;
    maxLength?: number;
  },
) {
  const { id, label, error, required, value, onInput, type = "text", hint, ...rest } = props;
  return (
    <div class="field">
      <FieldLabel id={id} label={label} required={required} />
      <input
        id={id}
        name={id}
        type={type}
        value={value}
        aria-required={required ? "true" : undefined}
        aria-invalid={error ? "true" : undefined}
        aria-describedby={describedBy({ id, error, hint })}
        onInput={(e) => onInput((e.currentTarget as HTMLInputElement).value)}
        {...rest}
      />
      <Message id={id} error={error} hint={hint} />
    </div>
  );
}

export function TextArea(props: Common & { value: string; onInput: (value: string) => void; rows?: number; maxLength?: number }) {
  const { id, label, error, required, value, onInput, hint, rows = 3, maxLength } = props;
  return (
    <div class="field">
      <FieldLabel id={id} label={label} required={required} />
      <textarea
        id={id}
        name={id}
        rows={rows}
        maxLength={maxLength}
        value={value}
        aria-invalid={error ? "true" : undefined}
        aria-describedby={describedBy({ id, error, hint })}
        onInput={(e) => onInput((e.currentTarget as HTMLTextAreaElement).value)}
      />
      <Message id={id} error={error} hint={hint} />
    </div>
  );
}

export function SelectField(
  props: Common & { value: string; onChange: (value: string) => void; placeholder: [string, string]; options: readonly [string, string][] },
) {
  const { id, label, error, required, value, onChange, placeholder, options, hint } = props;
  return (
    <div class="field">
      <FieldLabel id={id} label={label} required={required} />
      <select
        id={id}
        name={id}
        value={value}
        aria-required={required ? "true" : undefined}
        aria-invalid={error ? "true" : undefined}
        aria-describedby={describedBy({ id, error, hint })}
        onChange={(e) => onChange((e.currentTarget as HTMLSelectElement).value)}
      >
        <option value={placeholder[0]}>{placeholder[1]}</option>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
      <Message id={id} error={error} hint={hint} />
    </div>
  );
}
