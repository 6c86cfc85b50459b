// The one reader of JSON request bodies, for every endpoint: at most 1 MB, counted while
// the bytes arrive, so a chunked upload without Content-Length is refused as early as a
// declared one, and at most 32 levels deep, checked before anything parses or validates
// it (validation and error reporting recurse, so 50,000 nested arrays overflowed the stack
// twice and held the event loop for seconds).
import { Elysia } from "elysia";
import { plainTextKeepingEnds } from "../lib/plain-text";
import { badRequest, bodyTooLarge, NOT_AN_OBJECT_MESSAGE, NOT_JSON_MESSAGE, nestedTooDeep, unreadableBody } from "./errors";
import { isJsonType } from "./media-type";

export const maxJsonBytes = 1024 * 1024;
/** Our deepest payload nests four levels; the margin is for clients, not for attackers. */
export const maxJsonDepth = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/**
 * Whether the JSON text nests arrays and objects past `limit`, counting brackets outside
 * strings. Reads the UTF-8 bytes: no byte of a multi-byte character is ASCII, so none is
 * mistaken for a bracket or a quote. Malformed text is left for JSON.parse to refuse.
 */
export function nestsDeeperThan(bytes: Uint8Array, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
      if (++depth > limit) return true;
    } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) depth--;
  }
  return false;
}

/** The body's bytes, refused (`tooLarge`, a 413) as soon as they pass `maxBytes`. */
export async function readCapped(request: Request, maxBytes: number, tooLarge: () => Error = bodyTooLarge): Promise<Uint8Array> {
  const declared = request.headers.get("content-length");
  if (Number(declared ?? 0) > maxBytes) throw tooLarge();
  if (!request.body) return new Uint8Array();
  // A declared length is enforced by the HTTP server, so the native reader is safe and fast;
  // only a chunked body needs counting as it arrives.
  if (declared !== null) {
    const bytes = new Uint8Array(await request.arrayBuffer());
    if (bytes.byteLength > maxBytes) throw tooLarge();
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
      throw tooLarge();
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
  const bytes = await readCapped(request, maxBytes);
  if (nestsDeeperThan(bytes, maxJsonDepth)) throw nestedTooDeep(maxJsonDepth);
  const text = new TextDecoder().decode(bytes);
  if (!text.trim()) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw unreadableBody();
  }
  return typedText(parsed);
}

/** The fields people type in a text area, whose line breaks are theirs; every other text is one line. */
const MULTILINE_FIELDS = new Set(["message", "note", "reason", "additionalNotes", "eligibilityRequirements"]);
/** Fields taken exactly as sent: a password is whatever it is. */
const VERBATIM_FIELDS = new Set(["password"]);

/**
 * Every string of a JSON body as a person could have typed it, before any check reads it:
 * no control characters or direction overrides, and no line breaks outside a text area. A
 * name, a class or a business is copied into emails and notices sent under our name, where
 * a line break or an override would start a line of the sender's own (plain-text.ts).
 */
function typedText(value: unknown, field?: string): unknown {
  if (typeof value === "string") {
    if (field !== undefined && VERBATIM_FIELDS.has(field)) return value;
    return plainTextKeepingEnds(value, field !== undefined && MULTILINE_FIELDS.has(field));
  }
  if (Array.isArray(value)) return value.map((item) => typedText(item, field));
  if (value !== null && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, typedText(item, key)]));
  return value;
}

/**
 * Installs the reader for every route. The API speaks JSON: any other typed body is left
 * unread (null), so no framework parser buffers it; an upload route reads its own request.
 * With no body, Elysia's own handling of a missing body applies (undefined).
 */
export const jsonBody = new Elysia({ name: "json-body" }).onParse({ as: "global" }, ({ request, contentType }) => {
  if (isJsonType(contentType)) return readJsonBody(request);
  if (contentType) return null;
});

/**
 * The parse hook of a route that reads its own request (an upload): nothing parses its
 * body, with or without one. Elysia's `parse: "none"` is looked up as a parser it does not
 * have when a request carries no body at all, which answered "Send valid JSON" (400) before
 * the session was even checked.
 */
export const ownBody = () => null;

/**
 * The transform of a route whose body's fields may all be left out: no body reads as an
 * empty object, and a body that is not an object (a string, an array, null) is refused
 * before the schema sees it. Elysia let any JSON value through as "no fields", optional
 * schema or not (it reads a string as an object to parse).
 */
export const noBodyIsEmpty = (context: { body: unknown; request: Request }) => {
  if (context.body === undefined) context.body = {};
  else if (context.body === null || typeof context.body !== "object" || Array.isArray(context.body))
    // A body of another type is left unread (null): say to send JSON, as the schema's refusal would.
    throw badRequest(isJsonType(context.request.headers.get("content-type")) ? NOT_AN_OBJECT_MESSAGE : NOT_JSON_MESSAGE);
};
