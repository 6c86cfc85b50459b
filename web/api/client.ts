// The typed client of the API for every screen but the marketing pages (their lead forms
// keep a plain fetch, so this stays out of the home page's first load). Answers are typed
// from the server's routes through its exported App type.
import { treaty } from "@elysiajs/eden/treaty2";
// biome-ignore lint/style/noRestrictedImports: Eden reads the routes from the server's App type; a type-only import adds no server code to the bundle.
import type { App } from "@src/app";
import { refusal } from "./errors";

/**
 * Refusals become ApiError here, before Eden parses the body, so the error quotes the body
 * exactly as sent. Looked up on each call, so a test's replacement fetch answers too.
 */
async function fetchOrRefuse(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const response = await globalThis.fetch(input, init);
  if (!response.ok) throw await refusal(response);
  return response;
}

export const api = treaty<App>("", {
  // Same origin ("" kept as is, so paths stay relative), with the session cookies.
  keepDomain: true,
  fetch: { credentials: "include" },
  headers: { accept: "application/json" },
  fetcher: fetchOrRefuse as typeof fetch,
  // Dates travel as ISO strings and the shared schemas type them so; Eden would turn them into Date objects.
  parseDate: false,
});

type Answer = { data: unknown; error: unknown; response: Response | undefined };
type Success<R> = Extract<R, { error: null }>;

/** The answer's body and headers, or the failure thrown: an ApiError for a refusal, the fetch's own error when the network failed. */
export async function answer<R extends Answer>(pending: Promise<R>): Promise<{ data: Success<R>["data"]; headers: Headers }> {
  const result = await pending;
  if (result.error === null && result.response) return { data: result.data as Success<R>["data"], headers: result.response.headers };
  // A failure of the fetcher above (a refusal or the network) reaches us as Eden's error
  // wrapping what was thrown.
  const thrown = (result.error as { value?: unknown } | null)?.value;
  throw thrown instanceof Error ? thrown : new Error(`Unreadable answer from the API (${String(thrown)})`);
}

/** The answer's body, typed from the route; throws as `answer` does. */
export const read = async <R extends Answer>(pending: Promise<R>): Promise<Success<R>["data"]> => (await answer(pending)).data;
