// The yearly figures: one table with sources, seeded from the published figures; a plan year
// with no published figure uses the latest published year's and says so; the CLI adds a year.
import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestApp, type TestApp } from "../../test/api";
import { publishedFigures } from "../compliance/figures.fixture";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const w2 = (planYear: number, extra: Record<string, unknown> = {}) => ({
  planYear,
  lowestCostSilverPremium: 500,
  monthlyAllowance: 400,
  safeHarbor: "w2",
  annualW2Wages: 36_000,
  ...extra,
});
const check = async (json: unknown) => {
  const res = await t.request("POST", "/api/affordability", { json });
  return { status: res.status, body: await res.json() };
};

describe("GET /api/figures", () => {
  test("every figure with its year and source, as seeded from the published figures", async () => {
    const res = await t.request("GET", "/api/figures");
    expect(res.status).toBe(200);
    const { figures } = await res.json();
    const of = (name: string) =>
      figures.filter((f: { name: string }) => f.name === name).map((f: { year: number; value: number }) => [f.year, f.value]);
    expect(of("affordability-percent")).toEqual([
      [2024, 839],
      [2025, 902],
      [2026, 996],
    ]);
    expect(of("social-security-wage-base")).toEqual([
      [2024, 16_860_000],
      [2025, 17_610_000],
      [2026, 18_450_000],
    ]);
    expect(of("poverty-line")).toEqual([
      [2023, 1_458_000],
      [2024, 1_506_000],
      [2025, 1_565_000],
    ]);
    expect(figures.find((f: { name: string }) => f.name === "affordability-percent" && f).source).toBe("Rev. Proc. 2023-29");
  });

  test("the pure rules' tests restate exactly the figures the migration seeds (figures.fixture.ts)", async () => {
    const { figures } = await (await t.request("GET", "/api/figures")).json();
    const key = (f: { year: number; name: string }) => `${f.name} ${f.year}`;
    const served = figures.map((f: { year: number; name: string; value: number; source: string }) => ({
      year: f.year,
      name: f.name,
      value: f.value,
      source: f.source,
    }));
    expect([...served].sort((a, b) => key(a).localeCompare(key(b)))).toEqual(
      [...publishedFigures].sort((a, b) => key(a).localeCompare(key(b))),
    );
  });
});

describe("POST /api/affordability: the plan year's percentage, or the latest published one, said so", () => {
  test("2026: 9.96% of $3,000 a month = $298.80; $100 after the allowance is affordable", async () => {
    const { status, body } = await check(w2(2026));
    expect(status).toBe(200);
    expect(body).toMatchObject({
      affordable: true,
      thresholdMonthly: 298.8,
      employeeCostMonthly: 100,
      percent: "9.96%",
      percentYear: 2026,
      notes: [],
    });
  });

  test("2027 is not yet published: 2026's 9.96% is used, and the answer says so", async () => {
    // W-2 $36,000 → $3,000 a month × 9.96% = $298.80; premium $700 − allowance $300 = $400 → short by $101.20.
    const { body } = await check(w2(2027, { lowestCostSilverPremium: 700, monthlyAllowance: 300 }));
    expect(body).toMatchObject({
      affordable: false,
      thresholdMonthly: 298.8,
      employeeCostMonthly: 400,
      shortfallMonthly: 101.2,
      percent: "9.96%",
      percentYear: 2026,
      notes: ["Affordability percentage: 2027 not yet published; using 2026's 9.96%"],
    });
  });

  test("the FPL safe harbor for 2027 uses the 2026 guideline, not yet published, so 2025's $15,650, and says so", async () => {
    // $15,650 ÷ 12 × 9.96% = $129.89 (rounded down from 129.8950).
    const { body } = await check({ planYear: 2027, lowestCostSilverPremium: 529.89, monthlyAllowance: 400, safeHarbor: "fpl" });
    expect(body).toMatchObject({ affordable: true, thresholdMonthly: 129.89, employeeCostMonthly: 129.89 });
    expect(body.notes).toEqual([
      "Affordability percentage: 2027 not yet published; using 2026's 9.96%",
      "Poverty line: 2026 not yet published; using 2025's $15,650",
    ]);
  });

  test("the primary site of employment safe harbor: the premium is for the work ZIP's rating area", async () => {
    const { body } = await check(w2(2026, { workZip: "78701" }));
    expect(body.location).toBe("the rating area of the employee's primary site of employment, ZIP 78701 (TX) (location safe harbor)");
    expect((await check(w2(2026))).body.location).toBe("the rating area where the employee lives");
  });

  test("a year before every figure, and money with three decimals, are refused", async () => {
    const early = await check(w2(2023));
    expect(early.status).toBe(400);
    expect(early.body.errors).toEqual({ planYear: "No affordability percentage is on file for 2023 or any year before it." });
    const cents = await check(w2(2026, { monthlyAllowance: 1.005 }));
    expect(cents.status).toBe(400);
    expect(cents.body.errors).toEqual({ monthlyAllowance: "Monthly allowance can have at most two decimals (whole cents)" });
    const { safeHarbor: _, ...noSafeHarbor } = w2(2026);
    expect((await check(noSafeHarbor)).body.errors).toEqual({ safeHarbor: "Choose how to measure income" });
  });
});

describe("CLI: figures set YEAR NAME VALUE --source TEXT", () => {
  const root = join(import.meta.dir, "..", "..", "..");
  const run = (args: string[], path: string) =>
    Bun.spawnSync([process.execPath, join(root, "src", "index.ts"), ...args], {
      env: { ...process.env, LOG_REQUESTS: "0", DATABASE_PATH: path },
      stdout: "pipe",
      stderr: "pipe",
    });

  test("adds a year when it is published; the tools then use it", async () => {
    const path = join(mkdtempSync(join(tmpdir(), "ichra-figures-")), "f.db");
    const r = run(["figures", "set", "2027", "affordability-percent", "9.74", "--source", "Rev. Proc. 2026-99"], path);
    expect(r.stderr.toString()).toBe("");
    expect(r.exitCode).toBe(0);
    expect(r.stdout.toString()).toBe("Added 2027 affordability-percent: 9.74% (Rev. Proc. 2026-99).\n");
    const again = run(["figures", "set", "2027", "social-security-wage-base", "$190,800", "--source", "SSA 2027"], path);
    expect(again.exitCode).toBe(0);
    const db = new Database(path, { readonly: true });
    expect(db.query("select value, source from yearly_figures where year = 2027 order by name").all()).toEqual([
      { value: 974, source: "Rev. Proc. 2026-99" },
      { value: 19_080_000, source: "SSA 2027" },
    ]);
    db.close();
    const corrected = run(["figures", "set", "2027", "affordability-percent", "9.75", "--source", "Rev. Proc. 2026-99, corrected"], path);
    expect(corrected.stdout.toString()).toBe("Corrected 2027 affordability-percent: 9.75% (Rev. Proc. 2026-99, corrected).\n");
    const list = run(["figures", "list"], path).stdout.toString();
    expect(list).toContain("2027  affordability-percent  9.75%  (Rev. Proc. 2026-99, corrected)");
    expect(list).toContain("2026  social-security-wage-base  $184,500");
  });

  test("bad input is refused with usage, and nothing is written", () => {
    const path = join(mkdtempSync(join(tmpdir(), "ichra-figures-")), "f.db");
    for (const [args, message] of [
      [["figures", "set", "2027", "affordability-percent", "9.74"], "--source TEXT is required"],
      [["figures", "set", "2027", "vat", "20", "--source", "x"], "NAME must be one of affordability-percent"],
      [["figures", "set", "27", "poverty-line", "16000", "--source", "x"], "YEAR must be a year"],
      [
        ["figures", "set", "2027", "affordability-percent", "9.745", "--source", "x"],
        "VALUE must be a percentage with at most two decimals",
      ],
      [["figures", "set", "2027", "poverty-line", "0", "--source", "x"], "VALUE must be an amount in dollars"],
      [["figures", "frob"], "figures takes set or list"],
    ] as const) {
      const r = run([...args], path);
      expect({ args, code: r.exitCode }).toEqual({ args, code: 2 });
      expect(r.stderr.toString()).toContain(message);
      expect(r.stderr.toString()).toContain("figures set YEAR NAME VALUE --source TEXT");
    }
    // Every refusal came before the database was opened.
    expect(existsSync(path)).toBe(false);
  });
});
