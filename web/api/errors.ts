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

/** The ApiError for a non-OK answer, read from its body as the server sent it. */
export async function refusal(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => "");
  const parsed = parseJson(text);
  const body = parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as ApiErrorBody) : null;
  return new ApiError(response.status, text, body, response.statusText);
}
