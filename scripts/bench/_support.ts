// Shared by the benchmarks: a scratch folder with its database, the real server or a
// baseline on loopback, a bounded autocannon load, the server's memory, the service's SQL
// replayed on bun:sqlite against the same request through HTTP, and figures.

import { Database } from "bun:sqlite";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as schema from "@db/schema";
import type { DB } from "@src/db";
import { spawnServe, waitForListening } from "@src/test/server-process";
import autocannon from "autocannon";
import { drizzle } from "drizzle-orm/bun-sqlite";
import { buildWeb, webBuildIsStale } from "../build-web";

export const root = join(import.meta.dir, "..", "..");

export async function ensureWebBuild() {
  if (webBuildIsStale()) await buildWeb();
}

/** A scratch folder for one benchmark (`ichra-bench-<name>-…`) and the database path in it. */
export function scratch(name: string) {
  const dir = mkdtempSync(join(tmpdir(), `ichra-bench-${name}-`));
  return { dir, databasePath: join(dir, "bench.db"), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface Spawned {
  url: string;
  dir: string;
  databasePath: string;
  stop(): Promise<void>;
}

/** The real server (`bun src/index.ts serve`) on a free port with a fresh database. */
export async function startApp(env: Record<string, string> = {}): Promise<Spawned> {
  const dir = mkdtempSync(join(tmpdir(), "ichra-bench-"));
  const databasePath = join(dir, "bench.db");
  const proc = spawnServe(databasePath, { LOG_REQUESTS: "0", ...env });
  const { url } = await waitForListening(proc, 20_000);
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
  const { url } = await waitForListening(proc, 20_000, /listening http:\/\/\S+/);
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

export const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1]!;
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The server process startApp spawned (a child of this one running `serve`), for its memory. */
export function serverPid(): number {
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      const cmdline = readFileSync(`/proc/${name}/cmdline`, "utf8").split("\0");
      if (parent === process.pid && cmdline.includes("serve")) return Number(name);
    } catch {
      // the process ended while being read
    }
  }
  throw new Error("the server process was not found");
}

/** A figure of /proc/PID/status in kilobytes (VmRSS, VmHWM). */
export function memoryKb(pid: number, field: "VmRSS" | "VmHWM"): number {
  return Number(readFileSync(`/proc/${pid}/status`, "utf8").match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? 0);
}

/**
 * The database read directly with bun:sqlite, and `capture`, which runs a service on a
 * Drizzle that logs its statements and answers them prepared: the baseline of a read is
 * the very SQL the server runs for it, without the server.
 */
export function sqlReplay(databasePath: string) {
  const direct = new Database(databasePath, { readonly: true, strict: true });
  const captured: { sql: string; params: unknown[] }[] = [];
  const db = drizzle({
    client: direct,
    schema,
    logger: { logQuery: (sql, params) => captured.push({ sql, params }) },
  }) as unknown as DB;
  async function capture(service: (db: DB) => Promise<unknown>) {
    captured.length = 0;
    await service(db);
    return captured.map((c) => ({ stmt: direct.prepare(c.sql), params: c.params }));
  }
  return { direct, capture };
}

/**
 * p95 of a GET through HTTP against p95 of its captured statements on bun:sqlite, sampled
 * alternately; prints one line under `label` and answers whether the 50 ms budget is met.
 */
export async function p95AgainstSql(
  label: string,
  options: {
    url: string;
    cookie: string;
    statements: Awaited<ReturnType<ReturnType<typeof sqlReplay>["capture"]>>;
    samples: number;
    /** False: print the figures without a verdict (a case shown for scale). */
    budgeted?: boolean;
  },
): Promise<boolean> {
  const baseline: number[] = [];
  const app: number[] = [];
  for (let i = 0; i < options.samples; i++) {
    let t = performance.now();
    for (const s of options.statements) s.stmt.all(...(s.params as never[]));
    baseline.push(performance.now() - t);
    t = performance.now();
    const res = await fetch(options.url, { headers: { cookie: options.cookie } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${options.url}: ${res.status}`);
    app.push(performance.now() - t);
  }
  const ms = p95(app);
  const met = ms <= 50;
  console.log(
    `${label}: p95 ${ms.toFixed(1)} ms (baseline same SQL on bun:sqlite p95 ${p95(baseline).toFixed(1)} ms, ratio ${(ms / p95(baseline)).toFixed(2)})${options.budgeted === false ? "" : `; budget ≤ 50 ms: ${verdict(met)}`}`,
  );
  return met;
}
