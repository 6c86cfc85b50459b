// Opens the SQLite database with the pragmas durability needs and applies the embedded
// migrations in one transaction, so every process starts on the current schema.
import { Database } from "bun:sqlite";
import { dirname } from "node:path";
import * as schema from "@db/schema";
import { type BunSQLiteDatabase, drizzle } from "drizzle-orm/bun-sqlite";
import { migrate } from "drizzle-orm/bun-sqlite/migrator";
import { migrationsDir } from "./paths";
import { ensurePrivateFile, ensurePrivateFolder } from "./private-files";

export type DB = BunSQLiteDatabase<typeof schema> & { $client: Database };
/** The handle inside `db.transaction((tx) => ...)`: synchronous `.run()/.get()/.all()` only. */
export type Tx = Parameters<Parameters<DB["transaction"]>[0]>[0];

export interface OpenedDatabase {
  db: DB;
  sqlite: Database;
  close(): void;
}

export function openDatabase(path: string, options: { migrate?: boolean } = {}): OpenedDatabase {
  if (path !== ":memory:") {
    ensurePrivateFolder(dirname(path));
    // SQLite gives the -wal and -shm it creates the database file's mode; ones left by an
    // older run keep theirs, so they are narrowed too.
    ensurePrivateFile(path, { create: true });
    for (const suffix of ["-wal", "-shm"]) ensurePrivateFile(`${path}${suffix}`, { create: false });
  }
  const sqlite = new Database(path, { create: true, strict: true });
  sqlite.exec("PRAGMA journal_mode = WAL");
  // FULL: a row we acknowledge with 201 survives power loss, not only a process crash.
  sqlite.exec("PRAGMA synchronous = FULL");
  sqlite.exec("PRAGMA busy_timeout = 5000");
  sqlite.exec("PRAGMA foreign_keys = ON");
  sqlite.exec("PRAGMA temp_store = MEMORY");
  const db = drizzle({ client: sqlite, schema }) as DB;
  if (options.migrate !== false) migrate(db, { migrationsFolder: migrationsDir });
  return {
    db,
    sqlite,
    close() {
      try {
        sqlite.exec("PRAGMA optimize");
      } catch {
        // Closing must not fail because the optimiser could not run.
      }
      sqlite.close();
    },
  };
}

export function databaseAnswers(sqlite: Database): boolean {
  try {
    return sqlite.query("select 1 as ok").get() !== null;
  } catch {
    return false;
  }
}
