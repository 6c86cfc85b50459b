// The published OpenAPI document passes Redocly's recommended rules, as integrators' tools
// (client generators, linters) expect.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createConfig, lintFromString } from "@redocly/openapi-core";
import { createTestApp, type TestApp } from "../test/api";

let t: TestApp;
let document: Record<string, unknown>;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.request("GET", "/api/docs/json");
  expect(res.status).toBe(200);
  document = await res.json();
});
afterAll(() => t.close());

test("Redocly's recommended rules find no error in /api/docs/json", async () => {
  const problems = await lintFromString({
    source: JSON.stringify(document),
    absoluteRef: "http://localhost/api/docs/json",
    config: await createConfig({ extends: ["recommended"] }),
  });
  const errors = problems.filter((p) => p.severity === "error");
  const describe = (list: typeof problems) => list.map((p) => `${p.ruleId} ${p.location[0]?.pointer ?? ""}: ${p.message}`);
  if (errors.length) console.error(describe(errors).join("\n"));
  const warnings = problems.filter((p) => p.severity === "warn");
  if (warnings.length) console.warn(`${warnings.length} warnings:\n${describe(warnings).join("\n")}`);
  expect(describe(errors)).toEqual([]);
});

type Operation = {
  security?: Record<string, string[]>[];
  responses: Record<string, { headers?: Record<string, unknown> }>;
  parameters?: { in: string }[];
};
const operations = () =>
  Object.entries(document.paths as Record<string, Record<string, Operation>>).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method, op })),
  );

test("no schema carries our own keywords: the messages are under x-messages", () => {
  const text = JSON.stringify(document);
  expect(text).not.toContain('"messages"');
  expect(text).not.toContain('"error"');
  expect(text).toContain('"x-messages"');
});

test("the session cookie is a security scheme, and every operation that needs a session says so truthfully", async () => {
  const schemes = (document.components as { securitySchemes: Record<string, { in: string; name: string }> }).securitySchemes;
  expect(schemes.adminSession).toMatchObject({ type: "apiKey", in: "cookie", name: "ichra_session" });
  expect(schemes.ownerSession).toMatchObject({ type: "apiKey", in: "cookie", name: "ichra_session" });
  const guarded = operations().filter(({ op }) => op.security?.length && !op.security.some((s) => Object.keys(s).length === 0));
  expect(guarded.length).toBeGreaterThan(20);
  for (const { path, method } of guarded) {
    // Every one refuses before looking at its input: without a session a 400 naming the
    // fields would say what the route takes, and to whom.
    const res = await t.request(method.toUpperCase(), path.replaceAll(/\{[^}]+\}/g, "1"));
    expect({ path, method, status: res.status }).toEqual({ path, method, status: 401 });
  }
  // And an operation that declares no session answers without one.
  const health = await t.request("GET", "/api/health");
  expect(health.status).toBe(200);
  expect(operations().find(({ path }) => path === "/api/health")?.op.security).toEqual([]);
});

test("paged lists document their cursor and count headers; a 4xx answer is documented wherever one happens", () => {
  const op = (path: string, method = "get") => operations().find((o) => o.path === path && o.method === method)!.op;
  expect(Object.keys(op("/api/admin/form-submissions").responses["200"].headers ?? {})).toEqual([
    "x-next-cursor",
    "x-total-count",
    "x-total-count-capped",
  ]);
  expect(Object.keys(op("/api/admin/enrollments").responses["200"].headers ?? {})).toEqual(["x-next-cursor"]);
  expect(Object.keys(op("/api/admin/outbox").responses["200"].headers ?? {})).toEqual(["x-next-cursor"]);
  expect(Object.keys(op("/api/contact", "post").responses)).toEqual(expect.arrayContaining(["201", "400", "403", "413", "429"]));
  expect(Object.keys(op("/api/admin/enrollments/{id}/approve", "post").responses)).toEqual(
    expect.arrayContaining(["200", "400", "401", "403", "404", "409"]),
  );
  const without4xx = operations()
    .filter(({ op }) => !Object.keys(op.responses).some((status) => status.startsWith("4")))
    .map(({ method, path }) => `${method} ${path}`);
  // These take no input and need no session: nothing a client sends can make them fail.
  expect(without4xx).toEqual(["get /api/health", "get /api/plans", "get /api/state-premiums", "get /api/figures"]);
});
