// The one reader of JSON request bodies, for every endpoint: at most 1 MB, counted while
// the bytes arrive, so a chunked upload without Content-Length is refused as early as a
// declared one.
import { Elysia } from "elysia";
import { bodyTooLarge, unreadableBody } from "./errors";

export const maxJsonBytes = 1024 * 1024;

const isJson = (contentType: string) => {
  const media = contentType.split(";")[0]!.trim().toLowerCase();
  return media === "application/json" || media.endsWith("+json");
};

/** The body's bytes, refused with 413 as soon as they pass `maxBytes`. */
export async function readCapped(request: Request, maxBytes: number): Promise<Uint8Array> {
  const declared = request.headers.get("content-length");
  if (Number(declared ?? 0) > maxBytes) throw bodyTooLarge();
  if (!request.body) return new Uint8Array();
  // A declared length is enforced by the HTTP server, so the native reader is safe and fast;
  // only a chunked body needs counting as it arrives.
  if (declared !== null) {
    const bytes = new Uint8Array(await request.arrayBuffer());
    if (bytes.byteLength > maxBytes) throw bodyTooLarge();
    return bytes;
  }
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw bodyTooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** Parses a JSON body of at most `maxBytes`; an empty one reads as no body (undefined). */
export async function readJsonBody(request: Request, maxBytes = maxJsonBytes): Promise<unknown> {
  const text = new TextDecoder().decode(await readCapped(request, maxBytes));
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw unreadableBody();
  }
}

/**
 * Installs the reader for every route. The API speaks JSON: any other typed body is left
 * unread (null), so no framework parser buffers it; an upload route reads its own request.
 * With no body, Elysia's own handling of a missing body applies (undefined).
 */
export const jsonBody = new Elysia({ name: "json-body" }).onParse({ as: "global" }, ({ request, contentType }) => {
  if (isJson(contentType ?? "")) return readJsonBody(request);
  if (contentType) return null;
});
