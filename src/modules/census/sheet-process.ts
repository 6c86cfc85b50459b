// Reads census spreadsheets in a separate process, so no upload can hold the server's event
// loop or its memory: the child runs sheet.ts under a memory ceiling (its resident memory is
// watched, and it is killed past the ceiling) and a time limit, and a child that is killed,
// crashes or runs out of memory is a refused file, never a server error. At most two read
// at once (the server has the cores for that); a few more wait their turn, and past those
// the upload is asked to come back shortly.
//
// The ceiling is watched rather than set with setrlimit: Bun has no way to set one on a
// child, and under `ulimit -v`/`-d` below a few GB its allocator slows a real parse fivefold.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { isCompiled } from "../../paths";
import type { CensusSheet, SheetKind } from "./sheet";
import { type SheetProblem, SheetRefused } from "./sheet-refused";

export interface ReaderLimits {
  /** Resident memory of the reader; a real census of 5 MB needs about 250 MB. */
  memoryMb: number;
  timeMs: number;
}
export const SHEET_READER_LIMITS: ReaderLimits = { memoryMb: 512, timeMs: 20_000 };
/** How often the reader's memory is looked at. */
const WATCH_EVERY_MS = 20;
/** An answer holds at most 5,101 rows of nine cells of 300 characters: well under this. */
const MAX_ANSWER_BYTES = 32 * 1024 * 1024;
const MAX_PARALLEL = 2;
const MAX_WAITING = 8;

let running = 0;
const waiting: (() => void)[] = [];

async function takeTurn(): Promise<() => void> {
  if (running >= MAX_PARALLEL) {
    if (waiting.length >= MAX_WAITING) throw new SheetRefused("busy");
    // The finishing reader hands its turn straight to the first in line.
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running++;
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
}

const childCommand = (kind: SheetKind) =>
  isCompiled ? [process.execPath, "census-sheet", kind] : [process.execPath, join(import.meta.dir, "sheet-child.ts"), kind];

/** Resident memory of a process in MB, from /proc; null where there is no /proc or it ended. */
function residentMb(pid: number): number | null {
  try {
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "latin1"))?.[1];
    return kb === undefined ? null : Number(kb) / 1024;
  } catch {
    return null;
  }
}

async function readAnswer(stream: ReadableStream<Uint8Array>): Promise<string | null> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > MAX_ANSWER_BYTES) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size).toString("utf8");
}

type ChildAnswer = { ok: true; sheet: CensusSheet } | { ok: false; problem: SheetProblem };

const warn = (message: string) => console.warn(JSON.stringify({ level: "warn", message }));

/** The file's census sheet, read by a child process; throws SheetRefused when it is refused. */
export async function readCensusSheetApart(kind: SheetKind, bytes: Uint8Array, limits = SHEET_READER_LIMITS): Promise<CensusSheet> {
  const release = await takeTurn();
  try {
    return await readInChild(kind, bytes, limits);
  } finally {
    release();
  }
}

async function readInChild(kind: SheetKind, bytes: Uint8Array, limits: ReaderLimits): Promise<CensusSheet> {
  const started = performance.now();
  let child: Bun.Subprocess<Blob, "pipe", "ignore">;
  try {
    // No environment: the child needs none, and so never sees the server's secrets.
    child = Bun.spawn(childCommand(kind), {
      stdin: new Blob([bytes as Uint8Array<ArrayBuffer>]),
      stdout: "pipe",
      stderr: "ignore",
      env: {},
      timeout: limits.timeMs,
      killSignal: "SIGKILL",
    });
  } catch (error) {
    // Out of processes or memory for one: a moment later may do.
    warn(`census sheet reader could not start: ${(error as Error).message}`);
    throw new SheetRefused("busy");
  }
  let peakMb = 0;
  const watch = setInterval(() => {
    const mb = residentMb(child.pid) ?? 0;
    peakMb = Math.max(peakMb, mb);
    if (mb > limits.memoryMb) child.kill("SIGKILL");
  }, WATCH_EVERY_MS);
  try {
    const text = await readAnswer(child.stdout);
    if (text === null) child.kill("SIGKILL");
    const code = await child.exited;
    const answer = text !== null && code === 0 ? parseAnswer(text) : null;
    if (!answer) {
      const ms = Math.round(performance.now() - started);
      warn(
        `census sheet reader ended without an answer (exit ${code}, signal ${child.signalCode ?? "none"}) after ${ms} ms at ${Math.round(peakMb)} MB`,
      );
      throw new SheetRefused("not-read");
    }
    if (!answer.ok) throw new SheetRefused(answer.problem);
    return answer.sheet;
  } finally {
    clearInterval(watch);
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  }
}

function parseAnswer(text: string): ChildAnswer | null {
  try {
    return JSON.parse(text) as ChildAnswer;
  } catch {
    return null;
  }
}
