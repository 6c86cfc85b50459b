// How the browser reports a refused request: an ApiError whose message is
// "status: body text" (or the status text when the body is empty), keeping the parsed
// `{ message, errors }` so forms can show the server's message next to each field. Both the
// typed client (client.ts) and the lead forms' own small fetch build it here.

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
    /** A 429's Retry-After, in seconds (null when the server sent none or nothing readable). */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = "ApiError";
  }

  /**
   * The server's own message (`body.message`), when it sent one. A 429 always has one: when
   * to try again, from its Retry-After ("Too many requests. Please try again in 2 minutes."),
   * so every form that shows the server's message says how long to wait.
   */
  get serverMessage(): string | undefined {
    const sent = typeof this.body?.message === "string" && this.body.message ? this.body.message : undefined;
    return this.status === 429 ? waitMessage(sent, this.retryAfterSeconds) : sent;
  }

  /** The server's per-field messages, keyed by field name. */
  get fieldErrors(): Record<string, string> {
    return this.body?.errors && typeof this.body.errors === "object" ? this.body.errors : {};
  }
}

/** The message to show a person for any failure: the server's message, else the fallback. */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return fallback;
}

/** Whether the failure is the server saying the session is missing or over. */
export const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Retry-After as seconds: a number of seconds, or an HTTP date; null for anything else. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

const unit = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

/** How long to wait, rounded up to the unit a person reads: "30 seconds", "2 minutes", "1 hour". */
export function waitText(seconds: number): string {
  if (seconds < 60) return unit(Math.max(1, Math.ceil(seconds)), "second");
  if (seconds < 3600) return unit(Math.ceil(seconds / 60), "minute");
  return unit(Math.ceil(seconds / 3600), "hour");
}

/** A 429's message: the server's reason (its own "try again" replaced) and when to try again. */
export function waitMessage(sent: string | undefined, seconds: number | null): string {
  const reason = (sent ?? "Too many requests.").replace(/\s*Please try again[^.]*\.\s*$/, "").trim() || "Too many requests.";
  return `${reason} Please try again ${seconds === null ? "later" : `in ${waitText(seconds)}`}.`;
}

/** The ApiError for a non-OK answer, read from its body as the server sent it. */
export async function refusal(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => "");
  const parsed = parseJson(text);
  const body = parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as ApiErrorBody) : null;
  return new ApiError(response.status, text, body, response.statusText, retryAfterSeconds(response.headers.get("retry-after")));
}
