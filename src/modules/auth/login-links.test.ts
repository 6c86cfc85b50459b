import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../../test/api";
import { adminHeaders, cookieOf, registerOwner } from "../../test/employers";
import { employeeCookie, workplaceWith } from "../../test/registered-employees";
import { signInLinksTo, tokenOf } from "../../test/sign-in";
import { loginLinkAddress, requestLoginLink, spendLoginLink } from "./login-links";
import {
  LOGIN_LINK_ANSWER_FLOOR_MS,
  LOGIN_LINK_EXPIRED_MESSAGE,
  LOGIN_LINK_SENT_MESSAGE,
  LOGIN_LINK_TTL_MS,
  OTHER_ACCOUNT_SIGNED_IN_MESSAGE,
} from "./model";
import { hashToken } from "./sessions";
import { signedInAccount } from "./signed-in-account";

let t: TestApp;
beforeAll(async () => {
  // Every request here comes from one address; the per-address limit has its own test.
  t = await createTestApp({ LEADS_PER_MINUTE: "1000", LEADS_PER_DAY: "10000" });
});
afterAll(() => t.close());

const links = (to: string) => signInLinksTo(t, to);
const signIn = (token: unknown, headers: Record<string, string> = {}) =>
  t.request("POST", "/api/auth/callback", { json: { token }, headers });

describe("POST /api/auth/login-link", () => {
  test("an employer's address gets a one-time link by email; the table keeps only its hash", async () => {
    const owner = await registerOwner(t);
    const res = await t.request("POST", "/api/auth/login-link", { json: { email: owner.email.toUpperCase() } });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ message: LOGIN_LINK_SENT_MESSAGE });
    const [link] = links(owner.email);
    expect(link).toStartWith("http://localhost/login?token=");
    const token = tokenOf(link!);
    const row = t.database.sqlite.query("select * from login_tokens where token_hash = ?").get(hashToken(token)) as {
      expires_at: number;
      used_at: number | null;
    };
    expect(row.used_at).toBeNull();
    expect(row.expires_at - Date.now()).toBeGreaterThan(LOGIN_LINK_TTL_MS - 60_000);
    expect(row.expires_at - Date.now()).toBeLessThanOrEqual(LOGIN_LINK_TTL_MS);
  });

  test("an unknown address gets the same answer and no email", async () => {
    const before = t.database.sqlite.query("select count(*) as n from outbox").get() as { n: number };
    const res = await t.request("POST", "/api/auth/login-link", { json: { email: "nobody@nowhere.test" } });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ message: LOGIN_LINK_SENT_MESSAGE });
    expect(t.database.sqlite.query("select count(*) as n from outbox").get()).toEqual(before);
  });

  test("known and unknown addresses take as long to answer: never less than the floor", async () => {
    const owner = await registerOwner(t);
    for (const email of [owner.email, "nobody-else@nowhere.test"]) {
      const started = performance.now();
      expect((await t.request("POST", "/api/auth/login-link", { json: { email } })).status).toBe(202);
      expect(performance.now() - started).toBeGreaterThanOrEqual(LOGIN_LINK_ANSWER_FLOOR_MS - 1);
    }
  });

  test("validates the address", async () => {
    const res = await t.request("POST", "/api/auth/login-link", { json: { email: "nope" } });
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual({ email: "Invalid email format" });
    expect((await (await t.request("POST", "/api/auth/login-link", { json: {} })).json()).errors).toEqual({ email: "Email is required" });
  });

  test("a forged Host header never reaches the emailed link", async () => {
    const forged = (app: TestApp, email: string) =>
      app.app.handle(
        new Request("http://evil.example/api/auth/login-link", {
          method: "POST",
          headers: {
            host: "evil.example",
            "x-forwarded-host": "evil.example",
            "x-forwarded-proto": "https",
            "content-type": "application/json",
          },
          body: JSON.stringify({ email }),
        }),
      );
    const linkOf = (app: TestApp, email: string) =>
      (
        app.database.sqlite.query("select text_body from outbox where kind = 'sign_in_link' and to_address = ?").get(email) as {
          text_body: string;
        }
      ).text_body;
    const owner = await registerOwner(t);
    expect((await forged(t, owner.email)).status).toBe(202);
    expect(linkOf(t, owner.email)).toMatch(/^http:\/\/localhost\/login\?token=/m);
    expect(linkOf(t, owner.email)).not.toContain("evil.example");

    const configured = await createTestApp({ PUBLIC_URL: "https://benefits.example/" });
    try {
      const other = await registerOwner(configured);
      expect((await forged(configured, other.email)).status).toBe(202);
      expect(linkOf(configured, other.email)).toMatch(/^https:\/\/benefits\.example\/login\?token=/m);
      expect(linkOf(configured, other.email)).not.toContain("evil.example");
    } finally {
      configured.close();
    }
  });

  test("one address gets LEADS_PER_MINUTE requests, then 429 with Retry-After and no email", async () => {
    const limited = await createTestApp({ LEADS_PER_MINUTE: "2", TRUST_PROXY: "1" });
    try {
      const owner = await registerOwner(limited);
      const from = (ip: string) =>
        limited.request("POST", "/api/auth/login-link", { json: { email: owner.email }, headers: { "x-forwarded-for": ip } });
      expect((await from("198.51.100.1")).status).toBe(202);
      expect((await from("198.51.100.1")).status).toBe(202);
      const refused = await from("198.51.100.1");
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await refused.json()).toEqual({ message: "Too many requests. Please try again later." });
      const sent = () => limited.database.sqlite.query("select count(*) as n from outbox where kind = 'sign_in_link'").get();
      expect(sent()).toEqual({ n: 2 });
      // Another address still gets through; an invented first hop does not make a new address.
      expect((await from("198.51.100.2")).status).toBe(202);
      expect((await from("192.0.2.9, 198.51.100.1")).status).toBe(429);
      expect(sent()).toEqual({ n: 3 });
    } finally {
      limited.close();
    }
  });

  test("at most three live links per employer, so an inbox cannot be flooded", async () => {
    const owner = await registerOwner(t);
    for (let i = 0; i < 5; i++)
      expect((await t.request("POST", "/api/auth/login-link", { json: { email: owner.email } })).status).toBe(202);
    expect(links(owner.email)).toHaveLength(3);
  });
});

describe("signing in with the emailed link", () => {
  test("opening the link (GET) never uses the token; the Sign in POST does, once, and starts the owner's session", async () => {
    const owner = await registerOwner(t);
    await t.request("POST", "/api/auth/login-link", { json: { email: owner.email } });
    const [link] = links(owner.email);
    expect(link).toStartWith("http://localhost/login?token=");
    const token = tokenOf(link!);
    // A mail scanner or link preview fetching an older /api/auth/callback link.
    const old = await t.request("GET", `/api/auth/callback?token=${token}`);
    expect(old.status).toBe(303);
    expect(old.headers.get("location")).toBe(`/login?token=${token}`);
    expect(old.headers.get("set-cookie")).toBeNull();
    const row = () =>
      t.database.sqlite.query("select used_at from login_tokens where token_hash = ?").get(hashToken(token)) as { used_at: number | null };
    expect(row().used_at).toBeNull();

    const res = await signIn(token, { origin: "http://localhost" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      role: "owner",
      redirect: `/dashboard/${owner.businessId}`,
      businessId: owner.businessId,
      employeeId: null,
    });
    expect(row().used_at).not.toBeNull();
    const cookie = cookieOf(res);
    const me = await t.request("GET", "/api/auth/me", { headers: { cookie } });
    expect(await me.json()).toEqual({ role: "owner", businessId: owner.businessId, employeeId: null, enrollmentId: null });
    expect((await t.request("GET", `/api/business/${owner.businessId}`, { headers: { cookie } })).status).toBe(200);
    const again = await signIn(token);
    expect(again.status).toBe(401);
    expect(await again.json()).toEqual({ message: LOGIN_LINK_EXPIRED_MESSAGE });
    expect(again.headers.get("set-cookie")).toBeNull();
  });

  test("an account registered with someone else's address: the owner's first emailed link signs that someone out everywhere, and later links sign no one out", async () => {
    // Someone registers the company with an address they do not own, and keeps the session.
    const squatter = await registerOwner(t);
    const business = `/api/business/${squatter.businessId}`;
    expect((await t.request("GET", business, { headers: squatter.headers })).status).toBe(200);
    // The address's owner signs in by the link their inbox got.
    await t.request("POST", "/api/auth/login-link", { json: { email: squatter.email } });
    const first = await signIn(tokenOf(links(squatter.email).at(-1)!), { origin: "http://localhost" });
    expect(first.status).toBe(200);
    const owner = { cookie: cookieOf(first) };
    // What the owner types from now on is not read by the session opened before the address was proven.
    expect((await t.request("GET", business, { headers: squatter.headers })).status).toBe(401);
    expect((await t.request("GET", business, { headers: owner })).status).toBe(200);
    // The address is proven once: signing in again elsewhere keeps the owner's own sessions.
    await t.request("POST", "/api/auth/login-link", { json: { email: squatter.email } });
    const second = await signIn(tokenOf(links(squatter.email).at(-1)!), { origin: "http://localhost" });
    expect(second.status).toBe(200);
    expect((await t.request("GET", business, { headers: owner })).status).toBe(200);
    expect((await t.request("GET", business, { headers: { cookie: cookieOf(second) } })).status).toBe(200);
  });

  test("an expired, unknown or missing token is refused with the expired message and no session", async () => {
    const owner = await registerOwner(t);
    await t.request("POST", "/api/auth/login-link", { json: { email: owner.email } });
    const [link] = links(owner.email);
    t.database.sqlite.query("update login_tokens set expires_at = ? where used_at is null").run(Date.now() - 1);
    for (const token of [tokenOf(link!), "forged", "x".repeat(150)]) {
      const res = await signIn(token);
      expect([token, res.status, res.headers.get("set-cookie")]).toEqual([token, 401, null]);
      expect(await res.json()).toEqual({ message: LOGIN_LINK_EXPIRED_MESSAGE });
    }
    for (const body of [{}, { token: "" }, { token: 42 }, { token: "x".repeat(201) }]) {
      const res = await t.request("POST", "/api/auth/callback", { json: body });
      expect(res.status).toBe(400);
      expect((await res.json()).errors).toEqual({ token: LOGIN_LINK_EXPIRED_MESSAGE });
    }
    const bare = await t.request("GET", "/api/auth/callback");
    expect([bare.status, bare.headers.get("location")]).toEqual([303, "/login?error=expired"]);
  });

  test("another site cannot spend a token to sign the visitor in (login CSRF)", async () => {
    const owner = await registerOwner(t);
    await t.request("POST", "/api/auth/login-link", { json: { email: owner.email } });
    const token = tokenOf(links(owner.email)[0]!);
    for (const headers of [
      { origin: "https://evil.example" },
      { "sec-fetch-site": "cross-site" },
      // Not behind a trusted proxy, a forwarded host is the client's own word.
      { origin: "https://evil.example", "x-forwarded-host": "evil.example" },
    ] as Record<string, string>[]) {
      const res = await signIn(token, headers);
      expect(res.status).toBe(403);
      expect(res.headers.get("set-cookie")).toBeNull();
    }
    expect((await signIn(token, { "sec-fetch-site": "same-origin" })).status).toBe(200);
  });

  test("a link opened where another account is signed in names its address and spends nothing until the person chooses to switch", async () => {
    const victim = await registerOwner(t);
    const sender = await registerOwner(t);
    await t.request("POST", "/api/auth/login-link", { json: { email: sender.email } });
    const token = tokenOf(links(sender.email).at(-1)!);
    const here = { origin: "http://localhost", cookie: victim.headers.cookie };
    const refused = await signIn(token, here);
    expect(refused.status).toBe(409);
    // Both accounts are named: the one the link opens, and the one signed in here.
    const business = (t.database.sqlite.query("select name from businesses where id = ?").get(victim.businessId) as { name: string }).name;
    const signedInAs = `the employer dashboard of ${business}`;
    expect(await refused.json()).toEqual({
      message: OTHER_ACCOUNT_SIGNED_IN_MESSAGE(sender.email, signedInAs),
      linkFor: sender.email,
      signedInAs,
    });
    expect(refused.headers.get("set-cookie") ?? "").not.toContain("ichra_session=");
    // The signed-in account is untouched, and the link still works.
    expect((await t.request("GET", `/api/business/${victim.businessId}`, { headers: victim.headers })).status).toBe(200);
    const switched = await t.request("POST", "/api/auth/callback", { json: { token, switchAccount: true }, headers: here });
    expect(switched.status).toBe(200);
    expect((await switched.json()).businessId).toBe(sender.businessId);
    // The account's own link, in its own browser, asks nothing.
    await t.request("POST", "/api/auth/login-link", { json: { email: victim.email } });
    expect((await signIn(tokenOf(links(victim.email).at(-1)!), here)).status).toBe(200);
  });

  test("an employee's or an admin's session here is kept the same way, each named; an employee's own link asks nothing", async () => {
    const work = await workplaceWith(t.database.db, [
      { firstName: "Ana", lastName: "Reyes" },
      { firstName: "Ben", lastName: "Okafor" },
    ]);
    const [ana, ben] = work.employees;
    const anaHere = { origin: "http://localhost", cookie: await employeeCookie(t.database.db, ana!.id) };
    const linkFor = async (email: string) => {
      await t.request("POST", "/api/auth/login-link", { json: { email } });
      return tokenOf(links(email).at(-1)!);
    };
    const bens = await linkFor(ben!.email);
    const refused = await signIn(bens, anaHere);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      message: OTHER_ACCOUNT_SIGNED_IN_MESSAGE(ben!.email, "the benefits of Ana Reyes"),
      linkFor: ben!.email,
      signedInAs: "the benefits of Ana Reyes",
    });
    expect(refused.headers.get("set-cookie") ?? "").not.toContain("ichra_session=");
    const adminHere = { origin: "http://localhost", ...(await adminHeaders(t)) };
    const fromAdmin = await signIn(bens, adminHere);
    expect(fromAdmin.status).toBe(409);
    expect((await fromAdmin.json()).signedInAs).toBe("our admin area");
    // The same employee's link in their own browser signs in again without a question.
    const again = await signIn(await linkFor(ana!.email), anaHere);
    expect(again.status).toBe(200);
    expect((await again.json()).employeeId).toBe(ana!.id);
    // Ben's link is still unspent: it signs Ben in once the person chooses to switch.
    const switched = await t.request("POST", "/api/auth/callback", { json: { token: bens, switchAccount: true }, headers: anaHere });
    expect((await switched.json()).employeeId).toBe(ben!.id);
  });

  test("a session whose business or registration is gone is named as another account", async () => {
    const session = { tokenHash: "x", createdAt: 0, expiresAt: 0 };
    expect(await signedInAccount(t.database.db, { ...session, kind: "owner", userId: 987_654, employeeId: null })).toBe("another account");
    expect(await signedInAccount(t.database.db, { ...session, kind: "employee", userId: null, employeeId: 987_654 })).toBe(
      "another account",
    );
  });

  test("expiry is 15 minutes, to the millisecond", async () => {
    const now = Date.now();
    const user = t.database.sqlite.query("select u.id, u.email from users u join businesses b on b.user_id = u.id limit 1").get() as {
      email: string;
    };
    t.database.sqlite.query("delete from login_tokens").run();
    expect(await requestLoginLink(t.database.db, user.email, "http://localhost", now)).toBe(true);
    const token = tokenOf(links(user.email).at(-1)!);
    expect(await loginLinkAddress(t.database.db, token, now + LOGIN_LINK_TTL_MS)).toBeNull();
    expect(await spendLoginLink(t.database.db, token, now + LOGIN_LINK_TTL_MS)).toBe(false);
    expect(await loginLinkAddress(t.database.db, token, now + LOGIN_LINK_TTL_MS - 1)).toBe(user.email);
    expect(await spendLoginLink(t.database.db, token, now + LOGIN_LINK_TTL_MS - 1)).toBe(true);
    expect(await loginLinkAddress(t.database.db, token, now + 1)).toBeNull();
    expect(await spendLoginLink(t.database.db, token, now + 1)).toBe(false);
  });
});

describe("session endpoints", () => {
  test("/api/auth/me: 401 without a session; an admin has no business", async () => {
    expect((await t.request("GET", "/api/auth/me")).status).toBe(401);
    expect(await (await t.request("GET", "/api/auth/me", { headers: await adminHeaders(t) })).json()).toEqual({
      role: "admin",
      businessId: null,
      employeeId: null,
      enrollmentId: null,
    });
  });

  test("logout ends the session", async () => {
    const owner = await registerOwner(t);
    const res = await t.request("POST", "/api/auth/logout", { headers: owner.headers });
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toContain("ichra_session=;");
    expect((await t.request("GET", "/api/auth/me", { headers: owner.headers })).status).toBe(401);
    expect((await t.request("GET", `/api/business/${owner.businessId}`, { headers: owner.headers })).status).toBe(401);
  });
});
