// Gives every request an id (echoed in `x-request-id`), the security headers and the capped
// JSON body reader. The request log is written where the answer is sent: serve.ts.
import { Elysia } from "elysia";
import { jsonBody } from "./json-body";
import { securityHeaders } from "./security-headers";

/** `trustProxy`: honour X-Forwarded-Proto (TRUST_PROXY=1); without it only a TLS socket is HTTPS. */
export const requestContext = (options: { trustProxy?: boolean } = {}) =>
  new Elysia({ name: "request-context" })
    // Every JSON body is read here, capped at 1 MB.
    .use(jsonBody)
    .onRequest(({ request, set }) => {
      const requestId = crypto.randomUUID();
      set.headers["x-request-id"] = requestId;
      Object.assign(set.headers, securityHeaders(request, options.trustProxy ?? false));
      // API answers hold health and payroll information read with a session: no browser or
      // proxy may keep a copy (to show after sign-out, or to the next person at a shared
      // computer). A route whose answer may be kept sets its own.
      if (new URL(request.url).pathname.startsWith("/api/")) set.headers["cache-control"] = "no-store";
    });
