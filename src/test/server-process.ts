// The real server as a process of its own (`bun src/index.ts serve` on a free port with a
// temp database), for tests that need what only a process has: its resident memory, its
// files on disk, its stdout log and its signals. `request` matches TestApp's, so the
// employer helpers drive it over HTTP.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { overHttp, type TestApp } from "./api";

const root = join(import.meta.dir, "..", "..");

export interface ServerProcess extends Pick<TestApp, "request">, ProcessOutput {
  pid: number;
  url: string;
  dir: string;
  databasePath: string;
  /** Resident and peak resident memory, in MB, from /proc. */
  memory(): { rssMb: number; peakMb: number };
  /** Sends a signal and answers the exit code. */
  signal(signal: "SIGTERM" | "SIGKILL"): Promise<number>;
  /** Ends the process (if still running) and removes its folder. */
  close(): Promise<void>;
}

/** A process with its stdout piped: a `serve` process, the binary, a baseline server. */
export interface PipedProcess {
  stdout: ReadableStream<Uint8Array>;
  exited: Promise<number>;
  kill(signal?: NodeJS.Signals): void;
}

/** What a process printed on stdout, and a way to wait for a line of it. */
export interface ProcessOutput {
  /** Every line printed so far. */
  lines(): string[];
  /** Resolves with the first line matching `pattern` (waiting for it); fails when the process ends without one, or after `ms`. */
  waitForLine(pattern: RegExp, ms?: number): Promise<string>;
}

/**
 * Reads a process's stdout for the life of the process (so it never blocks on a full pipe)
 * and keeps it, so callers can wait for log lines.
 */
function watchOutput(proc: Pick<PipedProcess, "stdout">): ProcessOutput {
  let text = "";
  let ended = false;
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const waiter of waiters) waiter();
  };
  void (async () => {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of proc.stdout as unknown as AsyncIterable<Uint8Array>) {
        text += decoder.decode(chunk, { stream: true });
        wake();
      }
    } catch {
      // the pipe broke because the process died: same as its end
    }
    ended = true;
    wake();
  })();
  const lines = () => text.split("\n").filter(Boolean);
  const waitForLine = (pattern: RegExp, ms = 15_000) =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => done(() => reject(new Error(`the process did not print ${pattern} within ${ms} ms:\n${text}`))), ms);
      const done = (settle: () => void) => {
        clearTimeout(timer);
        waiters.delete(check);
        settle();
      };
      const check = () => {
        const line = lines().find((l) => pattern.test(l));
        if (line) done(() => resolve(line));
        else if (ended) done(() => reject(new Error(`the process exited without printing ${pattern}:\n${text}`)));
      };
      waiters.add(check);
      check();
    });
  return { lines, waitForLine };
}

/** A started server: its URL (on 127.0.0.1) and its output. */
export interface Listening extends ProcessOutput {
  url: string;
}

/**
 * Waits until a server process prints `<pattern> <url>` ("running at", the app's line, by
 * default). If the process exits first or `ms` passes, it is killed and this fails with its
 * output.
 */
export async function waitForListening(proc: PipedProcess, ms = 15_000, pattern = /running at http:\/\/\S+/): Promise<Listening> {
  const output = watchOutput(proc);
  try {
    const line = await output.waitForLine(pattern, ms);
    return { url: line.match(/http:\/\/\S+/)![0].replace("localhost", "127.0.0.1"), ...output };
  } catch (error) {
    proc.kill("SIGKILL");
    await proc.exited;
    throw error;
  }
}

/** Spawns `bun src/index.ts serve` on a free loopback port with the database at `databasePath`; `env` adds to this process's. */
export function spawnServe(databasePath: string, env: Record<string, string> = {}) {
  return Bun.spawn([process.execPath, join(root, "src", "index.ts"), "serve"], {
    cwd: root,
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", DATABASE_PATH: databasePath, ...env },
    stdout: "pipe",
    stderr: "inherit",
  });
}

export async function startServerProcess(env: Record<string, string> = {}, options: { dir?: string } = {}): Promise<ServerProcess> {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), "ichra-process-"));
  const databasePath = env.DATABASE_PATH ?? join(dir, "data", "server.db");
  const proc = spawnServe(databasePath, env);
  let started: Listening;
  try {
    started = await waitForListening(proc);
  } catch (error) {
    if (!options.dir) rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const signal = async (name: "SIGTERM" | "SIGKILL") => {
    proc.kill(name);
    return proc.exited;
  };
  return {
    pid: proc.pid,
    url: started.url,
    dir,
    databasePath,
    lines: started.lines,
    waitForLine: started.waitForLine,
    memory() {
      const status = readFileSync(`/proc/${proc.pid}/status`, "latin1");
      const mb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)![1]) / 1024;
      return { rssMb: mb("VmRSS"), peakMb: mb("VmHWM") };
    },
    signal,
    ...overHttp(started.url),
    async close() {
      if (proc.exitCode === null && proc.signalCode === null) await signal("SIGKILL");
      if (!options.dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
