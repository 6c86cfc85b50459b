// The bad-input sweep: every endpoint in the generated API document gets malformed
// requests — wrong types, missing and extra fields, huge strings, control characters, deep
// nesting (to 50,000 levels), prototype keys, wrong content types, broken JSON, hostile path
// ids — with no session, an owner's session, an admin's session and a session cookie that
// looks like JSON; the census upload gets the generated spreadsheet bombs. None may answer
// 5xx; every error is JSON; a rejected request stores nothing.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { businesses, users } from "@db/schema";
import { eq } from "drizzle-orm";
import { createSession, SESSION_COOKIE } from "../modules/auth/sessions";
import { createTestApp, type TestApp } from "../test/api";
import { censusForm, ownerWithClasses } from "../test/employers";
import { employeeCookie, workplaceWith } from "../test/registered-employees";
import { generatedBombs, storedButDeflated } from "../test/spreadsheet-bombs";
import { NOT_JSON_MESSAGE } from "./errors";

let t: TestApp;
let cookies: Record<string, string | undefined>;
let paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>>;

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  required?: string[];
}

beforeAll(async () => {
  // Limits high enough that the rate-limited endpoints handle the malformed input themselves.
  t = await createTestApp({ LEADS_PER_MINUTE: "1000000", LEADS_PER_DAY: "10000000" });
  const db = t.database.db;
  const admin = db
    .insert(users)
    .values({ username: "sweep-admin", firstName: "S", lastName: "A", email: "sweep-admin@admin.invalid", role: "admin" })
    .returning()
    .get();
  const owner = db
    .insert(users)
    .values({ username: "owner@sweep.test", firstName: "O", lastName: "W", email: "owner@sweep.test" })
    .returning()
    .get();
  db.insert(businesses)
    .values({
      userId: owner.id,
      name: "Sweep Co",
      taxId: "12-3456789",
      address: "1 Main St",
      city: "Austin",
      state: "TX",
      zip: "78701",
      industry: "technology",
      size: "11-50",
      status: "registered",
    })
    .run();
  cookies = {
    anonymous: undefined,
    owner: `${SESSION_COOKIE}=${(await createSession(db, { userId: owner.id, kind: "owner" })).token}`,
    admin: `${SESSION_COOKIE}=${(await createSession(db, { userId: admin.id, kind: "admin" })).token}`,
    // Elysia parses a cookie value that looks like JSON.
    jsonCookie: `${SESSION_COOKIE}=${"[".repeat(3000)}${"]".repeat(3000)}`,
  };
  paths = (await (await t.request("GET", "/api/docs/json")).json()).paths;
});
afterAll(() => t.close());

const hostileIds = [
  "0",
  "-1",
  "99999999999999999999999",
  "1e3",
  "abc",
  "1;drop table users",
  "%27%20or%201%3D1--",
  "%00",
  "1.5",
  "%F0%9F%92%A5",
  "NaN",
];
const hugeString = (kb: number) => "x".repeat(kb * 1024);
const strangeStrings = [
  "",
  " ",
  "\u0000",
  "\u0000\u0001\u0002\u001f",
  "\ud83d\ude00".repeat(50),
  "\u202e\u200b",
  "<script>alert(1)</script>",
  "' or 1=1 --",
  "\\u0000",
  hugeString(10),
  hugeString(100),
];
const wrongTypes: unknown[] = [null, true, 0, -1, 1.5, 1e308, [], {}, [1, 2], { a: 1 }, "string"];

function deep(n: number): unknown {
  let v: unknown = "leaf";
  for (let i = 0; i < n; i++) v = { a: v };
  return v;
}

/** Nesting as raw text: JSON.stringify itself would overflow on 50,000 levels. */
const deepArrays = (n: number) => `${"[".repeat(n)}${"]".repeat(n)}`;
const deepObjects = (n: number) => `${'{"a":'.repeat(n)}1${"}".repeat(n)}`;

function sample(schema: JsonSchema | undefined): unknown {
  if (!schema) return {};
  if (schema.anyOf?.length) return sample(schema.anyOf[0]);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "object":
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, sample(v)]));
    case "array":
      return [sample(schema.items)];
    case "string":
      return "a";
    case "integer":
    case "number":
      return 1;
    case "boolean":
      return true;
    default:
      return null;
  }
}

/** Malformed bodies derived from a request schema (or generic ones when there is none). */
function bodies(schema: JsonSchema | undefined): { body: string; type: string }[] {
  const json = (v: unknown) => ({ body: JSON.stringify(v), type: "application/json" });
  const out = [
    { body: "{", type: "application/json" },
    { body: '{"a":', type: "application/json" },
    { body: "not json at all", type: "application/json" },
    { body: "", type: "application/json" },
    { body: "name=x&email=y", type: "application/x-www-form-urlencoded" },
    { body: "plain text", type: "text/plain" },
    { body: '{"name":"x"}', type: "application/xml" },
    json(deep(200)),
    { body: deepArrays(50_000), type: "application/json" },
    { body: deepObjects(50_000), type: "application/json" },
    json(JSON.parse('{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}')),
    ...wrongTypes.map(json),
  ];
  const base = sample(schema) as Record<string, unknown>;
  if (base && typeof base === "object" && !Array.isArray(base)) {
    out.push(json({ ...base, unexpectedField: "x", __proto__: { admin: true } }));
    out.push(json({ ...base, ["x".repeat(5000)]: 1 }));
    for (const key of Object.keys(base)) {
      const { [key]: _, ...missing } = base;
      out.push(json(missing));
      for (const v of wrongTypes) out.push(json({ ...base, [key]: v }));
      for (const s of strangeStrings) out.push(json({ ...base, [key]: s }));
      out.push(json({ ...base, [key]: deep(50) }));
    }
    const [first] = Object.keys(base);
    if (first) out.push({ body: JSON.stringify({ ...base, [first]: 0 }).replace("0", deepArrays(50_000)), type: "application/json" });
  }
  return out;
}

const counts = () =>
  Object.fromEntries(
    (
      t.database.sqlite
        .query(
          "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '%fts%' and name != 'sessions'",
        )
        .all() as { name: string }[]
    ).map(({ name }) => [name, (t.database.sqlite.query(`select count(*) as n from "${name}"`).get() as { n: number }).n]),
  );

describe("bad-input sweep", () => {
  test("no endpoint answers 5xx to malformed input; errors are JSON; rejected requests store nothing", async () => {
    const started = performance.now();
    let cases = 0;
    const failures: string[] = [];
    for (const [template, methods] of Object.entries(paths)) {
      if (!template.startsWith("/api/") || template.startsWith("/api/docs")) continue;
      for (const [method, op] of Object.entries(methods)) {
        const upper = method.toUpperCase();
        const schema = op.requestBody?.content?.["application/json"]?.schema;
        const hasParams = /\{[^}]+\}|:[A-Za-z]+/.test(template);
        const urls = hasParams ? hostileIds.map((id) => template.replace(/\{[^}]+\}|:[A-Za-z]+/g, id)) : [template];
        urls.push(
          `${urls[0]}${urls[0].includes("?") ? "&" : "?"}limit=-1&cursor=%00&formType=${"x".repeat(3000)}&range=%FF&q=${encodeURIComponent("' or 1=1 --")}`,
        );
        const requestBodies = upper === "GET" || upper === "HEAD" || upper === "DELETE" ? [undefined] : bodies(schema);
        for (const [who, cookie] of Object.entries(cookies)) {
          for (const url of urls) {
            for (const b of requestBodies) {
              if (performance.now() - started > 100_000) break;
              const before = counts();
              const headers: Record<string, string> = { origin: "http://localhost" };
              if (cookie) headers.cookie = cookie;
              if (b) headers["content-type"] = b.type;
              const res = await t.app.handle(new Request(`http://localhost${url}`, { method: upper, headers, body: b?.body }));
              cases++;
              const where = `${upper} ${url.slice(0, 80)} as ${who} with ${b ? `${b.type} ${b.body.slice(0, 60)}` : "no body"}`;
              if (res.status >= 500) failures.push(`${res.status} for ${where}: ${(await res.text()).slice(0, 200)}`);
              else if (res.status >= 400) {
                const type = res.headers.get("content-type") ?? "";
                if (!type.includes("application/json")) failures.push(`non-JSON ${res.status} for ${where}`);
                const after = counts();
                for (const [table, n] of Object.entries(after)) {
                  if (n !== before[table]) failures.push(`${table} changed on rejected ${where}`);
                }
              }
              await res.arrayBuffer().catch(() => {});
            }
          }
        }
      }
    }
    expect(failures.slice(0, 20)).toEqual([]);
    const writes = Object.values(paths).some((m) => Object.keys(m).some((k) => k !== "get"));
    // Once the API has endpoints that take bodies, the sweep must reach its full size.
    expect(cases).toBeGreaterThanOrEqual(writes ? 2000 : 1);
    console.log(
      `bad-input sweep: ${cases} requests over ${Object.keys(paths).length} paths in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }, 180_000);

  test("a JSON endpoint sent no body, or a body that is not JSON, names every field it needs (and says to send JSON)", async () => {
    // A session of its own: the sweep before it signs its sessions out.
    const admin = t.database.db.select().from(users).where(eq(users.username, "sweep-admin")).get()!;
    const adminCookie = `${SESSION_COOKIE}=${(await createSession(t.database.db, { userId: admin.id, kind: "admin" })).token}`;
    // The employee's own routes answer any other session 403 before reading a body.
    const [employee] = (await workplaceWith(t.database.db, [{}])).employees;
    const employeeSession = await employeeCookie(t.database.db, employee!.id);
    const checked: string[] = [];
    const failures: string[] = [];
    for (const [template, methods] of Object.entries(paths)) {
      if (!template.startsWith("/api/")) continue;
      for (const [method, op] of Object.entries(methods)) {
        const required = op.requestBody?.content?.["application/json"]?.schema?.required ?? [];
        if (!required.length) continue;
        const url = template.replace(/\{[^}]+\}/g, "1");
        const cookie = template.startsWith("/api/benefits") ? employeeSession : adminCookie;
        for (const sent of [
          { what: "no body", headers: {} as Record<string, string>, body: undefined, message: NOT_JSON_MESSAGE },
          { what: "text/plain", headers: { "content-type": "text/plain" }, body: "{}", message: NOT_JSON_MESSAGE },
          { what: "JSON null", headers: { "content-type": "application/json" }, body: "null", message: null },
        ]) {
          const res = await t.app.handle(
            new Request(`http://localhost${url}`, {
              method: method.toUpperCase(),
              headers: { origin: "http://localhost", cookie, ...sent.headers },
              body: sent.body,
            }),
          );
          const answer = (await res.json()) as { message: string; errors?: Record<string, string> };
          const where = `${method.toUpperCase()} ${template} with ${sent.what}`;
          if (res.status !== 400) failures.push(`${where}: ${res.status} ${answer.message}`);
          else if (
            Object.keys(answer.errors ?? {})
              .sort()
              .join() !== [...required].sort().join()
          )
            failures.push(`${where}: named ${JSON.stringify(answer.errors)}, needs ${required.join(", ")}`);
          else if (sent.message && answer.message !== sent.message) failures.push(`${where}: said "${answer.message}"`);
          checked.push(where);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checked.length).toBeGreaterThan(30);
  });

  test("a JSON body over 1 MB gets 413 from a real endpoint, declared or not, and stores nothing", async () => {
    const big = JSON.stringify({ name: "Acme", firstName: hugeString(1100) });
    const chunked = () =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          // 2 MB in 64 KB pieces, with no Content-Length: only counting the bytes can refuse it.
          const piece = new TextEncoder().encode(" ".repeat(64 * 1024));
          controller.enqueue(new TextEncoder().encode('{"name":"Acme","notes":"'));
          for (let i = 0; i < 32; i++) controller.enqueue(piece);
          controller.enqueue(new TextEncoder().encode('"}'));
          controller.close();
        },
      });
    const before = counts();
    const requests = [
      () =>
        new Request("http://localhost/api/business/register", {
          method: "POST",
          headers: { "content-type": "application/json", "content-length": String(big.length) },
          body: big,
        }),
      () =>
        new Request("http://localhost/api/business/register", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: chunked(),
        }),
      () =>
        new Request("http://localhost/api/auth/login-link", {
          method: "POST",
          headers: { "content-type": "application/json; charset=utf-8" },
          body: chunked(),
        }),
    ];
    for (const request of requests) {
      const req = request();
      expect(req.headers.get("content-length") === null || Number(req.headers.get("content-length")) > 1024 * 1024).toBe(true);
      const res = await t.app.handle(req);
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({ message: "The request body is too large (1 MB at most)." });
      expect(res.headers.get("x-request-id")).toBeTruthy();
    }
    expect(counts()).toEqual(before);
  });

  test("spreadsheet bombs to the census upload, from anyone: no 5xx, JSON errors, nothing stored", async () => {
    const MB = 1024 * 1024;
    const owner = await ownerWithClasses(t);
    const bombs: [string, Uint8Array][] = [
      ...generatedBombs().map(({ name, bytes }) => [name, bytes] as [string, Uint8Array]),
      ["stored but deflated", storedButDeflated(100 * MB)],
    ];
    const before = counts();
    const failures: string[] = [];
    for (const [who, headers] of [
      ["owner", owner.headers],
      ["anonymous", {}],
      ["admin", { cookie: cookies.admin! }],
      ["JSON-like cookie", { cookie: cookies.jsonCookie! }],
    ] as [string, Record<string, string>][]) {
      for (const [what, bytes] of bombs) {
        for (const name of ["census.xlsx", "census.xls", "census.csv"]) {
          const res = await t.request("POST", `/api/enrollment/${owner.enrollmentId}/census`, {
            headers: { ...headers, origin: "http://localhost" },
            body: censusForm(bytes, name, "application/octet-stream"),
          });
          const type = res.headers.get("content-type") ?? "";
          if (res.status >= 500 || (res.status >= 400 && !type.includes("application/json")))
            failures.push(`${res.status} ${type} for ${what} as ${name} from ${who}: ${(await res.text()).slice(0, 200)}`);
          else await res.arrayBuffer();
        }
      }
    }
    expect(failures).toEqual([]);
    expect(counts()).toEqual(before);
  }, 120_000);

  test("a JSON body of just under 1 MB is read", async () => {
    const res = await t.request("POST", "/api/auth/login-link", {
      json: { email: "nobody@example.com", pad: "x".repeat(1024 * 1024 - 100) },
    });
    expect(res.status).toBe(202);
  });
});
