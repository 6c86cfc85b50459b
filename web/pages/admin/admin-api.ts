// A small typed fetch for the admin screens. Every call sends the session cookie; a non-OK
// answer becomes an ApiError carrying the status and the server's message.
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly serverMessage: string | null,
  ) {
    super(message);
  }
}

export async function request(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.body !== undefined && !headers.has("content-type")) headers.set("content-type", "application/json");
  const res = await fetch(path, { ...init, headers, credentials: "same-origin" });
  if (!res.ok) {
    const text = await res.text().catch(() => "");
    let serverMessage: string | null = null;
    try {
      const parsed = JSON.parse(text) as { message?: unknown };
      if (typeof parsed.message === "string") serverMessage = parsed.message;
    } catch {
      // not JSON: keep the text in the error message only
    }
    throw new ApiError(res.status, `${res.status}: ${text || res.statusText}`, serverMessage);
  }
  return res;
}

export async function getJson<T>(path: string): Promise<T> {
  return (await request(path)).json() as Promise<T>;
}

export async function sendJson<T>(method: "POST" | "PUT", path: string, body?: unknown): Promise<T> {
  const res = await request(path, { method, body: body === undefined ? undefined : JSON.stringify(body) });
  return res.json() as Promise<T>;
}

export const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;

/** The browser's IANA time zone, so 'today' means the admin's today. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
