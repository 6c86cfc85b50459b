// Payloads and answers of the admin sign-in, shared by the routes and the admin screens.
import { type Static, Type } from "@sinclair/typebox";

export const usernamePattern = "^[A-Za-z0-9._-]{3,64}$";
export const minPasswordLength = 12;

export const LoginBody = Type.Object({
  username: Type.String({
    minLength: 1,
    maxLength: 200,
    messages: { required: "Please enter your username", type: "Please enter your username" },
  }),
  password: Type.String({
    minLength: 1,
    maxLength: 1000,
    messages: { required: "Please enter your password", type: "Please enter your password" },
  }),
});
export type LoginBody = Static<typeof LoginBody>;

export const AuthStatus = Type.Object({ authenticated: Type.Literal(true), username: Type.String() });
export type AuthStatus = Static<typeof AuthStatus>;

export const Ok = Type.Object({ ok: Type.Literal(true) });
