// Hostile spreadsheets for tests, made in milliseconds however large they claim to be.
// A deflate stream flushed with Z_FULL_FLUSH restarts without back-references, so the
// compressed bytes of one megabyte of repeated text can be repeated as they are: a 2 MB
// file that inflates to 2 GB costs a memcpy to build. The zip writer lets a test declare
// any sizes it likes, which is how the lying archives are made.
import { constants, deflateRawSync } from "node:zlib";
import type { SheetProblem } from "../modules/census/sheet-refused";

const MB = 1024 * 1024;
const encoder = new TextEncoder();

/** A piece of an entry's content: text as it is, or `text` repeated to about `bytes` bytes. */
export type Piece = string | { repeat: string; bytes: number };

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, p) => sum + p.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}

const flushed = (bytes: Uint8Array) => new Uint8Array(deflateRawSync(bytes, { level: 9, finishFlush: constants.Z_FULL_FLUSH }));

/** Raw deflate of the pieces, and the size they inflate to. */
export function deflatePieces(pieces: Piece[]): { data: Uint8Array; size: number } {
  const parts: Uint8Array[] = [];
  let size = 0;
  for (const piece of pieces) {
    if (typeof piece === "string") {
      const bytes = encoder.encode(piece);
      parts.push(flushed(bytes));
      size += bytes.byteLength;
      continue;
    }
    const unit = encoder.encode(piece.repeat);
    const perBlock = Math.max(1, Math.floor(MB / unit.byteLength));
    const block = new Uint8Array(perBlock * unit.byteLength);
    for (let i = 0; i < perBlock; i++) block.set(unit, i * unit.byteLength);
    const compressed = flushed(block);
    const blocks = Math.max(1, Math.round(piece.bytes / block.byteLength));
    for (let i = 0; i < blocks; i++) parts.push(compressed);
    size += blocks * block.byteLength;
  }
  // The final (empty) block ends the stream.
  parts.push(new Uint8Array(deflateRawSync(new Uint8Array(0))));
  return { data: concat(parts), size };
}

export interface ZipEntry {
  name: string;
  pieces: Piece[];
  /** For a stored entry: its bytes as they are, instead of the pieces. */
  raw?: Uint8Array;
  /** Stored (0) or deflated (8, the default). */
  method?: 0 | 8;
  /** What the archive claims the entry inflates to; the truth when left out. */
  declaredSize?: number;
  /**
   * A local header of its own: another method, and its sizes left to a data descriptor
   * after the data (a reader that trusts it then only warns when they differ from the
   * central directory's).
   */
  local?: { method: 0 | 8; size: number };
}

function stored(entry: ZipEntry): { data: Uint8Array; size: number } {
  const text = entry.pieces.map((p) => (typeof p === "string" ? p : p.repeat.repeat(Math.ceil(p.bytes / p.repeat.length)))).join("");
  const data = entry.raw ?? encoder.encode(text);
  return { data, size: data.byteLength };
}

/** A zip archive of the entries (central directory included); CRCs are left at 0. */
export function zipArchive(entries: ZipEntry[]): Uint8Array {
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = encoder.encode(entry.name);
    const method = entry.method ?? 8;
    const { data, size } = method === 8 ? deflatePieces(entry.pieces) : stored(entry);
    const declared = entry.declaredSize ?? size;
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, 20, true);
    if (entry.local) local.setUint16(6, 0x0008, true);
    local.setUint16(8, entry.local?.method ?? method, true);
    local.setUint16(12, 0x21, true); // 1980-01-01
    if (!entry.local) {
      local.setUint32(18, data.byteLength, true);
      local.setUint32(22, declared, true);
    }
    local.setUint16(26, name.byteLength, true);
    const central = new DataView(new ArrayBuffer(46));
    central.setUint32(0, 0x02014b50, true);
    central.setUint16(4, 20, true);
    central.setUint16(6, 20, true);
    central.setUint16(10, method, true);
    central.setUint16(14, 0x21, true);
    central.setUint32(20, data.byteLength, true);
    central.setUint32(24, declared, true);
    central.setUint16(28, name.byteLength, true);
    central.setUint32(42, offset, true);
    const descriptor = new DataView(new ArrayBuffer(entry.local ? 16 : 0));
    if (entry.local) {
      descriptor.setUint32(0, 0x08074b50, true);
      descriptor.setUint32(8, data.byteLength, true);
      descriptor.setUint32(12, entry.local.size, true);
    }
    locals.push(new Uint8Array(local.buffer), name, data, new Uint8Array(descriptor.buffer));
    centrals.push(new Uint8Array(central.buffer), name);
    offset += 30 + name.byteLength + data.byteLength + descriptor.byteLength;
  }
  const directory = concat(centrals);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, entries.length, true);
  end.setUint16(10, entries.length, true);
  end.setUint32(12, directory.byteLength, true);
  end.setUint32(16, offset, true);
  return concat([...locals, directory, new Uint8Array(end.buffer)]);
}

const sheetOpen =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const sheetClose = "</sheetData></worksheet>";

/** The parts every workbook needs around its first sheet (and, optionally, shared strings). */
function workbookEntries(sheet: Piece[], sharedStrings?: Piece[]): ZipEntry[] {
  const sst = sharedStrings !== undefined;
  return [
    {
      name: "[Content_Types].xml",
      pieces: [
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
          '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
          (sst
            ? '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>'
            : "") +
          "</Types>",
      ],
    },
    {
      name: "_rels/.rels",
      pieces: [
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
      ],
    },
    {
      name: "xl/workbook.xml",
      pieces: [
        '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
          '<sheets><sheet name="Census" sheetId="1" r:id="rId1"/></sheets></workbook>',
      ],
    },
    {
      name: "xl/_rels/workbook.xml.rels",
      pieces: [
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
          (sst
            ? '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>'
            : "") +
          "</Relationships>",
      ],
    },
    { name: "xl/worksheets/sheet1.xml", pieces: [sheetOpen, ...sheet, sheetClose] },
    ...(sst ? [{ name: "xl/sharedStrings.xml", pieces: sharedStrings }] : []),
  ];
}

const header =
  '<row r="1"><c r="A1" t="inlineStr"><is><t>First Name</t></is></c><c r="B1" t="inlineStr"><is><t>Last Name</t></is></c>' +
  '<c r="C1" t="inlineStr"><is><t>Email</t></is></c><c r="D1" t="inlineStr"><is><t>Date of Birth</t></is></c>' +
  '<c r="E1" t="inlineStr"><is><t>Home ZIP</t></is></c><c r="F1" t="inlineStr"><is><t>Class</t></is></c></row>';

/** One cell holding a single inline string of about `bytes` bytes. */
export const hugeInlineString = (bytes: number) =>
  zipArchive(workbookEntries([header, '<row r="2"><c r="A2" t="inlineStr"><is><t>', { repeat: "A", bytes }, "</t></is></c></row>"]));

/** A shared-strings table of `count` strings (each `<si><t>x</t></si>`), used by one cell. */
export const manySharedStrings = (count: number) =>
  zipArchive(
    workbookEntries(
      [header, '<row r="2"><c r="A2" t="s"><v>0</v></c></row>'],
      [
        `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${count}" uniqueCount="${count}">`,
        { repeat: "<si><t>x</t></si>", bytes: count * 17 },
        "</sst>",
      ],
    ),
  );

/** A sheet of about `rows` rows (each with one number), without row numbers as Excel allows. */
export const manyRows = (rows: number) =>
  zipArchive(workbookEntries([header, { repeat: '<row><c t="n"><v>1</v></c></row>', bytes: rows * 33 }]));

/** An archive whose sheet declares `declared` bytes but inflates to about `actual` (whole megabytes). */
export const lyingSizes = (declared: number, actual: number) => {
  const entries = workbookEntries([header, '<row r="2">', { repeat: '<c t="inlineStr"><is><t>B</t></is></c>', bytes: actual }, "</row>"]);
  const sheet = entries.find((e) => e.name === "xl/worksheets/sheet1.xml")!;
  sheet.declaredSize = declared;
  return zipArchive(entries);
};

/** A sheet of `rows` rows of `perRow` number cells each. */
export const manyCells = (rows: number, perRow: number) =>
  zipArchive(
    workbookEntries([header, { repeat: `<row>${'<c t="n"><v>1</v></c>'.repeat(perRow)}</row>`, bytes: rows * (11 + 22 * perRow) }]),
  );

/**
 * A sheet whose central directory says stored (the deflate data, as it is) while its local
 * header says deflated, to `bytes` bytes: a reader that trusts the local header inflates it.
 */
export const storedButDeflated = (bytes: number) => {
  const { data, size } = deflatePieces([
    sheetOpen,
    header,
    '<row r="2"><c r="A2" t="inlineStr"><is><t>',
    { repeat: "C", bytes },
    "</t></is></c></row>",
    sheetClose,
  ]);
  const entries = workbookEntries([]).map((e) =>
    e.name === "xl/worksheets/sheet1.xml"
      ? { name: e.name, pieces: [], raw: data, method: 0 as const, local: { method: 8 as const, size } }
      : e,
  );
  return zipArchive(entries);
};

/** An archive of `count` tiny entries besides the workbook's own. */
export const manyEntries = (count: number) =>
  zipArchive([
    ...workbookEntries([header]),
    ...Array.from({ length: count }, (_, i) => ({ name: `xl/media/part${i}.xml`, pieces: ["<x/>"] })),
  ]);

/** The bombs every bound is tested with, each with the reason it must be refused for. */
export function generatedBombs(): { name: string; bytes: Uint8Array; problem: Exclude<SheetProblem, "busy"> }[] {
  return [
    { name: "one inline string of 2 GB", bytes: hugeInlineString(2048 * MB), problem: "too-large" },
    { name: "one inline string of 40 MB", bytes: hugeInlineString(40 * MB), problem: "cell-too-long" },
    { name: "ten million shared strings", bytes: manySharedStrings(10_000_000), problem: "too-large" },
    { name: "600,000 shared strings in 10 MB", bytes: manySharedStrings(600_000), problem: "too-many-cells" },
    { name: "a million rows", bytes: manyRows(1_000_000), problem: "too-many-rows" },
    { name: "1.1 million cells in 4,400 rows", bytes: manyCells(4400, 250), problem: "too-many-cells" },
    { name: "declared 1 KB, inflates to 200 MB", bytes: lyingSizes(1000, 200 * MB), problem: "damaged" },
    { name: "1,500 parts", bytes: manyEntries(1500), problem: "too-many-entries" },
  ];
}
