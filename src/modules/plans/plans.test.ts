import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Value } from "@sinclair/typebox/value";
import { createTestApp, type TestApp } from "../../test/api";
import { PlanList } from "./model";
import { includesIndemnity } from "./service";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("GET /api/plans", () => {
  test("answers the seeded catalogue in the spec's shape", async () => {
    const res = await t.request("GET", "/api/plans");
    expect(res.status).toBe(200);
    const plans = await res.json();
    expect(Value.Check(PlanList, plans)).toBe(true);
    expect(plans.length).toBeGreaterThanOrEqual(3);
    expect(plans.filter((p: { isPopular: boolean }) => p.isPopular)).toHaveLength(1);
    for (const plan of plans) {
      expect(plan.annualAmount).toBe(plan.monthlyAmount * 12);
      expect(plan.features.length).toBeGreaterThan(0);
    }
  });

  test("stores money as integer cents", () => {
    const row = t.database.sqlite.query("select monthly_amount_cents as m, annual_amount_cents as a from ichra_plans limit 1").get() as {
      m: number;
      a: number;
    };
    expect(Number.isInteger(row.m)).toBe(true);
    expect(row.a).toBe(row.m * 12);
  });
});

describe("API basics", () => {
  test("an unknown endpoint is a JSON 404", async () => {
    const res = await t.request("GET", "/api/nope");
    expect(res.status).toBe(404);
    expect((await res.json()).message).toContain("/api/nope");
  });

  test("every answer carries the security headers and a request id", async () => {
    const res = await t.request("GET", "/api/plans");
    expect(res.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  test("/api/docs documents GET /api/plans with its answer schema, from no CDN", async () => {
    const spec = await (await t.request("GET", "/api/docs/json")).json();
    const schema = spec.paths["/api/plans"].get.responses["200"].content["application/json"].schema;
    expect(schema.type).toBe("array");
    expect(Object.keys(schema.items.properties)).toEqual(
      expect.arrayContaining(["id", "name", "description", "monthlyAmount", "annualAmount", "features", "isPopular"]),
    );
    const page = await (await t.request("GET", "/api/docs")).text();
    expect(page).toContain("GET /api/plans");
    expect(page).not.toMatch(/<script/i);
    expect(page).not.toMatch(/https?:\/\/(?!localhost)[^"']*\.(js|css)/);
  });
});

describe("indemnity benefits", () => {
  test("come with the plans whose features say so (Advantage, and Enterprise with everything in it), not Essential nor an unknown plan", () => {
    expect(["Essential", "Advantage", "Enterprise", "Retired plan", undefined].map(includesIndemnity)).toEqual([
      false,
      true,
      true,
      false,
      false,
    ]);
  });
});
