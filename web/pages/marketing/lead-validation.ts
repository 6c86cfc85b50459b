// Loaded on demand by the lead forms: the same schemas and messages the server uses.
import { type FieldErrors, validate } from "@src/lib/field-errors";
import { type FormType, formSchemas } from "@src/modules/leads/model";

export function validateLead(formType: FormType, fields: Record<string, unknown>): FieldErrors | null {
  return validate(formSchemas[formType], fields);
}
