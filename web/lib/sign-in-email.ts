// An address a page already knows (a registration just completed) handed to the sign-in page
// in the history entry of the move, never in the address: a query is kept in logs and shared
// with the link.

/** Where the history entry of a move to /login keeps the address. */
export const SIGN_IN_EMAIL_STATE = "signInEmail";

/** The address the move to this page brought along, or "". */
export function signInEmailFromHistory(): string {
  const email: unknown = (history.state as Record<string, unknown> | null)?.[SIGN_IN_EMAIL_STATE];
  return typeof email === "string" ? email : "";
}
