import { Database } from "bun:sqlite";
import { describe, expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = join(import.meta.dir, "..");
const run = (args: string[], env: Record<string, string> = {}) =>
  Bun.spawnSync([process.execPath, join(root, "src", "index.ts"), ...args], {
    env: { ...process.env, LOG_REQUESTS: "0", ...env },
    stdout: "pipe",
    stderr: "pipe",
  });

describe("CLI", () => {
  test("--help prints usage and exits 0", () => {
    const r = run(["--help"]);
    expect(r.exitCode).toBe(0);
    expect(r.stdout.toString()).toContain("Usage: ichra");
  });

  test("bad arguments print usage and exit 2", () => {
    for (const args of [["frobnicate"], ["seed", "--demo", "abc"], ["seed", "--nope"], ["migrate", "extra"]]) {
      const r = run(args);
      expect({ args, code: r.exitCode }).toEqual({ args, code: 2 });
      expect(r.stderr.toString()).toContain("Usage: ichra");
    }
  });

  test("seed --demo writes plans and submissions across all five form types", () => {
    const dir = mkdtempSync(join(tmpdir(), "ichra-cli-"));
    const path = join(dir, "nested", "seed.db");
    const r = run(["seed", "--demo", "500"], { DATABASE_PATH: path });
    expect(r.exitCode).toBe(0);
    const db = new Database(path, { readonly: true });
    expect((db.query("select count(*) n from ichra_plans").get() as { n: number }).n).toBeGreaterThanOrEqual(3);
    const types = db.query("select form_type t, count(*) n from form_submissions group by form_type").all() as { t: string; n: number }[];
    expect(types.map((x) => x.t).sort()).toEqual(["brokers", "contact", "employers", "enrollment", "platforms"]);
    expect(types.reduce((s, x) => s + x.n, 0)).toBe(500);
    const span = db.query("select min(submitted_at) lo, max(submitted_at) hi from form_submissions").get() as { lo: number; hi: number };
    expect(span.hi).toBeLessThanOrEqual(Date.now());
    expect(span.lo).toBeGreaterThanOrEqual(Date.now() - 91 * 86_400_000);
    // And the demo reimbursements, once.
    expect(r.stdout.toString()).toContain("Seeded demo reimbursements: 2 employers, 7 registered employees");
    expect(db.query("select count(*) n from payroll_runs").get()).toEqual({ n: 1 });
    db.close();
    const again = run(["seed", "--demo", "1"], { DATABASE_PATH: path });
    expect(again.exitCode).toBe(0);
    expect(again.stdout.toString()).not.toContain("demo reimbursements");
  });

  test("a bad PORT is refused with usage", () => {
    const r = run(["serve"], { PORT: "http" });
    expect(r.exitCode).toBe(2);
    expect(r.stderr.toString()).toContain("PORT must be a whole number");
  });
});
