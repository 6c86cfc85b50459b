// The browser's one way to call the API: sends cookies, speaks JSON (or multipart for
// uploads), and turns any non-OK answer into an ApiError whose message is
// "status: body text" (or the status text when the body is empty), while keeping the
// parsed `{ message, errors }` so forms can show the server's message next to each field.

export interface ApiErrorBody {
  message?: string;
  errors?: Record<string, string>;
  [key: string]: unknown;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    readonly body: ApiErrorBody | null,
    statusText = "",
  ) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = "ApiError";
  }

  /** The server's own message (`body.message`), when it sent one. */
  get serverMessage(): string | undefined {
    return typeof this.body?.message === "string" && this.body.message ? this.body.message : undefined;
  }

  /** The server's per-field messages, keyed by field name. */
  get fieldErrors(): Record<string, string> {
    return this.body?.errors && typeof this.body.errors === "object" ? this.body.errors : {};
  }
}

/** The message to show a person for any failure: the server's message, else the error's. */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return fallback;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Sends a request; answers the Response when it is OK (for callers that read headers), else throws ApiError. */
export async function send(method: string, path: string, body?: unknown): Promise<Response> {
  const init: RequestInit = { method, credentials: "include", headers: { accept: "application/json" } };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)["content-type"] = "application/json";
  }
  const response = await fetch(path, init);
  if (!response.ok) {
    const text = await response.text().catch(() => "");
    const parsed = parseJson(text);
    const errorBody = parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as ApiErrorBody) : null;
    throw new ApiError(response.status, text, errorBody, response.statusText);
  }
  return response;
}

export async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  const text = await (await send(method, path, body)).text();
  return (text ? parseJson(text) : null) as T;
}

export const api = {
  get: <T>(path: string) => request<T>("GET", path),
  post: <T>(path: string, body?: unknown) => request<T>("POST", path, body),
  put: <T>(path: string, body?: unknown) => request<T>("PUT", path, body),
};
