// The health answer: whether the server and its database answer.
import { type Static, Type } from "@sinclair/typebox";

export const Health = Type.Object({ status: Type.Union([Type.Literal("ok"), Type.Literal("degraded")]), database: Type.Boolean() });
export type Health = Static<typeof Health>;
