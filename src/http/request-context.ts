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
    });
