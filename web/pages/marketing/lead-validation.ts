// Loaded on demand by the lead forms: the same schemas and messages the server uses.
import { validate, type FieldErrors } from "../../../src/lib/field-errors";
import { formSchemas, type FormType } from "../../../src/modules/leads/model";

export function validateLead(formType: FormType, fields: Record<string, unknown>): FieldErrors | null {
  return validate(formSchemas[formType], fields);
}
