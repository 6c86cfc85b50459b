// The health answer: whether the server and its database answer.
import { type Static, Type } from "@sinclair/typebox";
import { oneOf } from "../../lib/schema-fields";

export const Health = Type.Object({ status: oneOf(["ok", "degraded"]), database: Type.Boolean() });
export type Health = Static<typeof Health>;
