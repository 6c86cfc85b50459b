import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { neutralise } from "../../lib/csv-cells";
import { signedInAdmin } from "../../test/admins";
import { createTestApp, type TestApp } from "../../test/api";
import { csvRows } from "./csv-export";
import { prepareExport } from "./submissions";
import { insertLeads } from "./test-helpers";

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
        "2026-11-20T15:04:04.006Z,brokers,'@risky,,b@example.com,,,\"'\ttabbed\"\r\n" +
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

describe("bad input to the export and summary is a 400 naming the field", () => {
  const cases: [string, string, string][] = [
    ["/api/admin/form-submissions/summary?tz=Mars/Olympus", "tz", "Unknown time zone"],
    ["/api/admin/form-submissions.csv?tz=Mars/Olympus", "tz", "Unknown time zone"],
    ["/api/admin/form-submissions.csv?formType=spam", "formType", "Choose all, employers, brokers, platforms, contact or enrollment"],
    ["/api/admin/form-submissions.csv?range=year", "range", "Choose all, today, week or month"],
    ["/api/admin/form-submissions?limit=9999", "limit", "A whole number from 1 to 500"],
  ];
  for (const [path, field, message] of cases) {
    test(path, async () => {
      const res = await t.request("GET", path, { headers: { cookie } });
      expect(res.status).toBe(400);
      expect((await res.json()).errors).toEqual({ [field]: message });
    });
  }
});

describe("cells a spreadsheet could split or run", () => {
  const row = (name: string, message: string | null = null) =>
    csvRows([
      {
        id: 1,
        formType: "contact",
        name,
        email: "a@example.com",
        company: null,
        phone: null,
        currentProvider: null,
        message,
        submittedAt: "2026-11-20T15:04:05.006Z",
        leadStatus: "new",
      },
    ]);

  test("a semicolon or tab is quoted, so a semicolon-separated locale keeps the cell whole", () => {
    expect(row("Smith; Jones")).toBe('2026-11-20T15:04:05.006Z,contact,"Smith; Jones",,a@example.com,,,\r\n');
    expect(row("a\tb")).toBe('2026-11-20T15:04:05.006Z,contact,"a\tb",,a@example.com,,,\r\n');
  });

  test("a formula after a separator inside a cell is neutralised too", () => {
    expect(row("x;=1+1")).toBe(`2026-11-20T15:04:05.006Z,contact,"x;'=1+1",,a@example.com,,,\r\n`);
    expect(row("ok", "hi,  @SUM(A1)\tthen -2")).toBe(`2026-11-20T15:04:05.006Z,contact,ok,,a@example.com,,,"hi,  '@SUM(A1)\tthen -2"\r\n`);
    expect(neutralise("a; +cmd|' /C calc'!A0")).toBe("a; '+cmd|' /C calc'!A0");
    // A line break starts a line as a separator starts a cell: a program splitting on lines sees it first.
    expect(neutralise("a\n=1+1")).toBe("a\n'=1+1");
    expect(neutralise("a\r\n @SUM(A1)")).toBe("a\r\n '@SUM(A1)");
    // Ordinary text and numbers inside a sentence are left alone.
    expect(neutralise("Call 555-0100 after 2pm")).toBe("Call 555-0100 after 2pm");
  });
});
