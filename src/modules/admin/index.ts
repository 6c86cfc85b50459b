// The admin sign-in: log in (throttled), who is signed in, log out. Every admin screen's
// routes live in the feature that owns their data, behind the `adminOnly` guard (./guard).
import { Elysia } from "elysia";
import { loadDataKey } from "../../data-key";
import type { AppDeps } from "../../deps";
import { answers } from "../../http/answers";
import { clientIp } from "../../http/client-ip";
import { tooMany, unauthorized } from "../../http/errors";
import { isHttps } from "../../http/security-headers";
import { sessionPlugin } from "../auth/plugin";
import { adminCredential, verifyAdminLogin } from "./accounts";
import { adminOnly } from "./guard";
import { LoginThrottle } from "./login-throttle";
import { AuthStatus, LoginBody, Ok } from "./model";
import { ADMIN_DEVICE_COOKIE, deviceCookieMaxAgeSeconds, deviceKey, issueDeviceToken, trustedDevice } from "./trusted-devices";

const tags = ["Admin"];

export const adminRoutes = (deps: AppDeps, throttle = new LoginThrottle()) => {
  const { db, config } = deps;
  const devices = deviceKey(loadDataKey(config));
  return new Elysia({ prefix: "/api/admin" })
    .use(sessionPlugin(deps))
    .post(
      "/login",
      async ({ body, request, server, cookie, startSession }) => {
        const ip = clientIp(request, server, config.trustProxy) ?? "unknown";
        const device = trustedDevice(devices, cookie[ADMIN_DEVICE_COOKIE]?.value, await adminCredential(db, body.username));
        // Counted before the (slow) password check, so parallel guesses meet the limit too.
        const attempt = throttle.begin(body.username, ip, device);
        if (!attempt.admitted) throw tooMany(attempt.retryAfter, "Too many failed sign-in attempts. Please try again later.");
        const admin = await verifyAdminLogin(db, body.username, body.password);
        if (!admin) throw unauthorized("Invalid credentials");
        attempt.succeeded();
        await startSession(admin.id, "admin");
        // This browser is now trusted for this admin: a guess spread over other machines cannot lock it out.
        cookie[ADMIN_DEVICE_COOKIE].set({
          value: issueDeviceToken(devices, admin),
          httpOnly: true,
          sameSite: "strict",
          secure: isHttps(request, config.trustProxy),
          path: "/api/admin/login",
          maxAge: deviceCookieMaxAgeSeconds,
        });
        return { authenticated: true as const, username: admin.username };
      },
      {
        body: LoginBody,
        response: answers({ 200: AuthStatus }, 400, 401, 429),
        detail: {
          summary: "Sign in as an admin",
          description:
            "Within 15 minutes: 5 failures for a username from one address, or 50 from one address, answer 429 with Retry-After. After 20 failures for a username from any addresses, only addresses without a failure for it may try, one attempt every 10 seconds. A browser that signed in before (its trusted-device cookie) is limited only to 5 failures of its own.",
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
