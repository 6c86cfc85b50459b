// JSON calls to our API. A non-OK answer becomes an ApiError whose message is the status, a
// colon and the body text (spec §7), keeping the parsed body for field errors.
import type { FieldErrors } from "../../src/lib/field-errors";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: { message?: string; errors?: FieldErrors } | null,
    text: string,
  ) {
    super(`${status}: ${text}`);
  }
  get fieldErrors(): FieldErrors {
    return this.body?.errors ?? {};
  }
  /** The server's own sentence when it sent one. */
  get serverMessage(): string | undefined {
    return this.body?.message;
  }
}

export async function apiRequest<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: "include",
    headers: body === undefined ? { accept: "application/json" } : { accept: "application/json", "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  if (!response.ok) throw new ApiError(response.status, parsed as ApiError["body"], text || response.statusText);
  return parsed as T;
}
