import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { signedInAdmin } from "../../test/admins";
import { createTestApp, type TestApp } from "../../test/api";
import { registerOwner } from "../../test/employers";
import { signInLinksTo } from "../../test/sign-in";
import { enqueueEmail } from "./service";
import { HIDDEN_SIGN_IN_LINK } from "./view";

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await signedInAdmin(t);
});
afterAll(() => t.close());

describe("outbox", () => {
  test("admins list every email and read its full text", async () => {
    const { id } = (await enqueueEmail(t.database.db, {
      kind: "lead_notification",
      to: "staff@example.com",
      subject: "New lead: Ada",
      text: "Name: Ada\nEmail: ada@example.com",
    }))!;
    const list = await (await t.request("GET", "/api/admin/outbox", { headers: { cookie } })).json();
    expect(list[0]).toMatchObject({ id, to: "staff@example.com", subject: "New lead: Ada", kind: "lead_notification", status: "pending" });
    const one = await t.request("GET", `/api/admin/outbox/${id}`, { headers: { cookie } });
    expect(one.status).toBe(200);
    expect((await one.json()).text).toBe("Name: Ada\nEmail: ada@example.com");
    expect((await t.request("GET", "/api/admin/outbox/999999", { headers: { cookie } })).status).toBe(404);
  });
});

describe("sign-in links", () => {
  const signInEmail = (db: TestApp["database"]["db"]) =>
    enqueueEmail(db, {
      kind: "sign_in_link",
      to: "pat@example.com",
      subject: "Your sign-in link",
      text: "Hello Pat,\n\nOpen this link and choose Sign in:\nhttp://localhost/login?token=abc_DEF-123\n\nAdvantage ICHRA",
    });

  test("with email delivered over SMTP, staff do not see a sign-in email's link; without it, the outbox is the inbox and shows it", async () => {
    const delivered = await createTestApp({ SMTP_URL: "smtp://mail.example:25" });
    try {
      const admin = await signedInAdmin(delivered);
      const { id } = (await signInEmail(delivered.database.db))!;
      const text = (await (await delivered.request("GET", `/api/admin/outbox/${id}`, { headers: { cookie: admin } })).json()).text;
      expect(text).not.toContain("token=");
      expect(text).toContain(HIDDEN_SIGN_IN_LINK);
      expect(text).toStartWith("Hello Pat,");
    } finally {
      delivered.close();
    }
    const { id } = (await signInEmail(t.database.db))!;
    const shown = (await (await t.request("GET", `/api/admin/outbox/${id}`, { headers: { cookie } })).json()).text;
    expect(shown).toContain("http://localhost/login?token=abc_DEF-123");
  });

  test("a sign-in email the sign-in page wrote has its link hidden: the outbox knows the shape of the link the sign-in feature writes", async () => {
    const delivered = await createTestApp({ SMTP_URL: "smtp://mail.example:25" });
    try {
      const admin = await signedInAdmin(delivered);
      const owner = await registerOwner(delivered);
      expect((await delivered.request("POST", "/api/auth/login-link", { json: { email: owner.email } })).status).toBe(202);
      const { id } = delivered.database.sqlite.query("select max(id) as id from outbox where kind = 'sign_in_link'").get() as {
        id: number;
      };
      // The email holds its link, as the sign-in feature wrote it; staff see neither the link nor its token.
      const [link] = signInLinksTo(delivered, owner.email);
      const token = new URL(link!).searchParams.get("token")!;
      const text: string = (await (await delivered.request("GET", `/api/admin/outbox/${id}`, { headers: { cookie: admin } })).json()).text;
      expect(text).toContain(HIDDEN_SIGN_IN_LINK);
      expect(text).not.toContain(token);
    } finally {
      delivered.close();
    }
  });
});

describe("outbox pages", () => {
  test("newest first, a page at a time, each continuing from the last one's cursor", async () => {
    for (let i = 0; i < 3; i++)
      await enqueueEmail(t.database.db, { kind: "lead_notification", to: `p${i}@example.com`, subject: `Page ${i}`, text: "x" });
    const newestFirst = (t.database.sqlite.query("select id from outbox order by id desc").all() as { id: number }[]).map((r) => r.id);
    const seen: number[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 20; pages++) {
      const res = await t.request("GET", `/api/admin/outbox?limit=2${cursor ? `&cursor=${cursor}` : ""}`, { headers: { cookie } });
      expect(res.status).toBe(200);
      seen.push(...((await res.json()) as { id: number }[]).map((e) => e.id));
      cursor = res.headers.get("x-next-cursor");
      if (!cursor) break;
    }
    expect(seen).toEqual(newestFirst);
  });

  test("bad paging input is a 400 naming the field", async () => {
    const cases: [string, string, string][] = [
      ["/api/admin/outbox?limit=0", "limit", "A whole number from 1 to 500"],
      ["/api/admin/outbox?limit=9999", "limit", "A whole number from 1 to 500"],
      ["/api/admin/outbox?cursor=-1", "cursor", "Not a valid cursor"],
      ["/api/admin/outbox/abc", "id", "Not a valid id"],
    ];
    for (const [path, field, message] of cases) {
      const res = await t.request("GET", path, { headers: { cookie } });
      expect({ path, status: res.status }).toEqual({ path, status: 400 });
      expect((await res.json()).errors).toEqual({ [field]: message });
    }
    expect((await t.request("GET", "/api/admin/outbox?limit=1", { headers: { cookie } })).status).toBe(200);
  });
});
