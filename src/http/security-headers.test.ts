import { describe, expect, test } from "bun:test";
import { createTestApp } from "../test/api";
import { isHttps, securityHeaders } from "./security-headers";

const forwarded = () => new Request("http://localhost/", { headers: { "x-forwarded-proto": "https" } });

describe("HTTPS detection", () => {
  test("X-Forwarded-Proto counts only with TRUST_PROXY; a TLS URL always does", () => {
    expect(isHttps(forwarded(), false)).toBe(false);
    expect(isHttps(forwarded(), true)).toBe(true);
    expect(isHttps(new Request("https://localhost/"), false)).toBe(true);
    expect(isHttps(new Request("http://localhost/"), true)).toBe(false);
    expect(securityHeaders(forwarded(), false)["strict-transport-security"]).toBeUndefined();
    expect(securityHeaders(forwarded(), true)["strict-transport-security"]).toContain("max-age=");
  });

  test("over plain HTTP a forged X-Forwarded-Proto gets no HSTS", async () => {
    const t = await createTestApp();
    try {
      const res = await t.request("GET", "/api/health", { headers: { "x-forwarded-proto": "https" } });
      expect(res.headers.get("strict-transport-security")).toBeNull();
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    } finally {
      t.close();
    }
  });

  test("behind a trusted TLS proxy every answer carries HSTS", async () => {
    const t = await createTestApp({ TRUST_PROXY: "1" });
    try {
      const res = await t.request("GET", "/api/health", { headers: { "x-forwarded-proto": "https" } });
      expect(res.headers.get("strict-transport-security")).toContain("max-age=");
    } finally {
      t.close();
    }
  });
});
