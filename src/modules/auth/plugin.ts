// Reads the session cookie once per request and offers the guards the feature modules use.
// State-changing requests that carry the cookie must come from our own origin.
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { forbidden, unauthorized } from "../../http/errors";
import { isHttps } from "../../http/security-headers";
import { SIGNED_IN_COOKIE } from "../../lib/signed-in-cookie";
import { CROSS_SITE_MESSAGE, WRONG_ACCOUNT_MESSAGE } from "./model";
import { createSession, deleteSession, readSession, SESSION_COOKIE, type Session, type SessionAccount, type SessionKind } from "./sessions";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/** Cookie attributes: HttpOnly, SameSite=Lax, Secure when served over HTTPS. */
export function sessionCookie(request: Request, token: string, expiresAt: number, trustProxy: boolean) {
  return { ...signedInCookie(request, expiresAt, trustProxy), value: token, httpOnly: true };
}

/** The pages' signed-in cookie (SIGNED_IN_COOKIE): the session's attributes, readable by scripts. */
function signedInCookie(request: Request, expiresAt: number, trustProxy: boolean) {
  return {
    value: "1",
    httpOnly: false,
    sameSite: "lax" as const,
    secure: isHttps(request, trustProxy),
    path: "/",
    expires: new Date(expiresAt),
  };
}

/**
 * Whether a request is not shown to come from this site: by Sec-Fetch-Site when the browser
 * sends it, else by Origin against the host the browser asked for. A request with neither
 * is not shown to be ours: every current browser sends one of them with a write, so only
 * another kind of client omits both, and it must say where it comes from. X-Forwarded-Host
 * names the host only behind a proxy we trust (TRUST_PROXY=1), and then its right-most
 * value, the one the proxy added; without one, anyone can send it, and a forged page could
 * name its own host.
 */
export function notFromThisSite(request: Request, trustProxy: boolean): boolean {
  const site = request.headers.get("sec-fetch-site");
  if (site) return site !== "same-origin" && site !== "none";
  const origin = request.headers.get("origin");
  if (!origin) return true;
  const forwarded = trustProxy ? request.headers.get("x-forwarded-host")?.split(",").at(-1)?.trim() : undefined;
  const host = forwarded || request.headers.get("host") || new URL(request.url).host;
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}

export const sessionPlugin = ({ db, config }: AppDeps) =>
  new Elysia({ name: "session" }).derive({ as: "global" }, async ({ cookie, request }) => {
    // Elysia parses a cookie value that looks like JSON ("[1]"): such a value is no token.
    const value: unknown = cookie[SESSION_COOKIE]?.value;
    const token = typeof value === "string" ? value : undefined;
    if (token && !safeMethods.has(request.method) && notFromThisSite(request, config.trustProxy)) {
      throw forbidden(CROSS_SITE_MESSAGE);
    }
    const session: Session | null = await readSession(db, token);
    // The pages' cookie follows the session: one started before it existed gets it with its next
    // answer (a page's own HTML included), and one that ended here (idle too long, or signed out
    // where the answer never arrived) loses it, so the pages stop asking who is signed in.
    const saysSignedIn = cookie[SIGNED_IN_COOKIE]?.value !== undefined;
    if (session && !saysSignedIn) cookie[SIGNED_IN_COOKIE].set(signedInCookie(request, session.expiresAt, config.trustProxy));
    if (!session && saysSignedIn) cookie[SIGNED_IN_COOKIE].remove();
    /** Starts a new session (a fresh token: rotation at login) and sets the cookies. */
    const start = async (account: SessionAccount) => {
      await deleteSession(db, token);
      const created = await createSession(db, account);
      cookie[SESSION_COOKIE].set(sessionCookie(request, created.token, created.expiresAt, config.trustProxy));
      cookie[SIGNED_IN_COOKIE].set(signedInCookie(request, created.expiresAt, config.trustProxy));
      return created;
    };
    return {
      session,
      /** Signs a user (an admin or an employer's contact) in. */
      startSession: (userId: number, kind: "admin" | "owner") => start({ kind, userId }),
      /** Signs a registered employee in. */
      startEmployeeSession: (employeeId: number) => start({ kind: "employee", employeeId }),
      async endSession() {
        await deleteSession(db, token);
        cookie[SESSION_COOKIE].remove();
        cookie[SIGNED_IN_COOKIE].remove();
      },
    };
  });

/** 401 without a session; 403 with a session of a kind these routes are not for (an employee on an employer's). */
export function requireSession(session: Session | null, ...kinds: SessionKind[]): Session {
  if (!session) throw unauthorized();
  if (kinds.length && !kinds.includes(session.kind)) throw forbidden(WRONG_ACCOUNT_MESSAGE);
  return session;
}
