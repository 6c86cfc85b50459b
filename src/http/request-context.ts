// Gives every request an id (echoed in `x-request-id`), the security headers, and a log
// line when it ends: method, path, status and duration, never bodies or personal data.
import { Elysia } from "elysia";
import { securityHeaders } from "./security-headers";

const maxJsonBytes = 1024 * 1024;

/** `trustProxy`: honour X-Forwarded-Proto (TRUST_PROXY=1); without it only a TLS socket is HTTPS. */
export const requestContext = (options: { log: boolean; trustProxy?: boolean }) =>
  new Elysia({ name: "request-context" })
    .onRequest(({ request, set }) => {
      const requestId = crypto.randomUUID();
      set.headers["x-request-id"] = requestId;
      Object.assign(set.headers, securityHeaders(request, options.trustProxy ?? false));
      const type = request.headers.get("content-type") ?? "";
      const length = Number(request.headers.get("content-length") ?? 0);
      if (type.includes("json") && length > maxJsonBytes) {
        return new Response(JSON.stringify({ message: "The request body is too large (1 MB at most)." }), {
          status: 413,
          headers: { "content-type": "application/json; charset=utf-8", "x-request-id": requestId },
        });
      }
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
