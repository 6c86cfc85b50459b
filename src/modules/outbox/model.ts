// The admin's outbox view: every email, as the routes answer it and the admin screen shows it.
import { type Static, Type } from "@sinclair/typebox";
import { nullable } from "../../lib/schema-fields";

export const OutboxRow = Type.Object({
  id: Type.Integer(),
  to: Type.String(),
  subject: Type.String(),
  kind: Type.String(),
  status: Type.String(),
  createdAt: Type.String(),
});
export type OutboxRow = Static<typeof OutboxRow>;
export const OutboxList = Type.Array(OutboxRow);
export const OutboxEmail = Type.Composite([
  OutboxRow,
  Type.Object({
    text: Type.String(),
    attempts: Type.Integer(),
    lastError: nullable(Type.String()),
    sentAt: nullable(Type.String()),
  }),
]);
export type OutboxEmail = Static<typeof OutboxEmail>;
