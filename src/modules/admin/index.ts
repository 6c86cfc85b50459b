// The admin sign-in: log in (throttled), who is signed in, log out. Every admin screen's
// routes live in the feature that owns their data, behind the `adminOnly` guard (./guard).
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { ErrorAnswer, MessageAnswer } from "../../http/answers";
import { clientIp } from "../../http/client-ip";
import { tooMany, unauthorized } from "../../http/errors";
import { sessionPlugin } from "../auth/plugin";
import { verifyAdminLogin } from "./accounts";
import { adminOnly } from "./guard";
import { LoginThrottle } from "./login-throttle";
import { AuthStatus, LoginBody, Ok } from "./model";

const tags = ["Admin"];

export const adminRoutes = (deps: AppDeps, throttle = new LoginThrottle()) => {
  const { db, config } = deps;
  return new Elysia({ prefix: "/api/admin" })
    .use(sessionPlugin(deps))
    .post(
      "/login",
      async ({ body, request, server, startSession }) => {
        const ip = clientIp(request, server, config.trustProxy) ?? "unknown";
        // Counted before the (slow) password check, so parallel guesses meet the limit too.
        const attempt = throttle.begin(body.username, ip);
        if (!attempt.admitted) throw tooMany(attempt.retryAfter, "Too many failed sign-in attempts. Please try again later.");
        const admin = await verifyAdminLogin(db, body.username, body.password);
        if (!admin) throw unauthorized("Invalid credentials");
        attempt.succeeded();
        await startSession(admin.id, "admin");
        return { authenticated: true as const, username: admin.username };
      },
      {
        body: LoginBody,
        response: { 200: AuthStatus, 400: ErrorAnswer, 401: MessageAnswer, 429: MessageAnswer },
        detail: {
          summary: "Sign in as an admin",
          description:
            "429 with Retry-After past 5 failures for a username from one address, 20 for a username, 50 from one address, in 15 minutes.",
          tags,
        },
      },
    )
    .use(adminOnly(deps))
    .get("/check-auth", ({ admin }) => ({ authenticated: true as const, username: admin.username }), {
      response: { 200: AuthStatus },
      detail: { summary: "Whether the request carries an admin session", tags },
    })
    .post(
      "/logout",
      async ({ endSession }) => {
        await endSession();
        return { ok: true as const };
      },
      { response: { 200: Ok }, detail: { summary: "End the admin session", tags } },
    );
};
