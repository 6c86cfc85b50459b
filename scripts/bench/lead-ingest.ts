// Lead ingest: POST /api/contact on the real server (validation, rate limit, composed
// message, insert + notification in one transaction, synchronous=FULL) against a bare
// Bun.serve doing one prepared bun:sqlite INSERT per request into the same table (the
// migrated schema, so its indexes and the admin search triggers cost the same) with the
// same pragmas.
// Budget: at least 50% of the baseline's throughput, and every acknowledged lead stored.
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { fmt, load, root, startApp, startBaseline, verdict } from "./_support";

const amount = Number(process.env.BENCH_LEADS ?? 20_000);
const body = JSON.stringify({
  formType: "enrollment",
  name: "Dana Ruiz",
  company: "Coastal Dental Group",
  email: "dana@coastal.test",
  currentProvider: "PeopleKeep",
});
const headers = { "content-type": "application/json" };

const baselineSource = `
  const { openDatabase } = await import(${JSON.stringify(join(root, "src", "db.ts"))});
  const db = openDatabase(process.env.DATABASE_PATH).sqlite;
  const insert = db.prepare("insert into form_submissions (form_type, name, company, email, message, data, submitted_at, ip_address, user_agent) values (?, ?, ?, ?, ?, ?, ?, ?, ?) returning id");
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request, server) {
      const lead = await request.json();
      const row = insert.get(lead.formType, lead.name, lead.company, lead.email, "Current ICHRA provider: " + lead.currentProvider, JSON.stringify(lead), Date.now(), server.requestIP(request)?.address ?? null, request.headers.get("user-agent"));
      return Response.json({ id: row.id }, { status: 201 });
    },
  });
  console.log("listening " + server.url.href.replace(/\\/$/, ""));
`;

const count = (path: string) => {
  const db = new Database(path, { readonly: true });
  try {
    return (db.query("select count(*) as n from form_submissions").get() as { n: number }).n;
  } finally {
    db.close();
  }
};

const app = await startApp({ LEADS_PER_MINUTE: "1000000", LEADS_PER_DAY: "10000000", LEADS_NOTIFY_TO: "sales@example.com" });
const baseline = await startBaseline(baselineSource);
try {
  const base = await load({ url: `${baseline.url}/`, method: "POST", body, headers, amount });
  const ours = await load({ url: `${app.url}/api/contact`, method: "POST", body, headers, amount });
  const acknowledged = ours.statuses["2xx"]!;
  const stored = count(app.databasePath);
  const lost = Math.max(0, acknowledged - stored);
  const ratio = ours.rps / base.rps;
  console.log(
    `lead-ingest: ${fmt(ours.rps)} req/s (baseline ${fmt(base.rps)} req/s, ratio ${ratio.toFixed(2)}), p99 ${ours.p99} ms (baseline ${base.p99} ms), lost ${fmt(lost)} of ${fmt(acknowledged)} acknowledged (${fmt(ours.requests)} sent, ${ours.statuses["4xx"]! + ours.statuses["5xx"]!} refused, ${ours.errors} errors); budget ratio ≥ 0.50 and 0 lost: ${verdict(ratio >= 0.5 && lost === 0 && acknowledged === amount)}`,
  );
} finally {
  await baseline.stop();
  await app.stop();
}
