// Component tests answer the browser's fetch calls from a table of canned HTTP answers, so a
// screen can be shown loading, failing or succeeding; every call is recorded for asserts.
// The yearly figures every calculator reads are answered as published unless a test says
// otherwise.
import { SIGNED_IN_COOKIE } from "@src/lib/signed-in-cookie";
import { publishedFigures } from "@src/modules/compliance/figures.fixture";
export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
}

type Answer = { status?: number; json?: unknown; text?: string; headers?: Record<string, string> } | "pending";
type Handler = Answer | ((call: RecordedCall) => Answer);

/** Plays the server's Set-Cookie of its signed-in cookie (SIGNED_IN_COOKIE), which the header reads. */
export function saySignedIn(signedIn: boolean) {
  // A past Expires, not Max-Age=0: happy-dom reads Max-Age=0 as expiring now and keeps the
  // cookie until the clock moves on, so a check in the same millisecond still found it.
  // biome-ignore lint/suspicious/noDocumentCookie: the test stands in for the server's Set-Cookie header.
  document.cookie = signedIn ? `${SIGNED_IN_COOKIE}=1; Path=/` : `${SIGNED_IN_COOKIE}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}

/**
 * Whether the table's server has a session at the start: unless it refuses to say who is
 * signed in, the screens are tested as a signed-in browser opens them (the refusals of a
 * signed-out one come from the table's answers all the same).
 */
const startsSignedIn = (me: Handler | undefined) =>
  me === undefined || typeof me === "function" || me === "pending" || (me.status ?? 200) < 400;

export function fakeServer(routes: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  saySignedIn(startsSignedIn(routes["GET /api/auth/me"]));
  const original = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://localhost");
    const method = (init.method ?? "GET").toUpperCase();
    let body: unknown = init.body;
    if (typeof body === "string") body = JSON.parse(body);
    const call = { method, path: url.pathname + url.search, body };
    calls.push(call);
    const handler =
      routes[`${method} ${url.pathname}`] ??
      (`${method} ${url.pathname}` === "GET /api/figures" ? { json: { figures: publishedFigures } } : undefined);
    if (!handler) return new Response(JSON.stringify({ message: `No such endpoint: ${method} ${url.pathname}` }), { status: 404 });
    const answer = typeof handler === "function" ? handler(call) : handler;
    if (answer === "pending") return new Promise<Response>(() => {});
    // As the server does: a refused request has no session, and a sign-out ends it.
    const status = answer.status ?? 200;
    if (status === 401 || (url.pathname === "/api/auth/logout" && status < 400)) saySignedIn(false);
    const text = answer.text ?? (answer.json === undefined ? "" : JSON.stringify(answer.json));
    // An empty body is not JSON; saying it is would make a JSON reader fail where the real server's empty answers do not.
    return new Response(text, {
      status,
      headers: { ...(text ? { "content-type": "application/json" } : {}), ...answer.headers },
    });
  }) as typeof fetch;
  return {
    calls,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
    restore: () => {
      globalThis.fetch = original;
      saySignedIn(false);
    },
  };
}
