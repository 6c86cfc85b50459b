// Gives every request an id (echoed in `x-request-id`), the security headers, the capped
// JSON body reader, and a log line when it ends: method, path, status and duration, never
// bodies or personal data.
import { Elysia } from "elysia";
import { jsonBody } from "./json-body";
import { securityHeaders } from "./security-headers";

/** `trustProxy`: honour X-Forwarded-Proto (TRUST_PROXY=1); without it only a TLS socket is HTTPS. */
export const requestContext = (options: { log: boolean; trustProxy?: boolean }) =>
  new Elysia({ name: "request-context" })
    // Every JSON body is read here, capped at 1 MB.
    .use(jsonBody)
    .onRequest(({ request, set }) => {
      const requestId = crypto.randomUUID();
      set.headers["x-request-id"] = requestId;
      Object.assign(set.headers, securityHeaders(request, options.trustProxy ?? false));
    })
    .derive({ as: "global" }, () => ({ startedAt: performance.now() }))
    .onAfterResponse({ as: "global" }, (context) => {
      if (!options.log) return;
      const { request, set, startedAt } = context;
      const value = (context as { responseValue?: unknown }).responseValue;
      const status = value instanceof Response ? value.status : (set.status ?? 200);
      const url = new URL(request.url);
      console.log(
        JSON.stringify({
          level: "info",
          requestId: set.headers["x-request-id"],
          method: request.method,
          path: url.pathname,
          status,
          ms: startedAt === undefined ? undefined : Math.round((performance.now() - startedAt) * 10) / 10,
        }),
      );
    });
