// The success page's preview tools, as the rulings set them: outside production or for admins;
// a preview link opens one employee's registration read-only and saves nothing; the sample
// invitation goes to the signed-in person's own address and opens no one's registration;
// neither changes an invitation status. And the invariant they protect: an employee reads
// "Sent" only when an invitation email to them is in the outbox.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../../test/api";
import { as, createEnrollmentWithCensus, type Fixture, outboxTo } from "../../test/employee-fixtures";
import { adminHeaders } from "../../test/employers";
import { employeeCookie, workplaceWith } from "../../test/registered-employees";
import { issuePreviewToken, PREVIEW_UNAVAILABLE_MESSAGE, PREVIEW_VALID_DAYS, previewKey, readPreviewToken } from "./preview";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: "https://benefits.example" });
});
afterAll(() => t.close());

const invites = (f: Fixture) =>
  t.database.sqlite
    .query(
      "select invite_status as status, invite_token_hash as hash, invite_sent_at as sentAt from census_employees where enrollment_id = ? order by id",
    )
    .all(f.enrollmentId);
const ownerEmail = (f: Fixture) =>
  (t.database.sqlite.query("select email from users where id = ?").get(f.userId) as { email: string }).email;
const emailsOf = (f: Fixture) =>
  t.database.sqlite
    .query("select email from census_employees where enrollment_id = ? order by id")
    .all(f.enrollmentId)
    .map((r) => (r as { email: string }).email);
const tokenIn = (link: string) => new URL(link).searchParams.get("preview")!;

describe("the preview tools' employees", () => {
  test("the owner gets the census by name; no session 401; another owner 404", async () => {
    const f = await createEnrollmentWithCensus(t.database.db);
    const res = await t.request("GET", `/api/enrollment/${f.enrollmentId}/preview`, as(f.ownerCookie));
    expect(res.status).toBe(200);
    expect((await res.json()).employees).toEqual([
      { id: f.employeeIds[0], firstName: "Maria", lastName: "Garcia", className: "Full-time" },
      { id: f.employeeIds[1], firstName: "Sam", lastName: "Lee", className: "Part-time" },
    ]);
    expect((await t.request("GET", `/api/enrollment/${f.enrollmentId}/preview`)).status).toBe(401);
    const other = await createEnrollmentWithCensus(t.database.db);
    expect((await t.request("GET", `/api/enrollment/${f.enrollmentId}/preview`, as(other.ownerCookie))).status).toBe(404);
  });

  test("every preview tool: no session 401, an employee's session 403, another owner 404, a malformed enrollment id 400 naming it; nothing is sent", async () => {
    const work = await workplaceWith(t.database.db, [{}]);
    const employee = await employeeCookie(t.database.db, work.employees[0]!.id);
    const other = await createEnrollmentWithCensus(t.database.db);
    const tools = (enrollmentId: number | string) =>
      [
        ["GET", `/api/enrollment/${enrollmentId}/preview`, undefined],
        ["POST", `/api/enrollment/${enrollmentId}/preview/link`, { employeeId: work.employeeIds[0] }],
        ["POST", `/api/enrollment/${enrollmentId}/preview/sample-email`, undefined],
      ] as const;
    const outbox = () => t.database.sqlite.query("select count(*) as n from outbox").get();
    const before = outbox();
    const invitesBefore = invites(work);
    for (const [cookie, status] of [
      [undefined, 401],
      [employee, 403],
      [other.ownerCookie, 404],
    ] as const) {
      for (const [method, path, json] of tools(work.enrollmentId)) {
        const res = await t.request(method, path, { headers: cookie ? { cookie } : {}, json });
        expect({ path, cookie: cookie ?? null, status: res.status }).toEqual({ path, cookie: cookie ?? null, status });
        expect(await res.text()).not.toContain("preview=");
      }
    }
    for (const [method, path, json] of tools("abc")) {
      const res = await t.request(method, path, { ...as(work.ownerCookie), json });
      expect({ path, status: res.status }).toEqual({ path, status: 400 });
      expect(Object.keys((await res.json()).errors)).toEqual(["enrollmentId"]);
    }
    const opened = await t.request("GET", "/api/employee-registration/abc/preview?preview=x");
    expect(opened.status).toBe(400);
    expect(Object.keys((await opened.json()).errors)).toEqual(["enrollmentId"]);
    expect(outbox()).toEqual(before);
    expect(invites(work)).toEqual(invitesBefore);
  });

  test("in production only an admin may use them: the owner gets 403 and no link, no email", async () => {
    const prod = await createTestApp({ NODE_ENV: "production", PUBLIC_URL: "https://benefits.example" });
    try {
      const f = await createEnrollmentWithCensus(prod.database.db);
      for (const [method, path, json] of [
        ["GET", `/api/enrollment/${f.enrollmentId}/preview`],
        ["POST", `/api/enrollment/${f.enrollmentId}/preview/link`, { employeeId: f.employeeIds[0] }],
        ["POST", `/api/enrollment/${f.enrollmentId}/preview/sample-email`],
      ] as const) {
        const res = await prod.request(method, path, { ...as(f.ownerCookie), json });
        expect({ path, status: res.status }).toEqual({ path, status: 403 });
        expect((await res.json()).message).toBe(PREVIEW_UNAVAILABLE_MESSAGE);
      }
      expect(prod.database.sqlite.query("select count(*) as n from outbox").get()).toEqual({ n: 0 });
      const admin = await adminHeaders(prod);
      expect((await prod.request("GET", `/api/enrollment/${f.enrollmentId}/preview`, { headers: admin })).status).toBe(200);
      const sample = await prod.request("POST", `/api/enrollment/${f.enrollmentId}/preview/sample-email`, { headers: admin });
      expect(sample.status).toBe(202);
      // An admin's sample goes to the admin's own address, not the employer's.
      expect((await sample.json()).to).toMatch(/^admin\d+@staff\.test$/);
    } finally {
      prod.close();
    }
  });
});

describe("a preview link", () => {
  test("opens the chosen employee's registration read-only; opening and using it changes no invitation and saves nothing", async () => {
    const f = await createEnrollmentWithCensus(t.database.db);
    const before = invites(f);
    const res = await t.request("POST", `/api/enrollment/${f.enrollmentId}/preview/link`, {
      ...as(f.ownerCookie),
      json: { employeeId: f.employeeIds[1] },
    });
    expect(res.status).toBe(200);
    const answer = await res.json();
    expect(answer.employee).toEqual({ firstName: "Sam", lastName: "Lee" });
    expect(answer.link).toStartWith(`https://benefits.example/employee-registration/${f.enrollmentId}?preview=`);
    expect(Date.parse(answer.expiresAt) - Date.now()).toBeGreaterThan((PREVIEW_VALID_DAYS - 1) * 86_400_000);

    const token = tokenIn(answer.link);
    const view = await t.request("GET", `/api/employee-registration/${f.enrollmentId}/preview?preview=${encodeURIComponent(token)}`);
    expect(view.status).toBe(200);
    const shown = await view.json();
    expect(shown).toMatchObject({ editable: false, className: "Part-time", allowance: 200, registration: null });
    expect(shown.prefill).toMatchObject({ firstName: "Sam", lastName: "Lee", email: emailsOf(f)[1] });
    const notice = await t.request(
      "GET",
      `/api/employee-registration/${f.enrollmentId}/notice/preview?preview=${encodeURIComponent(token)}`,
    );
    expect(notice.status).toBe(200);
    const read = await notice.json();
    expect(read.className).toBe("Part-time");
    expect(JSON.stringify(read.sections)).toContain("Your own monthly amount: self only $200.00.");

    // It is no invite: the registration answers nothing to it and saves nothing through it.
    expect((await t.request("GET", `/api/employee-registration/${f.enrollmentId}?invite=${encodeURIComponent(token)}`)).status).toBe(404);
    const save = await t.request("POST", `/api/employee-registration/${f.enrollmentId}`, {
      json: { invite: token, firstName: "Mallory" },
    });
    expect(save.status).toBe(404);
    expect(t.database.sqlite.query("select count(*) as n from employee_registrations where enrollment_id = ?").get(f.enrollmentId)).toEqual(
      {
        n: 0,
      },
    );
    expect(invites(f)).toEqual(before);
    expect(outboxTo(t, emailsOf(f)[1]!)).toEqual([]);
  });

  test("shows what a registered employee saved, without their SSN's digits", async () => {
    const f = await createEnrollmentWithCensus(t.database.db);
    await t.request("POST", `/api/enrollment/${f.enrollmentId}/employees/${f.employeeIds[0]}/invitation`, as(f.ownerCookie));
    const invite = outboxTo(t, emailsOf(f)[0]!, "employee_invitation")[0]!.text.match(/invite=([\w-]+)/)![1];
    const saved = await t.request("POST", `/api/employee-registration/${f.enrollmentId}`, {
      json: { invite, ssn: "4821", city: "Austin", coverageLevel: "family" },
    });
    expect(saved.status).toBe(200);
    const { link } = await (
      await t.request("POST", `/api/enrollment/${f.enrollmentId}/preview/link`, {
        ...as(f.ownerCookie),
        json: { employeeId: f.employeeIds[0] },
      })
    ).json();
    const shown = await (await t.request("GET", `/api/employee-registration/${f.enrollmentId}/preview?preview=${tokenIn(link)}`)).json();
    expect(shown.registration).toMatchObject({ city: "Austin", coverageLevel: "family", ssnMasked: null });
    expect(JSON.stringify(shown)).not.toContain("4821");
  });

  test("only for an employee of this enrollment; a changed, foreign or expired token opens nothing", async () => {
    const f = await createEnrollmentWithCensus(t.database.db);
    const other = await createEnrollmentWithCensus(t.database.db);
    const foreign = await t.request("POST", `/api/enrollment/${f.enrollmentId}/preview/link`, {
      ...as(f.ownerCookie),
      json: { employeeId: other.employeeIds[0] },
    });
    expect(foreign.status).toBe(404);
    const bad = await t.request("POST", `/api/enrollment/${f.enrollmentId}/preview/link`, {
      ...as(f.ownerCookie),
      json: { employeeId: "x" },
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors).toEqual({ employeeId: "Choose an employee" });

    const { link } = await (
      await t.request("POST", `/api/enrollment/${f.enrollmentId}/preview/link`, {
        ...as(f.ownerCookie),
        json: { employeeId: f.employeeIds[0] },
      })
    ).json();
    const token = tokenIn(link);
    const tampered = token.replace(/\.(\d+)\.(\d+)\./, `.${other.employeeIds[0]}.$2.`);
    for (const [id, value] of [
      [f.enrollmentId, tampered],
      [other.enrollmentId, token],
      [f.enrollmentId, `${token.slice(0, -2)}AA`],
      [f.enrollmentId, ""],
    ] as const) {
      const res = await t.request("GET", `/api/employee-registration/${id}/preview?preview=${encodeURIComponent(value)}`);
      expect({ value, status: res.status }).toEqual({ value, status: 404 });
      expect(Object.keys(await res.json())).toEqual(["message"]);
    }
    const key = previewKey(Buffer.alloc(32, 7));
    const issued = issuePreviewToken(key, 5, 9, 1_000);
    expect(readPreviewToken(key, 5, issued.token, issued.expiresAt - 1)).toBe(9);
    expect(readPreviewToken(key, 5, issued.token, issued.expiresAt)).toBeNull();
    expect(readPreviewToken(previewKey(Buffer.alloc(32, 8)), 5, issued.token, 2_000)).toBeNull();
  });
});

describe("the sample invitation", () => {
  test("goes only to the signed-in owner's own address, whatever the request names, and opens a made-up employee's registration", async () => {
    const f = await createEnrollmentWithCensus(t.database.db);
    const before = invites(f);
    const res = await t.request("POST", `/api/enrollment/${f.enrollmentId}/preview/sample-email`, {
      ...as(f.ownerCookie),
      json: { email: "someone@elsewhere.example" },
    });
    expect(res.status).toBe(202);
    const to = ownerEmail(f);
    expect(await res.json()).toEqual({ message: `A sample invitation was sent to ${to}.`, to });
    expect(t.database.sqlite.query("select count(*) as n from outbox where to_address = 'someone@elsewhere.example'").get()).toEqual({
      n: 0,
    });
    const [mail, ...more] = outboxTo(t, to);
    expect(more).toEqual([]);
    expect(mail!.kind).toBe("sample_invitation");
    const { name } = t.database.sqlite.query("select name from businesses where id = ?").get(f.businessId) as { name: string };
    expect(mail!.subject).toBe(`Sample: ${name}: register for your ICHRA health benefits`);
    expect(mail!.text).toContain("Nothing has been sent to any of your employees.");
    expect(mail!.text).toContain("Hello Alex,");
    const links = mail!.text.match(/https:\/\/benefits\.example\/\S+/g)!;
    expect(links.map((l) => new URL(l).pathname)).toEqual([
      `/employee-registration/${f.enrollmentId}`,
      `/employee-registration/${f.enrollmentId}/notice`,
    ]);
    const token = tokenIn(links[0]!);
    const shown = await (await t.request("GET", `/api/employee-registration/${f.enrollmentId}/preview?preview=${token}`)).json();
    expect(shown).toMatchObject({ editable: false, registration: null, className: "Full-time", allowance: 525 });
    expect(shown.prefill).toMatchObject({ firstName: "Alex", lastName: "Sample", email: "alex.sample@example.com" });
    expect((await t.request("GET", `/api/employee-registration/${f.enrollmentId}/notice/preview?preview=${token}`)).status).toBe(200);
    // No one's invitation moved, and no employee was written to.
    expect(invites(f)).toEqual(before);
    for (const email of emailsOf(f)) expect(outboxTo(t, email)).toEqual([]);
  });
});

describe("'Sent' is only ever an invitation in the outbox", () => {
  test("after the preview tools nobody is sent; after inviting, each one sent has their invitation queued", async () => {
    const f = await createEnrollmentWithCensus(t.database.db);
    await t.request("POST", `/api/enrollment/${f.enrollmentId}/preview/link`, {
      ...as(f.ownerCookie),
      json: { employeeId: f.employeeIds[0] },
    });
    await t.request("POST", `/api/enrollment/${f.enrollmentId}/preview/sample-email`, as(f.ownerCookie));
    const list = async () =>
      (await (await t.request("GET", `/api/enrollment/${f.enrollmentId}/employees`, as(f.ownerCookie))).json()).employees;
    expect((await list()).map((e: { inviteStatus: string }) => e.inviteStatus)).toEqual(["not_sent", "not_sent"]);
    await t.request("POST", `/api/enrollment/${f.enrollmentId}/employees/${f.employeeIds[1]}/invitation`, as(f.ownerCookie));
    for (const employee of await list()) {
      const invitations = outboxTo(t, employee.email, "employee_invitation");
      expect({ email: employee.email, sent: employee.inviteStatus === "sent" }).toEqual({
        email: employee.email,
        sent: invitations.length > 0,
      });
    }
  });
});
