// The single binary: built once, started from an unrelated folder with only DATABASE_PATH
// set, it creates its database there and serves the site and the API.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { waitForListening } from "@web/e2e/harness";
import { buildBinary } from "./build";

let dir: string;
let binary: string;
let proc: Bun.Subprocess<"ignore", "pipe", "inherit"> | undefined;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "ichra-bin-"));
  binary = await buildBinary(join(dir, "ichra"));
}, 120_000);

afterAll(async () => {
  if (proc) {
    proc.kill("SIGTERM");
    await proc.exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

test("dist binary serves /, a 404 and /api/plans from another folder", async () => {
  const cwd = mkdtempSync(join(dir, "run-"));
  const databasePath = join(cwd, "nested", "data.db");
  const env: Record<string, string> = { PATH: process.env.PATH ?? "", DATABASE_PATH: databasePath, PORT: "0", HOST: "127.0.0.1" };
  proc = Bun.spawn([binary, "serve"], { cwd, env, stdout: "pipe", stderr: "inherit" });
  const { url } = await waitForListening(proc);
  const home = await fetch(`${url}/`);
  expect(home.status).toBe(200);
  expect(await home.text()).toContain('<script type="module"');
  expect((await fetch(`${url}/pricing`)).status).toBe(200);
  expect((await fetch(`${url}/nope`)).status).toBe(404);
  const plans = await (await fetch(`${url}/api/plans`)).json();
  expect(plans.length).toBeGreaterThanOrEqual(3);
  expect(existsSync(databasePath)).toBe(true);
  const health = await (await fetch(`${url}/api/health`)).json();
  expect(health).toEqual({ status: "ok", database: true });
}, 60_000);
