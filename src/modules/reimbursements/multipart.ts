// Reads a multipart/form-data body (RFC 7578) with busboy as it streams: each file part goes
// to its sink as its bytes arrive, so a 25 MB upload never sits in memory whole, and a body
// past a limit is refused there instead of after reading it all. Text parts are kept, each
// up to a small limit. Parts the caller did not ask for are read past and dropped.
//
// Each chunk of the body gives its memory back (ArrayBuffer.transfer) as soon as nothing
// can read it again, instead of waiting for the collector: left to it, the chunks of a
// few uploads piled up (a 5 MB upload grew the peak by 20-28 MB), and a full collection
// to reclaim them stalled the server for 20-50 ms.
import type { Readable } from "node:stream";
import busboy from "busboy";
import { plainText } from "../../lib/plain-text";

export class MultipartProblem extends Error {
  constructor(
    readonly problem: "malformed" | "too-large" | "too-many-parts" | "field-too-large" | "field-repeated" | "too-many-files",
    message: string = problem,
  ) {
    super(message);
  }
}

export interface FileSink {
  /** Resolves once the bytes are written: the chunk's memory may be released then. */
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

/** The boundary of a multipart/form-data Content-Type, or null when it is not one. */
export function boundaryOf(contentType: string | null): string | null {
  if (!contentType || !/^\s*multipart\/form-data\s*;/i.test(contentType)) return null;
  const match = contentType.match(/;\s*boundary\s*=\s*(?:"([^"]{1,70})"|([^\s;]{1,70}))/i);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

/** A file's name as sent, with any path a browser or tool included dropped, and no control characters (trouble in a header). */
export const plainFileName = (name: string) => plainText(name.split(/[\\/]/).pop() ?? "").slice(0, 200) || "document";

/**
 * Reads the body: answers the kept text fields, and has written each file part under
 * `fileField` to the sink `openFile` gave it, one file after the other. Throws
 * MultipartProblem on a malformed or oversized body, or whatever a sink threw; the caller
 * discards the files it opened.
 */
export async function readMultipart(
  body: ReadableStream<Uint8Array>,
  boundary: string,
  options: MultipartOptions,
): Promise<{ fields: Record<string, string> }> {
  const keep = new Set(options.textFields);
  const fields: Record<string, string> = {};
  let problem: unknown = null;
  let interrupt: ((error: unknown) => void) | null = null;
  /** Keeps the first thing that went wrong (what follows is its consequence) and stops the wait on the body or the parser. */
  const fail = (error: unknown) => {
    if (problem !== null) return;
    problem = error;
    interrupt?.(error);
  };
  /** `promise`, unless something fails first. */
  const unlessFailed = <T>(promise: Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      if (problem !== null) return reject(problem);
      interrupt = reject;
      promise.then(resolve, reject);
    });

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      // The boundary is quoted, backslashes and all, so busboy reads it back exactly.
      headers: { "content-type": `multipart/form-data; boundary="${boundary.replace(/[\\"]/g, "\\$&")}"` },
      // Browsers send names (file names included) as UTF-8, unencoded.
      defParamCharset: "utf8",
      limits: {
        // busboy flags a field that reaches its limit, and the part count when it reaches
        // its limit: one more than allowed tells a body at the limit from one past it. An
        // over-long field is refused at the end of its part, busboy keeping none of the excess.
        fieldSize: options.maxFieldBytes + 1,
        parts: MAX_PARTS + 1,
      },
    });
  } catch {
    throw new MultipartProblem("malformed");
  }

  // The body's chunks the parser has taken in and that may still be read, oldest first.
  // File bytes are written in the body's order, one file after the other, and the parser
  // copies what it keeps across chunks (a boundary cut in two, a part's headers; a text
  // part is done with before the next part starts): once a file's bytes from one chunk
  // are written, every chunk before it is read for good.
  const held: ArrayBufferLike[] = [];
  const release = (buffers: ArrayBufferLike[]) => {
    for (const buffer of buffers) if (buffer instanceof ArrayBuffer && !buffer.detached) buffer.transfer(0);
  };
  const releaseBefore = (buffer: ArrayBufferLike) => {
    const at = held.indexOf(buffer);
    if (at > 0) release(held.splice(0, at));
  };

  // Files are written one after the other, in the body's order: the next part's stream
  // waits (holding the parser back once its buffer fills) until the previous file is done.
  let files = 0;
  let writing: Promise<void> = Promise.resolve();
  const copy = async (stream: Readable, fileName: string, broken: () => boolean) => {
    if (problem !== null) return void stream.destroy();
    try {
      const sink = await options.openFile(plainFileName(fileName));
      for await (const chunk of stream) {
        // Leaving the loop destroys the stream; a file whose body failed is not ended.
        if (problem !== null) return;
        await sink.write(chunk as Buffer);
        releaseBefore((chunk as Buffer).buffer);
      }
      await sink.end();
    } catch (error) {
      // A file stream breaks when its body does; anything else came from the sink.
      fail(broken() ? new MultipartProblem("malformed") : error);
      stream.destroy();
    }
  };
  parser.on("file", (name, stream, info) => {
    // busboy breaks the stream of a part a bad body cuts short: the parser's own error says
    // why, so a stream's error, awaited or not, is only noted.
    let broken = false;
    stream.on("error", () => {
      broken = true;
    });
    if (name !== options.fileField || problem !== null) return void stream.resume();
    files += 1;
    if (files > options.maxFiles) {
      stream.resume();
      return fail(new MultipartProblem("too-many-files"));
    }
    // busboy takes a part for a file when it has a file name or the type
    // application/octet-stream; the latter is sent on under a default name, to be judged by
    // its content. A part with neither is text: under the file field it is dropped, and the
    // upload answers that its file is missing.
    writing = writing.then(() => copy(stream, info.filename ?? "", () => broken));
  });
  parser.on("field", (name, value, info) => {
    if (!keep.has(name)) return;
    if (info.valueTruncated) return fail(new MultipartProblem("field-too-large", name));
    // A field sent twice has no one value to take: which would be the one the person meant?
    if (Object.hasOwn(fields, name)) return fail(new MultipartProblem("field-repeated", name));
    fields[name] = value;
  });
  parser.on("partsLimit", () => fail(new MultipartProblem("too-many-parts")));
  parser.on("error", () => fail(new MultipartProblem("malformed")));
  const finished = new Promise<void>((resolve) => parser.once("finish", resolve));

  /** Resolves once the parser has taken the chunk in, which a full file stream holds back. */
  const feed = (chunk: Uint8Array) =>
    new Promise<void>((resolve, reject) => {
      parser.write(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength), (error) =>
        error ? reject(new MultipartProblem("malformed")) : resolve(),
      );
    });

  const reader = body.getReader();
  try {
    let received = 0;
    for (;;) {
      // A body that breaks off (the client went away, or sent less than it declared) is one
      // that cannot be read, like a garbled one: the client's doing, not an error of ours.
      const { done, value } = await unlessFailed(
        reader.read().catch(() => {
          throw new MultipartProblem("malformed");
        }),
      );
      if (done) break;
      received += value.byteLength;
      if (received > options.maxBodyBytes) throw new MultipartProblem("too-large");
      // Only a chunk that is a whole buffer of its own is ever released.
      if (value.byteOffset === 0 && value.byteLength === value.buffer.byteLength) held.push(value.buffer);
      await unlessFailed(feed(value));
    }
    parser.end();
    // busboy finishes once the closing boundary was seen and every file stream was read.
    await unlessFailed(finished);
  } catch (error) {
    fail(error);
  } finally {
    // The rest (an epilogue, or what follows a refusal) is not read.
    await reader.cancel().catch(() => {});
    if (problem !== null) parser.destroy();
    // The last file is written (or its writing stopped) before the caller decides on it.
    await writing;
    release(held.splice(0));
  }
  if (problem !== null) throw problem;
  return { fields };
}
