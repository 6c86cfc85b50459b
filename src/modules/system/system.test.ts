import { afterEach, describe, expect, test } from "bun:test";
import { Value } from "@sinclair/typebox/value";
import { createTestApp, type TestApp } from "../../test/api";
import { Health } from "./model";

let t: TestApp;
afterEach(() => t?.close());

describe("GET /api/health", () => {
  test("reports the database", async () => {
    t = await createTestApp();
    const res = await t.request("GET", "/api/health");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({ status: "ok", database: true });
    expect(Value.Check(Health, body)).toBe(true);
  });

  test("answers 503 degraded when the database does not answer", async () => {
    t = await createTestApp();
    t.database.sqlite.close();
    const res = await t.request("GET", "/api/health");
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: "degraded", database: false });
  });
});
