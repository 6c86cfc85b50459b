// Where the documents employees send live (docs/decisions/015): each is a file of its own
// in a folder beside the database (`ichra.db` → `ichra-documents/`), named by 128 random
// bits, never by what the sender called it, mode 0600 in a 0700 folder. A file is written
// and fsynced, and its folder fsynced, before the row that names it commits; a file whose
// row never committed (an upload refused or cut short, a crash) is an orphan the upkeep
// removes. Rows are the truth: a file is served only through its row.
import { randomBytes } from "node:crypto";
import { open, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, dirname, extname, join } from "node:path";
import { reimbursementDocuments } from "@db/schema";
import { eq, inArray } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import type { DB, Tx } from "../../db";
import { ensurePrivateFolder, PRIVATE_FILE_MODE } from "../../private-files";
import { ACCEPTED_MEDIA_TYPES, type AcceptedMediaType, MAX_FILE_BYTES } from "./model";

/** The documents folder of the database at `databasePath` (an in-memory database gets one for this process). */
export function documentsDirFor(databasePath: string): string {
  if (databasePath === ":memory:" || databasePath === "") return join(tmpdir(), `ichra-documents-${process.pid}`);
  return join(dirname(databasePath), `${basename(databasePath, extname(databasePath))}-documents`);
}

/** The documents folder of this database. */
export const documentsDirOf = (db: DB): string => documentsDirFor(db.$client.filename);

/** Written bytes flushed while the upload goes on. */
const FLUSH_EVERY_BYTES = 1024 * 1024;

/** Bytes file-type reads to recognise a type. */
const SNIFF_BYTES = 4100;

export class DocumentRefused extends Error {
  constructor(
    readonly problem: "too-large" | "wrong-type" | "empty",
    /** What the sender called the file, for the message that names it. */
    readonly fileName: string,
  ) {
    super(problem);
  }
}

/** A document as it was written: where, and what it turned out to be. */
export interface WrittenDocument {
  storedName: string;
  fileName: string;
  mediaType: AcceptedMediaType;
  sizeBytes: number;
}

/** A file being written from an upload, a chunk at a time. */
export interface DocumentWriter {
  /** Resolves once the chunk is written (not yet fsynced): its memory may be given back then. */
  write(chunk: Uint8Array): Promise<void>;
  /** Flushes it to the disk (fsync) and says what it is. */
  finish(): Promise<WrittenDocument>;
  /** Closes and deletes it. */
  discard(): Promise<void>;
}

const accepted = (mime: string | undefined): mime is AcceptedMediaType => ACCEPTED_MEDIA_TYPES.includes(mime as AcceptedMediaType);

async function sniff(head: Uint8Array, fileName: string): Promise<AcceptedMediaType> {
  const type = await fileTypeFromBuffer(head);
  if (!accepted(type?.mime)) throw new DocumentRefused("wrong-type", fileName);
  return type.mime;
}

/**
 * Starts writing a document into `dir`. Refuses (DocumentRefused) as soon as it passes
 * MAX_FILE_BYTES, or once its first bytes show it is not a PDF, JPEG or PNG.
 */
export async function startDocument(dir: string, fileName: string): Promise<DocumentWriter> {
  ensurePrivateFolder(dir);
  const storedName = randomBytes(16).toString("hex");
  const path = join(dir, storedName);
  const handle = await open(path, "wx", PRIVATE_FILE_MODE);
  const head = new Uint8Array(SNIFF_BYTES);
  let headLength = 0;
  let size = 0;
  let mediaType: AcceptedMediaType | null = null;
  let closed = false;
  // Written bytes are flushed a megabyte at a time while the rest of the body still
  // arrives, so the fsync before the answer has only the tail left to write.
  let flushedTo = 0;
  let flushing: Promise<void> | null = null;
  let flushFailed: unknown = null;
  const close = async () => {
    if (closed) return;
    closed = true;
    await handle.close();
  };
  const writeAll = async (chunk: Uint8Array) => {
    let written = 0;
    while (written < chunk.byteLength) written += (await handle.write(chunk, written)).bytesWritten;
  };
  return {
    async write(chunk) {
      size += chunk.byteLength;
      if (size > MAX_FILE_BYTES) throw new DocumentRefused("too-large", fileName);
      if (headLength < SNIFF_BYTES) {
        const take = Math.min(SNIFF_BYTES - headLength, chunk.byteLength);
        head.set(chunk.subarray(0, take), headLength);
        headLength += take;
        // Enough seen to know: a file of another type is refused before the rest is written.
        if (headLength === SNIFF_BYTES) mediaType = await sniff(head, fileName);
      }
      await writeAll(chunk);
      if (size - flushedTo >= FLUSH_EVERY_BYTES && !flushing) {
        flushedTo = size;
        flushing = handle
          .datasync()
          .catch((error: unknown) => {
            flushFailed ??= error;
          })
          .finally(() => {
            flushing = null;
          });
      }
    },
    async finish() {
      if (size === 0) throw new DocumentRefused("empty", fileName);
      mediaType ??= await sniff(head.subarray(0, headLength), fileName);
      await flushing;
      if (flushFailed) throw flushFailed;
      await handle.sync();
      await close();
      return { storedName, fileName, mediaType, sizeBytes: size };
    },
    async discard() {
      await flushing;
      await close().catch(() => {});
      await rm(path, { force: true });
    },
  };
}

/**
 * Finishes the documents of one upload at once: their fsyncs and the folder's (which makes
 * their new names durable) run together, so the disk's flushes overlap instead of each
 * waiting for the one before. Every one has settled when this does; the first failure is
 * thrown.
 */
export async function finishTogether(writers: readonly DocumentWriter[], dir: string): Promise<WrittenDocument[]> {
  const [finished, folder] = await Promise.all([
    Promise.allSettled(writers.map((writer) => writer.finish())),
    syncFolder(dir).then(
      () => null,
      (error: unknown) => ({ error }),
    ),
  ]);
  const failed = finished.find((outcome) => outcome.status === "rejected");
  if (failed) throw failed.reason;
  if (folder) throw folder.error;
  return finished.map((outcome) => (outcome as PromiseFulfilledResult<WrittenDocument>).value);
}

/** Makes the new names in the folder durable. */
async function syncFolder(dir: string): Promise<void> {
  const handle = await open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export const documentPath = (dir: string, storedName: string) => join(dir, storedName);

/** Deletes documents' files whose rows are gone (after the transaction that deleted them committed). */
export async function removeDocumentFiles(dir: string, storedNames: readonly string[]): Promise<void> {
  await Promise.all(storedNames.map((name) => rm(join(dir, name), { force: true })));
}

/**
 * Deletes the files no row names: uploads refused or interrupted, rows removed with their
 * employee. A file younger than `graceMs` may belong to an upload still in flight, whose
 * row has not committed yet, and is kept.
 */
export async function removeOrphanFiles(db: DB, dir: string, graceMs = 60 * 60 * 1000, now = Date.now()): Promise<number> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => /^[0-9a-f]{32}$/.test(name));
  } catch {
    return 0;
  }
  let removed = 0;
  for (let i = 0; i < names.length; i += 500) {
    const batch = names.slice(i, i + 500);
    const known = new Set(
      (
        await db
          .select({ storedName: reimbursementDocuments.storedName })
          .from(reimbursementDocuments)
          .where(inArray(reimbursementDocuments.storedName, batch))
      ).map((r) => r.storedName),
    );
    for (const name of batch) {
      if (known.has(name)) continue;
      const info = await stat(join(dir, name)).catch(() => null);
      if (!info || now - info.mtimeMs < graceMs) continue;
      await rm(join(dir, name), { force: true });
      removed += 1;
    }
  }
  return removed;
}

export type DocumentRow = typeof reimbursementDocuments.$inferSelect;

/** A document's row; `employeeId` limits it to that employee's (another's answers 404 like none). */
export async function documentRow(db: DB, id: number, employeeId?: number): Promise<DocumentRow | null> {
  const row = await db.select().from(reimbursementDocuments).where(eq(reimbursementDocuments.id, id)).get();
  if (!row || (employeeId !== undefined && row.employeeId !== employeeId)) return null;
  return row;
}

/** The extension each accepted type is saved under. */
const extensionOf: Record<AcceptedMediaType, readonly string[]> = {
  "application/pdf": [".pdf"],
  "image/jpeg": [".jpg", ".jpeg"],
  "image/png": [".png"],
};

/**
 * The name a document is served under: the sender's, ending in its recognised type's
 * extension, so a PDF sent as "receipt.html" is saved as "receipt.html.pdf" and opens as
 * what it is, never as a page.
 */
export function servedFileName(fileName: string, mediaType: AcceptedMediaType): string {
  const extensions = extensionOf[mediaType];
  return extensions.includes(extname(fileName).toLowerCase()) ? fileName : `${fileName}${extensions[0]}`;
}

/** `attachment; filename="..."` with an ASCII fallback and the UTF-8 name (RFC 6266). */
function contentDisposition(kind: "attachment" | "inline", fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%;]/g, "_");
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Headers of a document answer: its sniffed type, never cached. Inline (the admin's
 * review screen) it may be framed by our own pages only, and runs nothing: the sandbox
 * gives it no scripts, forms or same-origin access.
 */
export function documentHeaders(row: DocumentRow, inline: boolean): Record<string, string> {
  return {
    "content-type": row.mediaType,
    "content-disposition": contentDisposition(
      inline ? "inline" : "attachment",
      servedFileName(row.fileName, row.mediaType as AcceptedMediaType),
    ),
    "cache-control": "private, no-store",
    ...(inline
      ? {
          "content-security-policy": "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'",
          "x-frame-options": "SAMEORIGIN",
        }
      : {}),
  };
}

/** The files of these employees' documents: read before the employees are removed (their rows go with them), deleted once that commits. */
export function documentFilesOf(tx: Tx, employeeIds: readonly number[]): string[] {
  if (employeeIds.length === 0) return [];
  return tx
    .select({ storedName: reimbursementDocuments.storedName })
    .from(reimbursementDocuments)
    .where(inArray(reimbursementDocuments.employeeId, [...employeeIds]))
    .all()
    .map((r) => r.storedName);
}
