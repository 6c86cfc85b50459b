// The search index and the per-hour counts follow form_submissions through triggers
// (migration admin_search). One trigger call per row is right for leads arriving one by
// one, but costs minutes for a bulk load of a million rows: a bulk load pauses the insert
// triggers, then rebuilds both once. All in one transaction, so a failure leaves the
// triggers and the derived data as they were.
import type { Database } from "bun:sqlite";

const insertTriggers = ["form_submissions_search_insert", "form_submission_counts_insert"];

export function rebuildDerivedIndexes(sqlite: Database): void {
  sqlite.run("INSERT INTO form_submissions_search(form_submissions_search) VALUES ('rebuild')");
  sqlite.run("DELETE FROM form_submission_counts");
  sqlite.run(
    "INSERT INTO form_submission_counts (form_type, hour, n) SELECT form_type, submitted_at / 3600000, count(*) FROM form_submissions GROUP BY 1, 2",
  );
}

export function bulkLoadSubmissions<T>(sqlite: Database, load: () => T): T {
  return sqlite.transaction(() => {
    const saved = insertTriggers.map((name) => {
      const row = sqlite.query("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?").get(name) as { sql: string } | null;
      if (!row) throw new Error(`trigger ${name} is missing: run the migrations first`);
      return row.sql;
    });
    for (const name of insertTriggers) sqlite.run(`DROP TRIGGER ${name}`);
    const result = load();
    rebuildDerivedIndexes(sqlite);
    for (const sql of saved) sqlite.run(sql);
    return result;
  })();
}
