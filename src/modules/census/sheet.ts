// Turns an uploaded CSV, XLS or XLSX file into the census's header and data rows, within
// hard bounds: an XLSX archive is opened by zip-bounds first, a CSV stops at the row limit,
// and only the columns the census reads travel on, each cell cut to a length no valid value
// reaches. This runs in the child process of sheet-process.ts, never on the server's loop.
// The file's first bytes must match its extension: a renamed file is refused.
import type * as SheetJS from "@e965/xlsx";
import Papa from "papaparse";
import { CENSUS_MAX_ROWS, SHEET_MAX_ROWS } from "./model";
import { isBlankRow, mapColumns } from "./rows";
import { SheetRefused } from "./sheet-refused";

export type SheetKind = "csv" | "xls" | "xlsx";

export interface SheetRow {
  rowNumber: number;
  cells: string[];
  /** Workbooks only: which cells held a number rather than text. */
  numbers?: boolean[];
}

/** The first non-blank row's cells, and every non-blank row after it. */
export interface CensusSheet {
  header: string[] | null;
  rows: SheetRow[];
}

/**
 * Every census value is shorter (names 200, emails 254 characters), so a cell cut to this
 * length is refused for the same reason as the whole of it, and a sheet of huge cells
 * cannot make a huge answer.
 */
export const MAX_CELL_CHARS = 300;

const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const CFB = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** The kind of spreadsheet, judged by name and content together; null when it is neither. */
export function sheetKind(fileName: string, bytes: Uint8Array): SheetKind | null {
  const extension = fileName.toLowerCase().match(/\.(csv|xlsx|xls)$/)?.[1] as SheetKind | undefined;
  if (extension === "xlsx") return startsWith(bytes, ZIP) ? "xlsx" : null;
  if (extension === "xls") return startsWith(bytes, CFB) ? "xls" : null;
  if (extension === "csv") return bytes.includes(0) ? null : "csv";
  return null;
}

function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    // Excel on Windows saves "CSV" in the ANSI code page.
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

const clip = (text: string) => (text.length > MAX_CELL_CHARS ? text.slice(0, MAX_CELL_CHARS) : text);

/** Non-blank rows of a CSV, stopping at the first row past the census's header and rows. */
function readCsv(bytes: Uint8Array): SheetRow[] {
  const rows: SheetRow[] = [];
  let rowNumber = 0;
  let tooMany = false;
  Papa.parse<string[]>(decodeText(bytes), {
    skipEmptyLines: false,
    step(result, parser) {
      rowNumber++;
      const cells = (result.data as unknown[]).map((c) => clip(String(c ?? "")));
      if (isBlankRow(cells)) return;
      if (rows.length > CENSUS_MAX_ROWS) {
        tooMany = true;
        parser.abort();
        return;
      }
      rows.push({ rowNumber, cells });
    },
  });
  if (tooMany) throw new SheetRefused("too-many-rows");
  return rows;
}

const pad = (n: number, width: number) => String(n).padStart(width, "0");

function cellText(XLSX: typeof SheetJS, cell: SheetJS.CellObject | undefined, date1904: boolean): string {
  if (!cell || cell.v === undefined || cell.v === null || cell.t === "e" || cell.t === "z") return "";
  if (cell.t === "n" && cell.z && XLSX.SSF.is_date(cell.z)) {
    // A date cell holds a serial day number; SheetJS's own calendar turns it into y/m/d.
    const parts = XLSX.SSF.parse_date_code(cell.v as number, { date1904 });
    if (parts) return `${pad(parts.y, 4)}-${pad(parts.m, 2)}-${pad(parts.d, 2)}`;
  }
  if (cell.t === "s") return clip(String(cell.v));
  // Numbers keep their displayed form, so a ZIP formatted 00000 keeps its leading zero.
  return clip(cell.w ?? String(cell.v));
}

/**
 * SheetJS reads an archive rebuilt from the parts zip-bounds inflated and counted, never
 * the upload itself: its own reader trusts each local header (method and sizes), which a
 * crafted file can make disagree with the central directory that was checked.
 */
async function checkedArchive(XLSX: typeof SheetJS, bytes: Uint8Array): Promise<Uint8Array> {
  const { inflateArchive } = await import("./zip-bounds");
  const files = await inflateArchive(bytes);
  const container = XLSX.CFB.utils.cfb_new();
  for (const [name, content] of files) XLSX.CFB.utils.cfb_add(container, name, content);
  files.clear();
  return XLSX.CFB.write(container, { fileType: "zip", type: "array" }) as Uint8Array;
}

function readWorkbook(XLSX: typeof SheetJS, bytes: Uint8Array): SheetRow[] {
  let workbook: SheetJS.WorkBook;
  try {
    workbook = XLSX.read(bytes, {
      type: "array",
      dense: true,
      sheets: 0,
      sheetRows: SHEET_MAX_ROWS,
      cellNF: true,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
    });
  } catch {
    throw new SheetRefused("unreadable");
  }
  const sheet = workbook.Sheets[workbook.SheetNames[0] ?? ""];
  if (!sheet) return [];
  const fullRange = sheet["!fullref"] ?? sheet["!ref"];
  if (fullRange && XLSX.utils.decode_range(fullRange).e.r >= SHEET_MAX_ROWS) throw new SheetRefused("too-many-rows");
  const date1904 = Boolean(workbook.Workbook?.WBProps?.date1904);
  const data = (sheet["!data"] ?? []) as (SheetJS.CellObject[] | undefined)[];
  const rows: SheetRow[] = [];
  data.forEach((cells, r) => {
    if (!cells) return;
    const texts = Array.from(cells, (cell) => cellText(XLSX, cell, date1904));
    if (!isBlankRow(texts)) rows.push({ rowNumber: r + 1, cells: texts, numbers: Array.from(cells, (cell) => cell?.t === "n") });
  });
  return rows;
}

/**
 * A ZIP typed into a workbook cell of General format is stored as a number, and a number has
 * no leading zero: 02139 comes back as 2139. In a ZIP column such a number can only be a ZIP
 * that lost its zeros, so they are put back. Text cells are taken as written.
 */
function zipText(row: SheetRow, index: number): string {
  const text = row.cells[index] ?? "";
  return row.numbers?.[index] && /^\d{3,4}$/.test(text) ? text.padStart(5, "0") : text;
}

/** The header and data rows; data rows keep only the cells of columns the census reads. */
function censusSheet(rows: SheetRow[]): CensusSheet {
  const [header, ...data] = rows;
  if (!header) return { header: null, rows: [] };
  const { columns } = mapColumns(header.cells);
  const used = Object.values(columns);
  const zips = [columns.homeZip, columns.workZip];
  const width = used.length ? Math.max(...used) + 1 : 0;
  return {
    header: header.cells,
    rows: data.map((row) => ({
      rowNumber: row.rowNumber,
      cells: Array.from({ length: width }, (_, i) => (zips.includes(i) ? zipText(row, i) : used.includes(i) ? (row.cells[i] ?? "") : "")),
    })),
  };
}

/** Reads the file within the bounds above; throws SheetRefused naming what was passed. */
export async function readCensusSheet(kind: SheetKind, bytes: Uint8Array): Promise<CensusSheet> {
  try {
    if (kind === "csv") return censusSheet(readCsv(bytes));
    // Loaded only for workbooks: a CSV's reader process starts faster without them.
    const XLSX = await import("@e965/xlsx");
    return censusSheet(readWorkbook(XLSX, kind === "xlsx" ? await checkedArchive(XLSX, bytes) : bytes));
  } catch (error) {
    if (error instanceof SheetRefused) throw error;
    // Out of memory or of stack: the file asked for more than the reader has.
    throw new SheetRefused(error instanceof RangeError ? "not-read" : "unreadable");
  }
}
