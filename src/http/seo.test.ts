import { afterEach, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestApp, type TestApp } from "../test/api";

let t: TestApp;
afterEach(() => t?.close());

describe("sitemap and robots", () => {
  test("/sitemap.xml lists the public pages with absolute URLs from PUBLIC_URL", async () => {
    t = await createTestApp({ PUBLIC_URL: "https://www.advantage-ichra.example/" });
    const res = await t.request("GET", "/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const xml = await res.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(
      ["/", "/employers", "/brokers", "/platforms", "/contact", "/enrollment-form", "/enroll"].map(
        (p) => `https://www.advantage-ichra.example${p}`,
      ),
    );
    expect(xml).toStartWith('<?xml version="1.0" encoding="UTF-8"?>');
  });

  test("without PUBLIC_URL the server's own origin is used, never the request's Host; robots.txt points at the sitemap", async () => {
    t = await createTestApp();
    const xml = await (await t.request("GET", "/sitemap.xml")).text();
    expect(xml).toContain("<loc>http://localhost/contact</loc>");
    const forged = await t.app.handle(
      new Request("http://evil.example/sitemap.xml", { headers: { host: "evil.example", "x-forwarded-proto": "https" } }),
    );
    expect(await forged.text()).toBe(xml);
    const res = await t.request("GET", "/robots.txt");
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const robots = await res.text();
    expect(robots).toContain("User-agent: *");
    expect(robots).toContain("Disallow: /admin");
    expect(robots).toContain("Disallow: /api/");
    expect(robots).toContain("Sitemap: http://localhost/sitemap.xml");
  });
});

describe("contact details in prerendered pages", () => {
  test("the server fills the placeholders from CONTACT_EMAIL and CONTACT_PHONE, escaped", async () => {
    const web = mkdtempSync(join(tmpdir(), "ichra-web-"));
    mkdirSync(join(web, "prerendered"));
    writeFileSync(join(web, "index.html"), '<meta name="contact-email" content="__CONTACT_EMAIL__">');
    writeFileSync(
      join(web, "prerendered", "contact.html"),
      '<a href="mailto:__CONTACT_EMAIL__">__CONTACT_EMAIL__</a> <a href="tel:__CONTACT_PHONE__">__CONTACT_PHONE__</a>',
    );
    t = await createTestApp({ WEB_DIR: web, CONTACT_EMAIL: "sales&team@example.com", CONTACT_PHONE: "1-888-555-0142" });
    expect(await (await t.request("GET", "/contact")).text()).toBe(
      '<a href="mailto:sales&amp;team@example.com">sales&amp;team@example.com</a> <a href="tel:1-888-555-0142">1-888-555-0142</a>',
    );
    expect(await (await t.request("GET", "/enroll")).text()).toBe('<meta name="contact-email" content="sales&amp;team@example.com">');
  });
});
