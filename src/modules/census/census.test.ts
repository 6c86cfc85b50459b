import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import * as XLSX from "@e965/xlsx";
import { Value } from "@sinclair/typebox/value";
import Papa from "papaparse";
import { createTestApp, type TestApp } from "../../test/api";
import { censusForm, goodCsv, ownerWithClasses, ownerWithPlan } from "../../test/employers";
import { generatedBombs } from "../../test/spreadsheet-bombs";
import {
  CENSUS_COLUMNS,
  CENSUS_SENT_MESSAGE,
  CensusSummary,
  CensusUploadAnswer,
  NO_FILE_MESSAGE,
  ONE_FILE_MESSAGE,
  SHEET_TOO_LARGE_MESSAGE,
  SHEETS_BUSY_MESSAGE,
  TOO_LARGE_MESSAGE,
  templatePathFor,
  WRONG_TYPE_MESSAGE,
} from "./model";
import { refusalMessages } from "./service";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const all = <T>(sql: string, ...params: unknown[]) => t.database.sqlite.query(sql).all(...(params as [])) as T[];
const employees = (enrollmentId: number) =>
  all<{ row_number: number; email: string; class_name: string; date_of_birth: string; home_zip: string; employment_type: string | null }>(
    "select row_number, email, class_name, date_of_birth, home_zip, employment_type from census_employees where enrollment_id = ? order by row_number",
    enrollmentId,
  );

async function upload(
  owner: { enrollmentId: number; headers: Record<string, string> },
  body: FormData | string | ReadableStream<Uint8Array>,
  headers: Record<string, string> = {},
) {
  return t.request("POST", `/api/enrollment/${owner.enrollmentId}/census`, { headers: { ...owner.headers, ...headers }, body });
}

function workbook(rows: unknown[][], bookType: XLSX.BookType): Uint8Array {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows, { cellDates: true }), "Census");
  return new Uint8Array(XLSX.write(book, { type: "array", bookType }) as ArrayBuffer);
}

describe("POST /api/enrollment/:id/census", () => {
  test("a CSV with one bad row: the good rows are stored, the bad one reported by row, field and reason", async () => {
    const owner = await ownerWithClasses(t);
    const csv = [
      "first name , LAST NAME,E-mail,DOB,Zip Code,Employee Class",
      "Jane,Doe,jane@acme.test,1985-04-23,30301,Full-time",
      "",
      "Bob,Stone,bob@acme.test,13/45/1990,3030,Interns",
      "John,Smith,john@acme.test,07/04/1990,02134-1234,part-time",
    ].join("\r\n");
    const res = await upload(owner, censusForm(csv));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(Value.Check(CensusUploadAnswer, body)).toBe(true);
    expect(body).toEqual({
      accepted: 2,
      rejected: 1,
      errors: [
        { row: 4, field: "Date of Birth", message: "Date of birth must be a date like 1985-04-23 or 04/23/1985" },
        { row: 4, field: "Home ZIP", message: "Home ZIP must be in XXXXX or XXXXX-XXXX format" },
        { row: 4, field: "Class", message: "Class must be one of the defined classes: Full-time, Part-time" },
      ],
    });
    expect(employees(owner.enrollmentId)).toEqual([
      {
        row_number: 2,
        email: "jane@acme.test",
        class_name: "Full-time",
        date_of_birth: "1985-04-23",
        home_zip: "30301",
        employment_type: null,
      },
      {
        row_number: 5,
        email: "john@acme.test",
        class_name: "Part-time",
        date_of_birth: "1990-07-04",
        home_zip: "02134-1234",
        employment_type: null,
      },
    ]);
  });

  test("refused rows leave the census step unfinished, wherever the wizard is opened, until a file without them replaces it", async () => {
    const owner = await ownerWithClasses(t);
    const bad = [goodCsv, "Bob,Stone,bob@acme.test,13/45/1990,3030,Interns"].join("\n");
    expect(await (await upload(owner, censusForm(bad))).json()).toMatchObject({ accepted: 3, rejected: 1 });
    const state = async () => {
      const mine = await (await t.request("GET", "/api/business/mine", { headers: owner.headers })).json();
      const enrollment = await (await t.request("GET", `/api/enrollment/${owner.enrollmentId}`, { headers: owner.headers })).json();
      return { progress: mine.progress.census, census: enrollment.census };
    };
    expect(await state()).toEqual({ progress: "incomplete", census: { count: 3, firstDay: 3, skipped: false, rejected: 1 } });
    // A file of only bad rows changes nothing on file, the count of the last one applied included.
    await upload(owner, censusForm([goodCsv.split("\n")[0], "Bob,Stone,bob@acme.test,13/45/1990,3030,Interns"].join("\n")));
    expect(await state()).toEqual({ progress: "incomplete", census: { count: 3, firstDay: 3, skipped: false, rejected: 1 } });
    await upload(owner, censusForm(goodCsv));
    expect(await state()).toEqual({ progress: "uploaded", census: { count: 3, firstDay: 3, skipped: false, rejected: 0 } });
  });

  test("re-uploading replaces the census", async () => {
    const owner = await ownerWithClasses(t);
    await upload(owner, censusForm(goodCsv));
    expect(employees(owner.enrollmentId)).toHaveLength(3);
    const fixed = ["First Name,Last Name,Email,Date of Birth,Home ZIP,Class", "Solo,Person,solo@acme.test,1970-01-01,10001,Part-time"].join(
      "\n",
    );
    const res = await upload(owner, censusForm(fixed));
    expect(await res.json()).toEqual({ accepted: 1, rejected: 0, errors: [] });
    expect(employees(owner.enrollmentId).map((e) => e.email)).toEqual(["solo@acme.test"]);
  });

  test("a file without a single valid row reports its errors and keeps the stored census", async () => {
    const owner = await ownerWithClasses(t);
    await upload(owner, censusForm(goodCsv));
    const res = await upload(
      owner,
      censusForm("First Name,Last Name,Email,Date of Birth,Home ZIP,Class\n,,,,,\nX,Y,bad,1990-01-01,12345,Full-time"),
    );
    expect(await res.json()).toEqual({ accepted: 0, rejected: 1, errors: [{ row: 3, field: "Email", message: "Invalid email format" }] });
    expect(employees(owner.enrollmentId)).toHaveLength(3);
  });

  test("a repeated email is refused on the later row", async () => {
    const owner = await ownerWithClasses(t);
    const csv = [
      "First Name,Last Name,Email,Date of Birth,Home ZIP,Class",
      "A,B,same@acme.test,1990-01-01,12345,Full-time",
      "C,D,SAME@acme.test,1991-01-01,12345,Full-time",
    ].join("\n");
    expect((await (await upload(owner, censusForm(csv))).json()).errors).toEqual([
      { row: 3, field: "Email", message: "Email repeats row 2" },
    ]);
  });

  test("an XLSX file with date cells and a ZIP kept as text", async () => {
    const owner = await ownerWithClasses(t);
    const bytes = workbook(
      [
        ["First Name", "Last Name", "Email", "Date of Birth", "Home ZIP", "Class", "Phone", "Hire Date", "Full-time/Part-time"],
        ["Ann", "Lee", "ann@acme.test", new Date(Date.UTC(1985, 3, 23, 12)), "02134", "Full-time", "512-555-0100", "2020-02-01", "FT"],
        ["Bo", "Ng", "bo", "1990-01-01", "12345", "Part-time", "", "", ""],
      ],
      "xlsx",
    );
    const res = await upload(owner, censusForm(bytes, "census.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"));
    expect(await res.json()).toEqual({ accepted: 1, rejected: 1, errors: [{ row: 3, field: "Email", message: "Invalid email format" }] });
    expect(employees(owner.enrollmentId)).toEqual([
      {
        row_number: 2,
        email: "ann@acme.test",
        class_name: "Full-time",
        date_of_birth: "1985-04-23",
        home_zip: "02134",
        employment_type: "full-time",
      },
    ]);
  });

  test("an XLS (Excel 97-2003) file", async () => {
    const owner = await ownerWithClasses(t);
    const bytes = workbook(
      [
        ["First Name", "Last Name", "Email", "Date of Birth", "Home ZIP", "Class"],
        ["Ann", "Lee", "ann@acme.test", "4/23/1985", "78701", "Part-time"],
      ],
      "biff8",
    );
    const res = await upload(owner, censusForm(bytes, "census.xls", "application/vnd.ms-excel"));
    expect(await res.json()).toEqual({ accepted: 1, rejected: 0, errors: [] });
    expect(employees(owner.enrollmentId)[0]).toMatchObject({ email: "ann@acme.test", date_of_birth: "1985-04-23" });
  });

  test("a wrong type is refused with the spec's message, also when only renamed", async () => {
    const owner = await ownerWithClasses(t);
    for (const form of [
      censusForm("%PDF-1.7 ...", "census.pdf", "application/pdf"),
      censusForm(goodCsv, "census.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
      censusForm(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]), "census.csv", "text/csv"),
      censusForm(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4]), "census.xlsx"),
    ]) {
      const res = await upload(owner, form);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: WRONG_TYPE_MESSAGE, errors: { file: WRONG_TYPE_MESSAGE } });
    }
    expect(employees(owner.enrollmentId)).toHaveLength(0);
  });

  test("two files: refused as not one census, and neither is read", async () => {
    const owner = await ownerWithClasses(t);
    const two = censusForm(goodCsv, "census.csv");
    two.append("file", new File([goodCsv], "other.csv", { type: "text/csv" }));
    const res = await upload(owner, two);
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual({ file: ONE_FILE_MESSAGE });
    expect(t.database.sqlite.query("select count(*) as n from census_employees where enrollment_id = ?").get(owner.enrollmentId)).toEqual({
      n: 0,
    });
  });

  test("no file: 'Please select a file to upload'", async () => {
    const owner = await ownerWithClasses(t);
    const empty = new FormData();
    empty.append("note", "no file here");
    for (const res of [
      await upload(owner, empty),
      await upload(owner, censusForm("", "census.csv")),
      await upload(owner, "{}", { "content-type": "application/json" }),
      // No body at all, as a bare POST sends.
      await t.request("POST", `/api/enrollment/${owner.enrollmentId}/census`, { headers: owner.headers }),
    ]) {
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe(NO_FILE_MESSAGE);
    }
    // Without a session, the same bare POST is told to sign in, not how to send a body.
    const anonymous = await t.request("POST", `/api/enrollment/${owner.enrollmentId}/census`, { headers: {} });
    expect(anonymous.status).toBe(401);
  });

  test("over 5 MB: 413", async () => {
    const owner = await ownerWithClasses(t);
    const justOver = new Uint8Array(5 * 1024 * 1024 + 1).fill(0x41);
    const res = await upload(owner, censusForm(justOver));
    expect(res.status).toBe(413);
    expect((await res.json()).message).toBe(TOO_LARGE_MESSAGE);
    const declared = await upload(owner, "x", {
      "content-type": "multipart/form-data; boundary=x",
      "content-length": String(6 * 1024 * 1024),
    });
    expect(declared.status).toBe(413);
    // Streamed without a length: refused once the bytes pass the cap, not read to the end.
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024).fill(0x41));
      },
    });
    const chunked = await upload(owner, endless, { "content-type": "multipart/form-data; boundary=x" });
    expect(chunked.status).toBe(413);
    expect((await chunked.json()).message).toBe(TOO_LARGE_MESSAGE);
    expect(sent).toBeLessThan(8 * 1024 * 1024);
  });

  test("more than 5,000 rows, missing columns and header-only files are refused", async () => {
    const owner = await ownerWithClasses(t);
    const header = "First Name,Last Name,Email,Date of Birth,Home ZIP,Class";
    const many = [header, ...Array.from({ length: 5001 }, (_, i) => `A,B,a${i}@acme.test,1990-01-01,12345,Full-time`)].join("\n");
    let res = await upload(owner, censusForm(many));
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe("The file has more than 5,000 employee rows. Please split it into smaller files.");
    res = await upload(owner, censusForm("First Name,Email\nA,a@b.co"));
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(
      "The file is missing these columns: Last Name, Date of Birth, Home ZIP, Class. Please use the census template.",
    );
    res = await upload(owner, censusForm(header));
    expect((await res.json()).message).toBe("The file has no employee rows.");
  });

  test("a file of bad rows answers at most 1,000 errors but counts every rejected row", async () => {
    const owner = await ownerWithClasses(t);
    const rows = Array.from({ length: 1500 }, (_, i) => `A,B,bad${i},1990-01-01,12345,Full-time`);
    const body = await (
      await upload(owner, censusForm(["First Name,Last Name,Email,Date of Birth,Home ZIP,Class", ...rows].join("\n")))
    ).json();
    expect(body.accepted).toBe(0);
    expect(body.rejected).toBe(1500);
    expect(body.errors).toHaveLength(1000);
    expect(body.errors[999]).toEqual({ row: 1001, field: "Email", message: "Invalid email format" });
  });

  test("exactly 5,000 rows are accepted", async () => {
    const owner = await ownerWithClasses(t);
    const rows = Array.from({ length: 5000 }, (_, i) => `A,B,a${i}@acme.test,1990-01-01,12345,Full-time`);
    const res = await upload(owner, censusForm(["First Name,Last Name,Email,Date of Birth,Home ZIP,Class", ...rows].join("\n")));
    expect(await res.json()).toEqual({ accepted: 5000, rejected: 0, errors: [] });
    expect(employees(owner.enrollmentId)).toHaveLength(5000);
  });

  test("needs defined classes first (409)", async () => {
    const owner = await ownerWithPlan(t);
    const res = await upload(owner, censusForm(goodCsv));
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe("Please define at least one employee class before uploading the census.");
  });

  describe("after the enrollment is submitted", () => {
    /** An owner who skipped the census and submitted. */
    async function submittedWithoutCensus() {
      const owner = await ownerWithClasses(t);
      await t.request("PUT", `/api/enrollment/${owner.enrollmentId}/census/skip`, { headers: owner.headers });
      const res = await t.request("PUT", `/api/enrollment/${owner.enrollmentId}/finalize`, { headers: owner.headers, json: {} });
      expect(res.status).toBe(200);
      return owner;
    }
    const emails = (enrollmentId: number) => employees(enrollmentId).map((e) => e.email);

    test("a skipped census can be uploaded from the dashboard, and replaced while nothing has gone out", async () => {
      const owner = await submittedWithoutCensus();
      const first = await upload(owner, censusForm(goodCsv));
      expect(first.status).toBe(200);
      expect(await first.json()).toEqual({ accepted: 3, rejected: 0, errors: [] });
      expect(emails(owner.enrollmentId)).toEqual(["jane@acme.test", "john@acme.test", "maria@acme.test"]);
      const summary = await t.request("GET", `/api/enrollment/${owner.enrollmentId}/census`, { headers: owner.headers });
      expect((await summary.json()).count).toBe(3);

      const corrected = goodCsv.replace("maria@acme.test", "maria.garcia@acme.test");
      expect((await upload(owner, censusForm(corrected))).status).toBe(200);
      expect(emails(owner.enrollmentId)).toEqual(["jane@acme.test", "john@acme.test", "maria.garcia@acme.test"]);
      // Skipping is a step of the wizard, which is over.
      expect((await t.request("PUT", `/api/enrollment/${owner.enrollmentId}/census/skip`, { headers: owner.headers })).status).toBe(409);
    });

    test("denied without a session (401) and to another employer (404), and nothing is replaced", async () => {
      const owner = await submittedWithoutCensus();
      expect((await upload(owner, censusForm(goodCsv))).status).toBe(200);
      const intruder = await ownerWithClasses(t);
      const other = goodCsv.replace("maria@acme.test", "mallory@acme.test");
      expect((await t.request("POST", `/api/enrollment/${owner.enrollmentId}/census`, { body: censusForm(other) })).status).toBe(401);
      expect((await upload({ ...owner, headers: intruder.headers }, censusForm(other))).status).toBe(404);
      expect(emails(owner.enrollmentId)).toEqual(["jane@acme.test", "john@acme.test", "maria@acme.test"]);
    });

    for (const [what, send] of [
      ["an invitation", (id: number, employeeId: number) => `/api/enrollment/${id}/employees/${employeeId}/invitation`],
      ["an ICHRA notice", (id: number, employeeId: number) => `/api/enrollment/${id}/employees/${employeeId}/notice`],
    ] as const) {
      test(`once ${what} has gone to anyone on it, it cannot be replaced (409) and stays as it was`, async () => {
        const owner = await submittedWithoutCensus();
        expect((await upload(owner, censusForm(goodCsv))).status).toBe(200);
        const [jane] = all<{ id: number }>(
          "select id from census_employees where enrollment_id = ? order by row_number",
          owner.enrollmentId,
        );
        expect((await t.request("POST", send(owner.enrollmentId, jane!.id), { headers: owner.headers })).status).toBe(200);

        const res = await upload(owner, censusForm(goodCsv.replace("maria@acme.test", "maria.garcia@acme.test")));
        expect(res.status).toBe(409);
        expect((await res.json()).message).toBe(CENSUS_SENT_MESSAGE);
        expect(emails(owner.enrollmentId)).toEqual(["jane@acme.test", "john@acme.test", "maria@acme.test"]);
      });
    }
  });

  test("denied without a session (401) and for another owner (404)", async () => {
    const owner = await ownerWithClasses(t);
    const intruder = await ownerWithClasses(t);
    expect((await t.request("POST", `/api/enrollment/${owner.enrollmentId}/census`, { body: censusForm(goodCsv) })).status).toBe(401);
    expect((await upload({ ...owner, headers: intruder.headers }, censusForm(goodCsv))).status).toBe(404);
    expect(employees(owner.enrollmentId)).toHaveLength(0);
  });
});

describe("spreadsheet bombs", () => {
  const MB = 1024 * 1024;
  const xlsx = (bytes: Uint8Array) => censusForm(bytes, "census.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");

  test("each is refused with 400 and a message a person can act on, and nothing is stored", async () => {
    const owner = await ownerWithClasses(t);
    for (const { name, bytes, problem } of generatedBombs()) {
      const message = refusalMessages[problem];
      const res = await upload(owner, xlsx(bytes));
      expect({ name, status: res.status, body: await res.json() }).toEqual({
        name,
        status: 400,
        body: { message, errors: { file: message } },
      });
    }
    expect(SHEET_TOO_LARGE_MESSAGE).toStartWith("This spreadsheet expands to more than 50 MB");
    expect(employees(owner.enrollmentId)).toHaveLength(0);
  });

  test("a huge cell in a CSV is refused for its length, as before, not sent back whole", async () => {
    const owner = await ownerWithClasses(t);
    const csv = `First Name,Last Name,Email,Date of Birth,Home ZIP,Class\n${"N".repeat(4 * MB)},Lee,a@acme.test,1985-04-23,78701,Full-time\n`;
    const body = await (await upload(owner, censusForm(csv))).json();
    expect(body).toEqual({
      accepted: 0,
      rejected: 1,
      errors: [{ row: 2, field: "First Name", message: "First name must be at most 200 characters" }],
    });
  });

  test("past two readers at work and eight waiting, an upload is asked to come back (429 with Retry-After)", async () => {
    const owner = await ownerWithClasses(t);
    const answers = await Promise.all(Array.from({ length: 12 }, () => upload(owner, censusForm(goodCsv))));
    const busy = answers.filter((res) => res.status === 429);
    expect(busy.length).toBeGreaterThanOrEqual(1);
    expect(answers.every((res) => res.status === 200 || res.status === 429)).toBe(true);
    expect(busy[0]!.headers.get("retry-after")).toBe("5");
    expect(await busy[0]!.json()).toEqual({ message: SHEETS_BUSY_MESSAGE });
    expect(employees(owner.enrollmentId)).toHaveLength(3);
  });
});

describe("GET /api/enrollment/:id/census and skip", () => {
  test("summary counts per class; skip marks it", async () => {
    const owner = await ownerWithClasses(t);
    let res = await t.request("GET", `/api/enrollment/${owner.enrollmentId}/census`, { headers: owner.headers });
    expect(await res.json()).toEqual({
      count: 0,
      byClass: [
        { name: "Full-time", count: 0 },
        { name: "Part-time", count: 0 },
      ],
      skipped: false,
    });
    res = await t.request("PUT", `/api/enrollment/${owner.enrollmentId}/census/skip`, { headers: owner.headers });
    expect(res.status).toBe(200);
    expect((await res.json()).skipped).toBe(true);
    await upload(owner, censusForm(goodCsv));
    res = await t.request("GET", `/api/enrollment/${owner.enrollmentId}/census`, { headers: owner.headers });
    const body = await res.json();
    expect(Value.Check(CensusSummary, body)).toBe(true);
    // An upload after skipping clears the skip.
    expect(body).toEqual({
      count: 3,
      byClass: [
        { name: "Full-time", count: 2 },
        { name: "Part-time", count: 1 },
      ],
      skipped: false,
    });
  });
});

describe("GET /api/census/template.csv", () => {
  test("a real CSV template, public, that the upload accepts once its classes exist", async () => {
    const res = await t.request("GET", "/api/census/template.csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="employee-census-template.csv"');
    const text = await res.text();
    const rows = Papa.parse<string[]>(text.trim()).data;
    expect(rows[0]).toEqual(CENSUS_COLUMNS.map((c) => c.header));
    expect(rows.length).toBe(3);
    // Its dates are written the way the guidelines ask: YYYY-MM-DD.
    const dated = CENSUS_COLUMNS.flatMap((c, i) => (/Date/.test(c.header) ? [i] : []));
    expect(dated.length).toBeGreaterThan(0);
    for (const row of rows.slice(1)) for (const i of dated) if (row[i]) expect(row[i]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(rows[2]![3]).toBe("1990-07-04");
    const owner = await ownerWithClasses(t);
    expect(await (await upload(owner, censusForm(text))).json()).toEqual({ accepted: 2, rejected: 0, errors: [] });
  });

  test("with the employer's classes, its examples are in them, so it uploads as it is; a name a spreadsheet would run is left out", async () => {
    const owner = await ownerWithClasses(t, [{ name: "Everyone, full-time", allowanceAmount: 400, basis: ["full-time"] }]);
    const res = await t.request("GET", templatePathFor(["Everyone, full-time", "=HYPERLINK(1)"]));
    expect(res.status).toBe(200);
    const text = await res.text();
    const rows = Papa.parse<string[]>(text.trim()).data;
    const classAt = CENSUS_COLUMNS.findIndex((c) => c.header === "Class");
    expect(rows.slice(1).map((row) => row[classAt])).toEqual(["Everyone, full-time", "Everyone, full-time"]);
    expect(text).not.toContain("HYPERLINK");
    // A formula after a separator inside a name: a spreadsheet splitting on ";" would run it.
    const split = await (await t.request("GET", templatePathFor(["Staff;=cmd|' /C calc'!A0;X", "Hourly"]))).text();
    expect(split).not.toContain("cmd|");
    expect(
      Papa.parse<string[]>(split.trim())
        .data.slice(1)
        .map((row) => row[classAt]),
    ).toEqual(["Hourly", "Hourly"]);
    expect(await (await upload(owner, censusForm(text))).json()).toEqual({ accepted: 2, rejected: 0, errors: [] });
    // Two classes: one example in each.
    const two = Papa.parse<string[]>((await (await t.request("GET", templatePathFor(["Salaried", "Hourly"]))).text()).trim()).data;
    expect(two.slice(1).map((row) => row[classAt])).toEqual(["Salaried", "Hourly"]);
    const tooLong = await t.request("GET", templatePathFor(["x".repeat(2001)]));
    expect(tooLong.status).toBe(400);
  });
});

describe("census replacement after employees registered", () => {
  test("is refused with 409 and keeps every registration", async () => {
    const { ownerWithCensus } = await import("../../test/employers");
    const owner = await ownerWithCensus(t);
    const employee = t.database.sqlite.query("select id from census_employees where enrollment_id = ? limit 1").get(owner.enrollmentId) as {
      id: number;
    };
    t.database.sqlite
      .query("insert into employee_registrations (census_employee_id, enrollment_id, first_name) values (?, ?, 'Jane')")
      .run(employee.id, owner.enrollmentId);
    const res = await t.request("POST", `/api/enrollment/${owner.enrollmentId}/census`, {
      headers: owner.headers,
      body: censusForm(goodCsv),
    });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toContain("already started registering");
    const kept = t.database.sqlite
      .query("select count(*) as n from employee_registrations where enrollment_id = ?")
      .get(owner.enrollmentId) as { n: number };
    expect(kept.n).toBe(1);
  });
});
