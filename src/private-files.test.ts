// The database, its -wal and -shm, the data key and their folder are the server's user's
// alone: 0600 files in a 0700 folder, after start, after the first write, and also when
// they were left open to others by an earlier run.
import { afterEach, describe, expect, spyOn, test } from "bun:test";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadDataKey } from "./data-key";
import { openDatabase } from "./db";
import { companyPayload } from "./test/employers";
import { startServerProcess } from "./test/server-process";

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

const modeOf = (path: string) => (statSync(path).mode & 0o7777).toString(8);

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "ichra-modes-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe("files on disk", () => {
  test("the server process creates its folders 0700 and its database, -wal, -shm and key 0600, and keeps them so after a write", async () => {
    const dir = tempDir();
    const folder = join(dir, "var", "ichra");
    const database = join(folder, "ichra.db");
    const server = await startServerProcess({ DATABASE_PATH: database, LOG_REQUESTS: "0" }, { dir });
    cleanups.push(() => server.close());
    const files = [database, `${database}-wal`, `${database}-shm`, join(folder, "data.key")];
    const modes = () => ({
      folders: [join(dir, "var"), folder].map(modeOf),
      files: files.map((f) => (existsSync(f) ? modeOf(f) : "missing")),
    });
    expect(modes()).toEqual({ folders: ["700", "700"], files: ["600", "600", "600", "600"] });
    const res = await server.request("POST", "/api/business/register", { json: companyPayload() });
    expect(res.status).toBe(201);
    expect(modes()).toEqual({ folders: ["700", "700"], files: ["600", "600", "600", "600"] });
  });

  test("files and a folder left open to others by an earlier run are narrowed", () => {
    const folder = join(tempDir(), "data");
    const database = join(folder, "ichra.db");
    // An earlier version's files, still in use (so the -wal and -shm are there).
    const earlier = openDatabase(database);
    cleanups.push(() => earlier.close());
    writeFileSync(join(folder, "data.key"), `${"ab".repeat(32)}\n`);
    for (const file of [database, `${database}-wal`, `${database}-shm`, join(folder, "data.key")]) chmodSync(file, 0o644);
    chmodSync(folder, 0o755);
    const opened = openDatabase(database);
    cleanups.push(() => opened.close());
    loadDataKey({ dataKey: null, databasePath: database });
    expect([folder, database, `${database}-wal`, `${database}-shm`, join(folder, "data.key")].map(modeOf)).toEqual([
      "700",
      "600",
      "600",
      "600",
      "600",
    ]);
  });

  test("a shared folder (sticky, like /tmp) is left as it is and reported; the files in it are still 0600", () => {
    const warnings: string[] = [];
    const spy = spyOn(console, "warn").mockImplementation((line: unknown) => void warnings.push(String(line)));
    cleanups.push(() => spy.mockRestore());
    const shared = join(tempDir(), "shared");
    mkdirSync(shared);
    chmodSync(shared, 0o1777);
    const database = join(shared, "ichra.db");
    const opened = openDatabase(database);
    cleanups.push(() => opened.close());
    expect(modeOf(shared)).toBe("1777");
    expect(modeOf(database)).toBe("600");
    expect(warnings.some((w) => w.includes(shared) && w.includes("0700"))).toBe(true);
  });
});
