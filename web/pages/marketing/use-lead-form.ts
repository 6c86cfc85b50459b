// State and sending for a lead form: the values typed (kept on every failure), the field
// errors (from the shared schema in the browser, or from the server's 400), and the
// sending / sent / failed status. The validation library loads when the person starts
// typing, so it is not part of the page's first load.

import type { FieldErrors } from "@src/lib/field-errors";
import { type FormType, honeypotField } from "@src/modules/leads/options";
import { useRef, useState } from "react";
import { ApiError, refusal } from "../../api/errors";
import { withoutError } from "../../components/forms/field-errors";
import { focusFirstError } from "../../components/forms/focus-first-error";

const loadValidation = () => import("./lead-validation");

/** The lead forms' one call, a plain fetch: the typed client stays out of the marketing pages' first load. */
async function postLead(body: Record<string, unknown>): Promise<void> {
  const response = await fetch("/api/contact", {
    method: "POST",
    credentials: "include",
    headers: { accept: "application/json", "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw await refusal(response);
  // The answer (a thank-you message) is not needed, but is dropped at once: API answers are not
  // stored, so left unread it could keep its request open and the page never went idle.
  await response.body?.cancel();
}

export type Status = "idle" | "sending" | "sent" | "failed";

export interface LeadFormOptions<V extends Record<string, string>> {
  /** null for the contact form, which sends no formType. */
  formType: FormType | null;
  initial: V;
  /** Turns what was typed into the fields the schema checks (numbers, empty options dropped). */
  toFields?: (values: V) => Record<string, unknown>;
}

/** What was typed, without the fields left blank (the schema names the missing ones). */
export const dropEmpty = (values: Record<string, string>) => Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== ""));

export function useLeadForm<V extends Record<string, string>>({ formType, initial, toFields }: LeadFormOptions<V>) {
  const [values, setValues] = useState<V>(initial);
  const [trap, setTrap] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<Status>("idle");
  /** A refusal that says how long to wait (a 429), shown instead of the form's failure message. */
  const [waitNotice, setWaitNotice] = useState<string | null>(null);
  // One send at a time, from the first click: a double click would otherwise pass the check
  // twice before the first render marks the form as sending, and file the lead twice.
  const busy = useRef(false);

  const set = (name: keyof V & string) => (value: string) => {
    void loadValidation();
    setValues((v) => ({ ...v, [name]: value }));
    if (errors[name]) setErrors(withoutError(name));
  };

  async function submit(event: Event) {
    event.preventDefault();
    if (busy.current) return;
    busy.current = true;
    try {
      await send(event.currentTarget as HTMLFormElement);
    } finally {
      busy.current = false;
    }
  }

  async function send(form: HTMLFormElement) {
    const fields = toFields ? toFields(values) : dropEmpty(values);
    let found: FieldErrors | null;
    try {
      found = (await loadValidation()).validateLead(formType ?? "contact", fields);
    } catch {
      // The check could not load (offline): the server checks the same rules.
      found = null;
    }
    if (found) {
      setErrors(found);
      setStatus("idle");
      focusFirstError(form, found);
      return;
    }
    setErrors({});
    setWaitNotice(null);
    setStatus("sending");
    try {
      await postLead({ ...(formType ? { formType } : {}), ...fields, ...(trap ? { [honeypotField]: trap } : {}) });
      setStatus("sent");
      setValues(initial);
    } catch (error) {
      // Any failure (a refusal or the network) shows the form's failure message; a 400
      // also puts the server's message beside each field it names; a 429 says when to try again.
      const found = error instanceof ApiError ? error.fieldErrors : {};
      if (error instanceof ApiError && error.status === 429) setWaitNotice(error.serverMessage ?? null);
      if (Object.keys(found).length) {
        setErrors(found);
        focusFirstError(form, found);
      }
      setStatus("failed");
    }
  }

  return {
    values,
    errors,
    status,
    waitNotice,
    set,
    submit,
    reset: () => setStatus("idle"),
    /** Props for the hidden honeypot input. */
    trap: { name: honeypotField, value: trap, onInput: (e: Event) => setTrap((e.currentTarget as HTMLInputElement).value) },
  };
}
