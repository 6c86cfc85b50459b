// What happens without a request: allowances written as months are reached, files no row
// names removed, and an employee's reimbursements going with them.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { censusEmployees } from "@db/schema";
import { eq } from "drizzle-orm";
import type { TestApp } from "../../test/api";
import { censusForm, goodCsv, ownerWithClasses } from "../../test/employers";
import { removeOrphanFiles } from "./documents";
import {
  type Claimant,
  claimants,
  claimed,
  countOf,
  decide,
  documentsDir,
  provenCoverage,
  reviewingApp,
  storedFiles,
} from "./test-helpers";
import { accrueAllReached } from "./upkeep";

let t: TestApp;
let admin: string;
beforeAll(async () => {
  ({ t, admin } = await reviewingApp());
});
afterAll(() => t.close());

const dir = () => documentsDir(t);

const n = (sql: string, ...params: unknown[]) => countOf(t, sql, ...params);
const allowanceMonths = (who: Claimant) =>
  (
    t.database.sqlite
      .query("select month from reimbursement_events where employee_id = ? and kind = 'allowance' order by month")
      .all(who.id) as {
      month: string;
    }[]
  ).map((r) => r.month);

describe("allowances as months are reached", () => {
  test("every registered employee gets the reached months of their open plan years, once, whatever the reruns", async () => {
    const [ana, late] = await claimants(t, [{}, { hireDate: "2099-01-01" }], { startMonthsAgo: 14 });
    const [unregistered] = await claimants(t, [{ registered: false }]);
    // 15 months since the plan began: the previous plan year (its 90-day run-out still
    // open) has its 12 months, the current one 3.
    const start = ana!.planStart;
    const today = new Date().toISOString().slice(0, 10);
    expect(await accrueAllReached(t.database.db, today)).toBe(15);
    expect(await accrueAllReached(t.database.db, today)).toBe(0);
    const months = allowanceMonths(ana!);
    expect(months).toHaveLength(15);
    expect(months[0]).toBe(start.slice(0, 7));
    expect(new Set(months).size).toBe(15);
    expect(allowanceMonths(late!)).toEqual([]);
    expect(n("select count(*) as n from reimbursement_events where employee_id = ?", unregistered!.id)).toBe(0);
  });
});

describe("document files without rows", () => {
  test("are removed once older than the grace period; files with rows stay", async () => {
    const [ana] = await claimants(t);
    await provenCoverage(t, ana!, admin);
    const kept = storedFiles(t);
    const orphan = join(dir(), "0123456789abcdef0123456789abcdef");
    const young = join(dir(), "fedcba9876543210fedcba9876543210");
    writeFileSync(orphan, "left by an upload that never committed");
    writeFileSync(young, "an upload still in flight");
    const hourAgo = (Date.now() - 2 * 60 * 60 * 1000) / 1000;
    utimesSync(orphan, hourAgo, hourAgo);
    expect(await removeOrphanFiles(t.database.db, dir())).toBe(1);
    expect(existsSync(orphan)).toBe(false);
    expect(existsSync(young)).toBe(true);
    expect(storedFiles(t)).toEqual([...kept, "fedcba9876543210fedcba9876543210"].sort());
  });
});

describe("an employee removed from the census", () => {
  test("takes their claims, proofs, events, history, documents and sessions along, in one transaction", async () => {
    const [ana, ben] = await claimants(t, [{}, {}]);
    await provenCoverage(t, ana!, admin);
    const claim = await claimed(t, ana!);
    await decide(t, admin, claim, { decision: "approve", approvedAmount: 10, reason: "part" });
    await provenCoverage(t, ben!, admin);
    const before = n("select count(*) as n from reimbursement_documents where employee_id = ?", ben!.id);
    const files = (
      t.database.sqlite.query("select stored_name from reimbursement_documents where employee_id = ?").all(ana!.id) as {
        stored_name: string;
      }[]
    ).map((r) => r.stored_name);
    expect(files.length).toBe(2);
    t.database.db.delete(censusEmployees).where(eq(censusEmployees.id, ana!.id)).run();
    for (const table of ["coverage_proofs", "reimbursement_claims", "reimbursement_events", "reimbursement_documents", "sessions"]) {
      const column = table === "sessions" ? "census_employee_id" : "employee_id";
      expect({ table, n: n(`select count(*) as n from ${table} where ${column} = ?`, ana!.id) }).toEqual({ table, n: 0 });
    }
    expect(n("select count(*) as n from claim_history where claim_id = ?", claim)).toBe(0);
    // Nobody else's.
    expect(n("select count(*) as n from reimbursement_documents where employee_id = ?", ben!.id)).toBe(before);
    // The files go with the next sweep (immediately here: no grace).
    await removeOrphanFiles(t.database.db, dir(), 0);
    for (const name of files) expect(existsSync(join(dir(), name))).toBe(false);
    expect((await t.request("GET", "/api/benefits", { headers: { cookie: ana!.cookie } })).status).toBe(401);
  });

  test("a census replace still refuses while employees have registered, leaving their reimbursements as they are", async () => {
    // Without registrations a census is replaced, its employees removed with whatever they had.
    const owner = await ownerWithClasses(t);
    for (let i = 0; i < 2; i++) {
      const res = await t.request("POST", `/api/enrollment/${owner.enrollmentId}/census`, {
        headers: owner.headers,
        body: censusForm(goodCsv),
      });
      expect(res.status).toBe(200);
    }
    const [ana] = await claimants(t);
    await provenCoverage(t, ana!, admin);
    const replace = await t.request("POST", `/api/enrollment/${ana!.enrollmentId}/census`, {
      headers: { cookie: ana!.ownerCookie },
      body: censusForm(goodCsv),
    });
    expect(replace.status).toBe(409);
    expect(n("select count(*) as n from coverage_proofs where employee_id = ?", ana!.id)).toBe(1);
  });
});
