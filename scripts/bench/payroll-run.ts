// A payroll run over 1,000 employees with 12 months of approved claims each (12,000
// claims), through HTTP on the real server, against the same statements run directly on
// bun:sqlite (a second enrollment seeded identically, so both pay the same): select what
// is owed, insert the run, the payment events and history steps, mark the claims paid, in
// one transaction. Then the run's CSV, streamed, against bun:sqlite reading the
// same lines into the same CSV writer.
// Budget: the run within 1 s; the CSV streamed with every line. Usage: bun scripts/bench/payroll-run.ts [employees]
import { Database } from "bun:sqlite";
import { openDatabase } from "@src/db";
import { csvRecords } from "@src/lib/csv-cells";
import { todayUtc } from "@src/lib/date-rules";
import { formatUsd, toDollars } from "@src/lib/money";
import { cookieFor, seedEmployers } from "./_reimbursements";
import { fmt, type Spawned, scratch, startApp, verdict } from "./_support";

const employees = Number(process.argv[2] ?? 1000);
const months = 12;
const { databasePath, remove } = scratch("payroll");

let server: Spawned | null = null;
let met = false;
try {
  const setup = openDatabase(databasePath);
  const [app, base] = await seedEmployers(setup.db, { employers: 2, employees, effectiveDate: "2026-01-01", allowanceCents: 60_000 });
  const claim = setup.sqlite.prepare(
    "insert into reimbursement_claims (employee_id, enrollment_id, business_id, plan_year_start, month, amount_cents, carrier, covered_people, attested_at, status, approved_cents, decided_by, decided_at, created_at) values (?, ?, ?, '2026-01-01', ?, ?, 'Blue Cross Blue Shield of Texas', 'Me', ?, 'approved', ?, 'bench', ?, ?) returning id",
  );
  const event = setup.sqlite.prepare(
    "insert into reimbursement_events (employee_id, enrollment_id, plan_year_start, month, kind, amount_cents, unpaid_cents, claim_id, actor, created_at) values (?, ?, '2026-01-01', ?, ?, ?, ?, ?, 'bench', ?)",
  );
  const decided = Date.now() - 86_400_000;
  setup.sqlite.transaction(() => {
    for (const employer of [app!, base!]) {
      for (const employeeId of employer.employeeIds) {
        for (let m = 1; m <= months; m++) {
          const month = `2026-${String(m).padStart(2, "0")}`;
          const cents = 40_000 + ((employeeId * 37 + m * 11) % 20_000);
          event.run(employeeId, employer.enrollmentId, month, "allowance", 60_000, 0, null, decided);
          const id = (
            claim.get(employeeId, employer.enrollmentId, employer.businessId, month, cents, decided, cents, decided, decided) as {
              id: number;
            }
          ).id;
          event.run(employeeId, employer.enrollmentId, month, "approval", -cents, cents, id, decided);
        }
      }
    }
  })();
  setup.sqlite.exec("ANALYZE");
  const owner = await cookieFor(setup.db, { kind: "owner", userId: app!.userId });
  setup.close();

  // The baseline: the same work as plain SQL on bun:sqlite, for the other enrollment.
  const direct = new Database(databasePath, { strict: true });
  direct.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON");
  const baselineStarted = performance.now();
  direct.transaction(() => {
    const owed = direct
      .query(
        "select c.id, c.employee_id, c.plan_year_start, c.month, sum(e.unpaid_cents) as owed from reimbursement_claims c join reimbursement_events e on e.claim_id = c.id where c.enrollment_id = ? and c.status in ('approved', 'partially-approved') and c.decided_at <= ? group by c.id",
      )
      .all(base!.enrollmentId, Date.now()) as { id: number; employee_id: number; plan_year_start: string; month: string; owed: number }[];
    const total = owed.reduce((s, c) => s + c.owed, 0);
    const run = direct
      .query(
        "insert into payroll_runs (enrollment_id, business_id, through, total_cents, employee_count, created_by, created_at) values (?, ?, ?, ?, ?, 'bench', ?) returning id",
      )
      .get(base!.enrollmentId, base!.businessId, todayUtc(), total, new Set(owed.map((c) => c.employee_id)).size, Date.now()) as {
      id: number;
    };
    const now = Date.now();
    const payable = "c.enrollment_id = ? and c.status in ('approved', 'partially-approved') and c.decided_at <= ?";
    direct
      .query(
        `insert into reimbursement_events (employee_id, enrollment_id, plan_year_start, month, kind, amount_cents, unpaid_cents, claim_id, payroll_run_id, actor, created_at) select c.employee_id, c.enrollment_id, c.plan_year_start, c.month, 'payment', 0, -sum(e.unpaid_cents), c.id, ?, 'bench', ? from reimbursement_claims c join reimbursement_events e on e.claim_id = c.id where ${payable} group by c.id having sum(e.unpaid_cents) > 0`,
      )
      .run(run.id, now, base!.enrollmentId, Date.now());
    direct
      .query(
        "insert into claim_history (claim_id, action, note, amount_cents, actor, at) select claim_id, 'paid', null, -unpaid_cents, 'bench', ? from reimbursement_events where payroll_run_id = ?",
      )
      .run(now, run.id);
    direct
      .query(
        "update reimbursement_claims set status = 'paid', payroll_run_id = ? where id in (select claim_id from reimbursement_events where payroll_run_id = ?)",
      )
      .run(run.id, run.id);
  })();
  const baselineMs = performance.now() - baselineStarted;
  // The server starts on a WAL holding none of the baseline's writes, as the baseline did.
  direct.exec("PRAGMA wal_checkpoint(TRUNCATE)");

  server = await startApp({ DATABASE_PATH: databasePath });
  // What the employer's screen reads before they run payroll (the totals), once the
  // server's start-up work is done.
  const totalsStarted = performance.now();
  const totals = await fetch(`${server.url}/api/enrollment/${app!.enrollmentId}/reimbursements`, { headers: { cookie: owner } });
  if (totals.status !== 200) throw new Error(`totals: ${totals.status}`);
  await totals.arrayBuffer();
  console.log(`payroll-run totals: ${fmt(employees)} employees' approved totals in ${(performance.now() - totalsStarted).toFixed(0)} ms`);
  const started = performance.now();
  const res = await fetch(`${server.url}/api/enrollment/${app!.enrollmentId}/payroll-runs`, {
    method: "POST",
    headers: { cookie: owner, "content-type": "application/json", origin: server.url },
    body: JSON.stringify({ through: todayUtc() }),
  });
  const runMs = performance.now() - started;
  if (res.status !== 201) throw new Error(`payroll run: ${res.status} ${await res.text()}`);
  const run = (await res.json()) as { id: number; total: number; employees: number; csvPath: string };
  const paidClaims = (
    direct.query("select count(*) as n from reimbursement_claims where enrollment_id = ? and status = 'paid'").get(app!.enrollmentId) as {
      n: number;
    }
  ).n;
  const runMet = runMs <= 1000 && run.employees === employees && paidClaims === employees * months;
  console.log(
    `payroll-run run: ${fmt(employees)} employees × ${months} months (${fmt(paidClaims)} claims paid, ${formatUsd(run.total)}) in ${runMs.toFixed(0)} ms (baseline same work as plain SQL on bun:sqlite ${baselineMs.toFixed(0)} ms, ratio ${(runMs / baselineMs).toFixed(2)}); budget ≤ 1,000 ms: ${verdict(runMet)}`,
  );

  // The CSV: read as it arrives, against bun:sqlite → the same CSV writer → /dev/null.
  const csvStarted = performance.now();
  const csv = await fetch(`${server.url}${run.csvPath}`, { headers: { cookie: owner } });
  let bytes = 0;
  let lines = 0;
  let chunks = 0;
  for await (const chunk of csv.body as unknown as AsyncIterable<Uint8Array>) {
    chunks += 1;
    bytes += chunk.length;
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
  }
  const csvMs = performance.now() - csvStarted;
  const streamed = csv.headers.get("content-length") === null && csv.headers.get("transfer-encoding") === "chunked";
  const baseCsvStarted = performance.now();
  const sink = Bun.file("/dev/null").writer();
  const rows = direct
    .query(
      "select e.employee_id, -sum(e.unpaid_cents) as cents, group_concat(distinct e.month) as months, r.first_name, r.last_name, r.email from reimbursement_events e join employee_registrations r on r.census_employee_id = e.employee_id where e.payroll_run_id = ? group by e.employee_id order by r.last_name, r.first_name",
    )
    .all(run.id) as { cents: number; months: string; first_name: string; last_name: string; email: string }[];
  sink.write(csvRecords([["Employee", "Email", "Amount", "Months", "Earning Type"]]));
  sink.write(
    csvRecords(
      rows.map((r) => [
        `${r.first_name} ${r.last_name}`,
        r.email,
        toDollars(r.cents).toFixed(2),
        r.months.split(",").sort().join("; "),
        "Non-taxable ICHRA reimbursement",
      ]),
    ),
  );
  await sink.end();
  const baseCsvMs = performance.now() - baseCsvStarted;
  const csvMet = csv.status === 200 && lines === employees + 1 && streamed;
  console.log(
    `payroll-run csv: ${fmt(lines - 1)} lines (${fmt(bytes)} bytes in ${chunks} chunks, chunked transfer: ${streamed}) in ${csvMs.toFixed(0)} ms (baseline bun:sqlite → CSV → /dev/null ${baseCsvMs.toFixed(0)} ms, ratio ${(csvMs / baseCsvMs).toFixed(2)}); budget streamed, every line: ${verdict(csvMet)}`,
  );
  direct.close();
  met = runMet && csvMet;
  console.log(`payroll-run: ${met ? "all budgets met" : "some budgets MISSED"}`);
} finally {
  await server?.stop();
  remove();
}
if (!met) process.exitCode = 1;
