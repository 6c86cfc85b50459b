// Group commit: writes queued together share one commit, a failing one is undone alone,
// and none resolves before its row can be read by another connection.

import { Database } from "bun:sqlite";
import { afterEach, describe, expect, spyOn, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { outbox } from "@db/schema";
import { type OpenedDatabase, openDatabase } from "./db";
import { writeTogether } from "./group-commit";

const cleanups: (() => void)[] = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

function tempDatabase(): { database: OpenedDatabase; path: string } {
  const dir = mkdtempSync(join(tmpdir(), "ichra-group-commit-"));
  const path = join(dir, "group.db");
  const database = openDatabase(path);
  cleanups.push(() => {
    database.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return { database, path };
}

const email = (n: number) => ({ kind: "test", toAddress: `person${n}@example.com`, subject: `Subject ${n}`, textBody: "Hello" });
const inserter = (db: OpenedDatabase["db"]) => (n: number) =>
  writeTogether(db, (tx) => tx.insert(outbox).values(email(n)).returning({ id: outbox.id }).get().id);

describe("writeTogether", () => {
  test("writes queued in one turn share one transaction; each resolves with its own result once committed", async () => {
    const { database, path } = tempDatabase();
    const insert = inserter(database.db);
    const transactions = spyOn(database.db, "transaction");
    const ids = await Promise.all([1, 2, 3].map(insert));
    expect(transactions).toHaveBeenCalledTimes(1);
    expect(new Set(ids).size).toBe(3);
    // Committed: another connection reads every row.
    const reader = new Database(path, { readonly: true });
    expect((reader.query("select count(*) as n from outbox").get() as { n: number }).n).toBe(3);
    reader.close();
    // A later turn is a transaction of its own.
    await insert(4);
    expect(transactions).toHaveBeenCalledTimes(2);
  });

  test("a write that throws is undone and rejects alone; the others are committed", async () => {
    const { database } = tempDatabase();
    const insert = inserter(database.db);
    const failing = writeTogether(database.db, (tx) => {
      tx.insert(outbox).values(email(9)).run();
      throw new Error("refused");
    });
    const results = await Promise.allSettled([insert(1), failing, insert(2)]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect((results[1] as PromiseRejectedResult).reason).toEqual(new Error("refused"));
    const stored = database.sqlite.query("select to_address as address from outbox order by id").all() as { address: string }[];
    expect(stored.map((r) => r.address)).toEqual(["person1@example.com", "person2@example.com"]);
  });

  test("when the commit itself fails, every write of the batch rejects and nothing is stored", async () => {
    const { database } = tempDatabase();
    const insert = inserter(database.db);
    // Another connection holds the write lock past the busy timeout: the batch cannot begin.
    database.sqlite.exec("PRAGMA busy_timeout = 0");
    const { sqlite: other } = openDatabase(database.sqlite.filename, { migrate: false });
    other.exec("begin immediate");
    const results = await Promise.allSettled([insert(1), insert(2)]);
    other.exec("rollback");
    other.close();
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect(String((results[0] as PromiseRejectedResult).reason)).toContain("locked");
    expect(database.sqlite.query("select count(*) as n from outbox").get()).toEqual({ n: 0 });
  });
});
