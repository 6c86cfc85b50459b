import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { loginTokens, sessions, users } from "@db/schema";
import { createTestApp, type TestApp } from "../../test/api";
import { deleteExpiredCredentials, startCredentialCleanup } from "./cleanup";
import { sessionLifetimes } from "./sessions";

let t: TestApp;
let userId: number;
beforeAll(async () => {
  t = await createTestApp();
  userId = t.database.db
    .insert(users)
    .values({ username: "o@x.test", firstName: "O", lastName: "W", email: "o@x.test" })
    .returning()
    .get().id;
});
afterAll(() => t.close());

const hour = 60 * 60 * 1000;
const sessionRow = (tokenHash: string, kind: "admin" | "owner", lastSeenAt: number, expiresAt: number, createdAt = lastSeenAt) =>
  t.database.db.insert(sessions).values({ tokenHash, userId, kind, createdAt, lastSeenAt, expiresAt }).run();
const tokenRow = (tokenHash: string, expiresAt: number, usedAt: number | null = null) =>
  t.database.db.insert(loginTokens).values({ tokenHash, email: "o@x.test", expiresAt, usedAt }).run();
const hashes = (table: string) =>
  (t.database.sqlite.query(`select token_hash from ${table} order by token_hash`).all() as { token_hash: string }[]).map(
    (r) => r.token_hash,
  );

describe("cleanup of expired credentials", () => {
  test("deletes sessions past their absolute or idle lifetime and tokens past theirs; keeps the live ones", () => {
    const now = 1_000_000_000_000;
    t.database.sqlite.query("delete from sessions").run();
    t.database.sqlite.query("delete from login_tokens").run();
    sessionRow("s-absolute", "owner", now - 1000, now);
    sessionRow("s-admin-idle", "admin", now - sessionLifetimes.admin.idleMs, now + hour);
    sessionRow("s-owner-idle", "owner", now - sessionLifetimes.owner.idleMs, now + hour);
    // Idle for longer than an admin may be, but an owner may: kept.
    sessionRow("s-owner-live", "owner", now - sessionLifetimes.admin.idleMs - hour, now + hour);
    sessionRow("s-admin-live", "admin", now - 1000, now + 1);
    // Begun under a longer lifetime (its expiry says 7 days) and used a second ago: past today's absolute lifetime all the same.
    sessionRow("s-admin-begun-long-ago", "admin", now - 1000, now + 6 * 24 * hour, now - sessionLifetimes.admin.absoluteMs);
    tokenRow("t-expired", now);
    tokenRow("t-used-expired", now - 1, now - 5000);
    tokenRow("t-live", now + 1);
    tokenRow("t-used-live", now + 1, now - 5000);
    deleteExpiredCredentials(t.database.db, now);
    expect(hashes("sessions")).toEqual(["s-admin-live", "s-owner-live"]);
    expect(hashes("login_tokens")).toEqual(["t-live", "t-used-live"]);
  });

  test("runs at once, then on its interval, until stopped", async () => {
    t.database.sqlite.query("delete from sessions").run();
    sessionRow("s-expired-before", "owner", Date.now() - 2000, Date.now() - 1000);
    const cleanup = startCredentialCleanup(t.database.db, 25);
    try {
      expect(hashes("sessions")).toEqual([]);
      sessionRow("s-expired-later", "owner", Date.now() - 2000, Date.now() - 1000);
      const deadline = Date.now() + 5000;
      while (hashes("sessions").length && Date.now() < deadline) await Bun.sleep(10);
      expect(hashes("sessions")).toEqual([]);
    } finally {
      cleanup.stop();
    }
    sessionRow("s-expired-after-stop", "owner", Date.now() - 2000, Date.now() - 1000);
    // Several intervals pass: a stopped cleanup deletes nothing more.
    await Bun.sleep(150);
    expect(hashes("sessions")).toEqual(["s-expired-after-stop"]);
  });

  test("counting an address's live sign-in links uses the (email, expires_at) index", () => {
    const plan = t.database.sqlite
      .query("explain query plan select count(*) from login_tokens where email = ? and expires_at > ?")
      .all("o@x.test", Date.now()) as { detail: string }[];
    expect(plan.map((p) => p.detail).join(" ")).toContain("login_tokens_email_expires_idx");
  });
});
