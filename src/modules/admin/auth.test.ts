import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { adminPassword, signedInAdmin } from "../../test/admins";
import { createTestApp, type TestApp } from "../../test/api";
import { cookieOf } from "../../test/employers";
import { createSession } from "../auth/sessions";
import { createAdmin, hashPassword, resetAdminPassword } from "./accounts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createAdmin(t.database.db, { username: "ops", password: adminPassword });
});
afterAll(() => t.close());

const protectedEndpoints: [string, string, unknown?][] = [
  ["GET", "/api/admin/check-auth"],
  ["POST", "/api/admin/logout"],
  ["GET", "/api/admin/form-submissions"],
  ["GET", "/api/admin/form-submissions?formType=brokers&range=week&q=acme&limit=5"],
  ["GET", "/api/admin/form-submissions/summary"],
  ["GET", "/api/admin/form-submissions.csv"],
  ["GET", "/api/admin/form-submissions/1"],
  ["PUT", "/api/admin/form-submissions/1/status", { status: "won" }],
  ["GET", "/api/admin/enrollments"],
  ["POST", "/api/admin/enrollments/1/approve"],
  ["POST", "/api/admin/enrollments/1/activate"],
  ["GET", "/api/admin/outbox"],
  ["GET", "/api/admin/outbox/1"],
];

describe("admin endpoints need an admin session", () => {
  test("without a session, every one answers 401", async () => {
    for (const [method, path, json] of protectedEndpoints) {
      const res = await t.request(method, path, { json });
      expect({ path, status: res.status }).toEqual({ path, status: 401 });
      expect((await res.json()).message).toBe("Sign in to continue.");
    }
  });

  test("an employer (owner) session is not enough", async () => {
    const user = t.database.sqlite
      .query("insert into users (username, first_name, last_name, email) values ('emp', 'E', 'M', 'emp@example.com') returning id")
      .get() as { id: number };
    const { token } = await createSession(t.database.db, { userId: user.id, kind: "owner" });
    for (const [method, path, json] of protectedEndpoints) {
      const res = await t.request(method, path, { json, headers: { cookie: `ichra_session=${token}` } });
      expect({ path, status: res.status }).toEqual({ path, status: 401 });
    }
  });
});

describe("POST /api/admin/login", () => {
  test("the right password signs in with a fresh HttpOnly SameSite=Lax cookie", async () => {
    const res = await t.request("POST", "/api/admin/login", { json: { username: "OPS", password: adminPassword } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ authenticated: true, username: "ops" });
    const setCookie = res.headers.get("set-cookie")!;
    expect(setCookie).toMatch(/^ichra_session=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");
    expect(setCookie).toContain("Path=/");
    expect(setCookie).not.toContain("Secure");
    const check = await t.request("GET", "/api/admin/check-auth", { headers: { cookie: cookieOf(res) } });
    expect(check.status).toBe(200);
    expect(await check.json()).toEqual({ authenticated: true, username: "ops" });
    // Only the hash of the token is stored, with the admin lifetimes.
    const row = t.database.sqlite
      .query("select token_hash, kind, expires_at - created_at as life from sessions where kind = 'admin' order by created_at desc")
      .get() as {
      token_hash: string;
      kind: string;
      life: number;
    };
    expect(row.token_hash).not.toBe(cookieOf(res).split("=")[1]);
    expect(row.life).toBe(12 * 3600 * 1000);
  });

  test("behind a trusted HTTPS proxy the cookie is Secure; an untrusted X-Forwarded-Proto is ignored", async () => {
    const proxied = await createTestApp({ TRUST_PROXY: "1" });
    try {
      await createAdmin(proxied.database.db, { username: "ops", password: adminPassword });
      const res = await proxied.request("POST", "/api/admin/login", {
        json: { username: "ops", password: adminPassword },
        headers: { "x-forwarded-proto": "https" },
      });
      expect(res.headers.get("set-cookie")).toContain("Secure");
    } finally {
      proxied.close();
    }
    const direct = await t.request("POST", "/api/admin/login", {
      json: { username: "ops", password: adminPassword },
      headers: { "x-forwarded-proto": "https" },
    });
    expect(direct.status).toBe(200);
    expect(direct.headers.get("set-cookie")).not.toContain("Secure");
  });

  test("signing in again rotates the session id", async () => {
    const first = await signedInAdmin(t);
    const res = await t.request("POST", "/api/admin/login", {
      json: { username: "ops", password: adminPassword },
      headers: { cookie: first },
    });
    const second = cookieOf(res);
    expect(second).not.toBe(first);
    expect((await t.request("GET", "/api/admin/check-auth", { headers: { cookie: first } })).status).toBe(401);
    expect((await t.request("GET", "/api/admin/check-auth", { headers: { cookie: second } })).status).toBe(200);
  });

  test("a wrong password and an unknown user get the same answer", async () => {
    const wrong = await t.request("POST", "/api/admin/login", {
      json: { username: "ops", password: "not the password" },
      headers: { "x-forwarded-for": "1" },
    });
    const unknown = await t.request("POST", "/api/admin/login", { json: { username: "nobody", password: "whatever-password" } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual({ message: "Invalid credentials" });
    expect(await unknown.json()).toEqual({ message: "Invalid credentials" });
    expect(wrong.headers.get("set-cookie")).toBeNull();
  });

  test("passwords are stored as argon2id with OWASP's minimum cost, never in clear", async () => {
    const row = t.database.sqlite.query("select password from users where username = 'ops'").get() as { password: string };
    expect(row.password).toStartWith("$argon2id$");
    expect(row.password).toContain("m=19456,t=2,p=1");
    expect(row.password).not.toContain(adminPassword);
  });

  test("an employer account cannot sign in as admin", async () => {
    const hash = await hashPassword(adminPassword);
    t.database.sqlite.run(
      "insert into users (username, password, first_name, last_name, email) values ('biz', ?, 'B', 'Z', 'biz@example.com')",
      [hash],
    );
    const res = await t.request("POST", "/api/admin/login", { json: { username: "biz", password: adminPassword } });
    expect(res.status).toBe(401);
  });

  test("missing fields are a 400 naming them", async () => {
    const res = await t.request("POST", "/api/admin/login", { json: { username: "" } });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.errors).toEqual({ username: "Please enter your username", password: "Please enter your password" });
  });

  test("passwords are stored as argon2id hashes", () => {
    const row = t.database.sqlite.query("select password, email, role from users where username = 'ops'").get() as {
      password: string;
      email: string;
      role: string;
    };
    expect(row.password).toStartWith("$argon2id$");
    expect(row.email).toBe("ops@admin.invalid");
    expect(row.role).toBe("admin");
  });
});

describe("throttling", () => {
  test("after 5 failures for a username and address: 429 with Retry-After, even with the right password", async () => {
    await createAdmin(t.database.db, { username: "target", password: adminPassword });
    for (let i = 0; i < 5; i++) {
      const res = await t.request("POST", "/api/admin/login", { json: { username: "target", password: `wrong-${i}` } });
      expect(res.status).toBe(401);
    }
    const blocked = await t.request("POST", "/api/admin/login", { json: { username: "target", password: adminPassword } });
    expect(blocked.status).toBe(429);
    const retry = Number(blocked.headers.get("retry-after"));
    expect(retry).toBeGreaterThan(14 * 60);
    expect(retry).toBeLessThanOrEqual(15 * 60);
    expect((await blocked.json()).message).toBe("Too many failed sign-in attempts. Please try again later.");
    // Another username from the same address is not blocked.
    expect((await t.request("POST", "/api/admin/login", { json: { username: "ops", password: adminPassword } })).status).toBe(200);
  });
});

describe("throttling holds against parallel and spread attempts", () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({ TRUST_PROXY: "1" });
    await createAdmin(proxied.database.db, { username: "ops", password: adminPassword });
  });
  afterAll(() => proxied.close());
  const attempt = (username: string, password: string, ip: string) =>
    proxied.request("POST", "/api/admin/login", { json: { username, password }, headers: { "x-forwarded-for": ip } });

  test("30 wrong passwords at once: only 5 are checked, the rest answer 429", async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => attempt("ops", `wrong-${i}`, "203.0.113.7")));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25);
    expect((await attempt("ops", adminPassword, "203.0.113.7")).status).toBe(429);
  }, 30_000);

  test("one username from many addresses is slowed, not locked: a clean address and a trusted browser still get in", async () => {
    await createAdmin(proxied.database.db, { username: "spread", password: adminPassword });
    // The admin signed in from this browser last week: it carries a trusted-device cookie.
    const earlier = await attempt("spread", adminPassword, "192.0.2.10");
    expect(earlier.status).toBe(200);
    const device = /ichra_admin_device=([^;]+)/.exec(earlier.headers.get("set-cookie") ?? "")?.[1];
    expect(device).toBeTruthy();
    for (let i = 0; i < 20; i++) expect((await attempt("spread", `wrong-${i}`, `198.51.100.${i + 1}`)).status).toBe(401);
    // An address that failed waits; one clean address may try now, the next one in 10 seconds.
    const failed = await attempt("spread", adminPassword, "198.51.100.1");
    expect(failed.status).toBe(429);
    expect(Number(failed.headers.get("retry-after"))).toBeGreaterThan(14 * 60);
    expect((await attempt("spread", adminPassword, "198.51.100.200")).status).toBe(200);
    const next = await attempt("spread", "wrong-again", "198.51.100.201");
    expect(next.status).toBe(429);
    expect(Number(next.headers.get("retry-after"))).toBeLessThanOrEqual(10);
    // The trusted browser is not slowed at all, even from an address that failed.
    const trusted = await proxied.request("POST", "/api/admin/login", {
      json: { username: "spread", password: adminPassword },
      headers: { "x-forwarded-for": "198.51.100.1", cookie: `ichra_admin_device=${device}` },
    });
    expect(trusted.status).toBe(200);
    // Another username from those addresses is unaffected.
    expect((await attempt("ops", adminPassword, "198.51.100.2")).status).toBe(200);
  }, 30_000);

  test("the trusted-device cookie is HttpOnly, SameSite=Strict, scoped to the sign-in, and retired by a password reset", async () => {
    await createAdmin(proxied.database.db, { username: "devices", password: adminPassword });
    const res = await attempt("devices", adminPassword, "192.0.2.20");
    const cookie = (res.headers.get("set-cookie") ?? "").split(/,(?=\s*\w+=)/).find((c) => c.trim().startsWith("ichra_admin_device="))!;
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Strict");
    expect(cookie).toContain("Path=/api/admin/login");
    const device = /ichra_admin_device=([^;]+)/.exec(cookie)![1];
    await resetAdminPassword(proxied.database.db, { username: "devices", password: `${adminPassword}-new` });
    for (let i = 0; i < 5; i++) await attempt("devices", `wrong-${i}`, "192.0.2.21");
    const withOldDevice = await proxied.request("POST", "/api/admin/login", {
      json: { username: "devices", password: `${adminPassword}-new` },
      headers: { "x-forwarded-for": "192.0.2.21", cookie: `ichra_admin_device=${device}` },
    });
    expect(withOldDevice.status).toBe(429);
  }, 30_000);
});

describe("logout", () => {
  test("deletes the session: the old cookie no longer works", async () => {
    const cookie = await signedInAdmin(t);
    const res = await t.request("POST", "/api/admin/logout", { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toMatch(/ichra_session=;|Max-Age=0|Expires=Thu, 01 Jan 1970/);
    expect((await t.request("GET", "/api/admin/check-auth", { headers: { cookie } })).status).toBe(401);
    expect((await t.request("GET", "/api/admin/form-submissions", { headers: { cookie } })).status).toBe(401);
  });

  test("a cross-site logout is refused", async () => {
    const cookie = await signedInAdmin(t);
    const res = await t.request("POST", "/api/admin/logout", { headers: { cookie, "sec-fetch-site": "cross-site" } });
    expect(res.status).toBe(403);
    expect((await t.request("GET", "/api/admin/check-auth", { headers: { cookie } })).status).toBe(200);
  });
});
