import { Database } from "bun:sqlite";
import { describe, expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = join(import.meta.dir, "..", "..", "..");
const run = (args: string[], env: Record<string, string> = {}) =>
  Bun.spawnSync([process.execPath, join(root, "src", "index.ts"), ...args], {
    env: { ...process.env, LOG_REQUESTS: "0", ADMIN_PASSWORD: "", ADMIN_USERNAME: "", ...env },
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });

const freshDb = () => join(mkdtempSync(join(tmpdir(), "ichra-admin-cli-")), "cli.db");
const userOf = (path: string, username: string) => {
  const db = new Database(path, { readonly: true });
  const row = db.query("select username, password, email, role from users where username = ?").get(username) as {
    username: string;
    password: string;
    email: string;
    role: string;
  } | null;
  db.close();
  return row;
};

describe("ichra admin", () => {
  test("create takes the password from ADMIN_PASSWORD and stores an argon2id hash", async () => {
    const path = freshDb();
    const r = run(["admin", "create", "--username", "Ops.Lead"], { DATABASE_PATH: path, ADMIN_PASSWORD: "a long enough password" });
    expect(r.stderr.toString()).toBe("");
    expect(r.exitCode).toBe(0);
    expect(r.stdout.toString()).toContain('Admin "ops.lead" created.');
    const user = userOf(path, "ops.lead")!;
    expect(user).toMatchObject({ role: "admin", email: "ops.lead@admin.invalid" });
    expect(await Bun.password.verify("a long enough password", user.password)).toBe(true);
    // The same name again is refused.
    const again = run(["admin", "create", "--username", "ops.lead"], { DATABASE_PATH: path, ADMIN_PASSWORD: "a long enough password" });
    expect(again.exitCode).toBe(1);
    expect(again.stderr.toString()).toContain("already exists");
  });

  test("reset-password sets a new hash; unknown admins are refused", async () => {
    const path = freshDb();
    expect(
      run(["admin", "create", "--username", "ops", "--email", "ops@example.com"], {
        DATABASE_PATH: path,
        ADMIN_PASSWORD: "first password 1",
      }).exitCode,
    ).toBe(0);
    const r = run(["admin", "reset-password", "--username", "ops"], { DATABASE_PATH: path, ADMIN_PASSWORD: "second password 2" });
    expect(r.exitCode).toBe(0);
    const user = userOf(path, "ops")!;
    expect(user.email).toBe("ops@example.com");
    expect(await Bun.password.verify("second password 2", user.password)).toBe(true);
    expect(await Bun.password.verify("first password 1", user.password)).toBe(false);
    const unknown = run(["admin", "reset-password", "--username", "ghost"], { DATABASE_PATH: path, ADMIN_PASSWORD: "second password 2" });
    expect(unknown.exitCode).toBe(1);
    expect(unknown.stderr.toString()).toContain('No admin named "ghost"');
  });

  test("bad arguments exit 2 with usage; a short password exits 1; no terminal and no ADMIN_PASSWORD exits 2", () => {
    const path = freshDb();
    for (const args of [
      ["admin"],
      ["admin", "delete"],
      ["admin", "create"],
      ["admin", "create", "--username"],
      ["admin", "create", "--username", "x", "--nope"],
      ["admin", "reset-password", "--username", "ops", "--email", "a@b.co"],
      ["admin", "create", "--username", "ops", "--email", "nope"],
    ]) {
      const r = run(args, { DATABASE_PATH: path, ADMIN_PASSWORD: "a long enough password" });
      expect({ args, code: r.exitCode }).toEqual({ args, code: 2 });
      expect(r.stderr.toString()).toContain("Usage: ichra");
    }
    const short = run(["admin", "create", "--username", "ops"], { DATABASE_PATH: path, ADMIN_PASSWORD: "short" });
    expect(short.exitCode).toBe(1);
    expect(short.stderr.toString()).toContain("at least 12 characters");
    const noTty = run(["admin", "create", "--username", "ops"], { DATABASE_PATH: path });
    expect(noTty.exitCode).toBe(2);
    expect(noTty.stderr.toString()).toContain("Set ADMIN_PASSWORD");
  });
});

describe("the first admin at start", () => {
  test("ADMIN_USERNAME and ADMIN_PASSWORD create it once; no default password exists", async () => {
    const { ensureFirstAdmin } = await import("./accounts");
    const { openDatabase } = await import("../../db");
    const database = openDatabase(freshDb());
    expect(await ensureFirstAdmin(database.db, { adminUsername: "boss", adminPassword: null })).toBe(false);
    expect(await ensureFirstAdmin(database.db, { adminUsername: null, adminPassword: "a long enough password" })).toBe(false);
    expect(database.sqlite.query("select count(*) n from users").get()).toEqual({ n: 0 });
    expect(await ensureFirstAdmin(database.db, { adminUsername: "boss", adminPassword: "a long enough password" })).toBe(true);
    expect(await ensureFirstAdmin(database.db, { adminUsername: "boss", adminPassword: "another long password" })).toBe(false);
    const row = database.sqlite.query("select password from users where username = 'boss'").get() as { password: string };
    expect(await Bun.password.verify("a long enough password", row.password)).toBe(true);
    await expect(ensureFirstAdmin(database.db, { adminUsername: "boss2", adminPassword: "short" })).rejects.toThrow(
      "at least 12 characters",
    );
    database.close();
  });
});
