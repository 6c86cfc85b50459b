// Labelled form controls with the required mark and the field's error beneath, wired for
// assistive technology (aria-invalid, aria-describedby).

import type { FieldErrors } from "@src/lib/field-errors";
import type { ComponentChildren } from "preact";
import { FieldLabel } from "../../components/forms/FieldLabel";

interface Common {
  form: string;
  name: string;
  label: string;
  required?: boolean;
  errors: FieldErrors;
}

const ids = (form: string, name: string) => ({ id: `${form}-${name}`, errorId: `${form}-${name}-error` });

function ErrorText({ id, message }: { id: string; message?: string }) {
  return message ? <small id={id}>{message}</small> : null;
}

export function TextField(
  props: Common & {
    value: string;
    onInput: (e: Event) => void;
    type?: "text" | "email" | "tel" | "number";
    autoComplete?: string;
    placeholder?: string;
    inputMode?: "numeric";
    min?: number;
  },
) {
  const { id, errorId } = ids(props.form, props.name);
  const error = props.errors[props.name];
  return (
    <div class="field">
      <FieldLabel id={id} label={props.label} required={props.required} />
      <input
        id={id}
        name={props.name}
        type={props.type ?? "text"}
        value={props.value}
        onInput={props.onInput}
        required={props.required}
        autoComplete={props.autoComplete}
        placeholder={props.placeholder}
        inputMode={props.inputMode}
        min={props.min}
        aria-invalid={error ? "true" : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      <ErrorText id={errorId} message={error} />
    </div>
  );
}

export function TextArea(props: Common & { value: string; onInput: (e: Event) => void; rows?: number }) {
  const { id, errorId } = ids(props.form, props.name);
  const error = props.errors[props.name];
  return (
    <div class="field">
      <FieldLabel id={id} label={props.label} required={props.required} />
      <textarea
        id={id}
        name={props.name}
        rows={props.rows ?? 5}
        value={props.value}
        onInput={props.onInput}
        required={props.required}
        aria-invalid={error ? "true" : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      <ErrorText id={errorId} message={error} />
    </div>
  );
}

export function SelectField(
  props: Common & { value: string; onInput: (e: Event) => void; placeholder: string; options: readonly { value: string; label: string }[] },
) {
  const { id, errorId } = ids(props.form, props.name);
  const error = props.errors[props.name];
  return (
    <div class="field">
      <FieldLabel id={id} label={props.label} required={props.required} />
      <select
        id={id}
        name={props.name}
        value={props.value}
        onChange={props.onInput}
        required={props.required}
        aria-invalid={error ? "true" : undefined}
        aria-describedby={error ? errorId : undefined}
      >
        <option value="">{props.placeholder}</option>
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <ErrorText id={errorId} message={error} />
    </div>
  );
}

/** A field people never see; robots that fill every input give themselves away. */
export function Honeypot({ form, trap }: { form: string; trap: { name: string; value: string; onInput: (e: Event) => void } }) {
  return (
    <div class="hp">
      <label for={`${form}-hp`}>Leave this field empty</label>
      <input id={`${form}-hp`} type="text" tabIndex={-1} autoComplete="off" {...trap} />
    </div>
  );
}

/** The form's outcome, announced: an alert on failure, a status on success. */
export function FormStatus({
  failed,
  sent,
  failure,
  success,
}: {
  failed: boolean;
  sent: boolean;
  failure: string;
  success?: ComponentChildren;
}) {
  return (
    <>
      <div role="alert">{failed && <p class="form-error">{failure}</p>}</div>
      <div role="status">{sent && success && <p class="form-success">{success}</p>}</div>
    </>
  );
}

interface IdentityForm {
  values: { name: string; company: string; email: string };
  errors: FieldErrors;
  set: (name: "name" | "company" | "email") => (e: Event) => void;
}

/**
 * The Name, organisation and Email fields every lead form asks for. The organisation is
 * sent as `company` whatever its label (Company, Firm, Platform Name); the brokers' form
 * asks for the email before the firm.
 */
export function IdentityFields({
  form,
  lead,
  companyLabel = "Company",
  emailBeforeCompany = false,
}: {
  form: string;
  lead: IdentityForm;
  companyLabel?: string;
  emailBeforeCompany?: boolean;
}) {
  const field = (name: "name" | "company" | "email", label: string, extra: { type?: "email"; autoComplete: string }) => (
    <TextField
      form={form}
      name={name}
      label={label}
      required
      value={lead.values[name]}
      onInput={lead.set(name)}
      errors={lead.errors}
      {...extra}
    />
  );
  const company = field("company", companyLabel, { autoComplete: "organization" });
  const email = field("email", "Email", { type: "email", autoComplete: "email" });
  return (
    <>
      {field("name", "Name", { autoComplete: "name" })}
      {emailBeforeCompany ? email : company}
      {emailBeforeCompany ? company : email}
    </>
  );
}
