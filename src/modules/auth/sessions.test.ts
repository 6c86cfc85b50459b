import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { users } from "@db/schema";
import { Elysia } from "elysia";
import { errorHandling } from "../../http/errors";
import { SIGNED_IN_COOKIE } from "../../lib/signed-in-cookie";
import { createTestApp, type TestApp } from "../../test/api";
import { cookieOf } from "../../test/employers";
import { CROSS_SITE_MESSAGE } from "./model";
import { requireSession, sessionPlugin } from "./plugin";
import { createSession, hashToken, readSession, SESSION_COOKIE, sessionLifetimes } from "./sessions";

let t: TestApp;
let userId: number;
beforeAll(async () => {
  t = await createTestApp();
  userId = t.database.db
    .insert(users)
    .values({ username: "a@x.test", firstName: "A", lastName: "B", email: "a@x.test", role: "admin" })
    .returning()
    .get().id;
});
afterAll(() => t.close());

describe("sessions", () => {
  test("the table stores only the token's hash", async () => {
    const { token } = await createSession(t.database.db, { userId, kind: "admin" });
    const rows = t.database.sqlite.query("select token_hash from sessions").all() as { token_hash: string }[];
    expect(rows.map((r) => r.token_hash)).toContain(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(token.length).toBeGreaterThanOrEqual(43); // 256 bits in base64url
  });

  test("idle and absolute expiry end a session", async () => {
    const now = Date.now();
    const { token } = await createSession(t.database.db, { userId, kind: "admin" }, now);
    expect(await readSession(t.database.db, token, now + 1000)).not.toBeNull();
    expect(await readSession(t.database.db, token, now + 1000 + sessionLifetimes.admin.idleMs)).toBeNull();
    const other = await createSession(t.database.db, { userId, kind: "admin" }, now);
    expect(await readSession(t.database.db, other.token, now + sessionLifetimes.admin.absoluteMs)).toBeNull();
  });

  test("a session used within every idle window still ends at its absolute lifetime", async () => {
    for (const kind of ["admin", "owner"] as const) {
      const { idleMs, absoluteMs } = sessionLifetimes[kind];
      const now = Date.now();
      const { token } = await createSession(t.database.db, { userId, kind }, now);
      // Used a minute before each idle limit, all the way to the last millisecond.
      const step = idleMs - 60_000;
      for (let at = now + step; at < now + absoluteMs; at += step) {
        expect(await readSession(t.database.db, token, at)).not.toBeNull();
      }
      expect(await readSession(t.database.db, token, now + absoluteMs - 1)).not.toBeNull();
      // One millisecond after its last use: only the absolute lifetime can end it.
      expect(await readSession(t.database.db, token, now + absoluteMs)).toBeNull();
    }
  });

  test("a session begun under a longer lifetime ends at today's: its recorded expiry does not keep it", async () => {
    const now = Date.now();
    const { token } = await createSession(t.database.db, { userId, kind: "admin" }, now);
    // As the 7-day lifetime wrote it, and used within the idle limit.
    t.database.sqlite.query("update sessions set expires_at = ? where token_hash = ?").run(now + 7 * 24 * 60 * 60 * 1000, hashToken(token));
    const used = now + sessionLifetimes.admin.absoluteMs - 60_000;
    t.database.sqlite.query("update sessions set last_seen_at = ? where token_hash = ?").run(used, hashToken(token));
    expect(await readSession(t.database.db, token, used + 1000)).not.toBeNull();
    expect(await readSession(t.database.db, token, now + sessionLifetimes.admin.absoluteMs)).toBeNull();
  });

  test("unknown and oversized tokens read as no session", async () => {
    expect(await readSession(t.database.db, "nope")).toBeNull();
    expect(await readSession(t.database.db, "x".repeat(5000))).toBeNull();
  });
});

describe("session plugin", () => {
  const deps = (config = t.config) => ({ db: t.database.db, sqlite: t.database.sqlite, config });
  const app = (config = t.config) =>
    new Elysia()
      .use(errorHandling)
      .use(sessionPlugin(deps(config)))
      .post("/login", async ({ startSession }) => {
        await startSession(userId, "admin");
        return { ok: true };
      })
      .get("/me", ({ session }) => ({ kind: requireSession(session, "admin").kind }))
      .post("/logout", async ({ endSession }) => {
        await endSession();
        return { ok: true };
      })
      .post("/write", ({ session }) => ({ kind: requireSession(session).kind }));

  test("login sets an HttpOnly SameSite=Lax cookie that authenticates", async () => {
    const a = app();
    const res = await a.handle(new Request("http://localhost/login", { method: "POST" }));
    // The session's own Set-Cookie (the pages' signed-in cookie comes beside it).
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
    expect(cookie).toContain(`${SESSION_COOKIE}=`);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).not.toContain("Secure");
    const token = cookie.split(";")[0];
    const me = await a.handle(new Request("http://localhost/me", { headers: { cookie: token } }));
    expect(await me.json()).toEqual({ kind: "admin" });
    const secure = await a.handle(new Request("https://localhost/login", { method: "POST" }));
    expect(secure.headers.get("set-cookie")).toContain("Secure");
  });

  test("the pages' signed-in cookie comes and goes with the session, readable by scripts, and grants nothing", async () => {
    const a = app();
    /** The cookies an answer set, as `name=value` (a cleared one has no value). */
    const setBy = (res: Response) => res.headers.getSetCookie().map((c) => c.split(";")[0]!);
    const me = (cookie?: string) => a.handle(new Request("http://localhost/me", { headers: cookie ? { cookie } : {} }));
    const login = await a.handle(new Request("http://localhost/login", { method: "POST" }));
    const readable = login.headers.getSetCookie().find((c) => c.startsWith(`${SIGNED_IN_COOKIE}=1;`));
    expect(readable).toContain("SameSite=Lax");
    expect(readable).toContain("Path=/");
    expect(readable).not.toContain("HttpOnly");
    const token = cookieOf(login);
    // Alone it is no session.
    expect((await me(`${SIGNED_IN_COOKIE}=1`)).status).toBe(401);
    // A session without it (started before it existed) gets it with its next answer; one that has it is not sent it again.
    expect(setBy(await me(token))).toEqual([`${SIGNED_IN_COOKIE}=1`]);
    expect(setBy(await me(`${token}; ${SIGNED_IN_COOKIE}=1`))).toEqual([]);
    // No session, no cookie; one left from a session that ended here is cleared.
    expect(setBy(await me())).toEqual([]);
    expect(setBy(await me(`${SESSION_COOKIE}=gone; ${SIGNED_IN_COOKIE}=1`))).toEqual([`${SIGNED_IN_COOKIE}=`]);
    // Signing in over it sets it again.
    const again = await a.handle(new Request("http://localhost/login", { method: "POST", headers: { cookie: `${SIGNED_IN_COOKIE}=1` } }));
    expect(setBy(again).filter((c) => c.startsWith(SIGNED_IN_COOKIE))).toEqual([`${SIGNED_IN_COOKIE}=1`]);
    const logout = await a.handle(
      new Request("http://localhost/logout", {
        method: "POST",
        headers: { cookie: `${token}; ${SIGNED_IN_COOKIE}=1`, origin: "http://localhost" },
      }),
    );
    expect(setBy(logout).sort()).toEqual([`${SESSION_COOKIE}=`, `${SIGNED_IN_COOKIE}=`].sort());
  });

  test("X-Forwarded-Proto asks for a Secure cookie only behind a trusted proxy", async () => {
    const forwarded = () => new Request("http://localhost/login", { method: "POST", headers: { "x-forwarded-proto": "https" } });
    const direct = await app().handle(forwarded());
    expect(direct.headers.get("set-cookie")).not.toContain("Secure");
    const proxied = new Elysia()
      .use(sessionPlugin({ ...deps(), config: { ...t.config, trustProxy: true } }))
      .post("/login", async ({ startSession }) => {
        await startSession(userId, "admin");
        return { ok: true };
      });
    expect((await proxied.handle(forwarded())).headers.get("set-cookie")).toContain("Secure");
  });

  test("no session is a 401", async () => {
    const res = await app().handle(new Request("http://localhost/me"));
    expect(res.status).toBe(401);
  });

  test("a session cookie that looks like JSON (which Elysia parses) is no session, not a 500", async () => {
    for (const value of ["[1]", '{"a":1}', "[]", `${"[".repeat(5000)}${"]".repeat(5000)}`]) {
      const res = await app().handle(new Request("http://localhost/me", { headers: { cookie: `${SESSION_COOKIE}=${value}` } }));
      expect({ value: value.slice(0, 10), status: res.status }).toEqual({ value: value.slice(0, 10), status: 401 });
    }
  });

  test("a cookie-carrying write from another origin is a 403", async () => {
    const a = app();
    const token = cookieOf(await a.handle(new Request("http://localhost/login", { method: "POST" })));
    const cross = await a.handle(
      new Request("http://localhost/write", { method: "POST", headers: { cookie: token, origin: "https://evil.example" } }),
    );
    expect(cross.status).toBe(403);
    const fetchSite = await a.handle(
      new Request("http://localhost/write", { method: "POST", headers: { cookie: token, "sec-fetch-site": "cross-site" } }),
    );
    expect(fetchSite.status).toBe(403);
    const same = await a.handle(
      new Request("http://localhost/write", { method: "POST", headers: { cookie: token, origin: "http://localhost" } }),
    );
    expect(same.status).toBe(200);
    // Neither header: not shown to be this site's (every browser sends one with a write).
    const unsaid = await a.handle(new Request("http://localhost/write", { method: "POST", headers: { cookie: token } }));
    expect(unsaid.status).toBe(403);
    expect((await unsaid.json()).message).toBe(CROSS_SITE_MESSAGE);
    const sameFetchSite = await a.handle(
      new Request("http://localhost/write", { method: "POST", headers: { cookie: token, "sec-fetch-site": "same-origin" } }),
    );
    expect(sameFetchSite.status).toBe(200);
  });

  test("X-Forwarded-Host names the site only behind a trusted proxy", async () => {
    const write = (application: ReturnType<typeof app>, token: string, headers: Record<string, string>) =>
      application.handle(new Request("http://internal:3000/write", { method: "POST", headers: { cookie: token, ...headers } }));
    const tokenOf = async (application: ReturnType<typeof app>) =>
      cookieOf(await application.handle(new Request("http://internal:3000/login", { method: "POST" })));
    // Direct: the client chose the header, so a page on evil.example claiming to be its own host is still cross-site.
    const direct = app();
    const directToken = await tokenOf(direct);
    const forged = { origin: "https://evil.example", host: "internal:3000", "x-forwarded-host": "evil.example" };
    expect((await write(direct, directToken, forged)).status).toBe(403);
    expect((await write(direct, directToken, { origin: "http://internal:3000", "x-forwarded-host": "evil.example" })).status).toBe(200);
    // Behind a trusted proxy: the header the proxy set names the site the browser is on.
    const proxied = app({ ...t.config, trustProxy: true });
    const proxiedToken = await tokenOf(proxied);
    const viaProxy = { host: "internal:3000", "x-forwarded-host": "benefits.example" };
    expect((await write(proxied, proxiedToken, { ...viaProxy, origin: "https://benefits.example" })).status).toBe(200);
    expect((await write(proxied, proxiedToken, { ...viaProxy, origin: "https://evil.example" })).status).toBe(403);
    // A value the client sent is kept to the left of the one the proxy appends.
    const appended = { host: "internal:3000", "x-forwarded-host": "evil.example, benefits.example" };
    expect((await write(proxied, proxiedToken, { ...appended, origin: "https://evil.example" })).status).toBe(403);
  });
});
