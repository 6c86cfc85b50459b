import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../../test/api";
import { enqueueEmail } from "../outbox/service";
import { prepareExport } from "./submissions";
import { insertLeads, signedInAdmin } from "./test-helpers";

let t: TestApp;
let cookie: string;
const at = Date.UTC(2026, 10, 20, 15, 4, 5, 6);

beforeAll(async () => {
  t = await createTestApp();
  cookie = await signedInAdmin(t);
  insertLeads(t, [
    {
      formType: "contact",
      name: '=HYPERLINK("http://evil.example")',
      email: "a@example.com",
      company: 'Quote "Co", Inc.',
      phone: "+1 555 0100",
      currentProvider: "-None",
      message: "line one\nline two",
      submittedAt: at,
    },
    { formType: "brokers", name: "@risky", email: "b@example.com", company: null, message: "\ttabbed", submittedAt: at - 1000 },
    {
      formType: "employers",
      name: "Plain Person",
      email: "c@example.com",
      company: "Plain Co",
      message: "Requesting a custom quote for 5 employees.",
      submittedAt: at - 2000,
    },
  ]);
});
afterAll(() => t.close());

describe("GET /api/admin/form-submissions.csv", () => {
  test("the exact bytes: header, RFC 4180 quoting, neutralised formulas, ISO dates", async () => {
    const res = await t.request("GET", "/api/admin/form-submissions.csv", { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="form-submissions-${today}.csv"`);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await res.text()).toBe(
      "Date,Form Type,Name,Company,Email,Phone,Current Provider,Message\r\n" +
        `2026-11-20T15:04:05.006Z,contact,"'=HYPERLINK(""http://evil.example"")","Quote ""Co"", Inc.",a@example.com,'+1 555 0100,'-None,"line one\nline two"\r\n` +
        "2026-11-20T15:04:04.006Z,brokers,'@risky,,b@example.com,,,'\ttabbed\r\n" +
        "2026-11-20T15:04:03.006Z,employers,Plain Person,Plain Co,c@example.com,,,Requesting a custom quote for 5 employees.\r\n",
    );
  });

  test("follows the filters: only the matching rows", async () => {
    const res = await t.request("GET", "/api/admin/form-submissions.csv?formType=employers&q=plain", { headers: { cookie } });
    const lines = (await res.text()).trim().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toStartWith("2026-11-20T15:04:03.006Z,employers,Plain Person");
    const none = await t.request("GET", "/api/admin/form-submissions.csv?formType=platforms", { headers: { cookie } });
    expect(await none.text()).toBe("Date,Form Type,Name,Company,Email,Phone,Current Provider,Message\r\n");
  });

  test("a search with control characters is a JSON 400, not a truncated file", async () => {
    for (const q of ["%00%00%00", "ab%01cd"]) {
      const res = await t.request("GET", `/api/admin/form-submissions.csv?q=${q}`, { headers: { cookie } });
      expect({ q, status: res.status }).toEqual({ q, status: 400 });
      expect(res.headers.get("content-type")).toStartWith("application/json");
      expect((await res.json()).errors.q).toBe("Remove control characters from the search");
    }
  });

  test("the filter and the search plan are settled before the file starts", async () => {
    // A bad time zone fails while the export is prepared, so the route can still answer JSON.
    await expect(prepareExport(t.database.db, { tz: "Mars/Olympus" })).rejects.toThrow();
    const prepared = await prepareExport(t.database.db, { q: "a\u0000b\u0007c" });
    expect(prepared.filter.q).toBe("abc");
  });

  test("streams many rows in batches, all of them once", async () => {
    const rows = Array.from({ length: 4500 }, (_, i) => ({
      formType: "platforms",
      name: `Bulk ${i}`,
      email: `bulk${i}@example.com`,
      submittedAt: at - 10_000 - i,
    }));
    t.database.sqlite.transaction(() => insertLeads(t, rows))();
    const res = await t.request("GET", "/api/admin/form-submissions.csv?formType=platforms", { headers: { cookie } });
    const lines = (await res.text()).trim().split("\r\n");
    expect(lines).toHaveLength(4501);
    expect(new Set(lines).size).toBe(4501);
    expect(lines[4500]).toContain("Bulk 4499");
  });
});

function insertEnrollment(status: string, registered: number, other: number) {
  const db = t.database.sqlite;
  const user = db
    .query("insert into users (username, first_name, last_name, email) values (?, 'O', 'W', ?) returning id")
    .get(`o${status}${Math.random()}`, `${Math.random()}@example.com`) as { id: number };
  const biz = db
    .query(
      "insert into businesses (user_id, name, tax_id, address, city, state, zip, industry, size, status) values (?, 'Acme Dental', '12-3456789', '1 Main', 'Austin', 'TX', '78701', 'healthcare', '11-50', 'enrolled') returning id",
    )
    .get(user.id) as { id: number };
  const plan = db.query("select id, name from ichra_plans order by id limit 1").get() as { id: number; name: string };
  const enrollment = db
    .query(
      "insert into enrollments (business_id, plan_id, status, effective_date, employee_classes) values (?, ?, ?, '2099-01-01', ?) returning id",
    )
    .get(
      biz.id,
      plan.id,
      status,
      JSON.stringify([
        { name: "Full-time", allowanceCents: 40000 },
        { name: "Part-time", allowanceCents: 20000 },
      ]),
    ) as { id: number };
  for (let i = 0; i < registered + other; i++) {
    db.run(
      "insert into census_employees (enrollment_id, row_number, first_name, last_name, email, date_of_birth, home_zip, class_name, invite_status) values (?, ?, 'E', 'M', ?, '1990-01-01', '78701', 'Full-time', ?)",
      [enrollment.id, i + 2, `e${i}-${enrollment.id}@example.com`, i < registered ? "registered" : "sent"],
    );
  }
  return { id: enrollment.id, planName: plan.name };
}

describe("enrollments", () => {
  test("the list shows business, plan, status, effective date, classes and employees registered", async () => {
    const { id, planName } = insertEnrollment("pending", 2, 3);
    const res = await t.request("GET", "/api/admin/enrollments", { headers: { cookie } });
    expect(res.status).toBe(200);
    const row = (await res.json()).find((e: { id: number }) => e.id === id);
    expect(row).toMatchObject({
      businessName: "Acme Dental",
      planName,
      status: "pending",
      effectiveDate: "2099-01-01",
      classes: ["Full-time", "Part-time"],
      employeesRegistered: 2,
      employeesTotal: 5,
    });
  });

  test("an approved enrollment whose effective date has come is listed as active (rulings)", async () => {
    const { id } = insertEnrollment("approved", 0, 1);
    const listed = async () =>
      ((await (await t.request("GET", "/api/admin/enrollments", { headers: { cookie } })).json()) as { id: number; status: string }[]).find(
        (e) => e.id === id,
      )!.status;
    t.database.sqlite.query("update enrollments set effective_date = '2099-01-01' where id = ?").run(id);
    expect(await listed()).toBe("approved"); // not yet
    t.database.sqlite.query("update enrollments set effective_date = '2020-01-01' where id = ?").run(id);
    expect(await listed()).toBe("active");
  });

  test("approve: pending → approved; activate: approved → active; anything else 409", async () => {
    const { id } = insertEnrollment("pending", 0, 0);
    const post = (path: string) => t.request("POST", path, { headers: { cookie } });
    const early = await post(`/api/admin/enrollments/${id}/activate`);
    expect(early.status).toBe(409);
    expect(await early.json()).toEqual({
      message: "This enrollment is pending: only approved enrollments can be activated.",
      status: "pending",
    });
    const approved = await post(`/api/admin/enrollments/${id}/approve`);
    expect(approved.status).toBe(200);
    expect(await approved.json()).toEqual({ id, status: "approved" });
    expect((await post(`/api/admin/enrollments/${id}/approve`)).status).toBe(409);
    expect((await post(`/api/admin/enrollments/${id}/activate`)).status).toBe(200);
    const status = t.database.sqlite.query("select status from enrollments where id = ?").get(id) as { status: string };
    expect(status.status).toBe("active");
    const draft = insertEnrollment("classes_defined", 0, 0);
    expect((await post(`/api/admin/enrollments/${draft.id}/approve`)).status).toBe(409);
    expect((await post("/api/admin/enrollments/999999/approve")).status).toBe(404);
  });
});

describe("enrollment and outbox pages", () => {
  test("the enrollments come newest first, a page at a time, with the next page's `before`", async () => {
    const ids = [insertEnrollment("pending", 0, 0).id, insertEnrollment("pending", 0, 0).id, insertEnrollment("approved", 0, 0).id];
    const newestFirst = (t.database.sqlite.query("select id from enrollments order by id desc").all() as { id: number }[]).map((r) => r.id);
    expect(newestFirst.slice(0, 3)).toEqual([...ids].reverse());
    const seen: number[] = [];
    let before: string | null = null;
    for (let pages = 0; pages < 20; pages++) {
      const res = await t.request("GET", `/api/admin/enrollments?limit=2${before ? `&before=${before}` : ""}`, { headers: { cookie } });
      expect(res.status).toBe(200);
      const page = (await res.json()) as { id: number }[];
      expect(page.length).toBeLessThanOrEqual(2);
      seen.push(...page.map((e) => e.id));
      before = res.headers.get("x-next-before");
      if (!before) break;
      expect(before).toBe(String(page[page.length - 1].id));
    }
    expect(seen).toEqual(newestFirst);
  });

  test("the outbox too", async () => {
    for (let i = 0; i < 3; i++)
      await enqueueEmail(t.database.db, { kind: "lead_notification", to: `p${i}@example.com`, subject: `Page ${i}`, text: "x" });
    const newestFirst = (t.database.sqlite.query("select id from outbox order by id desc").all() as { id: number }[]).map((r) => r.id);
    const seen: number[] = [];
    let before: string | null = null;
    for (let pages = 0; pages < 20; pages++) {
      const res = await t.request("GET", `/api/admin/outbox?limit=2${before ? `&before=${before}` : ""}`, { headers: { cookie } });
      expect(res.status).toBe(200);
      seen.push(...((await res.json()) as { id: number }[]).map((e) => e.id));
      before = res.headers.get("x-next-before");
      if (!before) break;
    }
    expect(seen).toEqual(newestFirst);
  });
});

describe("bad input to the admin endpoints is a 400 naming the field", () => {
  const cases: [string, string, string, string][] = [
    ["GET", "/api/admin/form-submissions/summary?tz=Mars/Olympus", "tz", "Unknown time zone"],
    ["GET", "/api/admin/form-submissions.csv?tz=Mars/Olympus", "tz", "Unknown time zone"],
    [
      "GET",
      "/api/admin/form-submissions.csv?formType=spam",
      "formType",
      "Choose all, employers, brokers, platforms, contact or enrollment",
    ],
    ["GET", "/api/admin/form-submissions.csv?range=year", "range", "Choose all, today, week or month"],
    ["GET", "/api/admin/enrollments?limit=0", "limit", "A whole number from 1 to 500"],
    ["GET", "/api/admin/enrollments?limit=9999", "limit", "A whole number from 1 to 500"],
    ["GET", "/api/admin/enrollments?limit=501", "limit", "A whole number from 1 to 500"],
    ["GET", "/api/admin/enrollments?limit=abc", "limit", "A whole number from 1 to 500"],
    ["GET", "/api/admin/enrollments?before=0", "before", "Not a valid id"],
    ["GET", "/api/admin/enrollments?before=abc", "before", "Not a valid id"],
    ["GET", "/api/admin/outbox?limit=0", "limit", "A whole number from 1 to 500"],
    ["GET", "/api/admin/outbox?limit=9999", "limit", "A whole number from 1 to 500"],
    ["GET", "/api/admin/outbox?before=-1", "before", "Not a valid id"],
    ["GET", "/api/admin/form-submissions?limit=9999", "limit", "A whole number from 1 to 500"],
    ["POST", "/api/admin/enrollments/abc/approve", "id", "Not a valid id"],
    ["POST", "/api/admin/enrollments/0/activate", "id", "Not a valid id"],
    ["GET", "/api/admin/outbox/abc", "id", "Not a valid id"],
  ];
  for (const [method, path, field, message] of cases) {
    test(`${method} ${path}`, async () => {
      const res = await t.request(method, path, { headers: { cookie } });
      expect(res.status).toBe(400);
      expect((await res.json()).errors).toEqual({ [field]: message });
    });
  }

  test("the largest page is allowed", async () => {
    expect((await t.request("GET", "/api/admin/enrollments?limit=500", { headers: { cookie } })).status).toBe(200);
    expect((await t.request("GET", "/api/admin/outbox?limit=1", { headers: { cookie } })).status).toBe(200);
  });

  test("activating a missing enrollment is a 404", async () => {
    const res = await t.request("POST", "/api/admin/enrollments/999999/activate", { headers: { cookie } });
    expect(res.status).toBe(404);
    expect((await res.json()).message).toBe("Enrollment not found.");
  });
});

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
