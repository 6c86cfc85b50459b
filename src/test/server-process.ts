// The real server as a process of its own (`bun src/index.ts serve` on a free port with a
// temp database), for tests that need what only a process has: its resident memory, its
// files on disk, its stdout log and its signals. `request` matches TestApp's, so the
// employer helpers drive it over HTTP.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { overHttp, type TestApp } from "./api";

const root = join(import.meta.dir, "..", "..");

export interface ServerProcess extends Pick<TestApp, "request"> {
  pid: number;
  url: string;
  dir: string;
  databasePath: string;
  /** Every line the process printed on stdout so far. */
  lines(): string[];
  /** Resolves with the first line matching `pattern`, waiting for it if need be. */
  waitForLine(pattern: RegExp, ms?: number): Promise<string>;
  /** Resident and peak resident memory, in MB, from /proc. */
  memory(): { rssMb: number; peakMb: number };
  /** Sends a signal and answers the exit code. */
  signal(signal: "SIGTERM" | "SIGKILL"): Promise<number>;
  /** Ends the process (if still running) and removes its folder. */
  close(): Promise<void>;
}

export async function startServerProcess(env: Record<string, string> = {}, options: { dir?: string } = {}): Promise<ServerProcess> {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), "ichra-process-"));
  const databasePath = env.DATABASE_PATH ?? join(dir, "data", "server.db");
  const proc = Bun.spawn([process.execPath, join(root, "src", "index.ts"), "serve"], {
    cwd: root,
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", DATABASE_PATH: databasePath, ...env },
    stdout: "pipe",
    stderr: "inherit",
  });
  let text = "";
  let ended = false;
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const waiter of waiters) waiter();
  };
  void (async () => {
    const decoder = new TextDecoder();
    for await (const chunk of proc.stdout as unknown as AsyncIterable<Uint8Array>) {
      text += decoder.decode(chunk, { stream: true });
      wake();
    }
    ended = true;
    wake();
  })();
  const lines = () => text.split("\n").filter(Boolean);
  const waitForLine = (pattern: RegExp, ms = 15_000) =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => done(() => reject(new Error(`no line matching ${pattern} within ${ms} ms:\n${text}`))), ms);
      const done = (settle: () => void) => {
        clearTimeout(timer);
        waiters.delete(check);
        settle();
      };
      const check = () => {
        const line = lines().find((l) => pattern.test(l));
        if (line) done(() => resolve(line));
        else if (ended) done(() => reject(new Error(`the server ended without a line matching ${pattern}:\n${text}`)));
      };
      waiters.add(check);
      check();
    });
  let url: string;
  try {
    url = (await waitForLine(/running at http:\/\/\S+/)).match(/http:\/\/\S+/)![0].replace("localhost", "127.0.0.1");
  } catch (error) {
    proc.kill("SIGKILL");
    await proc.exited;
    if (!options.dir) rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const signal = async (name: "SIGTERM" | "SIGKILL") => {
    proc.kill(name);
    return proc.exited;
  };
  return {
    pid: proc.pid,
    url,
    dir,
    databasePath,
    lines,
    waitForLine,
    memory() {
      const status = readFileSync(`/proc/${proc.pid}/status`, "latin1");
      const mb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)![1]) / 1024;
      return { rssMb: mb("VmRSS"), peakMb: mb("VmHWM") };
    },
    signal,
    ...overHttp(url),
    async close() {
      if (proc.exitCode === null && proc.signalCode === null) await signal("SIGKILL");
      if (!options.dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
