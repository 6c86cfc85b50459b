// One place that turns failures into JSON answers: our own HttpErrors, validation and
// parse failures (400 naming each bad field) and, for anything unexpected, a 500 that
// carries only a request id.
import { Elysia, type ValidationError } from "elysia";
import { type FieldErrors, toFieldErrors } from "../lib/field-errors";
import { isJsonType } from "./media-type";
import { securityHeaders } from "./security-headers";

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: FieldErrors) => new HttpError(400, message, errors);
/** A 400 for one field, its message both the answer's and the field's. */
export const fieldError = (field: string, message: string) => badRequest(message, { [field]: message });
/** A 400 naming each field a form got wrong, for forms a service checks itself (multipart uploads, stored drafts). */
export const invalidFields = (errors: FieldErrors) => badRequest("Please correct the highlighted fields.", errors);
export const unauthorized = (message = "Sign in to continue.") => new HttpError(401, message);
export const forbidden = (message = "You do not have access to this.") => new HttpError(403, message);
export const notFound = (message = "Not found.") => new HttpError(404, message);
/** What a lookup found, or a 404 with `message` when it found nothing. */
export function found<T>(row: T | null | undefined, message: string): T {
  if (row === null || row === undefined) throw notFound(message);
  return row;
}
export const conflict = (message: string, extra?: Record<string, unknown>) => new HttpError(409, message, undefined, undefined, extra);
export const tooMany = (retryAfterSeconds: number, message = "Too many requests. Please try again later.") =>
  new HttpError(429, message, undefined, { "retry-after": String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/** A body past the 1 MB every JSON endpoint accepts. */
export const bodyTooLarge = () => new HttpError(413, "The request body is too large (1 MB at most).");
/** A body sent with another Content-Type than JSON, or none, to an endpoint that reads JSON. */
export const NOT_JSON_MESSAGE = "Please send the request body as JSON (Content-Type: application/json).";
export const NOT_AN_OBJECT_MESSAGE = "Please send the request body as a JSON object.";
/** A body that does not parse. */
export const unreadableBody = () => badRequest("The request body could not be read. Send valid JSON.");
/** JSON nested past what any endpoint takes; see json-body.ts. */
export const nestedTooDeep = (levels: number) => badRequest(`The request body nests arrays and objects more than ${levels} levels deep.`);
/** An /api/ path no route answers. */
export const noSuchEndpoint = (method: string, pathname: string) => notFound(`No such endpoint: ${method} ${pathname}`);

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
  });
}

/** Logs what went wrong (never request bodies) and answers 500 with only the request id. */
function internalError(requestId: string, logMessage: string): Response {
  console.error(JSON.stringify({ level: "error", requestId, message: logMessage }));
  return json(500, { message: "Something went wrong on our side. Please try again.", requestId }, { "x-request-id": requestId });
}

interface ErrorContext {
  code: string | number;
  error: unknown;
  request: Request;
  set: { headers: Record<string, unknown> };
}

function answerError({ code, error, request, set }: ErrorContext): Response {
  const requestId = (set.headers["x-request-id"] as string | undefined) ?? crypto.randomUUID();
  const ids = { "x-request-id": requestId };
  // A body parser's own refusal (413, 429, ...) arrives wrapped in Elysia's parse error.
  const cause = code === "PARSE" ? (error as Error).cause : undefined;
  const own = error instanceof HttpError ? error : cause instanceof HttpError ? cause : null;
  if (own) {
    const body: Record<string, unknown> = { message: own.message, ...own.extra };
    if (own.errors) body.errors = own.errors;
    return json(own.status, body, { ...ids, ...own.headers });
  }
  switch (code) {
    case "VALIDATION": {
      const invalid = error as ValidationError;
      // An answer that fails its own schema is a bug on our side, not bad input.
      if (invalid.type === "response") {
        const problems = [...(invalid.all as Iterable<{ path?: string; message?: string }>)].map((e) => `${e.path || "/"}: ${e.message}`);
        return internalError(
          requestId,
          `${request.method} ${new URL(request.url).pathname} answered outside its schema: ${problems.join("; ")}`,
        );
      }
      const errors = toFieldErrors(invalid.all as Iterable<never>);
      const where = invalid.type === "params" ? "address" : invalid.type === "query" ? "query" : "request";
      // A body sent as anything but JSON is left unread (json-body.ts): say so, not only what it lacks.
      const notJson = invalid.type === "body" && !isJsonType(request.headers.get("content-type"));
      const message = notJson ? NOT_JSON_MESSAGE : `Please correct the highlighted fields in the ${where}.`;
      return json(400, { message, errors }, ids);
    }
    case "PARSE":
      return json(400, { message: unreadableBody().message }, ids);
    case "NOT_FOUND":
      return json(404, { message: noSuchEndpoint(request.method, new URL(request.url).pathname).message }, ids);
    default: {
      const status = typeof (error as { status?: unknown }).status === "number" ? (error as { status: number }).status : 500;
      if (status >= 400 && status < 500) {
        return json(status, { message: (error as Error).message || "Bad request." }, ids);
      }
      // An error's stack can be empty (one built by native code): its name still says something.
      return internalError(requestId, (error as Error)?.stack || String(error));
    }
  }
}

/**
 * The answer when answering the error failed too (its stack overflowed again, a property
 * threw): a plain 500 with the request id and the security headers, built from nothing
 * that can throw, so Bun's bare fallback page never reaches a client.
 */
export function lastResortAnswer(request: Request, headers: Record<string, unknown> = {}, trustProxy = false): Response {
  let requestId = typeof headers["x-request-id"] === "string" ? headers["x-request-id"] : "";
  if (!requestId) requestId = crypto.randomUUID();
  try {
    console.error(JSON.stringify({ level: "error", requestId, message: "answering an error failed; answered 500" }));
  } catch {
    // Logging must not stop the answer.
  }
  const own = Object.fromEntries(Object.entries(headers).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  return new Response(JSON.stringify({ message: "Something went wrong on our side. Please try again.", requestId }), {
    status: 500,
    headers: {
      ...securityHeaders(request, trustProxy),
      ...own,
      "content-type": "application/json; charset=utf-8",
      "x-request-id": requestId,
    },
  });
}

export const errorHandling = new Elysia({ name: "error-handling" }).error({ HttpError }).onError({ as: "global" }, (context) => {
  try {
    return answerError(context);
  } catch {
    return lastResortAnswer(context.request, context.set.headers);
  }
});
