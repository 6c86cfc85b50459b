// The demo reimbursements (`seed --demo`) fill every screen of the loop, and hold together
// as the services would have left them.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { loadDataKey } from "../../data-key";
import { createTestApp, type TestApp } from "../../test/api";
import { seedDemoReimbursements } from "./demo-seed";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const all = <T>(sql: string) => t.database.sqlite.query(sql).all() as T[];

test("employers with registered employees, proofs in each state, claims in each status and a payroll run; made once", async () => {
  const seeded = await seedDemoReimbursements(t.database.db, { key: loadDataKey(t.config), origin: "http://localhost" });
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
  const owed = all<{ claimed: number; ledger: number }>(
    "select (select coalesce(sum(approved_cents), 0) from reimbursement_claims where status in ('approved', 'partially-approved')) as claimed, (select sum(unpaid_cents) from reimbursement_events) as ledger",
  );
  expect(owed[0]!.claimed).toBe(owed[0]!.ledger);
  const runs = all<{ total_cents: number }>("select total_cents from payroll_runs");
  expect(runs).toEqual([{ total_cents: 41_250 }]);
  const files = all<{ stored_name: string }>("select stored_name from reimbursement_documents");
  expect(files).toHaveLength(14);
  for (const { stored_name } of files) expect(await Bun.file(`${t.dir}/test-documents/${stored_name}`).exists()).toBe(true);
  expect(await seedDemoReimbursements(t.database.db, { key: loadDataKey(t.config), origin: "http://localhost" })).toBeNull();
});
