// Answer schemas every module's routes share: the error bodies the error plugin writes,
// and the answer maps of endpoints behind the owner guard.
import { type TSchema, Type } from "@sinclair/typebox";

export const MessageAnswer = Type.Object({ message: Type.String() });
export const ErrorAnswer = Type.Object({ message: Type.String(), errors: Type.Optional(Type.Record(Type.String(), Type.String())) });

/** The answer map of an endpoint behind the owner guard. */
export const guarded = <T extends TSchema>(ok: T) => ({
  200: ok,
  400: ErrorAnswer,
  401: MessageAnswer,
  403: MessageAnswer,
  404: MessageAnswer,
});

/** The same, for an endpoint that can also answer 409 (e.g. a change to a submitted enrollment). */
export const guardedWithConflict = <T extends TSchema>(ok: T) => ({ ...guarded(ok), 409: MessageAnswer });
