// Payloads and answers of the admin sign-in, shared by the routes and the admin screens.
import { type Static, Type } from "@sinclair/typebox";

export const usernamePattern = "^[A-Za-z0-9._-]{3,64}$";
export const minPasswordLength = 12;

/** What a sign-in field missing (absent, empty or not text) is told. */
const enter = (what: string) => ({ required: `Please enter your ${what}`, type: `Please enter your ${what}` });

export const LoginBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 200, messages: enter("username") }),
  password: Type.String({ minLength: 1, maxLength: 1000, messages: enter("password") }),
});
export type LoginBody = Static<typeof LoginBody>;

export const AuthStatus = Type.Object({ authenticated: Type.Literal(true), username: Type.String() });
export type AuthStatus = Static<typeof AuthStatus>;

export const Ok = Type.Object({ ok: Type.Literal(true) });
