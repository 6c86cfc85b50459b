// Turns an uploaded CSV, XLS or XLSX file into rows of text cells with their spreadsheet
// row numbers. The file's first bytes must match its extension: a renamed file is refused.
import * as XLSX from "@e965/xlsx";
import Papa from "papaparse";
import { CENSUS_MAX_ROWS } from "./model";

export type SheetKind = "csv" | "xls" | "xlsx";

export interface SheetRow {
  rowNumber: number;
  cells: string[];
}

export class UnreadableSheet extends Error {}

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

function readCsv(bytes: Uint8Array): SheetRow[] {
  const parsed = Papa.parse<string[]>(decodeText(bytes), { skipEmptyLines: false });
  return parsed.data.map((cells, index) => ({ rowNumber: index + 1, cells: cells.map((c) => String(c ?? "")) }));
}

const pad = (n: number, width: number) => String(n).padStart(width, "0");

function cellText(cell: XLSX.CellObject | undefined, date1904: boolean): string {
  if (!cell || cell.v === undefined || cell.v === null || cell.t === "e" || cell.t === "z") return "";
  if (cell.t === "n" && cell.z && XLSX.SSF.is_date(cell.z)) {
    // A date cell holds a serial day number; SheetJS's own calendar turns it into y/m/d.
    const parts = XLSX.SSF.parse_date_code(cell.v as number, { date1904 });
    if (parts) return `${pad(parts.y, 4)}-${pad(parts.m, 2)}-${pad(parts.d, 2)}`;
  }
  if (cell.t === "s") return String(cell.v);
  // Numbers keep their displayed form, so a ZIP formatted 00000 keeps its leading zero.
  return cell.w ?? String(cell.v);
}

function readWorkbook(bytes: Uint8Array): SheetRow[] {
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(bytes, {
      type: "array",
      dense: true,
      sheetRows: CENSUS_MAX_ROWS + 101,
      cellNF: true,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
    });
  } catch {
    throw new UnreadableSheet("unreadable workbook");
  }
  const sheet = workbook.Sheets[workbook.SheetNames[0] ?? ""];
  if (!sheet) return [];
  const fullRange = sheet["!fullref"] ?? sheet["!ref"];
  if (fullRange && XLSX.utils.decode_range(fullRange).e.r > CENSUS_MAX_ROWS + 100) throw new TooManyRows();
  const date1904 = Boolean(workbook.Workbook?.WBProps?.date1904);
  const data = (sheet["!data"] ?? []) as (XLSX.CellObject[] | undefined)[];
  const rows: SheetRow[] = [];
  data.forEach((cells, r) => {
    if (!cells) return;
    rows.push({ rowNumber: r + 1, cells: Array.from(cells, (cell) => cellText(cell, date1904)) });
  });
  return rows;
}

export class TooManyRows extends Error {}

/** Every row of the first sheet (blank rows included, so numbers match the spreadsheet). */
export function readSheet(kind: SheetKind, bytes: Uint8Array): SheetRow[] {
  return kind === "csv" ? readCsv(bytes) : readWorkbook(bytes);
}
