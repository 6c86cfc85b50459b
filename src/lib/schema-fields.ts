// Field schemas several payloads share, so a rule and its wording live in one place.
import { Type } from "@sinclair/typebox";
import { EMAIL_PATTERN } from "./patterns";

/** An email address (at most 254 characters, security.md) with the form's own wording. */
export function emailField(messages: { required: string; invalid: string; tooLong?: string }) {
  return Type.String({
    minLength: 1,
    maxLength: 254,
    pattern: EMAIL_PATTERN,
    messages: { required: messages.required, type: messages.required, pattern: messages.invalid, maxLength: messages.tooLong ?? messages.invalid },
  });
}
