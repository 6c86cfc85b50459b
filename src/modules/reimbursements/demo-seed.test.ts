// The demo reimbursements (`seed --demo`) fill every screen of the loop, and hold together
// as the services would have left them.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { loadDataKey } from "../../data-key";
import { createTestApp, type TestApp } from "../../test/api";
import { administratorOf } from "../employees/notice-input";
import { seedDemoReimbursements } from "./demo-seed";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const demo = () => ({ key: loadDataKey(t.config), administrator: administratorOf(t.config), origin: "http://localhost" });
const all = <T>(sql: string) => t.database.sqlite.query(sql).all() as T[];

test("employers with registered employees, proofs in each state, claims in each status and a payroll run; made once", async () => {
  const seeded = await seedDemoReimbursements(t.database.db, demo());
  expect(seeded).toEqual({ employers: 2, employees: 7, proofs: 6, claims: 8, payrollRuns: 1 });
  expect(all<{ status: string }>("select distinct status from reimbursement_claims order by status").map((r) => r.status)).toEqual([
    "approved",
    "denied",
    "needs-info",
    "paid",
    "partially-approved",
    "submitted",
  ]);
  expect(all<{ status: string }>("select distinct status from coverage_proofs order by status").map((r) => r.status)).toEqual([
    "approved",
    "pending",
    "rejected",
  ]);
  // Every employee registered; every document has its file; the ledger agrees with the claims.
  expect(all("select count(*) as n from employee_registrations where submitted_at is null")).toEqual([{ n: 0 }]);
  // Every employee was sent the ICHRA notice at least 90 days before the plan year, with its email.
  const notices = all<{ late: number; unsent: number; emails: number }>(
    "select sum(c.notice_sent_at > (unixepoch(e.effective_date) - 90 * 86400) * 1000) as late, sum(c.notice_sent_at is null) as unsent, (select count(*) from outbox where subject like '%notice%' or subject like '%Notice%') as emails from census_employees c join enrollments e on e.id = c.enrollment_id",
  );
  expect(notices).toEqual([{ late: 0, unsent: 0, emails: 7 }]);
  const owed = all<{ claimed: number; ledger: number }>(
    "select (select coalesce(sum(approved_cents), 0) from reimbursement_claims where status in ('approved', 'partially-approved')) as claimed, (select sum(unpaid_cents) from reimbursement_events) as ledger",
  );
  expect(owed[0]!.claimed).toBe(owed[0]!.ledger);
  const runs = all<{ total_cents: number }>("select total_cents from payroll_runs");
  expect(runs).toEqual([{ total_cents: 41_250 }]);
  const files = all<{ stored_name: string }>("select stored_name from reimbursement_documents");
  expect(files).toHaveLength(14);
  for (const { stored_name } of files) expect(await Bun.file(`${t.dir}/test-documents/${stored_name}`).exists()).toBe(true);
  expect(await seedDemoReimbursements(t.database.db, demo())).toBeNull();
});
