// Shared by the benchmarks: start the real server or a baseline on loopback, run a
// bounded autocannon load, and format figures.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { buildWeb, webBuildIsStale } from "../build-web";

export const root = join(import.meta.dir, "..", "..");

export async function ensureWebBuild() {
  if (webBuildIsStale()) await buildWeb();
}

export interface Spawned {
  url: string;
  dir: string;
  databasePath: string;
  stop(): Promise<void>;
}

async function waitForLine(proc: Bun.Subprocess<"ignore", "pipe", "inherit">, pattern: RegExp): Promise<string> {
  const reader = proc.stdout.getReader();
  let output = "";
  const deadline = Date.now() + 20_000;
  while (!pattern.test(output)) {
    if (Date.now() > deadline) throw new Error(`did not start: ${output}`);
    const { value, done } = await reader.read();
    if (done) throw new Error(`exited: ${output}`);
    output += new TextDecoder().decode(value);
  }
  reader.releaseLock();
  proc.stdout.pipeTo(new WritableStream()).catch(() => {});
  return output.match(pattern)![1]!;
}

/** The real server (`bun src/index.ts serve`) on a free port with a fresh database. */
export async function startApp(env: Record<string, string> = {}): Promise<Spawned> {
  const dir = mkdtempSync(join(tmpdir(), "ichra-bench-"));
  const databasePath = join(dir, "bench.db");
  const proc = Bun.spawn([process.execPath, join(root, "src", "index.ts"), "serve"], {
    cwd: root,
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", DATABASE_PATH: databasePath, LOG_REQUESTS: "0", ...env },
    stdout: "pipe",
    stderr: "inherit",
  });
  const url = (await waitForLine(proc, /running at (http:\/\/\S+)/)).replace("localhost", "127.0.0.1");
  return { url, dir, databasePath, stop: () => stopProc(proc, dir) };
}

/** A baseline server: `source` must call Bun.serve on port 0 and print `listening <url>`. */
export async function startBaseline(source: string, env: Record<string, string> = {}): Promise<Spawned> {
  const dir = mkdtempSync(join(tmpdir(), "ichra-bench-base-"));
  const file = join(dir, "baseline.ts");
  await Bun.write(file, source);
  const databasePath = join(dir, "baseline.db");
  const proc = Bun.spawn([process.execPath, file], {
    cwd: root,
    env: { ...process.env, DATABASE_PATH: databasePath, ...env },
    stdout: "pipe",
    stderr: "inherit",
  });
  const url = await waitForLine(proc, /listening (http:\/\/\S+)/);
  return { url, dir, databasePath, stop: () => stopProc(proc, dir) };
}

async function stopProc(proc: Bun.Subprocess, dir: string) {
  proc.kill("SIGTERM");
  await proc.exited;
  rmSync(dir, { recursive: true, force: true });
}

export interface Load {
  rps: number;
  p99: number;
  statuses: Record<string, number>;
  errors: number;
  requests: number;
}

/** A bounded load: `amount` requests, or `seconds` of load, whichever the caller gives. */
export async function load(options: {
  url: string;
  method?: "GET" | "POST";
  body?: string;
  headers?: Record<string, string>;
  connections?: number;
  seconds?: number;
  amount?: number;
}): Promise<Load> {
  const result = await autocannon({
    url: options.url,
    method: options.method ?? "GET",
    body: options.body,
    headers: options.headers,
    connections: options.connections ?? 20,
    ...(options.amount ? { amount: options.amount } : { duration: options.seconds ?? 5 }),
    timeout: 10,
  });
  const statuses: Record<string, number> = {};
  for (const key of ["1xx", "2xx", "3xx", "4xx", "5xx"] as const) statuses[key] = result[key];
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    statuses,
    errors: result.errors + result.timeouts,
    requests: result.requests.total,
  };
}

export const fmt = (n: number) => Math.round(n).toLocaleString("en-US");
/** "met" or "MISSED"; a missed budget also makes the benchmark exit non-zero (and so `npm run bench`). */
export function verdict(ok: boolean): "met" | "MISSED" {
  if (!ok) process.exitCode = 1;
  return ok ? "met" : "MISSED";
}
