// The form kit: labelled controls with the required mark, and the hint and error under
// each one. Every control takes `onInput(value)`; the hint and the error both describe the
// control (aria-describedby), and an error marks it invalid (aria-invalid).
import type { ComponentChildren } from "preact";
import { useState } from "react";
import { fileSizeText } from "../../lib/file-size";
import { EmailAddress } from "../text/EmailAddress";
import { FieldLabel, RequiredMark } from "./FieldLabel";

export interface FieldProps {
  /** The control's id; the hint and error are `<id>-hint` and `<id>-error`. */
  id: string;
  /** The form field's name; the id when left out. */
  name?: string;
  label: string;
  error?: string;
  hint?: ComponentChildren;
  required?: boolean;
  /** False where a flow marks no field with the asterisk (it still tells assistive technology). */
  showRequired?: boolean;
}

/** The ids that describe a control: its hint, then its error. */
export function describedBy(id: string, hint?: ComponentChildren, error?: string): string | undefined {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
}

/** A control's hint and error, each with the id that describedBy names. */
export function FieldNotes({ id, hint, error }: { id: string; hint?: ComponentChildren; error?: string }) {
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

/** What every control shares: id, name, requirement and its description. */
const controlProps = ({ id, name, error, hint, required }: FieldProps) => ({
  id,
  name: name ?? id,
  required,
  "aria-invalid": error ? ("true" as const) : undefined,
  "aria-describedby": describedBy(id, hint, error),
});

function Labelled(props: FieldProps & { children: ComponentChildren }) {
  const { id, label, required, showRequired = true, error, hint, children } = props;
  return (
    <div class="field">
      <FieldLabel id={id} label={label} required={required && showRequired} />
      {children}
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

const typed = (event: Event) => (event.currentTarget as HTMLInputElement).value;

/**
 * An address shown but not typed (the invitation's), labelled like a field: the whole of it,
 * wrapping when long where an address breaks, where a read-only input would cut it at a
 * phone's width.
 */
export function FixedEmail({ id, label, value, hint, error }: { id: string; label: string; value: string; hint?: string; error?: string }) {
  return (
    <div class="field">
      <span id={`${id}-label`} class="fixed-label">
        {label}
      </span>
      {/* Read as a read-only text box, and reached by Tab as the input it replaces was. */}
      <div
        id={id}
        class="fixed-value email-text"
        role="textbox"
        aria-readonly="true"
        aria-labelledby={`${id}-label`}
        aria-describedby={describedBy(id, hint, error)}
        aria-invalid={error ? "true" : undefined}
        tabIndex={0}
      >
        <EmailAddress email={value} />
      </div>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

export function TextField(
  props: FieldProps & {
    value: string;
    onInput: (value: string) => void;
    type?: string;
    placeholder?: string;
    autoComplete?: string;
    inputMode?: "text" | "numeric" | "decimal" | "tel" | "email";
    min?: string | number;
    max?: string | number;
    step?: string;
    maxLength?: number;
    pattern?: string;
  },
) {
  const { value, onInput, type = "text", placeholder, autoComplete, inputMode, min, max, step, maxLength, pattern } = props;
  return (
    <Labelled {...props}>
      <input
        {...controlProps(props)}
        type={type}
        value={value}
        onInput={(e) => onInput(typed(e))}
        {...{ placeholder, autoComplete, inputMode, min, max, step, maxLength, pattern }}
      />
    </Labelled>
  );
}

/** A password with a Show/Hide button beside it; the button names what it shows for screen readers too. */
export function PasswordField(
  props: FieldProps & { value: string; onInput: (value: string) => void; autoComplete?: "current-password" | "new-password" },
) {
  const { value, onInput, autoComplete = "current-password" } = props;
  const [shown, setShown] = useState(false);
  return (
    <Labelled {...props}>
      <div class="password-field">
        <input
          {...controlProps(props)}
          type={shown ? "text" : "password"}
          autoComplete={autoComplete}
          value={value}
          onInput={(e) => onInput(typed(e))}
        />
        <button type="button" class="secondary outline" onClick={() => setShown(!shown)}>
          {shown ? "Hide" : "Show"}
          <span class="visually-hidden"> password</span>
        </button>
      </div>
    </Labelled>
  );
}

/** A dollar amount typed with cents; at least a dollar unless `min` says otherwise. */
export function MoneyField(props: FieldProps & { value: string; onInput: (value: string) => void; min?: string }) {
  return <TextField {...props} type="number" inputMode="decimal" step="0.01" min={props.min ?? "1"} />;
}

export function TextArea(props: FieldProps & { value: string; onInput: (value: string) => void; rows?: number; maxLength?: number }) {
  const { value, onInput, rows = 3, maxLength } = props;
  return (
    <Labelled {...props}>
      <textarea {...controlProps(props)} rows={rows} maxLength={maxLength} value={value} onInput={(e) => onInput(typed(e))} />
    </Labelled>
  );
}

export function SelectField(
  props: FieldProps & {
    value: string;
    onInput: (value: string) => void;
    /** The first option, standing for no choice yet: its value and its text. */
    placeholder?: [string, string];
    options: readonly (readonly [string, string])[];
    autoComplete?: string;
  },
) {
  const { value, onInput, placeholder, options, autoComplete } = props;
  return (
    <Labelled {...props}>
      <select {...controlProps(props)} value={value} autoComplete={autoComplete} onChange={(e) => onInput(typed(e))}>
        {placeholder && <option value={placeholder[0]}>{placeholder[1]}</option>}
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </Labelled>
  );
}

/** A checkbox with its label beside it, and its hint and error under it. */
export function Checkbox(props: FieldProps & { checked: boolean; onInput: (checked: boolean) => void }) {
  const { id, label, checked, onInput, error, hint, required, showRequired = true } = props;
  return (
    <div class="field">
      <label for={id} class="choice">
        <input
          {...controlProps(props)}
          type="checkbox"
          checked={checked}
          onChange={(e) => onInput((e.currentTarget as HTMLInputElement).checked)}
        />
        {label}
        {required && showRequired && <RequiredMark />}
      </label>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/** A form's submit button: while the form is being sent it is disabled, busy, and says what it is doing. */
export function SubmitButton({
  label,
  pendingLabel,
  pending,
  disabled = false,
  className,
}: {
  label: string;
  pendingLabel: string;
  pending: boolean;
  /** Not ready to send (nothing to send yet), beside pending. */
  disabled?: boolean;
  /** "outline danger" for a button that gives something up for good. */
  className?: string;
}) {
  return (
    <button type="submit" class={className} disabled={disabled || pending} aria-busy={pending ? "true" : undefined}>
      {pending ? pendingLabel : label}
    </button>
  );
}

/** The submit row of a wizard step: an optional way back, and the step's own button. */
export function StepActions({
  back,
  label,
  pendingLabel,
  pending = false,
  disabled = false,
  onNext,
}: {
  back?: { label: string; onClick: () => void; disabled?: boolean };
  label: string;
  pendingLabel?: string;
  pending?: boolean;
  disabled?: boolean;
  /** A step with nothing to submit moves on with this instead of submitting its form. */
  onNext?: () => void;
}) {
  return (
    <div class="step-actions">
      {back && (
        <button type="button" class="secondary outline" disabled={back.disabled} onClick={back.onClick}>
          {back.label}
        </button>
      )}
      <button type={onNext ? "button" : "submit"} onClick={onNext} disabled={disabled || pending} aria-busy={pending ? "true" : undefined}>
        {pending && pendingLabel ? pendingLabel : label}
      </button>
    </div>
  );
}

/**
 * A file picker that keeps the chosen files in the form's state (so a failed upload can be
 * sent again as it was): each pick adds to the list, up to `max`, and each file can be
 * removed. Image types in `accept` let a phone offer its camera.
 */
export function FileField(
  props: FieldProps & {
    files: readonly File[];
    /** The files chosen so far with a new pick added, or with one removed; the owner keeps what can be sent. */
    onInput: (files: File[]) => void;
    accept: string;
    /** How many files the field holds; more than one lets a pick add several. */
    max?: number;
    /** The button-like label of the picker once a file is chosen. */
    addLabel?: string;
    disabled?: boolean;
    /** A picked photo is being made smaller before it joins the list. */
    preparing?: boolean;
  },
) {
  const { id, files, onInput, accept, max = 1, addLabel = "Add another file", disabled, preparing, error } = props;
  const full = files.length >= max;
  // A full field has no picker to carry its error: its first Remove button does, so the error
  // is read with it and a refused form can send the keyboard there (data-refused).
  const refusedHere = full && error ? { "aria-describedby": `${id}-error`, "data-refused": "" } : {};
  // While a photo is redrawn the list is about to change: another pick or a removal meanwhile
  // would be made on the list without it, and one of the two would be lost.
  const held = disabled || preparing;
  return (
    <Labelled {...props}>
      {files.length > 0 && (
        <ul class="chosen-files" id={`${id}-chosen`} aria-label="Chosen files">
          {files.map((file, i) => (
            <li key={`${file.name}-${i}`}>
              <span class="file-name">{file.name}</span> <span class="muted">({fileSizeText(file.size)})</span>
              <button
                type="button"
                class="secondary outline small"
                disabled={held}
                aria-label={`Remove ${file.name}`}
                {...(i === 0 ? refusedHere : {})}
                onClick={() => {
                  onInput(files.filter((_, j) => j !== i));
                  // The button goes with its file: the keyboard keeps its place on the file now in
                  // that place, else the one before it, else the picker.
                  requestAnimationFrame(() => {
                    const left = document.querySelectorAll<HTMLElement>(`#${id}-chosen button`);
                    (left[Math.min(i, left.length - 1)] ?? document.getElementById(id))?.focus();
                  });
                }}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {!full && (
        <input
          {...controlProps(props)}
          type="file"
          accept={accept}
          multiple={max > 1}
          disabled={held}
          title={files.length > 0 ? addLabel : undefined}
          onChange={(e) => {
            const input = e.currentTarget as HTMLInputElement;
            const picked = Array.from(input.files ?? []);
            // The input is emptied after each pick: the list above is what will be sent.
            input.value = "";
            // Everything picked goes to the owner, which keeps what can be sent and says why not the rest.
            if (picked.length) onInput([...files, ...picked]);
          }}
        />
      )}
      {full && max > 1 && (
        <small class="muted" id={`${id}-full`}>
          {max} files chosen: remove one to choose another.
        </small>
      )}
      {/* A live region from the start, so the words are announced when they come. */}
      <small class="muted" aria-live="polite">
        {preparing ? "Making your photo smaller to send..." : ""}
      </small>
    </Labelled>
  );
}

/**
 * One choice among a few, as radio buttons under a legend. Choices that cannot be taken now
 * are `unavailable` (disabled); the `note` under the legend says why, and describes the group
 * and each of them.
 */
export function RadioGroup<T extends string>(
  props: Omit<FieldProps, "hint"> & {
    value: T | "";
    onInput: (value: T) => void;
    options: readonly (readonly [T, string])[];
    unavailable?: readonly T[];
    note?: ComponentChildren;
  },
) {
  const { id, name, label, value, onInput, options, error, required, showRequired = true, unavailable = [], note } = props;
  const noteId = `${id}-note`;
  const describedBy = [note ? noteId : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <fieldset class="field radio-group" id={id} aria-describedby={describedBy}>
      <legend>
        {label}
        {required && showRequired && <RequiredMark />}
      </legend>
      {note && (
        <div id={noteId} class="radio-group-note">
          {note}
        </div>
      )}
      {options.map(([option, text]) => {
        const disabled = unavailable.includes(option);
        return (
          <label key={option} for={`${id}-${option}`} class="choice">
            <input
              type="radio"
              id={`${id}-${option}`}
              name={name ?? id}
              value={option}
              checked={value === option}
              disabled={disabled || undefined}
              aria-invalid={error ? "true" : undefined}
              aria-describedby={disabled && note ? noteId : undefined}
              onChange={() => onInput(option)}
            />
            {text}
          </label>
        );
      })}
      <FieldNotes id={id} error={error} />
    </fieldset>
  );
}
