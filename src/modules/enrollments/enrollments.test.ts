import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Value } from "@sinclair/typebox/value";
import { daysFrom, formatDate } from "../../lib/date-rules";
import { createTestApp, type TestApp } from "../../test/api";
import {
  adminHeaders,
  classesPayload,
  inDays,
  ownerWithCensus,
  ownerWithClasses,
  ownerWithPlan,
  planStart,
  registerOwner,
  twoClasses,
} from "../../test/employers";
import { hashToken } from "../auth/sessions";
import {
  ALL_INVITED_MESSAGE,
  EnrollmentRead,
  FINALIZED_MESSAGE,
  NO_CLASSES_MESSAGE,
  NO_EMPLOYEES_MESSAGE,
  RegistrationLinkAnswer,
} from "./model";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const q = <T>(sql: string, ...params: unknown[]) => t.database.sqlite.query(sql).get(...(params as [])) as T;
const all = <T>(sql: string, ...params: unknown[]) => t.database.sqlite.query(sql).all(...(params as [])) as T[];
const statuses = (enrollmentId: number) =>
  q<{ enrollment: string; business: string }>(
    "select e.status as enrollment, b.status as business from enrollments e join businesses b on b.id = e.business_id where e.id = ?",
    enrollmentId,
  );

describe("PUT /api/enrollment/:id/classes", () => {
  test("replaces the list: statuses classes_defined, allowances in cents", async () => {
    const owner = await ownerWithPlan(t);
    let res = await t.request("PUT", `/api/enrollment/${owner.enrollmentId}/classes`, {
      headers: owner.headers,
      json: classesPayload(),
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(Value.Check(EnrollmentRead, body)).toBe(true);
    expect(body.employeeClasses).toEqual([
      { name: "Full-time", allowanceAmount: 500, eligibilityRequirements: "30+ hours a week", basis: ["full-time"], headcount: 0 },
      { name: "Part-time", allowanceAmount: 250, basis: ["part-time"], headcount: 0 },
    ]);
    expect(body).toMatchObject({ totalEmployees: 20, groupPlanClasses: [] });
    expect(statuses(owner.enrollmentId)).toEqual({ enrollment: "classes_defined", business: "classes_defined" });
    res = await t.request("PUT", `/api/enrollment/${owner.enrollmentId}/classes`, {
      headers: owner.headers,
      json: classesPayload([{ name: "Everyone", allowanceAmount: 99.99, basis: ["full-time", "part-time"] }]),
    });
    expect(res.status).toBe(200);
    const stored = JSON.parse(q<{ c: string }>("select employee_classes as c from enrollments where id = ?", owner.enrollmentId).c);
    expect(stored).toEqual([{ name: "Everyone", allowanceCents: 9999, basis: ["full-time", "part-time"] }]);
  });

  const ft = ["full-time"];
  const cases: [Record<string, unknown>, Record<string, string>][] = [
    [{ employeeClasses: [], totalEmployees: 5 }, { employeeClasses: "At least one employee class is required" }],
    [{ totalEmployees: 5 }, { employeeClasses: "At least one employee class is required" }],
    [classesPayload([{ name: "", allowanceAmount: 100, basis: ft }]), { "employeeClasses.0.name": "Class name is required" }],
    [
      classesPayload([{ name: "A", allowanceAmount: 0, basis: ft }]),
      { "employeeClasses.0.allowanceAmount": "Allowance amount must be at least $1" },
    ],
    [
      classesPayload([{ name: "A", allowanceAmount: 0.5, basis: ft }]),
      { "employeeClasses.0.allowanceAmount": "Allowance amount must be at least $1" },
    ],
    [classesPayload([{ name: "A", basis: ft }]), { "employeeClasses.0.allowanceAmount": "Allowance amount is required" }],
    [
      classesPayload([{ name: "A", allowanceAmount: 10_000_001, basis: ft }]),
      { "employeeClasses.0.allowanceAmount": "Allowance amount must be at most $10,000,000" },
    ],
    [
      classesPayload([
        { name: "A", allowanceAmount: 1, basis: ft },
        { name: "a", allowanceAmount: 2, basis: ft },
      ]),
      { "employeeClasses.1.name": "Class names must be unique" },
    ],
    [{ employeeClasses: twoClasses }, { totalEmployees: "Total employees is required" }],
    [classesPayload(twoClasses, { totalEmployees: 0 }), { totalEmployees: "Total employees must be at least 1" }],
  ];
  for (const [json, errors] of cases) {
    test(`${JSON.stringify(json)} → ${JSON.stringify(errors)}`, async () => {
      const owner = await ownerWithPlan(t);
      const res = await t.request("PUT", `/api/enrollment/${owner.enrollmentId}/classes`, { headers: owner.headers, json });
      expect(res.status).toBe(400);
      expect((await res.json()).errors).toEqual(errors);
      expect(statuses(owner.enrollmentId).enrollment).toBe("plan_selected");
    });
  }

  describe("after the census is uploaded (2 Full-time, 1 Part-time)", () => {
    const storedClasses = (id: number) =>
      JSON.parse(q<{ c: string }>("select employee_classes as c from enrollments where id = ?", id).c).map((c: { name: string }) => c.name);

    test("removing a class the census uses is refused, with the list as it was", async () => {
      const owner = await ownerWithCensus(t);
      const res = await t.request("PUT", `/api/enrollment/${owner.enrollmentId}/classes`, {
        headers: owner.headers,
        json: classesPayload([twoClasses[0]]),
      });
      expect(res.status).toBe(400);
      const message =
        'The census has 1 employee in the class "Part-time". Keep that class, or upload a census without it before deleting it.';
      expect(await res.json()).toEqual({ message, errors: { employeeClasses: message } });
      expect(storedClasses(owner.enrollmentId)).toEqual(["Full-time", "Part-time"]);
    });

    test("renaming a class the census uses is refused on that class's name", async () => {
      const owner = await ownerWithCensus(t);
      const res = await t.request("PUT", `/api/enrollment/${owner.enrollmentId}/classes`, {
        headers: owner.headers,
        json: classesPayload([{ name: "Salaried", allowanceAmount: 500, basis: ["salaried"] }, twoClasses[1]]),
      });
      expect(res.status).toBe(400);
      const message =
        'The census has 2 employees in the class "Full-time". Keep that name; to rename it, add "Salaried" as a new class, upload a census that uses it, then delete "Full-time".';
      expect(await res.json()).toEqual({ message, errors: { "employeeClasses.0.name": message } });
      expect(storedClasses(owner.enrollmentId)).toEqual(["Full-time", "Part-time"]);
    });

    test("a change of case or spacing keeps the census employees in their class", async () => {
      const owner = await ownerWithCensus(t);
      const res = await t.request("PUT", `/api/enrollment/${owner.enrollmentId}/classes`, {
        headers: owner.headers,
        json: classesPayload([
          { name: " FULL-TIME ", allowanceAmount: 500, basis: ["full-time"] },
          twoClasses[1],
          { name: "Seasonal", allowanceAmount: 100, basis: ["seasonal"] },
        ]),
      });
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body.employeeClasses.map((c: { name: string; headcount: number }) => [c.name, c.headcount])).toEqual([
        ["FULL-TIME", 2],
        ["Part-time", 1],
        ["Seasonal", 0],
      ]);
      expect(body.census.count).toBe(3);
      const summary = await (await t.request("GET", `/api/enrollment/${owner.enrollmentId}/census`, { headers: owner.headers })).json();
      expect(summary.byClass).toEqual([
        { name: "FULL-TIME", count: 2 },
        { name: "Part-time", count: 1 },
        { name: "Seasonal", count: 0 },
      ]);
    });
  });

  test("an unknown enrollment is 404 with the spec's wording", async () => {
    const owner = await registerOwner(t);
    const res = await t.request("PUT", "/api/enrollment/987654/classes", { headers: owner.headers, json: classesPayload() });
    expect(res.status).toBe(404);
    expect((await res.json()).message).toBe("Enrollment not found. Please complete the plan selection step first.");
  });
});

describe("PUT /api/enrollment/:id/effective-date", () => {
  test("saves the date and marks the step done", async () => {
    const owner = await ownerWithClasses(t);
    const date = planStart(60);
    const res = await t.request("PUT", `/api/enrollment/${owner.enrollmentId}/effective-date`, {
      headers: owner.headers,
      json: { effectiveDate: date },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ effectiveDate: date, effectiveDateConfirmed: true });
    expect(q<{ d: string }>("select effective_date as d from enrollments where id = ?", owner.enrollmentId).d).toBe(date);
  });

  test("refuses a missing, malformed or past date", async () => {
    const owner = await ownerWithClasses(t);
    const send = (json: unknown) =>
      t.request("PUT", `/api/enrollment/${owner.enrollmentId}/effective-date`, { headers: owner.headers, json });
    expect((await (await send({})).json()).errors).toEqual({ effectiveDate: "Effective date is required" });
    expect((await (await send({ effectiveDate: "01/02/2099" })).json()).errors).toEqual({ effectiveDate: "Effective date is required" });
    const past = await send({ effectiveDate: inDays(-2) });
    expect(past.status).toBe(400);
    expect((await past.json()).errors).toEqual({ effectiveDate: "Effective date cannot be in the past" });
  });
});

describe("PUT /api/enrollment/:id/finalize", () => {
  test("needs at least one class", async () => {
    const owner = await ownerWithPlan(t);
    const res = await t.request("PUT", `/api/enrollment/${owner.enrollmentId}/finalize`, { headers: owner.headers, json: {} });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: NO_CLASSES_MESSAGE, errors: { employeeClasses: NO_CLASSES_MESSAGE } });
    expect(statuses(owner.enrollmentId)).toEqual({ enrollment: "plan_selected", business: "plan_selected" });
    expect(q<{ n: number }>("select count(*) as n from outbox where kind = 'enrollment_confirmation'").n).toBe(0);
  });

  test("submits: enrollment pending, business enrolled, finalizedAt, notes, confirmation email queued", async () => {
    const owner = await ownerWithCensus(t);
    const res = await t.request("PUT", `/api/enrollment/${owner.enrollmentId}/finalize`, {
      headers: owner.headers,
      json: { additionalNotes: "  Call before 5pm  " },
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(Value.Check(EnrollmentRead, body)).toBe(true);
    expect(body).toMatchObject({ status: "pending", additionalNotes: "Call before 5pm" });
    expect(new Date(body.finalizedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(statuses(owner.enrollmentId)).toEqual({ enrollment: "pending", business: "enrolled" });
    const mail = q<{ to_address: string; subject: string; text_body: string; status: string }>(
      "select to_address, subject, text_body, status from outbox where kind = 'enrollment_confirmation' and to_address = ?",
      owner.email,
    );
    expect(mail.status).toBe("pending");
    expect(mail.subject).toBe("Your ICHRA enrollment for Acme Dental was received");
    expect(mail.text_body).toContain("Plan: Advantage");
    expect(mail.text_body).toContain("Full-time: $500.00/month");
    expect(mail.text_body).toContain(`http://localhost/dashboard/${owner.businessId}`);
  });

  test("works without a body, and refuses a second submit and later changes with 409", async () => {
    const owner = await ownerWithClasses(t);
    expect((await t.request("PUT", `/api/enrollment/${owner.enrollmentId}/finalize`, { headers: owner.headers })).status).toBe(200);
    const again = await t.request("PUT", `/api/enrollment/${owner.enrollmentId}/finalize`, { headers: owner.headers, json: {} });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe(FINALIZED_MESSAGE);
    const classes = await t.request("PUT", `/api/enrollment/${owner.enrollmentId}/classes`, {
      headers: owner.headers,
      json: classesPayload(),
    });
    expect(classes.status).toBe(409);
    const date = await t.request("PUT", `/api/enrollment/${owner.enrollmentId}/effective-date`, {
      headers: owner.headers,
      json: { effectiveDate: planStart(100) },
    });
    expect(date.status).toBe(409);
    expect(
      q<{ n: number }>("select count(*) as n from outbox where kind = 'enrollment_confirmation' and to_address = ?", owner.email).n,
    ).toBe(1);
    // A new plan selection after submitting starts a new enrollment.
    const next = await t.request("POST", `/api/business/${owner.businessId}/plan`, {
      headers: owner.headers,
      json: { planId: 1, effectiveDate: planStart(200), monthlyBudget: 100 },
    });
    expect((await next.json()).enrollmentId).not.toBe(owner.enrollmentId);
  });

  test("two finalizes at once: one 200, one 409, one confirmation email", async () => {
    const owner = await ownerWithClasses(t);
    const finalize = () => t.request("PUT", `/api/enrollment/${owner.enrollmentId}/finalize`, { headers: owner.headers, json: {} });
    const answers = await Promise.all([finalize(), finalize()]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await answers.find((r) => r.status === 409)!.json()).message).toBe(FINALIZED_MESSAGE);
    expect(
      q<{ n: number }>("select count(*) as n from outbox where kind = 'enrollment_confirmation' and to_address = ?", owner.email).n,
    ).toBe(1);
  });

  test("finalize racing a class change: the submitted classes are the ones checked and emailed", async () => {
    const owner = await ownerWithClasses(t);
    const renamed = [{ name: "Everyone", allowanceAmount: 321, basis: ["full-time"] }];
    const [classes, finalize] = await Promise.all([
      t.request("PUT", `/api/enrollment/${owner.enrollmentId}/classes`, { headers: owner.headers, json: classesPayload(renamed) }),
      t.request("PUT", `/api/enrollment/${owner.enrollmentId}/finalize`, { headers: owner.headers, json: {} }),
    ]);
    expect(finalize.status).toBe(200);
    const stored = JSON.parse(q<{ c: string }>("select employee_classes as c from enrollments where id = ?", owner.enrollmentId).c);
    const mail = q<{ text_body: string }>(
      "select text_body from outbox where kind = 'enrollment_confirmation' and to_address = ?",
      owner.email,
    ).text_body;
    if (classes.status === 200) {
      // The change landed first: finalize checked and emailed the new list.
      expect(stored).toEqual([{ name: "Everyone", allowanceCents: 32100, basis: ["full-time"] }]);
      expect(mail).toContain("Everyone: $321.00/month");
    } else {
      // Finalize landed first: the change is refused and nothing after submit is stored.
      expect(classes.status).toBe(409);
      expect((await classes.json()).message).toBe(FINALIZED_MESSAGE);
      expect(stored.map((c: { name: string }) => c.name)).toEqual(["Full-time", "Part-time"]);
      expect(mail).toContain("Full-time: $500.00/month");
    }
    expect((await finalize.json()).employeeClasses.map((c: { name: string }) => c.name)).toEqual(
      stored.map((c: { name: string }) => c.name),
    );
  });

  test("no write lands on a submitted enrollment, even one already loaded when it was submitted", async () => {
    const owner = await ownerWithCensus(t);
    const id = owner.enrollmentId;
    const { censusForm, goodCsv } = await import("../../test/employers");
    const writes = () => [
      t.request("PUT", `/api/enrollment/${id}/classes`, {
        headers: owner.headers,
        json: classesPayload([
          { name: "Full-time", allowanceAmount: 1, basis: ["full-time"] },
          { name: "Part-time", allowanceAmount: 1, basis: ["part-time"] },
        ]),
      }),
      t.request("PUT", `/api/enrollment/${id}/effective-date`, { headers: owner.headers, json: { effectiveDate: planStart(120) } }),
      t.request("PUT", `/api/enrollment/${id}/census/skip`, { headers: owner.headers }),
      t.request("POST", `/api/enrollment/${id}/census`, { headers: owner.headers, body: censusForm(goodCsv.replace("Jane", "Janet")) }),
    ];
    const [finalize, ...rest] = await Promise.all([
      t.request("PUT", `/api/enrollment/${id}/finalize`, { headers: owner.headers, json: {} }),
      ...writes(),
    ]);
    expect(finalize.status).toBe(200);
    const final = await finalize.json();
    // Whatever landed before the submit is in its answer; nothing changed after it.
    const row = q<{ effective_date: string; census_skipped: number; employee_classes: string }>(
      "select effective_date, census_skipped, employee_classes from enrollments where id = ?",
      id,
    );
    expect(row.effective_date).toBe(final.effectiveDate);
    expect(Boolean(row.census_skipped)).toBe(final.census.skipped);
    expect(JSON.parse(row.employee_classes).map((c: { allowanceCents: number }) => c.allowanceCents / 100)).toEqual(
      final.employeeClasses.map((c: { allowanceAmount: number }) => c.allowanceAmount),
    );
    for (const res of rest) expect([200, 409]).toContain(res.status);
    // And once submitted, every write is refused.
    for (const res of await Promise.all(writes())) {
      expect(res.status).toBe(409);
      expect((await res.json()).message).toBe(FINALIZED_MESSAGE);
    }
  });

  test("notes are limited to 5,000 characters", async () => {
    const owner = await ownerWithClasses(t);
    const res = await t.request("PUT", `/api/enrollment/${owner.enrollmentId}/finalize`, {
      headers: owner.headers,
      json: { additionalNotes: "x".repeat(5001) },
    });
    expect(res.status).toBe(400);
    expect(Object.keys((await res.json()).errors)).toEqual(["additionalNotes"]);
  });
});

describe("GET /api/enrollment/:id", () => {
  test("answers the spec's shape with headcounts per class", async () => {
    const owner = await ownerWithCensus(t);
    const res = await t.request("GET", `/api/enrollment/${owner.enrollmentId}`, { headers: owner.headers });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(Value.Check(EnrollmentRead, body)).toBe(true);
    expect(body).toMatchObject({
      id: owner.enrollmentId,
      businessId: owner.businessId,
      status: "classes_defined",
      effectiveDate: planStart(90),
      monthlyBudget: 500,
      plan: { name: "Advantage", description: expect.any(String) },
      business: { name: "Acme Dental", email: owner.email },
      census: { count: 3, skipped: false },
    });
    expect(body.employeeClasses.map((c: { headcount: number }) => c.headcount)).toEqual([2, 1]);
  });

  test("an approved enrollment reads as active once its effective date has come, in the read and the business's list", async () => {
    const owner = await ownerWithClasses(t);
    const read = async () =>
      (await (await t.request("GET", `/api/enrollment/${owner.enrollmentId}`, { headers: owner.headers })).json()).status;
    const listed = async () =>
      (await (await t.request("GET", `/api/business/${owner.businessId}/enrollments`, { headers: owner.headers })).json())[0].status;
    const set = (status: string, effectiveDate: string) =>
      t.database.sqlite
        .query("update enrollments set status = ?, effective_date = ? where id = ?")
        .run(status, effectiveDate, owner.enrollmentId);
    set("approved", inDays(2));
    expect([await read(), await listed()]).toEqual(["approved", "approved"]);
    set("approved", inDays(-2));
    expect([await read(), await listed()]).toEqual(["active", "active"]);
    set("pending", inDays(-2));
    expect([await read(), await listed()]).toEqual(["pending", "pending"]);
  });

  test("an admin may read it", async () => {
    const owner = await ownerWithPlan(t);
    const res = await t.request("GET", `/api/enrollment/${owner.enrollmentId}`, { headers: await adminHeaders(t) });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(Value.Check(EnrollmentRead, body)).toBe(true);
    expect(body).toMatchObject({
      id: owner.enrollmentId,
      businessId: owner.businessId,
      status: "plan_selected",
      business: { name: "Acme Dental", email: owner.email },
    });
  });

  test("a bad id is 400", async () => {
    const owner = await ownerWithPlan(t);
    const res = await t.request("GET", "/api/enrollment/x1", { headers: owner.headers });
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual({ enrollmentId: "Invalid enrollment ID" });
  });

  test("a bad id on the census summary is 400 too", async () => {
    const owner = await ownerWithPlan(t);
    for (const id of ["x1", "0", "-3", "2.5", "99999999999999999999"]) {
      const res = await t.request("GET", `/api/enrollment/${id}/census`, { headers: owner.headers });
      expect(res.status).toBe(400);
      expect((await res.json()).errors).toEqual({ enrollmentId: "Invalid enrollment ID" });
    }
  });
});

describe("registration links", () => {
  test("409 when the enrollment has no census employees", async () => {
    const owner = await ownerWithClasses(t);
    const res = await t.request("POST", `/api/enrollment/${owner.enrollmentId}/registration-link`, { headers: owner.headers });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe(NO_EMPLOYEES_MESSAGE);
    const email = await t.request("POST", `/api/enrollment/${owner.enrollmentId}/registration-link/email`, {
      headers: owner.headers,
      json: { email: "me@acme.test" },
    });
    expect(email.status).toBe(409);
    expect(q<{ n: number }>("select count(*) as n from outbox where kind = 'employee_invitation'").n).toBe(0);
  });

  test("issues a personal link; only the token's hash is stored; it expires 60 days after the effective date", async () => {
    const owner = await ownerWithCensus(t);
    const res = await t.request("POST", `/api/enrollment/${owner.enrollmentId}/registration-link`, { headers: owner.headers });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(Value.Check(RegistrationLinkAnswer, body)).toBe(true);
    const match = body.link.match(
      new RegExp(`^http://localhost/employee-registration/${owner.enrollmentId}\\?invite=([A-Za-z0-9_-]{43})$`),
    );
    expect(match).not.toBeNull();
    const token = match[1];
    expect(body.employee).toEqual({ firstName: "Jane", lastName: "Doe", email: "jane@acme.test" });
    const row = q<{ invite_token_hash: string; invite_status: string; invite_expires_at: number; invite_sent_at: number }>(
      "select invite_token_hash, invite_status, invite_expires_at, invite_sent_at from census_employees where enrollment_id = ? and email = 'jane@acme.test'",
      owner.enrollmentId,
    );
    expect(row.invite_token_hash).toBe(hashToken(token));
    expect(row.invite_status).toBe("sent");
    expect(row.invite_sent_at).toBeGreaterThan(Date.now() - 60_000);
    const lastDay = daysFrom(planStart(90), 60);
    expect(new Date(row.invite_expires_at).toISOString().slice(0, 10) > lastDay).toBe(true);
    expect(row.invite_expires_at - Date.parse(`${lastDay}T00:00:00Z`)).toBeLessThanOrEqual(48 * 3600_000);
    expect(JSON.stringify(all("select * from census_employees"))).not.toContain(token);
    // A second link goes to the next employee not yet invited; Jane's link keeps working.
    const second = await (
      await t.request("POST", `/api/enrollment/${owner.enrollmentId}/registration-link`, { headers: owner.headers })
    ).json();
    expect(second.link).not.toBe(body.link);
    expect(second.employee).toEqual({ firstName: "John", lastName: "Smith", email: "john@acme.test" });
    expect(
      q<{ h: string }>(
        "select invite_token_hash as h from census_employees where email = 'jane@acme.test' and enrollment_id = ?",
        owner.enrollmentId,
      ).h,
    ).toBe(row.invite_token_hash);
  });

  const inviteRows = (enrollmentId: number) =>
    all<{ email: string; invite_status: string; invite_token_hash: string | null }>(
      "select email, invite_status, invite_token_hash from census_employees where enrollment_id = ? order by row_number",
      enrollmentId,
    );

  test("never takes over an invitation already sent, opened, registered or revoked: 409 when nobody is left", async () => {
    const owner = await ownerWithCensus(t);
    t.database.sqlite
      .query(
        "update census_employees set invite_status = 'opened', invite_token_hash = 'opened-hash' where enrollment_id = ? and email = 'jane@acme.test'",
      )
      .run(owner.enrollmentId);
    t.database.sqlite
      .query(
        "update census_employees set invite_status = 'revoked', invite_token_hash = null where enrollment_id = ? and email = 'john@acme.test'",
      )
      .run(owner.enrollmentId);
    t.database.sqlite
      .query(
        "update census_employees set invite_status = 'registered', invite_token_hash = 'registered-hash' where enrollment_id = ? and email = 'maria@acme.test'",
      )
      .run(owner.enrollmentId);
    const before = inviteRows(owner.enrollmentId);
    const res = await t.request("POST", `/api/enrollment/${owner.enrollmentId}/registration-link`, { headers: owner.headers });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe(ALL_INVITED_MESSAGE);
    const email = await t.request("POST", `/api/enrollment/${owner.enrollmentId}/registration-link/email`, {
      headers: owner.headers,
      json: { email: "someone@elsewhere.test" },
    });
    expect(email.status).toBe(409);
    expect((await email.json()).message).toBe(ALL_INVITED_MESSAGE);
    expect(inviteRows(owner.enrollmentId)).toEqual(before);
    expect(q<{ n: number }>("select count(*) as n from outbox where to_address = 'someone@elsewhere.test'").n).toBe(0);
  });

  test("the test email invites the next employee not yet invited, never one with a link already", async () => {
    const owner = await ownerWithCensus(t);
    t.database.sqlite
      .query(
        "update census_employees set invite_status = 'sent', invite_token_hash = 'jane-hash' where enrollment_id = ? and email = 'jane@acme.test'",
      )
      .run(owner.enrollmentId);
    const res = await t.request("POST", `/api/enrollment/${owner.enrollmentId}/registration-link/email`, {
      headers: owner.headers,
      json: { email: "tester2@acme.test" },
    });
    expect(res.status).toBe(202);
    const rows = inviteRows(owner.enrollmentId);
    expect(rows.map((r) => [r.email, r.invite_status])).toEqual([
      ["jane@acme.test", "sent"],
      ["john@acme.test", "sent"],
      ["maria@acme.test", "not_sent"],
    ]);
    expect(rows[0].invite_token_hash).toBe("jane-hash");
    const mail = q<{ text_body: string }>("select text_body from outbox where to_address = 'tester2@acme.test'");
    expect(mail.text_body).toContain("Hello John,");
    expect(rows[1].invite_token_hash).toBe(hashToken(mail.text_body.match(/invite=([A-Za-z0-9_-]+)/)![1]));
  });

  test("refuses with 409 once the registration window has closed, and issues nothing", async () => {
    const owner = await ownerWithCensus(t);
    // The effective date is 62 days past: the 60-day window closed (noon UTC after its last day) yesterday at the latest.
    t.database.sqlite.query("update enrollments set effective_date = ? where id = ?").run(inDays(-62), owner.enrollmentId);
    const before = inviteRows(owner.enrollmentId);
    const res = await t.request("POST", `/api/enrollment/${owner.enrollmentId}/registration-link`, { headers: owner.headers });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe(
      `Registration closed on ${formatDate(inDays(-2))}, 60 days after the effective date; no new invitations can be sent.`,
    );
    const email = await t.request("POST", `/api/enrollment/${owner.enrollmentId}/registration-link/email`, {
      headers: owner.headers,
      json: { email: "late@acme.test" },
    });
    expect(email.status).toBe(409);
    expect(inviteRows(owner.enrollmentId)).toEqual(before);
    expect(q<{ n: number }>("select count(*) as n from outbox where to_address = 'late@acme.test'").n).toBe(0);
  });

  test("email: queues a real message with the link; refuses an address without @", async () => {
    const owner = await ownerWithCensus(t);
    const bad = await t.request("POST", `/api/enrollment/${owner.enrollmentId}/registration-link/email`, {
      headers: owner.headers,
      json: { email: "not-an-address" },
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors).toEqual({ email: "Please enter a valid email address" });
    const res = await t.request("POST", `/api/enrollment/${owner.enrollmentId}/registration-link/email`, {
      headers: owner.headers,
      json: { email: "tester@acme.test" },
    });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ message: "A registration link was queued for tester@acme.test.", to: "tester@acme.test" });
    const mail = q<{ subject: string; text_body: string }>(
      "select subject, text_body from outbox where kind = 'employee_invitation' and to_address = 'tester@acme.test'",
    );
    expect(mail.subject).toBe("Acme Dental: register for your ICHRA health benefits");
    // The same invitation an employee gets: their class allowance and the deadline.
    expect(mail.text_body).toContain("Your monthly allowance from Acme Dental: $500.00.");
    expect(mail.text_body).toMatch(/Please register by [A-Z][a-z]+ \d{1,2}, \d{4}\./);
    const token = mail.text_body.match(/invite=([A-Za-z0-9_-]+)/)![1];
    expect(mail.text_body).toContain(`http://localhost/employee-registration/${owner.enrollmentId}?invite=${token}`);
    expect(q<{ n: number }>("select count(*) as n from census_employees where invite_token_hash = ?", hashToken(token)).n).toBe(1);
  });

  test("links use PUBLIC_URL when it is set", async () => {
    const other = await createTestApp({ PUBLIC_URL: "https://benefits.example.com/" });
    try {
      const owner = await ownerWithCensus(other);
      const body = await (
        await other.request("POST", `/api/enrollment/${owner.enrollmentId}/registration-link`, { headers: owner.headers })
      ).json();
      expect(body.link.startsWith(`https://benefits.example.com/employee-registration/${owner.enrollmentId}?invite=`)).toBe(true);
    } finally {
      other.close();
    }
  });
});

describe("access to enrollment endpoints", () => {
  const endpoints = (id: number): [string, string, unknown?][] => [
    ["GET", `/api/enrollment/${id}`],
    ["PUT", `/api/enrollment/${id}/classes`, classesPayload()],
    ["PUT", `/api/enrollment/${id}/effective-date`, { effectiveDate: planStart(70) }],
    ["PUT", `/api/enrollment/${id}/finalize`, {}],
    ["POST", `/api/enrollment/${id}/registration-link`],
    ["POST", `/api/enrollment/${id}/registration-link/email`, { email: "x@acme.test" }],
    ["GET", `/api/enrollment/${id}/census`],
    ["PUT", `/api/enrollment/${id}/census/skip`],
  ];

  test("401 without a session", async () => {
    const owner = await ownerWithCensus(t);
    for (const [method, path, json] of endpoints(owner.enrollmentId)) {
      const res = await t.request(method, path, { json });
      expect([method, path, res.status]).toEqual([method, path, 401]);
    }
  });

  test("404 for another owner's enrollment, and nothing changes", async () => {
    const victim = await ownerWithCensus(t);
    const intruder = await ownerWithCensus(t);
    const before = all("select * from census_employees where enrollment_id = ?", victim.enrollmentId);
    for (const [method, path, json] of endpoints(victim.enrollmentId)) {
      const res = await t.request(method, path, { json, headers: intruder.headers });
      expect([method, path, res.status]).toEqual([method, path, 404]);
    }
    expect(statuses(victim.enrollmentId)).toEqual({ enrollment: "classes_defined", business: "classes_defined" });
    expect(all("select * from census_employees where enrollment_id = ?", victim.enrollmentId)).toEqual(before);
    expect(q<{ n: number }>("select count(*) as n from outbox where to_address = 'x@acme.test'").n).toBe(0);
  });
});
