// Employer sign-in by emailed one-time link (/login).
import { Type, type Static } from "@sinclair/typebox";
import { emailField } from "../../lib/schema-fields";

export const LoginLinkPayload = Type.Object({
  email: emailField({ required: "Email is required", invalid: "Invalid email format" }),
});
export type LoginLinkPayload = Static<typeof LoginLinkPayload>;

/** The same answer whether or not the address has an account. */
export const LOGIN_LINK_SENT_MESSAGE = "If an account exists for that email, we've sent a sign-in link. It is valid for 15 minutes.";
export const LoginLinkAnswer = Type.Object({ message: Type.String() });

/** /login?error=expired shows this. */
export const LOGIN_LINK_EXPIRED_MESSAGE = "That sign-in link has expired or was already used. Please request a new one.";
export const LOGIN_LINK_TTL_MS = 15 * 60 * 1000;

export const Me = Type.Object({
  role: Type.Union([Type.Literal("owner"), Type.Literal("admin")]),
  businessId: Type.Union([Type.Integer(), Type.Null()]),
});
export type Me = Static<typeof Me>;
