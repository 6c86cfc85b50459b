// Opens an XLSX archive without trusting it. A 2 MB upload can inflate to gigabytes, and
// SheetJS inflates every part in memory before looking at any of it, so the archive is
// opened here first: the central directory's entry count and declared sizes are checked
// before anything inflates, then each entry is inflated as a stream, counting the bytes
// that actually come out (an entry that inflates past what it declared stops at the first
// extra byte) and the rows, cells, shared strings and longest text its XML holds, stopping
// at the first excess. What passes is at most SHEET_MAX_INFLATED_BYTES in all.
import type { Readable } from "node:stream";
import yauzl from "yauzl";
import {
  SHEET_MAX_CELLS,
  SHEET_MAX_ENTRIES,
  SHEET_MAX_INFLATED_BYTES,
  SHEET_MAX_ROWS,
  SHEET_MAX_SHARED_STRINGS,
  SHEET_MAX_TEXT_BYTES,
} from "./model";
import { SheetRefused } from "./sheet-refused";

/**
 * Counts a part's rows, cells and shared strings as its text streams past, across chunk
 * boundaries, and refuses the part as soon as one passes its limit. Prefixed tags such as
 * `x:row` count too, since SheetJS reads them; every part is counted whatever its name, as
 * a workbook may call its parts anything. Chunks are decoded as Latin-1: tag names are
 * ASCII and every byte maps to one character, so nothing shifts at a boundary.
 */
export class PartLimits {
  private static readonly tags = /<(?:[A-Za-z_][\w.-]{0,15}:)?(row|c|si)[\s/>]/g;
  private rows = 0;
  private cells = 0;
  private strings = 0;
  private carry = "";
  /** Characters since the last `<`: the text of one cell, in an XML part. */
  private run = 0;
  constructor(private readonly xml: boolean) {}
  feed(chunk: Buffer) {
    const fresh = chunk.toString("latin1");
    if (this.xml) this.measureText(fresh);
    const text = this.carry + fresh;
    for (const match of text.matchAll(PartLimits.tags)) {
      // A match lying wholly inside the carried tail was counted with the previous chunk.
      if (match.index + match[0].length <= this.carry.length) continue;
      if (match[1] === "row") this.rows++;
      else if (match[1] === "c") this.cells++;
      else this.strings++;
    }
    this.carry = text.slice(-32);
    if (this.rows > SHEET_MAX_ROWS) throw new SheetRefused("too-many-rows");
    if (this.cells > SHEET_MAX_CELLS || this.strings > SHEET_MAX_SHARED_STRINGS) throw new SheetRefused("too-many-cells");
  }
  private measureText(text: string) {
    let at = 0;
    for (;;) {
      const tag = text.indexOf("<", at);
      this.run += (tag === -1 ? text.length : tag) - at;
      if (this.run > SHEET_MAX_TEXT_BYTES) throw new SheetRefused("cell-too-long");
      if (tag === -1) return;
      this.run = 0;
      at = tag + 1;
    }
  }
}

/** yauzl's words for an entry whose bytes are not the size the archive records. */
const sizeMismatch = /too many bytes|not enough bytes|size mismatch/i;

function asRefusal(error: unknown): SheetRefused {
  if (error instanceof SheetRefused) return error;
  return new SheetRefused(sizeMismatch.test(String((error as Error)?.message)) ? "damaged" : "unreadable");
}

async function inflateEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, budget: { left: number }): Promise<Uint8Array> {
  const stream: Readable = await zip.openReadStreamPromise(entry);
  const limits = new PartLimits(/\.(xml|rels|vml)$/i.test(entry.fileName));
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      budget.left -= chunk.byteLength;
      if (budget.left < 0) throw new SheetRefused("too-large");
      limits.feed(chunk);
      chunks.push(chunk);
      size += chunk.byteLength;
    }
  } finally {
    // Stops the inflater at once when a limit was hit midway.
    stream.destroy();
  }
  return new Uint8Array(Buffer.concat(chunks, size));
}

/**
 * Every file of the archive, inflated within the limits, by name. Throws SheetRefused
 * naming the first limit passed, or why the archive cannot be read.
 */
export async function inflateArchive(bytes: Uint8Array): Promise<Map<string, Uint8Array>> {
  try {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const zip = await yauzl.fromBufferPromise(buffer, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false });
    // The count comes from the end of the central directory, before any entry is read.
    if (zip.entryCount > SHEET_MAX_ENTRIES) throw new SheetRefused("too-many-entries");
    const entries: yauzl.Entry[] = [];
    let declared = 0;
    for await (const entry of zip.eachEntry()) {
      declared += entry.uncompressedSize;
      if (declared > SHEET_MAX_INFLATED_BYTES) throw new SheetRefused("too-large");
      if (!entry.fileName.endsWith("/")) entries.push(entry);
    }
    // The declared sizes are a first answer only; the bytes that come out are what count.
    const budget = { left: SHEET_MAX_INFLATED_BYTES };
    const files = new Map<string, Uint8Array>();
    for (const entry of entries) files.set(entry.fileName, await inflateEntry(zip, entry, budget));
    return files;
  } catch (error) {
    throw asRefusal(error);
  }
}
