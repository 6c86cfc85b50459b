// The bounded spreadsheet reader, in this process (the limits) and in its own (the memory
// ceiling, the time limit and the queue). The bombs are generated: see test/spreadsheet-bombs.
import { describe, expect, test } from "bun:test";
import * as XLSX from "@e965/xlsx";
import {
  hugeInlineString,
  lyingSizes,
  manyCells,
  manyEntries,
  manyRows,
  manySharedStrings,
  storedButDeflated,
} from "../../test/spreadsheet-bombs";
import { SHEET_MAX_ROWS, SHEET_MAX_TEXT_BYTES } from "./model";
import { MAX_CELL_CHARS, readCensusSheet } from "./sheet";
import { readCensusSheetApart } from "./sheet-process";
import { type SheetProblem, SheetRefused } from "./sheet-refused";
import { PartLimits } from "./zip-bounds";

const MB = 1024 * 1024;

async function problemOf(read: Promise<unknown>): Promise<SheetProblem | "read"> {
  try {
    await read;
    return "read";
  } catch (error) {
    if (error instanceof SheetRefused) return error.problem;
    throw error;
  }
}

const header = ["First Name", "Last Name", "Email", "Date of Birth", "Home ZIP", "Class"];

function workbook(rows: unknown[][], bookType: XLSX.BookType = "xlsx"): Uint8Array {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), "Census");
  return new Uint8Array(XLSX.write(book, { type: "array", bookType, compression: true }) as ArrayBuffer);
}

const employees = (n: number) =>
  Array.from({ length: n }, (_, i) => ["Ann", "Lee", `ann${i}@acme.test`, "1985-04-23", "78701", "Full-time"]);

describe("XLSX archives are opened within bounds", () => {
  test("a 2 MB sheet holding one inline string of 2 GB: refused from its declared size", async () => {
    const bomb = hugeInlineString(2048 * MB);
    expect(bomb.byteLength).toBeLessThan(3 * MB);
    expect(await problemOf(readCensusSheet("xlsx", bomb))).toBe("too-large");
  });

  test("one inline string of 40 MB, within the total: refused as longer than any cell", async () => {
    expect(await problemOf(readCensusSheet("xlsx", hugeInlineString(40 * MB)))).toBe("cell-too-long");
  });

  test("ten million shared strings (170 MB inflated) and 600,000 within 50 MB", async () => {
    expect(await problemOf(readCensusSheet("xlsx", manySharedStrings(10_000_000)))).toBe("too-large");
    expect(await problemOf(readCensusSheet("xlsx", manySharedStrings(600_000)))).toBe("too-many-cells");
  });

  test("a million rows, and 1.1 million cells in 4,400 rows", async () => {
    expect(await problemOf(readCensusSheet("xlsx", manyRows(1_000_000)))).toBe("too-many-rows");
    expect(await problemOf(readCensusSheet("xlsx", manyCells(4400, 250)))).toBe("too-many-cells");
  });

  test("sizes that lie, either way, are a damaged file", async () => {
    expect(await problemOf(readCensusSheet("xlsx", lyingSizes(1000, 200 * MB)))).toBe("damaged");
    expect(await problemOf(readCensusSheet("xlsx", lyingSizes(10 * MB, MB)))).toBe("damaged");
  });

  test("more than 1,000 parts is refused before any is read", async () => {
    expect(await problemOf(readCensusSheet("xlsx", manyEntries(1000)))).toBe("too-many-entries");
    expect(await problemOf(readCensusSheet("xlsx", manyEntries(900)))).toBe("read");
  });

  test("SheetJS never reads the upload's own local headers: a stored entry that says deflated stays stored", async () => {
    // The central directory stores 100 KB of deflate data; its local header says deflated,
    // which would inflate to a 100 MB cell of Cs. Read as stored, the bytes are no sheet.
    const sheet = await readCensusSheet("xlsx", storedButDeflated(100 * MB));
    expect(JSON.stringify(sheet)).not.toContain("CCC");
  });

  test("a real workbook passes: its header, and its rows with only the census's columns", async () => {
    const bytes = workbook([
      [...header, "Notes"],
      ["Ann", "Lee", "ann@acme.test", "1985-04-23", "78701", "Full-time", "keeps her plan"],
      [],
      ["Bo", "Ng", "bo@acme.test", "1990-01-01", "12345", "Part-time", "x".repeat(5000)],
    ]);
    expect(await readCensusSheet("xlsx", bytes)).toEqual({
      header: [...header, "Notes"],
      rows: [
        { rowNumber: 2, cells: ["Ann", "Lee", "ann@acme.test", "1985-04-23", "78701", "Full-time"] },
        { rowNumber: 4, cells: ["Bo", "Ng", "bo@acme.test", "1990-01-01", "12345", "Part-time"] },
      ],
    });
  });

  test("a ZIP stored as a number gets back the leading zeros Excel dropped; a ZIP typed as text is kept as written", async () => {
    const bytes = workbook([
      [...header, "Work ZIP"],
      ["Ann", "Lee", "ann@acme.test", "1985-04-23", 2139, "Full-time", 501],
      ["Bo", "Ng", "bo@acme.test", "1990-01-01", "2139", "Full-time", 78701],
    ]);
    expect((await readCensusSheet("xlsx", bytes)).rows.map((row) => [row.cells[4], row.cells[6]])).toEqual([
      ["02139", "00501"],
      ["2139", "78701"],
    ]);
  });

  test("5,000 employees and 100 blank rows fit; one row more is refused", async () => {
    const rows = [header, ...employees(5000)];
    const atLimit = [...rows, ...Array.from({ length: SHEET_MAX_ROWS - rows.length - 1 }, () => []), ["last"]];
    expect((await readCensusSheet("xlsx", workbook(atLimit))).rows).toHaveLength(5001);
    expect(await problemOf(readCensusSheet("xlsx", workbook([...atLimit, ["one more"]])))).toBe("too-many-rows");
  });
});

describe("counting tags as they stream", () => {
  test("a tag cut between two chunks counts once, wherever the cut falls", () => {
    const rows = Buffer.from("<x:row r='1'><c/></x:row>".repeat(SHEET_MAX_ROWS), "latin1");
    for (const size of [1, 2, 3, 7, 31, 32, 33, 4096]) {
      const limits = new PartLimits(true);
      for (let at = 0; at < rows.byteLength; at += size) limits.feed(rows.subarray(at, at + size));
      expect(() => limits.feed(Buffer.from("<row>"))).toThrow(SheetRefused);
    }
  });

  test("text longer than a cell can hold is refused in XML parts, not in binary ones", () => {
    const text = Buffer.alloc(SHEET_MAX_TEXT_BYTES, 0x41);
    const xml = new PartLimits(true);
    // The run starts after the last "<": here with "t>".
    xml.feed(Buffer.from("<t>"));
    xml.feed(text.subarray(2));
    expect(() => xml.feed(Buffer.from("A"))).toThrow(SheetRefused);
    const binary = new PartLimits(false);
    binary.feed(text);
    binary.feed(text);
  });
});

describe("CSV and XLS files", () => {
  test("a CSV stops at the first row past the census's rows, however long the file", async () => {
    const line = "Ann,Lee,a@acme.test,1985-04-23,78701,Full-time\n";
    const csv = new TextEncoder().encode(`${header.join(",")}\n${line.repeat(100_000)}`);
    expect(await problemOf(readCensusSheet("csv", csv))).toBe("too-many-rows");
    const fits = new TextEncoder().encode(`${header.join(",")}\n${"\n".repeat(200_000)}${line.repeat(5000)}`);
    expect((await readCensusSheet("csv", fits)).rows).toHaveLength(5000);
  });

  test(`cells are cut to ${MAX_CELL_CHARS} characters, so a huge cell makes no huge answer`, async () => {
    const csv = new TextEncoder().encode(`${header.join(",")}\n${"N".repeat(4 * MB)},Lee,a@acme.test,1985-04-23,78701,Full-time\n`);
    const { rows } = await readCensusSheet("csv", csv);
    expect(rows[0]!.cells[0]).toBe("N".repeat(MAX_CELL_CHARS));
  });

  test("an XLS stops at the row limit too, and a damaged one is unreadable", async () => {
    expect((await readCensusSheet("xls", workbook([header, ...employees(2)], "biff8"))).rows).toHaveLength(2);
    expect(await problemOf(readCensusSheet("xls", workbook([header, ...employees(SHEET_MAX_ROWS)], "biff8")))).toBe("too-many-rows");
    const damaged = workbook([header, ...employees(2)], "biff8");
    damaged.fill(0xff, 0x30, 0x400);
    expect(await problemOf(readCensusSheetApart("xls", damaged))).toBe("unreadable");
  });
});

describe("the reader's own process", () => {
  const census = workbook([header, ...employees(3000)]);

  test("answers what the reader read", async () => {
    expect((await readCensusSheetApart("xlsx", census)).rows).toHaveLength(3000);
  });

  test("is killed past its memory ceiling, and the file is refused as not read", async () => {
    expect(await problemOf(readCensusSheetApart("xlsx", census, { memoryMb: 40, timeMs: 20_000 }))).toBe("not-read");
  });

  test("is killed past its time limit", async () => {
    expect(await problemOf(readCensusSheetApart("xlsx", census, { memoryMb: 512, timeMs: 30 }))).toBe("not-read");
  });

  test("two read at once, eight wait, and the next is told the readers are busy", async () => {
    const limits = { memoryMb: 512, timeMs: 2_000 };
    const reads = Array.from({ length: 10 }, () => problemOf(readCensusSheetApart("csv", new TextEncoder().encode("a,b\n1,2\n"), limits)));
    expect(await problemOf(readCensusSheetApart("csv", new TextEncoder().encode("a,b\n"), limits))).toBe("busy");
    expect(await Promise.all(reads)).toEqual(Array(10).fill("read"));
    // Once they are done, there is room again.
    expect(await problemOf(readCensusSheetApart("csv", new TextEncoder().encode("a,b\n"), limits))).toBe("read");
  });
});
