// Searches with thousands of matches take other plans than the small dataset's (see
// searchPlan): every plan must page through exactly the matching rows, newest first.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../../test/api";
import { listSubmissions, resolveFilter, searchPlan } from "./submissions";
import { insertLeads, type LeadRow } from "./test-helpers";

let t: TestApp;
const rows: LeadRow[] = [];
const base = Date.UTC(2026, 0, 1);

beforeAll(async () => {
  t = await createTestApp();
  for (let i = 0; i < 9000; i++) {
    const company = ["NEEDLE Corp", "Nëedle Atelier", "Haystack Ltd"][i % 3];
    // Some rows share an instant, so the id breaks ties.
    rows.push({
      formType: i % 5 === 0 ? "brokers" : "contact",
      name: `Person ${i}`,
      email: `p${i}@example.com`,
      company,
      submittedAt: base + Math.floor(i / 3) * 1000,
    });
  }
  t.database.sqlite.transaction(() => insertLeads(t, rows))();
});
afterAll(() => t.close());

async function walkAll(filter: { q: string; formType?: "brokers" }): Promise<{ names: string[]; totals: Set<number> }> {
  const names: string[] = [];
  const totals = new Set<number>();
  let cursor: string | undefined;
  for (let pages = 0; pages < 200; pages++) {
    const page = await listSubmissions(t.database.db, { ...filter, limit: 500, cursor });
    names.push(...page.items.map((s) => s.name));
    totals.add(page.total);
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  return { names, totals };
}

function expected(match: (r: LeadRow) => boolean): string[] {
  return rows
    .map((r, i) => ({ r, id: i + 1 }))
    .filter(({ r }) => match(r))
    .sort((a, b) => b.r.submittedAt - a.r.submittedAt || b.id - a.id)
    .map(({ r }) => r.name);
}

describe("search plans at thousands of matches", () => {
  test("the plans: few matches are sorted; a rare term among many rows walks the index", async () => {
    expect(await searchPlan(t.database.db, resolveFilter({ q: "needle" }), 2000, 51)).toBe("sort");
    expect(await searchPlan(t.database.db, resolveFilter({ q: "needle" }), 2001, 2000)).toBe("walk");
    expect(await searchPlan(t.database.db, resolveFilter({ q: "ne" }), 5000, 51)).toBeNull();
  });

  test("a frequent ASCII term (scan plan): every match once, in order, case-insensitive", async () => {
    expect(await searchPlan(t.database.db, resolveFilter({ q: "needle c" }), 3000, 51)).toBe("scan");
    const { names, totals } = await walkAll({ q: "needle c" });
    expect(names).toEqual(expected((r) => r.company === "NEEDLE Corp"));
    expect([...totals]).toEqual([3000]);
  });

  test("a non-ASCII term (index walk plan) and a type filter", async () => {
    expect(await searchPlan(t.database.db, resolveFilter({ q: "NËEDLE" }), 3000, 51)).toBe("walk");
    const { names, totals } = await walkAll({ q: "NËEDLE" });
    expect(names).toEqual(expected((r) => r.company === "Nëedle Atelier"));
    expect([...totals]).toEqual([3000]);
    const brokers = await walkAll({ q: "needle", formType: "brokers" });
    expect(brokers.names).toEqual(expected((r) => r.formType === "brokers" && r.company === "NEEDLE Corp"));
  });
});
