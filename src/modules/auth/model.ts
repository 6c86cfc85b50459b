// Sign-in by emailed one-time link (/login), for employers and registered employees.
import { type Static, Type } from "@sinclair/typebox";
import { emailField, nullable, oneOf } from "../../lib/schema-fields";

export const LoginLinkPayload = Type.Object({
  email: emailField({ required: "Email is required", invalid: "Invalid email format" }),
});
export type LoginLinkPayload = Static<typeof LoginLinkPayload>;

/** The same answer whether or not the address has an account. */
export const LOGIN_LINK_SENT_MESSAGE = "If an account exists for that email, we've sent a sign-in link. It is valid for 15 minutes.";

/** /login?error=expired shows this. */
export const LOGIN_LINK_EXPIRED_MESSAGE = "That sign-in link has expired or was already used. Please request a new one.";
/** A write with the session cookie that does not show it comes from this site (by Origin or Sec-Fetch-Site). */
export const CROSS_SITE_MESSAGE =
  "This request does not come from this site. Changes made with a session need an Origin or Sec-Fetch-Site header naming this site.";
export const LOGIN_LINK_TTL_MS = 15 * 60 * 1000;
/** The least time a sign-in link request takes to answer, known address or not: well above a durable write on a slow disk. */
export const LOGIN_LINK_ANSWER_FLOOR_MS = 40;

/** A session of another kind of account than a route is for (an employee's on an employer's route): 403. */
export const WRONG_ACCOUNT_MESSAGE = "Your account cannot open this. Sign in with the account it belongs to.";

/** The accounts a sign-in link can open. */
export const signInRoles = ["owner", "employee"] as const;
export type SignInRole = (typeof signInRoles)[number];

/** How a person names the account they choose: `owner:USER_ID` or `employee:CENSUS_EMPLOYEE_ID`. */
export const accountKey = (role: SignInRole, id: number) => `${role}:${id}`;

/** Shown when `as` names no account of the link's address. */
export const CHOOSE_ACCOUNT_MESSAGE = "Please choose one of the accounts listed for your email address.";
/** A link opened in a browser where another account is signed in: a forwarded link would move the person into its account. */
export const OTHER_ACCOUNT_SIGNED_IN_MESSAGE = (linkFor: string, signedInAs: string) =>
  `You are signed in here to ${signedInAs}. This link signs in ${linkFor}: using it signs you out of ${signedInAs}, and what you do next is done as ${linkFor}.`;

/** The emailed link opens /login?token=…; its Sign in button sends the token here, with the chosen account when there were several. */
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
  as: Type.Optional(
    Type.String({
      pattern: "^(owner|employee):[1-9][0-9]{0,14}$",
      description: "The `as` of one of the accounts a previous answer listed under `choose`",
      messages: { pattern: CHOOSE_ACCOUNT_MESSAGE, type: CHOOSE_ACCOUNT_MESSAGE },
    }),
  ),
  /** Signs out the account signed in on this browser, once the person has read whose link this is (a 409 names it). */
  switchAccount: Type.Optional(Type.Boolean()),
});
export type LoginCallbackPayload = Static<typeof LoginCallbackPayload>;

/** Signed in: who, and the page the browser opens next. */
export const SignedIn = Type.Object({
  role: oneOf(signInRoles),
  /** `/dashboard/{businessId}` for an employer, `/benefits` for an employee. */
  redirect: Type.String(),
  /** The employer's business (an employee's employer, for an employee). */
  businessId: Type.Integer(),
  employeeId: nullable(Type.Integer()),
});
export type SignedIn = Static<typeof SignedIn>;

/** The address has several accounts and none was chosen: the token is still unused. */
export const ChooseAccount = Type.Object({
  choose: Type.Array(Type.Object({ as: Type.String(), role: oneOf(signInRoles), label: Type.String() })),
});
export type ChooseAccount = Static<typeof ChooseAccount>;

export const LoginCallbackAnswer = Type.Union([SignedIn, ChooseAccount]);
export type LoginCallbackAnswer = Static<typeof LoginCallbackAnswer>;

/** Where each kind of account lands after signing in. */
export const landingPage = (role: SignInRole, businessId: number) => (role === "owner" ? `/dashboard/${businessId}` : "/benefits");

export const Me = Type.Object({
  role: oneOf(["owner", "admin", "employee"]),
  /** The owner's business, or the employee's employer; null for an admin. */
  businessId: nullable(Type.Integer()),
  /** The census employee of an employee session. */
  employeeId: nullable(Type.Integer()),
  /** The enrollment an employee belongs to. */
  enrollmentId: nullable(Type.Integer()),
});
export type Me = Static<typeof Me>;
