// The running server: what it decides at start, driven over real HTTP on loopback.
import { afterEach, describe, expect, spyOn, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "./config";
import { openDatabase } from "./db";
import { listenUrl, type RunningServer, startServer } from "./server";
import { companyPayload } from "./test/employers";

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function serve(env: Record<string, string> = {}): Promise<{ running: RunningServer; path: string; base: string }> {
  const dir = mkdtempSync(join(tmpdir(), "ichra-server-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const path = join(dir, "server.db");
  const running = await startServer(loadConfig({ DATABASE_PATH: path, PORT: "0", HOST: "127.0.0.1", LOG_REQUESTS: "0", ...env }), {
    webDir: null,
  });
  cleanups.push(() => running.stop());
  return { running, path, base: running.url.replace("localhost", "127.0.0.1") };
}

const post = (url: string, json: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(json) });

describe("emailed links", () => {
  test("without PUBLIC_URL they use the address the server listens on, never a forged Host, and start warns once", async () => {
    const warn = spyOn(console, "warn").mockImplementation(() => {});
    cleanups.push(() => warn.mockRestore());
    const { running, path, base } = await serve();
    expect(warn.mock.calls.filter((c) => String(c[0]).includes("PUBLIC_URL"))).toHaveLength(1);
    const owner = companyPayload();
    expect((await post(`${base}/api/business/register`, owner)).status).toBe(201);
    const forged = { host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" };
    expect((await post(`${base}/api/auth/login-link`, { email: owner.email }, forged)).status).toBe(202);
    await running.stop();
    const db = openDatabase(path, { migrate: false });
    cleanups.push(() => db.close());
    const { text_body } = db.sqlite.query("select text_body from outbox where kind = 'sign_in_link'").get() as { text_body: string };
    // The address it listens on (HOST is 127.0.0.1 here).
    expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(text_body).toContain(`${running.url}/`);
    expect(text_body).not.toContain("evil.example");
  });

  test("with PUBLIC_URL there is no warning", async () => {
    const warn = spyOn(console, "warn").mockImplementation(() => {});
    cleanups.push(() => warn.mockRestore());
    await serve({ PUBLIC_URL: "https://benefits.example" });
    expect(warn.mock.calls.filter((c) => String(c[0]).includes("PUBLIC_URL"))).toHaveLength(0);
  });
});

describe("what start says", () => {
  test("an address it really listens on: every interface is shown as the loopback, never 0.0.0.0 or a name that may not resolve to it", async () => {
    expect(listenUrl("0.0.0.0", 3000)).toBe("http://127.0.0.1:3000");
    expect(listenUrl("::", 3000)).toBe("http://[::1]:3000");
    expect(listenUrl("::1", 8080)).toBe("http://[::1]:8080");
    expect(listenUrl("10.0.0.5", 80)).toBe("http://10.0.0.5:80");
    const { running } = await serve({ HOST: "0.0.0.0", PUBLIC_URL: "http://localhost" });
    expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await fetch(`${running.url}/api/health`)).status).toBe(200);
  });

  test("which admin it created from ADMIN_USERNAME; nothing on a start that created none", async () => {
    const log = spyOn(console, "log").mockImplementation(() => {});
    cleanups.push(() => log.mockRestore());
    const env = { PUBLIC_URL: "http://localhost", ADMIN_USERNAME: "ops", ADMIN_PASSWORD: "correct horse battery staple" };
    const { running, path } = await serve(env);
    expect(running.createdAdmin).toBe("ops");
    const said = log.mock.calls.map((c) => String(c[0])).filter((line) => line.includes("ops"));
    expect(said).toHaveLength(1);
    expect(JSON.parse(said[0]!).message).toBe(
      `Created the admin "ops" from ADMIN_USERNAME and ADMIN_PASSWORD; sign in at ${running.url}/admin/login.`,
    );
    await running.stop();
    log.mockClear();
    const again = await startServer(loadConfig({ DATABASE_PATH: path, PORT: "0", HOST: "127.0.0.1", LOG_REQUESTS: "0", ...env }), {
      webDir: null,
    });
    cleanups.push(() => again.stop());
    expect(again.createdAdmin).toBeNull();
    expect(log.mock.calls.filter((c) => String(c[0]).includes("Created the admin"))).toHaveLength(0);
  });
});

describe("expired credentials", () => {
  test("are deleted when the server starts", async () => {
    const dir = mkdtempSync(join(tmpdir(), "ichra-server-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const path = join(dir, "server.db");
    const before = openDatabase(path);
    const userId = (
      before.sqlite
        .query("insert into users (username, first_name, last_name, email) values ('o@x.test', 'O', 'W', 'o@x.test') returning id")
        .get() as { id: number }
    ).id;
    const past = Date.now() - 1000;
    before.sqlite
      .query("insert into sessions (token_hash, user_id, kind, created_at, last_seen_at, expires_at) values ('old', ?, 'owner', ?, ?, ?)")
      .run(userId, past, past, past);
    before.sqlite.query("insert into login_tokens (token_hash, email, expires_at) values ('old', 'o@x.test', ?)").run(past);
    before.close();
    const running = await startServer(
      loadConfig({ DATABASE_PATH: path, PORT: "0", HOST: "127.0.0.1", LOG_REQUESTS: "0", PUBLIC_URL: "http://localhost" }),
      { webDir: null },
    );
    await running.stop();
    const after = openDatabase(path, { migrate: false });
    cleanups.push(() => after.close());
    expect(after.sqlite.query("select count(*) as n from sessions").get()).toEqual({ n: 0 });
    expect(after.sqlite.query("select count(*) as n from login_tokens").get()).toEqual({ n: 0 });
  });
});
