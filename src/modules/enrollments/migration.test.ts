// Migration 0007/0008 moves existing rows: the group-plan yes/no becomes a recorded
// group-plan class, census rows get the business's ZIP as their work ZIP, invitations
// already sent count as notices sent (they carried the notice link), and the yearly
// figures are seeded with their sources.
import { Database } from "bun:sqlite";
import { afterAll, expect, test } from "bun:test";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { drizzle } from "drizzle-orm/bun-sqlite";
import { migrate } from "drizzle-orm/bun-sqlite/migrator";
import { migrationsDir } from "../../paths";

const dir = mkdtempSync(join(tmpdir(), "ichra-migration-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The migrations up to and including `lastTag`, as drizzle reads them from a folder. */
function migrationsUpTo(lastTag: string): string {
  const folder = join(dir, lastTag);
  mkdirSync(join(folder, "meta"), { recursive: true });
  const journal = JSON.parse(readFileSync(join(migrationsDir, "meta", "_journal.json"), "utf8"));
  const last = journal.entries.findIndex((e: { tag: string }) => e.tag === lastTag);
  journal.entries = journal.entries.slice(0, last + 1);
  for (const entry of journal.entries) cpSync(join(migrationsDir, `${entry.tag}.sql`), join(folder, `${entry.tag}.sql`));
  writeFileSync(join(folder, "meta", "_journal.json"), JSON.stringify(journal));
  return folder;
}

test("rows written before the compliance migrations are moved sensibly", () => {
  const sqlite = new Database(join(dir, "old.db"), { create: true, strict: true });
  const db = drizzle({ client: sqlite });
  migrate(db, { migrationsFolder: migrationsUpTo("0006_login_tokens_index") });
  sqlite.exec(`
    insert into users (id, username, first_name, last_name, email) values (1, 'o', 'O', 'W', 'o@acme.test');
    insert into ichra_plans (id, name, description, monthly_amount_cents, annual_amount_cents, features) values (1, 'P', 'd', 1, 12, '[]');
    insert into businesses (id, user_id, name, tax_id, address, city, state, zip, industry, size)
      values (1, 1, 'Acme', '12-3456789', '1 Main', 'Austin', 'TX', '78701', 'other', '11-50');
    insert into enrollments (id, business_id, plan_id, effective_date, offers_group_plan) values (1, 1, 1, '2027-01-01', 1), (2, 1, 1, '2027-01-01', 0);
    insert into census_employees (id, enrollment_id, row_number, first_name, last_name, email, date_of_birth, home_zip, class_name, invite_status, invite_sent_at)
      values (1, 1, 2, 'A', 'B', 'a@acme.test', '1980-01-01', '30301', 'X', 'sent', 1700000000000),
             (2, 1, 3, 'C', 'D', 'c@acme.test', '1980-01-01', '30301', 'X', 'not_sent', null);
  `);
  migrate(db, { migrationsFolder: migrationsDir });

  const enrollments = sqlite.query("select id, group_plan_classes as g, total_employees as n from enrollments order by id").all();
  expect(enrollments).toEqual([
    { id: 1, g: '[{"name":"Group health plan (classes not recorded)","basis":[],"headcount":0}]', n: null },
    { id: 2, g: "[]", n: null },
  ]);
  expect(sqlite.query("select work_zip as z, notice_sent_at as s from census_employees order by id").all()).toEqual([
    { z: "78701", s: 1700000000000 },
    { z: "78701", s: null },
  ]);
  expect(sqlite.query("select year, name, value from yearly_figures where name = 'affordability-percent' order by year").all()).toEqual([
    { year: 2024, name: "affordability-percent", value: 839 },
    { year: 2025, name: "affordability-percent", value: 902 },
    { year: 2026, name: "affordability-percent", value: 996 },
  ]);
  const columns = (sqlite.query("pragma table_info(enrollments)").all() as { name: string }[]).map((c) => c.name);
  expect(columns).not.toContain("offers_group_plan");
  sqlite.close();
});
