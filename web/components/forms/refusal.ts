// The check a form makes before it sends: the payload's own schema, the one the server
// applies, so the browser and the server refuse the same things with the same messages.
import type { TSchema } from "@sinclair/typebox";
import { type FieldErrors, validate } from "@src/lib/field-errors";
import { focusFirstError } from "./focus-first-error";

/**
 * What the schema finds wrong with what the submitted form would send, or null when
 * nothing is. On a refusal, focus moves to the first field to fix.
 */
export function refusal(event: Event, schema: TSchema, payload: unknown): FieldErrors | null {
  const found = validate(schema, payload);
  if (found) focusFirstError(event.currentTarget as HTMLFormElement, found);
  return found;
}
