import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { signedInAdmin } from "../../test/admins";
import { createTestApp, type TestApp } from "../../test/api";

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await signedInAdmin(t);
});
afterAll(() => t.close());

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
    expect(await approved.json()).toEqual({ id, status: "approved", classSizeOverride: null });
    expect((await post(`/api/admin/enrollments/${id}/approve`)).status).toBe(409);
    expect((await post(`/api/admin/enrollments/${id}/activate`)).status).toBe(200);
    const status = t.database.sqlite.query("select status from enrollments where id = ?").get(id) as { status: string };
    expect(status.status).toBe("active");
    const draft = insertEnrollment("classes_defined", 0, 0);
    expect((await post(`/api/admin/enrollments/${draft.id}/approve`)).status).toBe(409);
    expect((await post("/api/admin/enrollments/999999/approve")).status).toBe(404);
  });
});

describe("enrollment pages", () => {
  test("the enrollments come newest first, a page at a time, each continuing from the last one's cursor", async () => {
    const ids = [insertEnrollment("pending", 0, 0).id, insertEnrollment("pending", 0, 0).id, insertEnrollment("approved", 0, 0).id];
    const newestFirst = (t.database.sqlite.query("select id from enrollments order by id desc").all() as { id: number }[]).map((r) => r.id);
    expect(newestFirst.slice(0, 3)).toEqual([...ids].reverse());
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    for (; pages < 20; pages++) {
      const res = await t.request("GET", `/api/admin/enrollments?limit=2${cursor ? `&cursor=${cursor}` : ""}`, { headers: { cookie } });
      expect(res.status).toBe(200);
      const page = (await res.json()) as { id: number }[];
      expect(page.length).toBeLessThanOrEqual(2);
      seen.push(...page.map((e) => e.id));
      cursor = res.headers.get("x-next-cursor");
      if (!cursor) break;
    }
    expect(seen).toEqual(newestFirst);
    expect(pages).toBe(Math.ceil(newestFirst.length / 2) - 1);
  });
});

describe("bad input to the enrollment review is a 400 naming the field", () => {
  const cases: [string, string, string, string][] = [
    ["GET", "/api/admin/enrollments?limit=0", "limit", "A whole number from 1 to 500"],
    ["GET", "/api/admin/enrollments?limit=9999", "limit", "A whole number from 1 to 500"],
    ["GET", "/api/admin/enrollments?limit=501", "limit", "A whole number from 1 to 500"],
    ["GET", "/api/admin/enrollments?limit=abc", "limit", "A whole number from 1 to 500"],
    ["GET", "/api/admin/enrollments?cursor=abc", "cursor", "Not a valid cursor"],
    ["GET", `/api/admin/enrollments?cursor=${Buffer.from("0").toString("base64url")}`, "cursor", "Not a valid cursor"],
    ["GET", `/api/admin/enrollments?cursor=${"A".repeat(101)}`, "cursor", "Not a valid cursor"],
    ["POST", "/api/admin/enrollments/abc/approve", "id", "Not a valid id"],
    ["POST", "/api/admin/enrollments/0/activate", "id", "Not a valid id"],
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
  });

  test("activating a missing enrollment is a 404", async () => {
    const res = await t.request("POST", "/api/admin/enrollments/999999/activate", { headers: { cookie } });
    expect(res.status).toBe(404);
    expect((await res.json()).message).toBe("Enrollment not found.");
  });
});
