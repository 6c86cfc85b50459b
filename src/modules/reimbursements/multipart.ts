// A multipart/form-data reader (RFC 7578) that streams: each file part goes to its sink as
// its bytes arrive, so a 25 MB upload never sits in memory whole, and a body past a limit
// is refused at that byte instead of after reading it all. Text parts are kept, each up to
// a small limit. Parts the caller did not ask for are read past and dropped.

export class MultipartProblem extends Error {
  constructor(
    readonly problem: "malformed" | "too-large" | "too-many-parts" | "field-too-large" | "too-many-files",
    message: string = problem,
  ) {
    super(message);
  }
}

export interface FileSink {
  write(chunk: Uint8Array): Promise<void>;
  end(): Promise<void>;
}

export interface MultipartOptions {
  /** Text parts to keep, by name; each at most `maxFieldBytes`. */
  textFields: readonly string[];
  /** The one name file parts are read under. */
  fileField: string;
  maxFiles: number;
  maxFieldBytes: number;
  /** Every byte of the body, envelope included. */
  maxBodyBytes: number;
  /** Opens where a file part's bytes go; called when the part starts. */
  openFile(fileName: string): Promise<FileSink>;
}

const MAX_PARTS = 50;
const MAX_HEADER_BYTES = 8 * 1024;
const CRLF = Buffer.from("\r\n");
const HEADER_END = Buffer.from("\r\n\r\n");

/** The boundary of a multipart/form-data Content-Type, or null when it is not one. */
export function boundaryOf(contentType: string | null): string | null {
  if (!contentType || !/^\s*multipart\/form-data\s*;/i.test(contentType)) return null;
  const match = contentType.match(/;\s*boundary\s*=\s*(?:"([^"]{1,70})"|([^\s;]{1,70}))/i);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

interface PartHeaders {
  name: string | null;
  fileName: string | null;
}

function parseHeaders(block: Buffer): PartHeaders {
  let name: string | null = null;
  let fileName: string | null = null;
  for (const line of block.toString("utf8").split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon < 0 || line.slice(0, colon).trim().toLowerCase() !== "content-disposition") continue;
    const value = line.slice(colon + 1);
    if (!/^\s*form-data\b/i.test(value)) throw new MultipartProblem("malformed");
    // Browsers write a quote in a name as %22 and never escape with backslashes, so a
    // backslash is part of the name (a Windows path, dropped below).
    for (const param of value.matchAll(/;\s*([A-Za-z*]+)\s*=\s*(?:"([^"]*)"|([^;]*))/g)) {
      const key = param[1]!.toLowerCase();
      const raw = param[2] !== undefined ? param[2] : param[3]!.trim();
      if (key === "name") name = raw;
      else if (key === "filename") fileName = raw;
      else if (key === "filename*") {
        // RFC 5987: charset'lang'percent-encoded (older clients send it besides filename).
        const encoded = raw.match(/^[^']*'[^']*'(.*)$/)?.[1];
        try {
          if (encoded !== undefined) fileName = decodeURIComponent(encoded);
        } catch {
          throw new MultipartProblem("malformed");
        }
      }
    }
  }
  return { name, fileName };
}

/** C0 controls and DEL: nothing a file name needs, and trouble in a header. */
const isControl = (ch: string) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f;

/** A file's name as sent, with any path a browser or tool included dropped. */
export const plainFileName = (name: string) =>
  [...(name.split(/[\\/]/).pop() ?? "")]
    .filter((ch) => !isControl(ch))
    .join("")
    .slice(0, 200) || "document";

/** The length of the longest end of `bytes` that begins `delimiter` (0 when none does). */
function partialDelimiter(bytes: Buffer, delimiter: Buffer): number {
  for (let at = Math.max(0, bytes.length - delimiter.length + 1); at < bytes.length; at++) {
    if (bytes[at] !== delimiter[0]) continue;
    if (bytes.subarray(at).equals(delimiter.subarray(0, bytes.length - at))) return bytes.length - at;
  }
  return 0;
}

/**
 * Reads the body: answers the kept text fields, and has written each file part under
 * `fileField` to the sink `openFile` gave it. Throws MultipartProblem on a malformed or
 * oversized body, or whatever a sink threw; the caller discards the files it opened.
 */
export async function readMultipart(
  body: ReadableStream<Uint8Array>,
  boundary: string,
  options: MultipartOptions,
): Promise<{ fields: Record<string, string> }> {
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const keep = new Set(options.textFields);
  const fields: Record<string, string> = {};
  // The body's first boundary has no CRLF before it: one is supplied so every boundary reads alike.
  let buffer: Buffer = Buffer.from(CRLF);
  type State = "preamble" | "boundary" | "headers" | "content" | "done";
  let state = "preamble" as State;
  let received = 0;
  let parts = 0;
  let files = 0;
  let text: Buffer[] | null = null;
  let textLength = 0;
  let textName = "";
  let sink: FileSink | null = null;

  const startPart = async (headers: PartHeaders) => {
    parts += 1;
    if (parts > MAX_PARTS) throw new MultipartProblem("too-many-parts");
    if (headers.fileName !== null && headers.name === options.fileField) {
      files += 1;
      if (files > options.maxFiles) throw new MultipartProblem("too-many-files");
      sink = await options.openFile(plainFileName(headers.fileName));
    } else if (headers.fileName === null && headers.name !== null && keep.has(headers.name)) {
      text = [];
      textLength = 0;
      textName = headers.name;
    }
  };
  const content = async (bytes: Buffer) => {
    if (bytes.length === 0) return;
    if (sink) await sink.write(bytes);
    else if (text) {
      textLength += bytes.length;
      if (textLength > options.maxFieldBytes) throw new MultipartProblem("field-too-large", textName);
      text.push(Buffer.from(bytes));
    }
  };
  const endPart = async () => {
    if (sink) await sink.end();
    else if (text) fields[textName] = Buffer.concat(text).toString("utf8");
    sink = null;
    text = null;
  };

  /** Consumes what the buffer holds; false when it needs more bytes. */
  const step = async (): Promise<boolean> => {
    switch (state) {
      case "preamble": {
        const at = buffer.indexOf(delimiter);
        if (at < 0) {
          buffer = buffer.subarray(Math.max(0, buffer.length - delimiter.length));
          return false;
        }
        buffer = buffer.subarray(at + delimiter.length);
        state = "boundary";
        return true;
      }
      case "boundary": {
        // After a boundary: "--" ends the body, CRLF starts a part (transport padding allowed).
        const lineEnd = buffer.indexOf(CRLF);
        if (buffer.length >= 2 && buffer[0] === 0x2d && buffer[1] === 0x2d) {
          state = "done";
          return false;
        }
        if (lineEnd < 0) {
          if (buffer.length > 256) throw new MultipartProblem("malformed");
          return false;
        }
        if (buffer.subarray(0, lineEnd).toString("latin1").trim() !== "") throw new MultipartProblem("malformed");
        buffer = buffer.subarray(lineEnd + 2);
        state = "headers";
        return true;
      }
      case "headers": {
        const at = buffer.indexOf(HEADER_END);
        if (at < 0) {
          if (buffer.length > MAX_HEADER_BYTES) throw new MultipartProblem("malformed");
          return false;
        }
        await startPart(parseHeaders(buffer.subarray(0, at)));
        buffer = buffer.subarray(at + HEADER_END.length);
        state = "content";
        return true;
      }
      case "content": {
        const at = buffer.indexOf(delimiter);
        if (at < 0) {
          // Everything but a tail that may be the start of the delimiter belongs to the part.
          // Mostly there is no such tail, and the next chunk is read as it came, uncopied.
          const safe = buffer.length - partialDelimiter(buffer, delimiter);
          if (safe > 0) {
            await content(buffer.subarray(0, safe));
            buffer = buffer.subarray(safe);
          }
          return false;
        }
        await content(buffer.subarray(0, at));
        await endPart();
        buffer = buffer.subarray(at + delimiter.length);
        state = "boundary";
        return true;
      }
      case "done":
        return false;
    }
  };

  const reader = body.getReader();
  try {
    // `step` moves the state on; read it afresh each time.
    while ((state as State) !== "done") {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      if (received > options.maxBodyBytes) throw new MultipartProblem("too-large");
      buffer = buffer.length ? Buffer.concat([buffer, value]) : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
      while (await step()) {}
    }
    if ((state as State) !== "done") throw new MultipartProblem("malformed");
  } finally {
    // The rest (an epilogue, or what follows a refusal) is not read.
    await reader.cancel().catch(() => {});
  }
  return { fields };
}
