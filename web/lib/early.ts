// A request a screen needs as it opens, started when its route is chosen instead of after
// the screen's code has downloaded: the two overlap, and the screen shows a round trip
// sooner on a slow phone. Only a plain fetch lives here, so the main bundle stays small.

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
export function takeEarly(path: string): Promise<Response | null> | undefined {
  const early = started.get(path);
  started.delete(path);
  return early;
}
