// The admin review queue over 100,000 claims (and 10,000 proofs of coverage): p95 of the
// first page, each filter and a second page, through HTTP on the real server, against the
// same SQL statements (captured from the service) run directly on bun:sqlite.
// Budget: p95 ≤ 50 ms each. Usage: bun scripts/bench/review-queue.ts [claims]
import { openDatabase } from "@src/db";
import type { ReviewQueueQuery } from "@src/modules/reimbursements/model";
import { reviewQueue } from "@src/modules/reimbursements/review";
import { accrueAllReached } from "@src/modules/reimbursements/upkeep";
import { adminCookie, seedEmployers } from "./_reimbursements";
import { fmt, p95AgainstSql, type Spawned, scratch, sqlReplay, startApp } from "./_support";

const claims = Number(process.argv[2] ?? 100_000);
const employers = 50;
const perEmployer = Math.ceil(claims / 10 / employers);
const samples = 40;
const { databasePath, remove } = scratch("review");

// How a year of claims is spread over the statuses: most decided, a share waiting.
const statuses = [
  ["submitted", 0.3],
  ["needs-info", 0.05],
  ["approved", 0.25],
  ["partially-approved", 0.05],
  ["denied", 0.05],
  ["paid", 0.3],
] as const;

/** The status whose share of the spread holds `point` (0 to 1). */
function statusAt(point: number): string {
  let upTo = 0;
  for (const [status, share] of statuses) {
    upTo += share;
    if (point < upTo) return status;
  }
  return "submitted";
}

let server: Spawned | null = null;
let allMet = true;
try {
  const setup = openDatabase(databasePath);
  const seedStarted = performance.now();
  const seeded = await seedEmployers(setup.db, { employers, employees: perEmployer, effectiveDate: "2026-01-01", allowanceCents: 50_000 });
  const claim = setup.sqlite.prepare(
    "insert into reimbursement_claims (employee_id, enrollment_id, business_id, plan_year_start, month, amount_cents, carrier, covered_people, attested_at, status, created_at) values (?, ?, ?, '2026-01-01', ?, 41250, 'Blue Cross Blue Shield of Texas', 'Me', ?, ?, ?) returning id",
  );
  const proof = setup.sqlite.prepare(
    "insert into coverage_proofs (employee_id, enrollment_id, business_id, plan_year_start, carrier, coverage_start, covered_people, attested_at, status, created_at) values (?, ?, ?, '2026-01-01', 'Blue Cross Blue Shield of Texas', '2026-01-01', 'Me', ?, ?, ?) returning id",
  );
  const document = setup.sqlite.prepare(
    "insert into reimbursement_documents (employee_id, claim_id, proof_id, file_name, media_type, size_bytes, stored_name, created_at) values (?, ?, ?, 'receipt.pdf', 'application/pdf', 182000, ?, ?)",
  );
  const start = Date.now() - 330 * 86_400_000;
  let made = 0;
  let n = 0;
  setup.sqlite.transaction(() => {
    for (const employer of seeded) {
      for (const employeeId of employer.employeeIds) {
        const at = start + (n++ % 10_000) * 2_000;
        const proofStatus = n % 5 === 0 ? "pending" : n % 11 === 0 ? "rejected" : "approved";
        const p = (proof.get(employeeId, employer.enrollmentId, employer.businessId, at, proofStatus, at) as { id: number }).id;
        document.run(employeeId, null, p, `p${p}`, at);
        for (let m = 0; m < 10 && made < claims; m++, made++) {
          // A deterministic spread: each status gets its share of every employer's claims.
          const r = (made * 7919) % 1000;
          const status = statusAt(r / 1000);
          const when = at + (m + 1) * 86_400_000 * 30;
          const c = (
            claim.get(
              employeeId,
              employer.enrollmentId,
              employer.businessId,
              `2026-${String(m + 1).padStart(2, "0")}`,
              when,
              status,
              when,
            ) as { id: number }
          ).id;
          document.run(employeeId, c, null, `c${c}`, when);
        }
      }
    }
  })();
  // A running server writes each month's allowances hourly, so a live database has them:
  // write them now, or the server's first upkeep run would be measured with the queue.
  await accrueAllReached(setup.db);
  setup.sqlite.exec("ANALYZE");
  const cookie = await adminCookie(setup.db);
  setup.close();
  console.log(
    `review-queue seed: ${fmt(made)} claims, ${fmt(n)} proofs of coverage, ${fmt(made + n)} documents for ${employers} employers in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
  );

  server = await startApp({ DATABASE_PATH: databasePath });
  const base = server.url;
  const { direct, capture } = sqlReplay(databasePath);
  const business = String(seeded[17]!.businessId);

  const firstPage = await fetch(`${base}/api/admin/review-queue`, { headers: { cookie } });
  const cursor = firstPage.headers.get("x-next-cursor") ?? "";
  await firstPage.arrayBuffer();
  const scenarios: { name: string; query: ReviewQueueQuery }[] = [
    { name: "first page (awaiting review)", query: {} },
    { name: "second page", query: { cursor } },
    ...(["submitted", "needs-info", "approved", "partially-approved", "denied", "paid", "pending", "rejected"] as const).map((status) => ({
      name: `filter status=${status}`,
      query: { status },
    })),
    { name: "filter kind=claim", query: { kind: "claim" as const } },
    { name: "filter kind=proof", query: { kind: "proof" as const } },
    { name: "filter businessId", query: { businessId: business } },
    { name: "filter businessId&status=paid", query: { businessId: business, status: "paid" as const } },
    { name: "page of 500", query: { limit: "500" } },
  ];
  for (const scenario of scenarios) {
    const statements = await capture((db) => reviewQueue(db, scenario.query));
    const path = `/api/admin/review-queue?${new URLSearchParams(scenario.query as Record<string, string>)}`;
    // The budget is for the default page and each filter; the largest page is shown for scale.
    const budgeted = scenario.query.limit === undefined;
    const met = await p95AgainstSql(`review-queue ${scenario.name}`, { url: base + path, cookie, statements, samples, budgeted });
    if (budgeted) allMet &&= met;
  }
  direct.close();
  console.log(`review-queue: ${allMet ? "all budgets met" : "some budgets MISSED"}`);
} finally {
  await server?.stop();
  remove();
}
if (!allMet) process.exitCode = 1;
