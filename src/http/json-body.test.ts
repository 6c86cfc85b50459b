// JSON bodies nested past 32 levels are refused before anything parses or validates them,
// on every JSON route, with or without a session, by the real server process.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ownerWithClasses } from "../test/employers";
import { type ServerProcess, startServerProcess } from "../test/server-process";
import { maxJsonDepth, nestsDeeperThan, readJsonBody } from "./json-body";

const bytes = (text: string) => new TextEncoder().encode(text);
const arrays = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;
const objects = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;

describe("the text of a JSON body", () => {
  const read = (body: unknown) =>
    readJsonBody(
      new Request("http://localhost/", { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" } }),
    );

  test("is as a person could have typed it: no control characters or overrides, one line outside a text area", async () => {
    const sent = {
      name: "Acme Tools\n\nIMPORTANT: confirm your SSN at http://x.example\n",
      employeeClasses: [{ name: "Full-time\u0000\r\nCall 555-0100", eligibilityRequirements: "30+ hours\na week\u0007" }],
      lastName: "\u202eevil\u0000x",
      additionalNotes: "Line one\r\nLine two",
      nested: { message: "Hi\nthere", note: "a\tb\u001b[31m" },
      count: 3,
      ok: true,
      none: null,
    };
    // What changes; the text areas keep their lines, and numbers, booleans and null are as sent.
    expect(await read(sent)).toEqual({
      ...sent,
      name: "Acme Tools IMPORTANT: confirm your SSN at http://x.example ",
      employeeClasses: [{ name: "Full-time Call 555-0100", eligibilityRequirements: "30+ hours\na week" }],
      lastName: "evilx",
      nested: { message: "Hi\nthere", note: "a\tb[31m" },
    });
  });

  test("leaves a password exactly as sent", async () => {
    expect(await read({ username: "ada", password: " \tpa\u0000ss\n " })).toEqual({ username: "ada", password: " \tpa\u0000ss\n " });
  });
});

describe("nestsDeeperThan", () => {
  test("counts arrays and objects, up to the limit and one past it", () => {
    expect(nestsDeeperThan(bytes(arrays(32)), 32)).toBe(false);
    expect(nestsDeeperThan(bytes(arrays(33)), 32)).toBe(true);
    expect(nestsDeeperThan(bytes(objects(32)), 32)).toBe(false);
    expect(nestsDeeperThan(bytes(`[${objects(32)}]`), 32)).toBe(true);
    // Siblings do not add up: depth is how far in, not how many.
    expect(nestsDeeperThan(bytes(`[${Array(1000).fill(arrays(31)).join(",")}]`), 32)).toBe(false);
  });

  test("brackets inside strings, escaped quotes and non-ASCII text do not count", () => {
    expect(nestsDeeperThan(bytes(JSON.stringify({ note: "[".repeat(100) })), 32)).toBe(false);
    expect(nestsDeeperThan(bytes(JSON.stringify({ note: `say \\"${"{".repeat(100)}\\" and "` })), 32)).toBe(false);
    expect(nestsDeeperThan(bytes(JSON.stringify({ name: "Zoë «[»", nested: JSON.parse(arrays(30)) })), 32)).toBe(false);
    expect(nestsDeeperThan(bytes(JSON.stringify({ name: "Zoë «[»", nested: JSON.parse(arrays(32)) })), 32)).toBe(true);
  });
});

describe("deeply nested JSON against the real server", () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServerProcess({ LOG_REQUESTS: "0", LEADS_PER_MINUTE: "1000", LEADS_PER_DAY: "1000" });
  });
  afterAll(() => server.close());

  test("50,000 levels of arrays or objects answer 400 naming the problem, with the request id and security headers, quickly", async () => {
    const owner = await ownerWithClasses(server);
    const routes: [string, string, Record<string, string>][] = [
      ["POST", "/api/contact", {}],
      ["POST", "/api/business/register", {}],
      ["POST", "/api/auth/login-link", {}],
      ["POST", "/api/admin/login", {}],
      ["PUT", `/api/enrollment/${owner.enrollmentId}/classes`, owner.headers],
      ["POST", `/api/business/${owner.businessId}/plan`, owner.headers],
    ];
    for (const [method, path, headers] of routes) {
      for (const body of [arrays(50_000), objects(50_000), `{"name":${arrays(50_000)}}`]) {
        const started = performance.now();
        const res = await fetch(`${server.url}${path}`, { method, headers: { ...headers, "content-type": "application/json" }, body });
        const ms = performance.now() - started;
        const where = `${method} ${path} ${body.slice(0, 12)}`;
        expect({ where, status: res.status, body: await res.json() }).toEqual({
          where,
          status: 400,
          body: { message: `The request body nests arrays and objects more than ${maxJsonDepth} levels deep.` },
        });
        expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
        expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
        expect(res.headers.get("x-content-type-options")).toBe("nosniff");
        // Refused from a scan of the bytes: the stack overflows took 0.6-11 s.
        expect(ms).toBeLessThan(1000);
      }
    }
    // The server is still well.
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });
});
