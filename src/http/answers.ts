// Answer schemas every module's routes share: the error bodies the error plugin writes,
// and the answer maps built from them.
import { type TSchema, Type } from "@sinclair/typebox";

export const MessageAnswer = Type.Object({ message: Type.String() });
export const ErrorAnswer = Type.Object({ message: Type.String(), errors: Type.Optional(Type.Record(Type.String(), Type.String())) });

/** The body of each error status a route may document: field errors where a field can be named, else a message. */
const errorBodies = {
  400: ErrorAnswer,
  401: MessageAnswer,
  403: MessageAnswer,
  404: MessageAnswer,
  409: MessageAnswer,
  413: ErrorAnswer,
  429: MessageAnswer,
} as const;
type ErrorStatus = keyof typeof errorBodies;

/**
 * A route's answer map: its own answers (the success, and any error with a body of its own),
 * then the error statuses it can give, each with the body the error plugin writes for it.
 */
export function answers<const T extends Record<number, TSchema>, const S extends ErrorStatus = never>(
  own: T,
  ...errors: S[]
): T & Pick<typeof errorBodies, S> {
  const map: Record<number, TSchema> = { ...own };
  for (const status of errors) map[status] = errorBodies[status];
  return map as T & Pick<typeof errorBodies, S>;
}

/** The answer map of an endpoint behind the owner guard. */
export const guarded = <T extends TSchema>(ok: T) => answers({ 200: ok }, 400, 401, 403, 404);

/** The same, for an endpoint that can also answer 409 (e.g. a change to a submitted enrollment). */
export const guardedWithConflict = <T extends TSchema>(ok: T) => answers({ 200: ok }, 400, 401, 403, 404, 409);
