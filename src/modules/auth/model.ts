// Employer sign-in by emailed one-time link (/login).
import { type Static, Type } from "@sinclair/typebox";
import { emailField, oneOf } from "../../lib/schema-fields";

export const LoginLinkPayload = Type.Object({
  email: emailField({ required: "Email is required", invalid: "Invalid email format" }),
});
export type LoginLinkPayload = Static<typeof LoginLinkPayload>;

/** The same answer whether or not the address has an account. */
export const LOGIN_LINK_SENT_MESSAGE = "If an account exists for that email, we've sent a sign-in link. It is valid for 15 minutes.";

/** /login?error=expired shows this. */
export const LOGIN_LINK_EXPIRED_MESSAGE = "That sign-in link has expired or was already used. Please request a new one.";
export const LOGIN_LINK_TTL_MS = 15 * 60 * 1000;

/** The emailed link opens /login?token=…; its Sign in button sends the token here. */
export const LoginCallbackPayload = Type.Object({
  token: Type.String({
    minLength: 1,
    maxLength: 200,
    messages: {
      required: LOGIN_LINK_EXPIRED_MESSAGE,
      minLength: LOGIN_LINK_EXPIRED_MESSAGE,
      maxLength: LOGIN_LINK_EXPIRED_MESSAGE,
      type: LOGIN_LINK_EXPIRED_MESSAGE,
    },
  }),
});
export type LoginCallbackPayload = Static<typeof LoginCallbackPayload>;
/** Signed in: the business whose dashboard the browser opens next. */
export const LoginCallbackAnswer = Type.Object({ businessId: Type.Integer() });
export type LoginCallbackAnswer = Static<typeof LoginCallbackAnswer>;

export const Me = Type.Object({
  role: oneOf(["owner", "admin"]),
  businessId: Type.Union([Type.Integer(), Type.Null()]),
});
export type Me = Static<typeof Me>;
