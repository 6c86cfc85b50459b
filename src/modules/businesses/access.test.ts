// The owner guard on every route of a business or an enrollment: no session is 401, and an
// employee's session (even one of this very employer) is 403, with nothing read, sent or
// changed. The list is checked against the app's route table, so a new route under
// /api/business/:businessId or /api/enrollment/:enrollmentId cannot be left out.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../../test/api";
import { censusForm, classesPayload, companyUpdatePayload, goodCsv, planStart, registerOwner } from "../../test/employers";
import { employeeCookie, type Workplace, workplaceWith } from "../../test/registered-employees";
import { WRONG_ACCOUNT_MESSAGE } from "../auth/model";
import { createSession, SESSION_COOKIE } from "../auth/sessions";

let t: TestApp;
let work: Workplace;
let employee: string;
beforeAll(async () => {
  t = await createTestApp();
  work = await workplaceWith(t.database.db, [{ firstName: "Ana" }, { firstName: "Ben", registered: false }]);
  employee = await employeeCookie(t.database.db, work.employees[0]!.id);
});
afterAll(() => t.close());

interface Guarded {
  /** The route as the app declares it: `METHOD /pattern`. */
  route: string;
  path: () => string;
  json?: unknown;
  body?: () => FormData;
}

/** Each guarded route with a request its validation accepts, so only the guard can refuse it. */
const guarded = (): Guarded[] => {
  const b = work.businessId;
  const e = work.enrollmentId;
  const ben = work.employees[1]!.id;
  return [
    { route: "GET /api/business/:businessId", path: () => `/api/business/${b}` },
    { route: "GET /api/business/:businessId/enrollments", path: () => `/api/business/${b}/enrollments` },
    {
      route: "PUT /api/business/:businessId",
      path: () => `/api/business/${b}`,
      json: companyUpdatePayload(),
    },
    {
      route: "POST /api/business/:businessId/plan",
      path: () => `/api/business/${b}/plan`,
      json: { planId: 1, effectiveDate: planStart(30), monthlyBudget: 100 },
    },
    { route: "GET /api/enrollment/:enrollmentId", path: () => `/api/enrollment/${e}` },
    { route: "PUT /api/enrollment/:enrollmentId/classes", path: () => `/api/enrollment/${e}/classes`, json: classesPayload() },
    {
      route: "PUT /api/enrollment/:enrollmentId/effective-date",
      path: () => `/api/enrollment/${e}/effective-date`,
      json: { effectiveDate: planStart(70) },
    },
    { route: "PUT /api/enrollment/:enrollmentId/finalize", path: () => `/api/enrollment/${e}/finalize`, json: {} },
    { route: "POST /api/enrollment/:enrollmentId/census", path: () => `/api/enrollment/${e}/census`, body: () => censusForm(goodCsv) },
    { route: "GET /api/enrollment/:enrollmentId/census", path: () => `/api/enrollment/${e}/census` },
    { route: "PUT /api/enrollment/:enrollmentId/census/skip", path: () => `/api/enrollment/${e}/census/skip` },
    { route: "GET /api/enrollment/:enrollmentId/employees", path: () => `/api/enrollment/${e}/employees` },
    {
      route: "POST /api/enrollment/:enrollmentId/employees",
      path: () => `/api/enrollment/${e}/employees`,
      json: {
        firstName: "Nia",
        lastName: "New",
        email: "nia.new@example.com",
        dateOfBirth: "1990-05-05",
        homeZip: "78704",
        className: "Full-time",
        hireDate: "2026-11-10",
      },
    },
    { route: "POST /api/enrollment/:enrollmentId/invitations", path: () => `/api/enrollment/${e}/invitations` },
    {
      route: "POST /api/enrollment/:enrollmentId/employees/:employeeId/invitation",
      path: () => `/api/enrollment/${e}/employees/${ben}/invitation`,
    },
    {
      route: "DELETE /api/enrollment/:enrollmentId/employees/:employeeId/invitation",
      path: () => `/api/enrollment/${e}/employees/${ben}/invitation`,
    },
    {
      route: "POST /api/enrollment/:enrollmentId/employees/:employeeId/employment-end",
      path: () => `/api/enrollment/${e}/employees/${ben}/employment-end`,
      json: { endedOn: null },
    },
    { route: "GET /api/enrollment/:enrollmentId/preview", path: () => `/api/enrollment/${e}/preview` },
    {
      route: "POST /api/enrollment/:enrollmentId/preview/link",
      path: () => `/api/enrollment/${e}/preview/link`,
      json: { employeeId: ben },
    },
    { route: "POST /api/enrollment/:enrollmentId/preview/sample-email", path: () => `/api/enrollment/${e}/preview/sample-email` },
    { route: "POST /api/enrollment/:enrollmentId/notices", path: () => `/api/enrollment/${e}/notices` },
    {
      route: "POST /api/enrollment/:enrollmentId/employees/:employeeId/notice",
      path: () => `/api/enrollment/${e}/employees/${ben}/notice`,
    },
    { route: "GET /api/enrollment/:enrollmentId/notices/:classIndex", path: () => `/api/enrollment/${e}/notices/0` },
    { route: "GET /api/enrollment/:enrollmentId/reimbursements", path: () => `/api/enrollment/${e}/reimbursements` },
    {
      route: "POST /api/enrollment/:enrollmentId/payroll-runs",
      path: () => `/api/enrollment/${e}/payroll-runs`,
      json: { through: "2026-01-01" },
    },
    { route: "GET /api/enrollment/:enrollmentId/payroll-runs", path: () => `/api/enrollment/${e}/payroll-runs` },
    {
      route: "GET /api/enrollment/:enrollmentId/payroll-runs/preview",
      path: () => `/api/enrollment/${e}/payroll-runs/preview?through=2026-01-01`,
    },
    { route: "GET /api/enrollment/:enrollmentId/payroll-runs/:run", path: () => `/api/enrollment/${e}/payroll-runs/1` },
  ];
};

const send = (g: Guarded, cookie?: string) =>
  t.request(g.route.split(" ")[0]!, g.path(), {
    headers: cookie ? { cookie } : {},
    ...(g.json !== undefined ? { json: g.json } : {}),
    ...(g.body ? { body: g.body() } : {}),
  });

/** What the refused requests must leave as it was. */
const state = () =>
  ["outbox", "census_employees", "enrollments", "businesses", "payroll_runs", "employee_registrations"].map((table) => ({
    table,
    rows: t.database.sqlite.query(`select * from ${table} order by 1`).all(),
  }));

describe("the owner guard", () => {
  test("covers every route of a business or an enrollment", () => {
    const declared = t.app.routes
      .map((r) => `${r.method} ${r.path}`)
      .filter((r) => / \/api\/(business\/:businessId|enrollment\/:enrollmentId)(\/|$)/.test(r))
      .sort();
    expect(
      guarded()
        .map((g) => g.route)
        .sort(),
    ).toEqual(declared);
  });

  test("without a session: 401 Sign in to continue, nothing changes", async () => {
    const before = state();
    for (const g of guarded()) {
      const res = await send(g);
      expect({ route: g.route, status: res.status, body: await res.json() }).toEqual({
        route: g.route,
        status: 401,
        body: { message: "Sign in to continue." },
      });
    }
    expect(state()).toEqual(before);
  });

  test("with the session of an employee of this employer: 403 naming the wrong account, nothing changes", async () => {
    const before = state();
    for (const g of guarded()) {
      const res = await send(g, employee);
      expect({ route: g.route, status: res.status, body: await res.json() }).toEqual({
        route: g.route,
        status: 403,
        body: { message: WRONG_ACCOUNT_MESSAGE },
      });
    }
    expect(state()).toEqual(before);
  });

  test("with an employee's session and a body the route would refuse: still 403, before the body is read", async () => {
    const before = state();
    for (const g of guarded().filter((g) => g.json !== undefined)) {
      const res = await send({ ...g, json: { notAField: "x".repeat(10) } }, employee);
      expect({ route: g.route, status: res.status }).toEqual({ route: g.route, status: 403 });
    }
    expect(state()).toEqual(before);
  });

  test("with another employer's session: 404, as for an id that does not exist, nothing read or changed", async () => {
    const other = (await registerOwner(t)).headers.cookie!;
    const before = state();
    for (const g of guarded()) {
      const res = await send(g, other);
      const body = await res.json();
      expect({ route: g.route, status: res.status }).toEqual({ route: g.route, status: 404 });
      expect(body.message).toMatch(/not found/i);
      expect(JSON.stringify(body)).not.toContain(work.employees[0]!.email);
    }
    expect(state()).toEqual(before);
  });

  test("with another employer's session and a body the route would refuse: still 404, so no field is named to them", async () => {
    const other = (await registerOwner(t)).headers.cookie!;
    const before = state();
    for (const g of guarded().filter((g) => g.json !== undefined)) {
      const res = await send({ ...g, json: { notAField: "x".repeat(10) } }, other);
      expect({ route: g.route, status: res.status }).toEqual({ route: g.route, status: 404 });
    }
    expect(state()).toEqual(before);
  });

  test("an admin session whose user is not an admin (any more): 401, as in the admin area, nothing changes", async () => {
    const ownerId = (t.database.sqlite.query("select user_id from businesses where id = ?").get(work.businessId) as { user_id: number })
      .user_id;
    const { token } = await createSession(t.database.db, { userId: ownerId, kind: "admin" });
    const before = state();
    for (const g of guarded()) {
      const res = await send(g, `${SESSION_COOKIE}=${token}`);
      expect({ route: g.route, status: res.status }).toEqual({ route: g.route, status: 401 });
    }
    expect(state()).toEqual(before);
  });

  test("an id that is not a number: 400 naming the business or enrollment id, nothing changes", async () => {
    const before = state();
    for (const g of guarded()) {
      const malformed = { ...g, path: () => g.path().replace(/^\/api\/(business|enrollment)\/\d+/, "/api/$1/abc") };
      const field = g.route.includes(" /api/business/") ? "businessId" : "enrollmentId";
      const res = await send(malformed, work.ownerCookie);
      const body = await res.json();
      expect({ route: g.route, status: res.status, named: Object.keys(body.errors ?? {}) }).toEqual({
        route: g.route,
        status: 400,
        named: [field],
      });
    }
    expect(state()).toEqual(before);
  });

  test("the owner's own session passes the guard: each read answers", async () => {
    for (const g of guarded().filter((r) => r.route.startsWith("GET "))) {
      const res = await send(g, work.ownerCookie);
      // No payroll has run yet: the one run asked for does not exist.
      const status = g.route.endsWith("/:run") ? 404 : 200;
      expect({ route: g.route, status: res.status }).toEqual({ route: g.route, status });
    }
  });
});
