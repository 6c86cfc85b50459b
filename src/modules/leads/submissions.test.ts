import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Value } from "@sinclair/typebox/value";
import { signedInAdmin } from "../../test/admins";
import { createTestApp, type TestApp } from "../../test/api";
import { SubmissionList, Summary } from "./model";
import { listSubmissions, resolveFilter } from "./submissions";
import { insertLeads } from "./test-helpers";
import { rangeStart } from "./time-range";

let t: TestApp;
let cookie: string;
const now = Date.now();
const day = 86_400_000;
// Local midnight in two zones 25 hours apart: a row just after Kiritimati's midnight is
// "today" there, and just before Pago Pago's midnight is "yesterday" there.
const kiritimatiMidnight = rangeStart("today", "Pacific/Kiritimati", now)!;
const pagoMidnight = rangeStart("today", "Pacific/Pago_Pago", now)!;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await signedInAdmin(t);
  insertLeads(t, [
    {
      formType: "employers",
      name: "Ada Lovelace",
      email: "ada@analytical.example",
      company: "Analytical Engines",
      message: "Requesting a custom quote for 12 employees.",
      submittedAt: now - 60_000,
    },
    {
      formType: "brokers",
      name: "Grace Hopper",
      email: "grace@cobol.example",
      company: "Compiler Partners",
      message: "Existing platform: Other",
      submittedAt: now - 3 * day,
    },
    {
      formType: "platforms",
      name: "Alan Turing",
      email: "alan@bletchley.example",
      company: "Bombe Systems",
      message: "Integration interest: Yes - Ready to integrate",
      submittedAt: now - 20 * day,
    },
    {
      formType: "contact",
      name: "Katherine Johnson",
      email: "kj@orbits.example",
      company: "Trajectory LLC",
      phone: "555-0100",
      currentProvider: "None",
      message: "Hello",
      submittedAt: now - 40 * day,
    },
    {
      formType: "enrollment",
      name: "Edsger Dijkstra",
      email: "ewd@structured.example",
      company: "Shortest Path Co",
      message: "Current ICHRA provider: Thatch",
      submittedAt: now - 100 * day,
    },
    {
      formType: "brokers",
      name: "Barbara Liskov",
      email: "barbara@substitution.example",
      company: "ANALYTICAL Partners",
      submittedAt: now - 8 * day,
    },
    { formType: "contact", name: "Kiri Early", email: "kiri@example.com", submittedAt: kiritimatiMidnight + 1 },
    { formType: "contact", name: "Pago Late", email: "pago@example.com", submittedAt: pagoMidnight - 1 },
  ]);
});
afterAll(() => t.close());

const get = (path: string) => t.request("GET", path, { headers: { cookie } });
async function names(path: string): Promise<string[]> {
  const res = await get(path);
  expect(res.status).toBe(200);
  const body = await res.json();
  expect(Value.Check(SubmissionList, body)).toBe(true);
  expect(Number(res.headers.get("x-total-count"))).toBe(body.length);
  return body.map((s: { name: string }) => s.name);
}

describe("GET /api/admin/form-submissions", () => {
  test("with no parameters: the spec's array, newest first", async () => {
    const res = await get("/api/admin/form-submissions");
    const body = await res.json();
    expect(res.headers.get("x-total-count")).toBe("8");
    expect(body).toHaveLength(8);
    const ada = body.find((s: { name: string }) => s.name === "Ada Lovelace");
    expect(Object.keys(ada).sort()).toEqual(
      ["id", "formType", "name", "email", "company", "phone", "currentProvider", "message", "submittedAt", "leadStatus"].sort(),
    );
    expect(ada.submittedAt).toBe(new Date(now - 60_000).toISOString());
    const times = body.map((s: { submittedAt: string }) => Date.parse(s.submittedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  test("form type filter", async () => {
    expect((await names("/api/admin/form-submissions?formType=brokers")).sort()).toEqual(["Barbara Liskov", "Grace Hopper"]);
    expect(await names("/api/admin/form-submissions?formType=enrollment")).toEqual(["Edsger Dijkstra"]);
    expect(await names("/api/admin/form-submissions?formType=all")).toHaveLength(8);
  });

  test("date ranges: week is the last 7 days, month one calendar month back", async () => {
    const week = await names("/api/admin/form-submissions?range=week&tz=UTC");
    expect(week).toContain("Ada Lovelace");
    expect(week).toContain("Grace Hopper");
    expect(week).not.toContain("Barbara Liskov");
    const month = await names("/api/admin/form-submissions?range=month&tz=UTC");
    expect(month).toContain("Alan Turing");
    expect(month).toContain("Barbara Liskov");
    expect(month).not.toContain("Katherine Johnson");
    expect(month).not.toContain("Edsger Dijkstra");
    expect(await names("/api/admin/form-submissions?range=week&formType=brokers&tz=UTC")).toEqual(["Grace Hopper"]);
  });

  test("'today' follows the admin's time zone", async () => {
    expect(await names("/api/admin/form-submissions?range=today&tz=Pacific/Kiritimati")).toContain("Kiri Early");
    const pago = await names("/api/admin/form-submissions?range=today&tz=Pacific/Pago_Pago");
    expect(pago).not.toContain("Pago Late");
    expect(pago).toContain("Ada Lovelace");
  });

  test("search is a case-insensitive substring of name, email or company", async () => {
    expect((await names("/api/admin/form-submissions?q=analytical")).sort()).toEqual(["Ada Lovelace", "Barbara Liskov"]);
    expect(await names("/api/admin/form-submissions?q=COBOL")).toEqual(["Grace Hopper"]);
    expect(await names("/api/admin/form-submissions?q=uring")).toEqual(["Alan Turing"]);
    expect(await names("/api/admin/form-submissions?q=%22quoted%22")).toEqual([]);
    expect(await names("/api/admin/form-submissions?q=kj")).toEqual(["Katherine Johnson"]);
    expect(await names("/api/admin/form-submissions?q=%25")).toEqual([]);
    expect(await names("/api/admin/form-submissions?q=analytical&formType=brokers")).toEqual(["Barbara Liskov"]);
    expect(await names("/api/admin/form-submissions?q=analytical&range=week&tz=UTC")).toEqual(["Ada Lovelace"]);
  });

  test("a renamed lead is found by its new name (the index follows updates)", async () => {
    t.database.sqlite.run("update form_submissions set name = 'Augusta Ada King' where name = 'Ada Lovelace'");
    expect(await names("/api/admin/form-submissions?q=augusta")).toEqual(["Augusta Ada King"]);
    expect(await names("/api/admin/form-submissions?q=lovelace")).toEqual([]);
    t.database.sqlite.run("update form_submissions set name = 'Ada Lovelace' where name = 'Augusta Ada King'");
  });

  test("cursor paging walks every row once, with the total on each page", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await get(`/api/admin/form-submissions?limit=3${cursor ? `&cursor=${cursor}` : ""}`);
      expect(res.headers.get("x-total-count")).toBe("8");
      seen.push(...(await res.json()).map((s: { name: string }) => s.name));
      cursor = res.headers.get("x-next-cursor");
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(await names("/api/admin/form-submissions"));
  });

  test("bad parameters are 400s naming the field, never 500s", async () => {
    for (const [query, field] of [
      ["formType=spam", "formType"],
      ["range=year", "range"],
      ["limit=abc", "limit"],
      ["limit=0", "limit"],
      ["limit=501", "limit"],
      ["cursor=%%%", "cursor"],
      ["cursor=bm90LWEtY3Vyc29y", "cursor"],
      ["tz=Mars/Olympus", "tz"],
      ["q=%00%00%00", "q"],
      ["q=ab%01cd", "q"],
      ["q=%7F%7F%7F", "q"],
    ]) {
      const res = await get(`/api/admin/form-submissions?${query}`);
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
      expect(Object.keys((await res.json()).errors)).toContain(field);
    }
  });
});

describe("control characters in the search", () => {
  test("the service drops them rather than handing them to the search index", async () => {
    expect(resolveFilter({ q: "\u0000\u0000\u0000" }).q).toBe("");
    expect(resolveFilter({ q: " ada\u0000 \u001f" }).q).toBe("ada");
    const page = await listSubmissions(t.database.db, { q: "\u0000\u0000\u0000" });
    expect(page.total).toBe(8);
    expect((await listSubmissions(t.database.db, { q: "cob\u0000ol" })).items.map((s) => s.name)).toEqual(["Grace Hopper"]);
  });

  test("the API refuses them with a 400 naming q", async () => {
    const res = await get("/api/admin/form-submissions?q=%00%00%00");
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual({ q: "Remove control characters from the search" });
  });
});

describe("GET /api/admin/form-submissions/summary", () => {
  test("counts total, today (in the zone) and per type", async () => {
    const res = await get("/api/admin/form-submissions/summary?tz=Pacific/Kiritimati");
    const body = await res.json();
    expect(Value.Check(Summary, body)).toBe(true);
    expect(body).toMatchObject({ total: 8, employers: 1, brokers: 2, platforms: 1, contact: 3, enrollment: 1 });
    const expectedToday = [now - 60_000, kiritimatiMidnight + 1, pagoMidnight - 1].filter((at) => at >= kiritimatiMidnight).length;
    expect(body.today).toBe(expectedToday);
  });
});

describe("GET /api/admin/form-submissions/:id and its status", () => {
  test("the detail carries the whole message and the structured data", async () => {
    const [id] = insertLeads(t, [
      {
        formType: "employers",
        name: "Data Person",
        email: "data@example.com",
        message: "x".repeat(3000),
        data: { employees: 42 },
        submittedAt: now - 200 * day,
      },
    ]);
    const res = await get(`/api/admin/form-submissions/${id}`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.message).toHaveLength(3000);
    expect(body.data).toEqual({ employees: 42 });
    expect(body.leadStatus).toBe("new");
    expect((await get("/api/admin/form-submissions/999999")).status).toBe(404);
    expect((await get("/api/admin/form-submissions/abc")).status).toBe(400);
  });

  test("changing the status records who and when", async () => {
    const [id] = insertLeads(t, [{ formType: "brokers", name: "Status Person", email: "s@example.com", submittedAt: now - 300 * day }]);
    const res = await t.request("PUT", `/api/admin/form-submissions/${id}/status`, { json: { status: "contacted" }, headers: { cookie } });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.leadStatus).toBe("contacted");
    expect(body.leadStatusBy).toBe("ops");
    const row = t.database.sqlite
      .query("select lead_status, lead_status_by, lead_status_at from form_submissions where id = ?")
      .get(id) as {
      lead_status: string;
      lead_status_by: string;
      lead_status_at: number;
    };
    expect(row).toMatchObject({ lead_status: "contacted", lead_status_by: "ops" });
    expect(Math.abs(row.lead_status_at - Date.now())).toBeLessThan(5000);
    const bad = await t.request("PUT", `/api/admin/form-submissions/${id}/status`, { json: { status: "spam" }, headers: { cookie } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors.status).toBe("Choose new, contacted, qualified, won or lost");
    const missing = await t.request("PUT", "/api/admin/form-submissions/999999/status", { json: { status: "won" }, headers: { cookie } });
    expect(missing.status).toBe(404);
  });
});
