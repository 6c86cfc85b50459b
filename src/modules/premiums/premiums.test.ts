import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestApp, type TestApp } from "../../test/api";
import { importPremiums, PREMIUM_COLUMNS, type PremiumImportError, parsePremiumCsv } from "./import";

const root = join(import.meta.dir, "..", "..", "..");
const header = `${PREMIUM_COLUMNS.join(",")}\n`;
// Figures made up for the test only; the shipped file carries published figures alone.
const sample = readFileSync(join(import.meta.dir, "premiums.fixture.csv"), "utf8");

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("GET /api/state-premiums", () => {
  test("without figures: every state and DC, alphabetical, national defaults, unranked", async () => {
    const body = await (await t.request("GET", "/api/state-premiums")).json();
    expect(body.states).toHaveLength(51);
    const names = body.states.map((s: { name: string }) => s.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
    expect(body.states.every((s: { usesNationalDefault: boolean; rank: null }) => s.usesNationalDefault && s.rank === null)).toBe(true);
    const alabama = body.states[0];
    expect(alabama.annual).toEqual({ single: 8208, plusOne: 16045, family: 23835 });
    expect(alabama.perPaycheck).toEqual({ single: 342, plusOne: 668.54, family: 993.13 });
    expect(body.sourceLine).toContain("no published state figures are loaded yet");
    // The national defaults are stated in the source line, in whole dollars.
    expect(body.sourceLine).toContain("use $8,208 (individual), $16,045 (individual + 1) and $23,835 (family)");
  });

  test("with figures: ranked among loaded states only (ties share a rank), others stay on the defaults", async () => {
    importPremiums(t.database.db, sample);
    const body = await (await t.request("GET", "/api/state-premiums")).json();
    const get = (code: string) => body.states.find((s: { state: string }) => s.state === code);
    expect([get("AK").rank, get("DC").rank, get("TX").rank]).toEqual([1, 1, 3]);
    expect(get("TX").annual).toEqual({ single: 8000, plusOne: 15000, family: 22000 });
    expect(get("TX").perPaycheck.single).toBe(333.33);
    expect(get("TX").source).toBe("Test source");
    expect(get("CA")).toMatchObject({ rank: null, usesNationalDefault: true, source: null });
    expect(body.sourceLine).toContain("Test source, 2024");
  });
});

describe("premium file checks", () => {
  const problems = (text: string) => {
    try {
      parsePremiumCsv(text);
    } catch (error) {
      return (error as PremiumImportError).problems;
    }
    return [];
  };
  test("the shipped file has the importer's header and every row it holds is cited with a source and year", () => {
    const text = readFileSync(join(root, "db", "data", "state-premiums.csv"), "utf8");
    expect(text.split(/\r?\n/)[0]).toBe(PREMIUM_COLUMNS.join(","));
    const rows = parsePremiumCsv(text);
    // It may hold no rows yet (every state then shows the national averages); any row it holds is cited.
    expect(rows.filter((row) => row.source.length <= 10 || !Number.isInteger(row.year))).toEqual([]);
  });

  test("a small file parses into one row per state, in cents, with its source and year", () => {
    expect(parsePremiumCsv(sample, 2026)).toEqual([
      { state: "TX", singleCents: 800_000, plusOneCents: 1_500_000, familyCents: 2_200_000, source: "Test source", year: 2024 },
      { state: "AK", singleCents: 950_000, plusOneCents: 1_800_000, familyCents: 2_600_000, source: "Test source", year: 2024 },
      { state: "DC", singleCents: 950_000, plusOneCents: 1_700_000, familyCents: 2_500_000, source: "Test source", year: 2024 },
    ]);
  });
  test("names each bad row", () => {
    expect(problems("state,single\nTX,1\n")[0]).toContain("missing: plusOne, family, source, year");
    const found = problems(`${header}ZZ,1,2,3,src,2024\nTX,0,2,3,,2024\nTX,1,2,-3,src,1890\n`);
    expect(found).toEqual([
      'Line 2: "ZZ" is not a state code (two letters, DC included)',
      "Line 3: source is required",
      'Line 3: single must be a positive amount in dollars (got "0")',
      expect.stringContaining("Line 4: TX appears more than once"),
      expect.stringContaining("Line 4: year must be a year"),
      'Line 4: family must be a positive amount in dollars (got "-3")',
    ]);
  });
  test("at most 51 rows", () => {
    const many = header + Array.from({ length: 52 }, () => "TX,1,2,3,s,2024").join("\n");
    expect(problems(many)).toContain("At most 51 rows (50 states and DC); the file has 52");
  });
});

describe("ichra premiums import FILE.csv", () => {
  const run = (args: string[], env: Record<string, string>) =>
    Bun.spawnSync([process.execPath, join(root, "src", "index.ts"), ...args], {
      env: { ...process.env, LOG_REQUESTS: "0", ...env },
      stdout: "pipe",
      stderr: "pipe",
    });

  test("loads a good file in one go and refuses a bad one with exit 2, leaving the table as it was", () => {
    const dir = mkdtempSync(join(tmpdir(), "ichra-premiums-"));
    const env = { DATABASE_PATH: join(dir, "p.db") };
    writeFileSync(join(dir, "good.csv"), sample);
    writeFileSync(join(dir, "bad.csv"), `${header}TX,100,200,300,src,2024\nXX,1,2,3,src,2024\n`);
    const good = run(["premiums", "import", join(dir, "good.csv")], env);
    expect(good.exitCode).toBe(0);
    expect(good.stdout.toString()).toContain("Loaded premiums for 3 state(s)");
    const bad = run(["premiums", "import", join(dir, "bad.csv")], env);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr.toString()).toContain('Line 3: "XX" is not a state code');
    const db = new Database(env.DATABASE_PATH, { readonly: true });
    expect(db.query("select state, single_cents from state_premiums order by state").all()).toEqual([
      { state: "AK", single_cents: 950000 },
      { state: "DC", single_cents: 950000 },
      { state: "TX", single_cents: 800000 },
    ]);
    db.close();
    expect(run(["premiums", "import"], env).exitCode).toBe(2);
    expect(run(["premiums", "import", join(dir, "missing.csv")], env).exitCode).toBe(2);
  });
});
