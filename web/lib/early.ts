// A request a screen needs as it opens, started when its route is chosen instead of after
// the screen's code has downloaded: the two overlap, and the screen shows a round trip
// sooner on a slow phone. Only a plain fetch lives here, so the main bundle stays small.
import { refusal } from "../api/errors";

const started = new Map<string, Promise<Response | null>>();

/** Starts a GET of `path` with the session cookies, once; a network failure answers null. */
export function startEarly(path: string): void {
  if (started.has(path)) return;
  started.set(
    path,
    fetch(path, { credentials: "include", headers: { accept: "application/json" } }).catch(() => null),
  );
}

/** The GET started for `path`, handed out once; undefined when none was started. */
function takeEarly(path: string): Promise<Response | null> | undefined {
  const early = started.get(path);
  started.delete(path);
  return early;
}

/**
 * The answer of the GET started early for `path` when there is one (a refusal thrown as the
 * typed client throws it), else of `now`, the screen's own request through the client.
 */
export async function readEarly<T>(path: string, now: () => Promise<T>): Promise<T> {
  const early = await takeEarly(path);
  if (!early) return now();
  if (!early.ok) throw await refusal(early);
  return (await early.json()) as T;
}
