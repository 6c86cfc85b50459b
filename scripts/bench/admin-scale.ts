// Admin dashboard at a million submissions. Seeds 1,000,000 rows with the CLI (timed),
// starts the server on loopback, and measures:
// - p95 of the list's first page, each filter, a search and the summary, through HTTP,
//   against the same SQL statements (captured from the service) run directly on bun:sqlite;
// - the CSV export of every row, streamed: rows/s against bun:sqlite iterating the same
//   rows into the same CSV writer to /dev/null, and the server's peak RSS.
// Exits 1 when any budget is missed.
// Usage: bun scripts/bench/admin-scale.ts [rows]   (default 1,000,000)
import { join } from "node:path";
import { type DB, openDatabase } from "@src/db";
import { createAdmin } from "@src/modules/admin/accounts";
import { csvHeader } from "@src/modules/leads/csv-export";
import { listSubmissions, summarize } from "@src/modules/leads/submissions";
import { stringify } from "csv-stringify/sync";
import { fmt, memoryKb, p95AgainstSql, root, type Spawned, scratch, serverPid, sqlReplay, startApp, verdict } from "./_support";

const rows = Number(process.argv[2] ?? 1_000_000);
const samples = 40;
const tz = "America/Chicago";
const { databasePath, remove } = scratch("admin");

let server: Spawned | null = null;
let allMet = true;
try {
  // 1. Seeding, through the CLI as a person would.
  const seedStarted = performance.now();
  const seed = Bun.spawnSync([process.execPath, join(root, "src", "index.ts"), "seed", "--demo", String(rows)], {
    env: { ...process.env, DATABASE_PATH: databasePath, LOG_REQUESTS: "0" },
    stdout: "pipe",
    stderr: "inherit",
  });
  if (seed.exitCode !== 0) throw new Error("seed failed");
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const seedMet = seedSeconds <= 60;
  allMet &&= seedMet;
  console.log(`admin-scale seed: ${fmt(rows)} submissions in ${seedSeconds.toFixed(1)} s; budget ≤ 60 s: ${verdict(seedMet)}`);

  const setup = openDatabase(databasePath);
  await createAdmin(setup.db, { username: "bench", password: "bench password 123" });
  setup.close();

  // 2. The server, on loopback.
  server = await startApp({ DATABASE_PATH: databasePath });
  const base = server.url;
  const pid = serverPid();
  const login = await fetch(`${base}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "bench", password: "bench password 123" }),
  });
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0];
  if (login.status !== 200) throw new Error(`login failed: ${login.status}`);

  // 3. The same SQL, captured from the service, replayed on bun:sqlite.
  const { direct, capture } = sqlReplay(databasePath);
  const now = Date.now();
  const scenarios: { name: string; path: string; run: (db: DB) => Promise<unknown> }[] = [
    { name: "first page", path: "/api/admin/form-submissions", run: (db) => listSubmissions(db, {}, now) },
    ...(["employers", "brokers", "platforms", "contact", "enrollment"] as const).map((formType) => ({
      name: `filter formType=${formType}`,
      path: `/api/admin/form-submissions?formType=${formType}`,
      run: (db: DB) => listSubmissions(db, { formType }, now),
    })),
    ...(["today", "week", "month"] as const).map((range) => ({
      name: `filter range=${range}`,
      path: `/api/admin/form-submissions?range=${range}&tz=${encodeURIComponent(tz)}`,
      run: (db: DB) => listSubmissions(db, { range, tz }, now),
    })),
    {
      name: "filter formType=brokers&range=week",
      path: `/api/admin/form-submissions?formType=brokers&range=week&tz=${encodeURIComponent(tz)}`,
      run: (db) => listSubmissions(db, { formType: "brokers", range: "week", tz }, now),
    },
    { name: "search q=okafor", path: "/api/admin/form-submissions?q=okafor", run: (db) => listSubmissions(db, { q: "okafor" }, now) },
    {
      name: "search q=summit dental",
      path: "/api/admin/form-submissions?q=summit%20dental",
      run: (db) => listSubmissions(db, { q: "summit dental" }, now),
    },
    {
      name: "search q=nguyen.4242",
      path: "/api/admin/form-submissions?q=nguyen.4242",
      run: (db) => listSubmissions(db, { q: "nguyen.4242" }, now),
    },
    { name: "summary", path: `/api/admin/form-submissions/summary?tz=${encodeURIComponent(tz)}`, run: (db) => summarize(db, tz, now) },
  ];
  for (const scenario of scenarios) {
    const statements = await capture(scenario.run);
    allMet &&= await p95AgainstSql(`admin-scale ${scenario.name}`, { url: base + scenario.path, cookie, statements, samples });
  }

  // 4. CSV export of every row, against bun:sqlite → the same CSV writer → /dev/null. The
  // machine is shared, so the two alternate, twice each, and the best of each is compared.
  const csvOptions = { record_delimiter: "windows" as const };
  const iterate = direct.query(
    "SELECT submitted_at, form_type, name, company, email, phone, current_provider, message FROM form_submissions ORDER BY submitted_at DESC, id DESC",
  );
  async function baselineExport(): Promise<number> {
    const t = performance.now();
    const sink = Bun.file("/dev/null").writer();
    let batch: unknown[][] = [];
    let count = 0;
    sink.write(stringify([csvHeader], csvOptions));
    for (const r of iterate.iterate() as IterableIterator<Record<string, string | number | null>>) {
      batch.push([
        new Date(r.submitted_at as number).toISOString(),
        r.form_type,
        r.name,
        r.company,
        r.email,
        r.phone,
        r.current_provider,
        r.message,
      ]);
      if (batch.length === 2000) {
        sink.write(stringify(batch, csvOptions));
        count += batch.length;
        batch = [];
      }
    }
    sink.write(stringify(batch, csvOptions));
    count += batch.length;
    await sink.end();
    return count / ((performance.now() - t) / 1000);
  }
  async function appExport(): Promise<{ rate: number; rows: number; bytes: number; seconds: number }> {
    const t = performance.now();
    const res = await fetch(`${base}/api/admin/form-submissions.csv`, { headers: { cookie } });
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
    }
    const seconds = (performance.now() - t) / 1000;
    return { rate: (lines - 1) / seconds, rows: lines - 1, bytes, seconds };
  }
  const baselineRates: number[] = [];
  const appRuns: Awaited<ReturnType<typeof appExport>>[] = [];
  for (let round = 0; round < 2; round++) {
    baselineRates.push(await baselineExport());
    appRuns.push(await appExport());
  }
  direct.close();
  const baselineRate = Math.max(...baselineRates);
  const best = appRuns.reduce((a, b) => (b.rate > a.rate ? b : a));
  const { rate, bytes, seconds } = best;
  const exported = Math.min(...appRuns.map((r) => r.rows));
  const peakMb = memoryKb(pid, "VmHWM") / 1024;
  const ratio = rate / baselineRate;
  const exportMet = exported === rows && peakMb <= 200 && ratio >= 0.5;
  allMet &&= exportMet;
  console.log(
    `admin-scale csv export: ${fmt(exported)} rows (${(bytes / 1e6).toFixed(0)} MB) in ${seconds.toFixed(1)} s = ${fmt(rate)} rows/s (baseline bun:sqlite → CSV → /dev/null ${fmt(baselineRate)} rows/s, ratio ${ratio.toFixed(2)}), server peak RSS ${peakMb.toFixed(0)} MB; budget ≥ 0.50 and ≤ 200 MB: ${verdict(exportMet)}`,
  );
  console.log(`admin-scale: ${allMet ? "all budgets met" : "some budgets MISSED"}`);
} finally {
  await server?.stop();
  remove();
}
if (!allMet) process.exitCode = 1;
