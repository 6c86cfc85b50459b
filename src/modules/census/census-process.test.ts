// Spreadsheet bombs against the real server process: each is refused with 400 and its
// message, /api/health keeps answering within a second while it is read, and the server's
// resident memory (its peak, from /proc) stays under 400 MB, as does a real 5 MB census,
// which still parses. The figures are printed for the record.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import * as XLSX from "@e965/xlsx";
import { censusForm, ownerWithClasses } from "../../test/employers";
import { type ServerProcess, startServerProcess } from "../../test/server-process";
import { generatedBombs } from "../../test/spreadsheet-bombs";
import { refusalMessages } from "./service";

const MB = 1024 * 1024;
let server: ServerProcess;
beforeAll(async () => {
  server = await startServerProcess({ LOG_REQUESTS: "0" });
});
afterAll(() => server.close());

/** Resident memory of a process in MB, or 0 once it has ended. */
function residentMb(pid: number): number {
  try {
    return Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "latin1"))![1]) / 1024;
  } catch {
    return 0;
  }
}

/** The server's child processes (the sheet readers) right now. */
function childrenOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((tid) =>
      readFileSync(`/proc/${pid}/task/${tid}/children`, "latin1").split(" ").filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

/**
 * Asks /api/health every 10 ms (the next as soon as the last has answered, if it was slow)
 * and samples the readers' memory every 10 ms, until stopped.
 */
function watchServer() {
  const health: { at: number; ms: number }[] = [];
  const failures: number[] = [];
  let readerPeakMb = 0;
  let asking: Promise<void> | null = null;
  const ask = async () => {
    const at = performance.now();
    const res = await fetch(`${server.url}/api/health`);
    await res.arrayBuffer();
    if (res.status !== 200) failures.push(res.status);
    health.push({ at, ms: performance.now() - at });
    asking = null;
  };
  const timer = setInterval(() => {
    asking ??= ask();
    for (const child of childrenOf(server.pid)) readerPeakMb = Math.max(readerPeakMb, residentMb(child));
  }, 10);
  return {
    health,
    async stop() {
      clearInterval(timer);
      await asking;
      expect(failures).toEqual([]);
      return readerPeakMb;
    },
  };
}

function realCensus(): Uint8Array {
  // 5,000 employees and 34 more columns of text: a 5 MB workbook, as an HR system exports.
  const words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet", "kilo", "lima"];
  let seed = 7;
  const word = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return words[seed % 12]!;
  };
  const extra = Array.from({ length: 34 }, (_, i) => `Extra ${i}`);
  const rows: unknown[][] = [["First Name", "Last Name", "Email", "Date of Birth", "Home ZIP", "Class", ...extra]];
  for (let r = 0; r < 5000; r++) {
    rows.push([
      "Ann",
      `Lee${r}`,
      `ann${r}@acme.test`,
      "1985-04-23",
      "78701",
      "Full-time",
      ...extra.map(() => `${word()} ${word()} ${word()} ${word()} ${seed}`),
    ]);
  }
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), "Census");
  return new Uint8Array(XLSX.write(book, { type: "array", bookType: "xlsx", compression: true }) as ArrayBuffer);
}

test("bombs are refused while the server keeps answering within a second and under 400 MB; a real 5 MB census parses", async () => {
  const owner = await ownerWithClasses(server);
  const xlsx = (bytes: Uint8Array) => censusForm(bytes, "census.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
  const census = realCensus();
  expect(census.byteLength).toBeGreaterThan(4.5 * MB);
  expect(census.byteLength).toBeLessThanOrEqual(5 * MB);
  const cases: [string, Uint8Array, string | null][] = [
    ...generatedBombs().map(({ name, bytes, problem }) => [name, bytes, refusalMessages[problem]] as [string, Uint8Array, string]),
    ["real census of 5 MB", census, null],
  ];
  const figures: string[] = [];
  for (const [what, bytes, message] of cases) {
    const watch = watchServer();
    const started = performance.now();
    const res = await server.request("POST", `/api/enrollment/${owner.enrollmentId}/census`, { headers: owner.headers, body: xlsx(bytes) });
    const answered = performance.now();
    const body = await res.json();
    const readerPeakMb = await watch.stop();
    if (message === null) expect({ what, status: res.status, accepted: body.accepted }).toEqual({ what, status: 200, accepted: 5000 });
    else expect({ what, status: res.status, message: body.message }).toEqual({ what, status: 400, message });
    const during = watch.health.filter((h) => h.at >= started && h.at + h.ms <= answered);
    const slowest = Math.max(...watch.health.map((h) => h.ms));
    // Health was asked while the file was being read, and always answered within a second.
    expect(during.length).toBeGreaterThan(0);
    expect(slowest).toBeLessThan(1000);
    figures.push(
      `${what} (${(bytes.byteLength / MB).toFixed(2)} MB): ${res.status} in ${Math.round(answered - started)} ms, ` +
        `health slowest ${slowest.toFixed(1)} ms over ${watch.health.length} checks, reader peak ${Math.round(readerPeakMb)} MB`,
    );
  }
  const { peakMb } = server.memory();
  figures.push(`server resident memory peak: ${Math.round(peakMb)} MB`);
  console.log(figures.join("\n"));
  expect(peakMb).toBeLessThan(400);
}, 120_000);
