import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Value } from "@sinclair/typebox/value";
import { formatDate } from "../../lib/date-rules";
import { isKnownRoute } from "../../lib/site-routes";
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
import { EnrollmentRead, effectiveDateError, FINALIZED_MESSAGE, NO_CLASSES_MESSAGE } from "./model";

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
      {
        name: "Full-time",
        allowanceAmount: 500,
        eligibilityRequirements: "30+ hours a week",
        basis: ["full-time"],
        headcount: 0,
        firstDayHeadcount: 0,
      },
      { name: "Part-time", allowanceAmount: 250, basis: ["part-time"], headcount: 0, firstDayHeadcount: 0 },
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
    // More than two years ahead is refused before any plan year is worked out for it (the
    // calendar's last month once answered a 500).
    for (const effectiveDate of ["9999-12-15", "9999-11-01"]) {
      const far = await send({ effectiveDate });
      expect(far.status).toBe(400);
      expect((await far.json()).errors.effectiveDate).toMatch(/^The effective date can be at most two years ahead: the latest is /);
    }
  });
});

test("an effective date is taken up to two years after the earliest day, and not after", () => {
  expect(effectiveDateError("2028-11-01", "2026-11-27")).toBeNull();
  expect(effectiveDateError("2028-12-01", "2026-11-27")).toBe(
    "The effective date can be at most two years ahead: the latest is November 1, 2028.",
  );
  expect(effectiveDateError("2030-03-01", "2028-02-29")).toBe(
    "The effective date can be at most two years ahead: the latest is February 1, 2030.",
  );
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
    // The date as every screen and the other emails write it, not as stored.
    const [{ effective_date }] = all<{ effective_date: string }>("select effective_date from enrollments where id = ?", owner.enrollmentId);
    expect(mail.text_body).toContain(`Effective date: ${formatDate(effective_date)}\n`);
    expect(mail.text_body).toContain("Full-time: $500.00/month");
    expect(mail.text_body).toContain(`http://localhost/dashboard/${owner.businessId}`);
    // It promises nothing that does not happen: finalizing invites no one.
    expect(mail.text_body).toContain("Nothing has been sent to your employees.");
    expect(mail.text_body).not.toContain("Your employees receive an email");
    expect(q<{ n: number }>("select count(*) as n from outbox where kind = 'employee_invitation'").n).toBe(0);
    expect(
      all<{ s: string }>("select distinct invite_status as s from census_employees where enrollment_id = ?", owner.enrollmentId),
    ).toEqual([{ s: "not_sent" }]);
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
    ];
    const upload = () =>
      t.request("POST", `/api/enrollment/${id}/census`, { headers: owner.headers, body: censusForm(goodCsv.replace("Jane", "Janet")) });
    const [finalize, ...rest] = await Promise.all([
      t.request("PUT", `/api/enrollment/${id}/finalize`, { headers: owner.headers, json: {} }),
      ...writes(),
      upload(),
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
    // The census alone stays replaceable, until anything goes out to the employees (census tests).
    expect((await upload()).status).toBe(200);
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

describe("approval and activation emails", () => {
  const mails = (to: string) =>
    all<{ kind: string; subject: string; text_body: string }>(
      "select kind, subject, text_body from outbox where to_address = ? and kind in ('enrollment_approved', 'enrollment_activated') order by id",
      to,
    );

  test("approving emails the primary contact what changed, what is next, the dashboard and documents that open for the owner", async () => {
    const owner = await ownerWithCensus(t);
    expect((await t.request("PUT", `/api/enrollment/${owner.enrollmentId}/finalize`, { headers: owner.headers, json: {} })).status).toBe(
      200,
    );
    const admin = await adminHeaders(t);
    expect(mails(owner.email)).toEqual([]);
    expect((await t.request("POST", `/api/admin/enrollments/${owner.enrollmentId}/approve`, { headers: admin })).status).toBe(200);
    const [mail] = mails(owner.email);
    expect(mail.kind).toBe("enrollment_approved");
    expect(mail.subject).toBe("Your ICHRA enrollment for Acme Dental is approved");
    expect(mail.text_body).toContain("Our team has approved Acme Dental's ICHRA enrollment (plan: Advantage).");
    expect(mail.text_body).toContain("What happens next:");
    expect(mail.text_body).toContain("ICHRA notice from your dashboard");
    expect(mail.text_body).toContain("An employee gets one only when you send it");
    // Nothing emails the owner on the effective date by itself: the email promises no such thing.
    expect(mail.text_body).not.toContain("we will email you");
    expect(mail.text_body).toContain(`Your dashboard: http://localhost/dashboard/${owner.businessId}`);
    // Every document link is a page of the site whose data answers this owner (and no one signed out).
    const links = mail.text_body.match(/http:\/\/localhost\/enrollment\/\S+/g)!;
    expect(links).toEqual([
      `http://localhost/enrollment/${owner.enrollmentId}`,
      `http://localhost/enrollment/${owner.enrollmentId}/notice/0`,
      `http://localhost/enrollment/${owner.enrollmentId}/notice/1`,
    ]);
    expect(mail.text_body).toContain(`ICHRA notice for the class "Part-time": http://localhost/enrollment/${owner.enrollmentId}/notice/1`);
    for (const link of links) {
      const path = new URL(link).pathname;
      expect({ path, known: isKnownRoute(path) }).toEqual({ path, known: true });
      const api = path
        .replace(/^\/enrollment\/(\d+)\/notice\/(\d+)$/, "/api/enrollment/$1/notices/$2")
        .replace(/^\/enrollment\//, "/api/enrollment/");
      expect({ api, status: (await t.request("GET", api, { headers: owner.headers })).status }).toEqual({ api, status: 200 });
      expect({ api, status: (await t.request("GET", api)).status }).toEqual({ api, status: 401 });
    }
    // Nobody else was written to, and no employee was invited by it.
    expect(q<{ n: number }>("select count(*) as n from outbox where kind = 'employee_invitation'").n).toBe(0);
  });

  test("the next steps name only what has not gone out yet", async () => {
    const admin = await adminHeaders(t);
    const approve = async (owner: { enrollmentId: number; email: string; headers: Record<string, string> }) => {
      await t.request("PUT", `/api/enrollment/${owner.enrollmentId}/finalize`, { headers: owner.headers, json: {} });
      expect((await t.request("POST", `/api/admin/enrollments/${owner.enrollmentId}/approve`, { headers: admin })).status).toBe(200);
      return mails(owner.email)[0]!.text_body;
    };
    // Submitted, every notice sent and one of three invited before the approval.
    const sent = await ownerWithCensus(t);
    await t.request("PUT", `/api/enrollment/${sent.enrollmentId}/finalize`, { headers: sent.headers, json: {} });
    expect((await t.request("POST", `/api/enrollment/${sent.enrollmentId}/notices`, { headers: sent.headers })).status).toBe(200);
    const [first] = all<{ id: number }>("select id from census_employees where enrollment_id = ? order by id", sent.enrollmentId);
    await t.request("POST", `/api/enrollment/${sent.enrollmentId}/employees/${first!.id}/invitation`, { headers: sent.headers });
    const text = await approve(sent);
    expect(text).toContain("  1. Every employee on your census has been sent their ICHRA notice; your dashboard shows when.");
    expect(text).toContain("  2. Send the 2 employees not yet invited their invitations to register from your dashboard.");
    expect(text).not.toContain("Send each eligible employee");

    // No census yet: it comes first.
    const empty = await ownerWithClasses(t);
    expect(await approve(empty)).toMatch(
      / {2}1\. Upload your employee census from your dashboard, then send each employee their ICHRA notice by /,
    );
  });

  test("activating emails that the plan is active; a refused move emails nothing", async () => {
    const owner = await ownerWithCensus(t);
    await t.request("PUT", `/api/enrollment/${owner.enrollmentId}/finalize`, { headers: owner.headers, json: {} });
    const admin = await adminHeaders(t);
    expect((await t.request("POST", `/api/admin/enrollments/${owner.enrollmentId}/activate`, { headers: admin })).status).toBe(409);
    expect(mails(owner.email)).toEqual([]);
    await t.request("POST", `/api/admin/enrollments/${owner.enrollmentId}/approve`, { headers: admin });
    expect((await t.request("POST", `/api/admin/enrollments/${owner.enrollmentId}/approve`, { headers: admin })).status).toBe(409);
    expect((await t.request("POST", `/api/admin/enrollments/${owner.enrollmentId}/activate`, { headers: admin })).status).toBe(200);
    const sent = mails(owner.email);
    expect(sent.map((m) => m.kind)).toEqual(["enrollment_approved", "enrollment_activated"]);
    expect(sent[1].subject).toBe("Your ICHRA for Acme Dental is active");
    expect(sent[1].text_body).toContain("Acme Dental's ICHRA (plan: Advantage) is now active.");
    expect(sent[1].text_body).toContain("an employee who has not registered yet can still register with their invitation");
    expect(sent[1].text_body).toContain(`http://localhost/enrollment/${owner.enrollmentId}/notice/0`);
  });
});

describe("access to enrollment endpoints", () => {
  const endpoints = (id: number): [string, string, unknown?][] => [
    ["GET", `/api/enrollment/${id}`],
    ["PUT", `/api/enrollment/${id}/classes`, classesPayload()],
    ["PUT", `/api/enrollment/${id}/effective-date`, { effectiveDate: planStart(70) }],
    ["PUT", `/api/enrollment/${id}/finalize`, {}],
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
