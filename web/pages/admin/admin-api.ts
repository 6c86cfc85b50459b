// The admin screens' calls, on the browser's one API client (web/api.ts).
import { ApiError, request as requestJson, send } from "../../api";

export { ApiError };

/** The raw answer, for calls whose headers matter (the list's count and cursor). */
export const request = (path: string, init: { method?: string } = {}): Promise<Response> => send(init.method ?? "GET", path);

export const getJson = <T>(path: string): Promise<T> => requestJson<T>("GET", path);

export const sendJson = <T>(method: "POST" | "PUT", path: string, body?: unknown): Promise<T> => requestJson<T>(method, path, body);

export const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;

/** The browser's IANA time zone, so 'today' means the admin's today. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
