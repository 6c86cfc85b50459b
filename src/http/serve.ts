// Serves the app with Bun through one fetch handler that sees every request and the answer
// that goes back, so the request log records the status actually sent: validation 400s,
// 413s and 429s refused before a route runs, 404s of unknown routes, 500s, and requests
// finishing while the server shuts down. (Elysia's own `listen` hands most routes to Bun's
// router, past any wrapper, and its after-response hook sees `set.status`, which is not
// what an error answer sends.)
//
// A body whose declared length is past what any endpoint reads is refused here, before the
// app, with a JSON 413 that is logged like any other answer. Bun's own body limit is set
// out of reach, because it refuses such a request before any code runs: no log line, no
// request id. Bodies streamed without a length are capped by their readers (json-body.ts,
// the census upload); a body nobody reads is drained and dropped by Bun without buffering.
import type { Server } from "bun";
import type { AnyElysia } from "elysia";
import { lastResortAnswer } from "./errors";
import { securityHeaders } from "./security-headers";

/**
 * The largest body any endpoint reads: a premium claim's five 5 MB files and their
 * multipart envelope, rounded up to a whole megabyte. Each route refuses what is past its
 * own limit (1 MB of JSON, a 5 MB census, a 5 MB proof) by its declared length too.
 */
export const maxRequestBytes = 26 * 1024 * 1024;
/**
 * Seconds a connection may wait on its answer. Bun's default (10) resets a request still
 * being answered, and the census reader may take 20 s (SHEET_READER_LIMITS).
 */
export const idleTimeoutSeconds = 30;

export interface ServeOptions {
  port: number;
  hostname: string;
  /** One JSON line per request on stdout (LOG_REQUESTS). */
  log: boolean;
  trustProxy: boolean;
}

function tooLarge(request: Request, trustProxy: boolean): Response {
  // Said of every endpoint, not of this one: a route's own limit is often smaller (1 MB of JSON, a 5 MB proof).
  return new Response(
    JSON.stringify({ message: `The request body is too large: no endpoint takes more than ${maxRequestBytes / 1024 / 1024} MB.` }),
    {
      status: 413,
      headers: {
        ...securityHeaders(request, trustProxy),
        "content-type": "application/json; charset=utf-8",
        "x-request-id": crypto.randomUUID(),
        // The unread body is not worth draining: Bun closes the connection after the answer.
        connection: "close",
      },
    },
  );
}

function logLine(request: Request, response: Response, startedAt: number) {
  console.log(
    JSON.stringify({
      level: "info",
      requestId: response.headers.get("x-request-id") ?? undefined,
      method: request.method,
      path: new URL(request.url).pathname,
      status: response.status,
      ms: Math.round((performance.now() - startedAt) * 10) / 10,
    }),
  );
}

/** Starts Bun's server on the app; the app's handlers see it as their `server`. */
export function serveApp(app: AnyElysia, options: ServeOptions): Server<undefined> {
  const answer = async (request: Request): Promise<Response> => {
    if (Number(request.headers.get("content-length") ?? 0) > maxRequestBytes) return tooLarge(request, options.trustProxy);
    try {
      return await app.fetch(request);
    } catch {
      // The error handler answers every failure; this is for one it could not answer.
      return lastResortAnswer(request, {}, options.trustProxy);
    }
  };
  const server = Bun.serve({
    port: options.port,
    hostname: options.hostname,
    maxRequestBodySize: Number.MAX_SAFE_INTEGER,
    idleTimeout: idleTimeoutSeconds,
    async fetch(request) {
      const startedAt = performance.now();
      const response = await answer(request);
      if (options.log) {
        try {
          logLine(request, response, startedAt);
        } catch {
          // A log that cannot be written must not cost the client its answer.
        }
      }
      return response;
    },
  });
  app.server = server;
  return server;
}
