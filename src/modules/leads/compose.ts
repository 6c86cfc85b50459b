// Turns a validated lead into the row we store: the spec's columns, with the message
// composed the way staff read it ('Existing platform: …', 'Integration interest: …', …).
import { type FormType, integrationInterests } from "./model";

export interface LeadFields {
  name: string;
  email: string;
  company?: string;
  phone?: string;
  currentProvider?: string;
  message?: string;
  employees?: number;
  existingPlatform?: string;
  integrationInterest?: keyof typeof integrationInterests;
}

export interface LeadRow {
  formType: FormType;
  name: string;
  email: string;
  company: string | null;
  phone: string | null;
  currentProvider: string | null;
  message: string | null;
}

const orNull = (value: string | undefined) => (value?.trim() ? value.trim() : null);

/** The line each form adds to the message, or null when its field was left empty. */
export function composedLine(formType: FormType, fields: LeadFields): string | null {
  switch (formType) {
    case "employers":
      return fields.employees === undefined ? null : `Number of employees: ${fields.employees.toLocaleString("en-US")}`;
    case "brokers":
      return fields.existingPlatform ? `Existing platform: ${fields.existingPlatform}` : null;
    case "platforms":
      return fields.integrationInterest ? `Integration interest: ${integrationInterests[fields.integrationInterest]}` : null;
    case "enrollment":
      return orNull(fields.currentProvider) ? `Current ICHRA provider: ${orNull(fields.currentProvider)}` : null;
    case "contact":
      return null;
  }
}

export function composeLead(formType: FormType, fields: LeadFields): LeadRow {
  const line = composedLine(formType, fields);
  const sent = orNull(fields.message);
  // Clients that compose the line themselves (as the original site did) send it as the
  // message; keep it once.
  const parts = [line, sent === line ? null : sent].filter((p): p is string => p !== null);
  const currentProvider = formType === "brokers" ? fields.existingPlatform : fields.currentProvider;
  return {
    formType,
    name: fields.name.trim(),
    email: fields.email.trim(),
    company: orNull(fields.company),
    phone: orNull(fields.phone),
    currentProvider: orNull(currentProvider),
    message: parts.length ? parts.join("\n\n") : null,
  };
}
