import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { SIGNED_IN_COOKIE } from "../lib/signed-in-cookie";
import { comingSoonPaths, routePatterns } from "../lib/site-routes";
import { createTestApp, type TestApp } from "../test/api";

let t: TestApp;
beforeAll(async () => {
  const { mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const web = mkdtempSync(join(tmpdir(), "ichra-web-"));
  mkdirSync(join(web, "assets"));
  mkdirSync(join(web, "prerendered"));
  writeFileSync(join(web, "index.html"), `<!doctype html><title>shell</title>${"x".repeat(2000)}`);
  writeFileSync(join(web, "assets", "app-abc.js"), "console.log(1)");
  writeFileSync(join(web, "prerendered", "index.html"), "<!doctype html><title>home</title>");
  writeFileSync(join(web, "prerendered", "employers.html"), "<!doctype html><title>employers</title>");
  mkdirSync(join(web, "prerendered", "signed-in"));
  writeFileSync(join(web, "prerendered", "signed-in", "index.html"), "<!doctype html><title>home, signed in</title>");
  mkdirSync(join(web, "shells"));
  writeFileSync(join(web, "shells", "dashboard.html"), "<!doctype html><title>dashboard shell</title>");
  mkdirSync(join(web, "shells", "signed-in"));
  writeFileSync(join(web, "shells", "signed-in", "dashboard.html"), "<!doctype html><title>dashboard shell, signed in</title>");
  t = await createTestApp({ WEB_DIR: web });
});
afterAll(() => t.close());

const concrete = (pattern: string) => pattern.replace(/:[A-Za-z]+/g, "42");

describe("static site", () => {
  test("every route of the table answers 200 with HTML", async () => {
    for (const pattern of routePatterns) {
      const res = await t.request("GET", concrete(pattern));
      expect({ path: pattern, status: res.status }).toEqual({ path: pattern, status: 200 });
      expect(res.headers.get("content-type")).toContain("text/html");
    }
    // The spec's Coming Soon paths, less /terms, which is a real page.
    expect(comingSoonPaths.length).toBe(10);
    expect(comingSoonPaths).not.toContain("/terms");
  });

  test("an unknown path answers 404 with the app shell", async () => {
    const res = await t.request("GET", "/nope");
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("<title>shell</title>");
  });

  test("prerendered pages are preferred for their routes", async () => {
    expect(await (await t.request("GET", "/")).text()).toContain("<title>home</title>");
    expect(await (await t.request("GET", "/employers")).text()).toContain("<title>employers</title>");
    expect(await (await t.request("GET", "/brokers")).text()).toContain("<title>shell</title>");
  });

  test("a browser that may be signed in gets a prerendered page's signed-in drawing, where there is one; caches keep them apart", async () => {
    const signedIn = { headers: { cookie: `other=1; ${SIGNED_IN_COOKIE}=1` } };
    const home = await t.request("GET", "/", signedIn);
    expect(await home.text()).toContain("<title>home, signed in</title>");
    expect(home.headers.get("vary")).toBe("accept-encoding, cookie");
    const visitor = await t.request("GET", "/", { headers: { cookie: `not_${SIGNED_IN_COOKIE}=1` } });
    expect(await visitor.text()).toContain("<title>home</title>");
    expect(visitor.headers.get("vary")).toBe("accept-encoding, cookie");
    // No signed-in drawing: the visitor's. A screen's shell is drawn both ways too.
    expect(await (await t.request("GET", "/employers", signedIn)).text()).toContain("<title>employers</title>");
    const shell = await t.request("GET", "/dashboard/42", signedIn);
    expect(await shell.text()).toContain("<title>dashboard shell, signed in</title>");
    expect(shell.headers.get("vary")).toBe("accept-encoding, cookie");
    expect(await (await t.request("GET", "/dashboard/42")).text()).toContain("<title>dashboard shell</title>");
    // The drawing is not served by its own name.
    expect(await (await t.request("GET", "/prerendered/signed-in/index.html")).text()).toContain("<title>shell</title>");
  });

  test("a screen that loads on demand gets its own shell; its file is not served by its own name", async () => {
    const res = await t.request("GET", "/dashboard/42");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("<title>dashboard shell</title>");
    expect(await (await t.request("GET", "/success/42")).text()).toContain("<title>shell</title>");
    const direct = await t.request("GET", "/shells/dashboard.html");
    expect(direct.status).toBe(404);
    expect(await direct.text()).toContain("<title>shell</title>");
  });

  test("hashed assets are cached for a year, pages revalidate, gzip when accepted", async () => {
    const asset = await t.request("GET", "/assets/app-abc.js");
    expect(asset.headers.get("cache-control")).toContain("immutable");
    const page = await t.request("GET", "/pricing", { headers: { "accept-encoding": "gzip" } });
    expect(page.headers.get("cache-control")).toBe("no-cache");
    expect(page.headers.get("content-encoding")).toBe("gzip");
    const again = await t.request("GET", "/pricing", {
      headers: { "if-none-match": page.headers.get("etag")!, "accept-encoding": "gzip" },
    });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(page.headers.get("etag"));
  });

  test("the gzip and plain bodies are different representations with different ETags", async () => {
    const gzip = await t.request("GET", "/pricing", { headers: { "accept-encoding": "gzip, br" } });
    const plain = await t.request("GET", "/pricing");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(gzip.headers.get("etag")).not.toBe(plain.headers.get("etag"));
    // Each tag validates only its own representation.
    const plainWithGzipTag = await t.request("GET", "/pricing", { headers: { "if-none-match": gzip.headers.get("etag")! } });
    expect(plainWithGzipTag.status).toBe(200);
    expect(plainWithGzipTag.headers.get("etag")).toBe(plain.headers.get("etag"));
    const listed = await t.request("GET", "/pricing", { headers: { "if-none-match": `"other", W/${plain.headers.get("etag")}` } });
    expect(listed.status).toBe(304);
  });

  test("pages carry the security headers", async () => {
    const res = await t.request("GET", "/");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  test("unknown API paths stay JSON 404s", async () => {
    const res = await t.request("GET", "/api/unknown/thing");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.headers.get("x-request-id")).toBeTruthy();
    expect(await res.json()).toEqual({ message: "No such endpoint: GET /api/unknown/thing" });
    // One whose address cannot be decoded too, not the site's page.
    const undecodable = await t.request("GET", "/api/%ff");
    expect(undecodable.status).toBe(404);
    expect(undecodable.headers.get("content-type")).toContain("application/json");
    expect(await undecodable.json()).toEqual({ message: "No such endpoint: GET /api/%ff" });
  });
});
