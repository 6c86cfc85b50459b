// The single binary: built once, started from an unrelated folder with only DATABASE_PATH
// set, it creates its database there and serves the site and the API.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as XLSX from "@e965/xlsx";
import { SIGNED_IN_COOKIE } from "@src/lib/signed-in-cookie";
import { SHEET_TOO_LARGE_MESSAGE } from "@src/modules/census/model";
import { overHttp } from "@src/test/api";
import { censusForm, ownerWithClasses } from "@src/test/employers";
import { waitForListening } from "@src/test/server-process";
import { hugeInlineString } from "@src/test/spreadsheet-bombs";
import { buildBinary } from "./build";

let dir: string;
let binary: string;
let proc: Bun.Subprocess<"ignore", "pipe", "inherit"> | undefined;
let url: string;

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
  url = (await waitForListening(proc)).url;
  const home = await fetch(`${url}/`);
  expect(home.status).toBe(200);
  const visitorHome = await home.text();
  expect(visitorHome).toContain('<script type="module"');
  expect(visitorHome).not.toContain('class="account-bar"');
  // The prerendered pages' signed-in drawings are in the binary too.
  const signedInHome = await (await fetch(`${url}/`, { headers: { cookie: `${SIGNED_IN_COOKIE}=1` } })).text();
  expect(signedInHome).toContain('<nav aria-hidden="true" class="account-bar">');
  expect((await fetch(`${url}/pricing`)).status).toBe(200);
  expect((await fetch(`${url}/nope`)).status).toBe(404);
  const plans = await (await fetch(`${url}/api/plans`)).json();
  expect(plans.length).toBeGreaterThanOrEqual(3);
  expect(existsSync(databasePath)).toBe(true);
  const health = await (await fetch(`${url}/api/health`)).json();
  expect(health).toEqual({ status: "ok", database: true });
}, 60_000);

test("the binary reads a census workbook in its own reader process, and refuses a bomb", async () => {
  const api = overHttp(url);
  const owner = await ownerWithClasses(api);
  const book = XLSX.utils.book_new();
  const rows = [
    ["First Name", "Last Name", "Email", "Date of Birth", "Home ZIP", "Class"],
    ["Ann", "Lee", "ann@acme.test", "1985-04-23", "78701", "Full-time"],
  ];
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), "Census");
  const xlsx = (bytes: Uint8Array) => censusForm(bytes, "census.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
  const upload = (bytes: Uint8Array) =>
    api.request("POST", `/api/enrollment/${owner.enrollmentId}/census`, { headers: owner.headers, body: xlsx(bytes) });
  const good = await upload(new Uint8Array(XLSX.write(book, { type: "array", bookType: "xlsx", compression: true }) as ArrayBuffer));
  expect(await good.json()).toEqual({ accepted: 1, rejected: 0, errors: [] });
  const bomb = await upload(hugeInlineString(512 * 1024 * 1024));
  expect(bomb.status).toBe(400);
  expect((await bomb.json()).message).toBe(SHEET_TOO_LARGE_MESSAGE);
}, 60_000);
