// The one lead form of the marketing pages: each page gives its fields and its words; the
// form keeps the honeypot, loads the validation on first input, focuses the first error (or
// the failure's message), shows the sending state and keeps the values when sending fails.
import type { FormType } from "@src/modules/leads/options";
import type { ComponentChildren } from "preact";
import { useMemo } from "react";
import { SelectField, TextArea, TextField } from "../../components/forms/Field";
import { FocusedNotice } from "../../components/notice/Alerts";
import { type LeadFormOptions, useLeadForm } from "./use-lead-form";

export interface LeadField {
  name: string;
  label: string;
  required?: boolean;
  type?: "text" | "email" | "tel" | "number";
  autoComplete?: string;
  placeholder?: string;
  /** Words under the field, read whole at any width (a placeholder is cut short in a narrow input). */
  hint?: string;
  inputMode?: "numeric";
  min?: number;
  /** A message box (several lines). */
  rows?: number;
  /** A choice: the first option's text, and the options as value and text. */
  choose?: { placeholder: string; options: readonly (readonly [string, string])[] };
}

/** The Name, organisation and Email every lead form asks for; the organisation is sent as `company` whatever its label. */
export const nameField: LeadField = { name: "name", label: "Name", required: true, autoComplete: "name" };
export const emailField: LeadField = { name: "email", label: "Email", required: true, type: "email", autoComplete: "email" };
export const companyField = (label = "Company"): LeadField => ({ name: "company", label, required: true, autoComplete: "organization" });

/** After sending, a panel that replaces the form and offers to send another. */
export interface ThankYou {
  heading: string;
  text: string;
  again: string;
  headingLevel: 2 | 3;
}

export interface LeadFormProps {
  /** Prefixes the ids of the form's controls. */
  id: string;
  /** null for the contact form, which sends no formType. */
  formType: FormType | null;
  /** The fields in order; a group of fields shares a row on wide screens. */
  fields: readonly (LeadField | readonly LeadField[])[];
  labelledBy: string;
  submitLabel: string;
  /** Said when sending fails; the pages asking for a request share the default. */
  failure?: string;
  /** Said under the form once sent, when the form stays. */
  success?: string;
  thankYou?: ThankYou;
  /** Shown above the form, and hidden with it once the thank-you panel shows. */
  intro?: ComponentChildren;
  toFields?: LeadFormOptions<Record<string, string>>["toFields"];
}

const emptyValues = (fields: LeadFormProps["fields"]) => Object.fromEntries(fields.flat().map((f) => [f.name, ""]));

export function LeadForm({
  id,
  formType,
  fields,
  labelledBy,
  submitLabel,
  failure = "There was an error sending your request. Please try again.",
  success,
  thankYou,
  intro,
  toFields,
}: LeadFormProps) {
  const form = useLeadForm({ formType, initial: emptyValues(fields), toFields });
  const sending = form.status === "sending";
  const sent = form.status === "sent";
  // One notice per failure: the disabled button lost the focus while sending, so a failure no
  // field explains takes it to its message (a refused field has already taken it).
  const failed = useMemo(() => (form.status === "failed" ? { text: form.waitNotice ?? failure } : null), [form.status, form.waitNotice]);

  if (thankYou && sent) {
    const Heading = thankYou.headingLevel === 2 ? "h2" : "h3";
    return (
      <div class="thank-you" role="status">
        <Heading>{thankYou.heading}</Heading>
        <p>{thankYou.text}</p>
        <button type="button" onClick={form.reset}>
          {thankYou.again}
        </button>
      </div>
    );
  }

  const control = (field: LeadField) => {
    const common = {
      key: field.name,
      id: `${id}-${field.name}`,
      name: field.name,
      label: field.label,
      hint: field.hint,
      required: field.required,
      error: form.errors[field.name],
      value: form.values[field.name] ?? "",
      onInput: form.set(field.name),
    };
    if (field.choose) return <SelectField {...common} placeholder={["", field.choose.placeholder]} options={field.choose.options} />;
    if (field.rows) return <TextArea {...common} rows={field.rows} />;
    const { type, autoComplete, placeholder, inputMode, min } = field;
    return <TextField {...common} {...{ type, autoComplete, placeholder, inputMode, min }} />;
  };

  return (
    <>
      {intro}
      <form noValidate onSubmit={form.submit} aria-labelledby={labelledBy}>
        {fields.map((entry) =>
          Array.isArray(entry) ? (
            <div key={entry[0]!.name} class="grid-fields">
              {entry.map(control)}
            </div>
          ) : (
            control(entry as LeadField)
          ),
        )}
        <div class="hp">
          <label for={`${id}-hp`}>Leave this field empty</label>
          <input id={`${id}-hp`} type="text" tabIndex={-1} autoComplete="off" {...form.trap} />
        </div>
        <button type="submit" disabled={sending} aria-busy={sending ? "true" : undefined}>
          {sending ? "Sending..." : submitLabel}
        </button>
        {/* The outcome, announced: an alert on failure, a status on success. */}
        <FocusedNotice notice={failed} tone="error" focus={Object.keys(form.errors).length === 0} look="form-error" />
        <div role="status">{!thankYou && sent && success && <p class="notice notice-success">{success}</p>}</div>
      </form>
    </>
  );
}
