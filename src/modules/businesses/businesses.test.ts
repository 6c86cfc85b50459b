import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { users } from "@db/schema";
import { Value } from "@sinclair/typebox/value";
import { loadConfig } from "../../config";
import { createTestApp, type TestApp } from "../../test/api";
import {
  adminHeaders,
  companyPayload,
  companyUpdatePayload,
  cookieOf,
  inDays,
  ownerWithCensus,
  ownerWithClasses,
  ownerWithPlan,
  planStart,
  registerOwner,
} from "../../test/employers";
import { employeeCookie, workplaceWith } from "../../test/registered-employees";
import { createSession, SESSION_COOKIE } from "../auth/sessions";
import { EnrollmentList } from "../enrollments/model";
import { BusinessRead, COMPANY_SUBMITTED_MESSAGE, DUPLICATE_EMAIL_MESSAGE, MyBusiness } from "./model";
import { industries } from "./options";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const q = <T>(sql: string, ...params: unknown[]) => t.database.sqlite.query(sql).get(...(params as [])) as T;

describe("POST /api/business/register", () => {
  test("creates the user and the business, starts an owner session and answers businessId", async () => {
    const payload = companyPayload({ email: "Ann.Lee@Acme.test" });
    const res = await t.request("POST", "/api/business/register", { json: payload });
    expect(res.status).toBe(201);
    const { businessId } = await res.json();
    expect(Number.isInteger(businessId)).toBe(true);
    const business = q<{ status: string; user_id: number; tax_id: string; name: string }>(
      "select * from businesses where id = ?",
      businessId,
    );
    expect(business).toMatchObject({ status: "registered", tax_id: "12-3456789", name: "Acme Dental" });
    const user = q<Record<string, unknown>>("select * from users where id = ?", business.user_id);
    expect(user).toMatchObject({
      role: "business",
      username: "ann.lee@acme.test",
      email: "ann.lee@acme.test",
      first_name: "Ann",
      last_name: "Lee",
      password: null,
    });
    const session = q<{ kind: string; user_id: number }>("select kind, user_id from sessions where user_id = ?", business.user_id);
    expect(session.kind).toBe("owner");
    const me = await t.request("GET", "/api/auth/me", { headers: { cookie: cookieOf(res) } });
    expect(await me.json()).toEqual({ role: "owner", businessId, employeeId: null, enrollmentId: null });
  });

  test("names are kept as one line of plain text: the lines and control characters a client sends are not", async () => {
    const res = await t.request("POST", "/api/business/register", {
      json: companyPayload({
        email: "one.line@acme.test",
        name: "Acme Tools\n\nIMPORTANT: call us\n",
        firstName: " Eve\n",
        address: "1 Main St\u0000\nSuite 2",
      }),
    });
    expect(res.status).toBe(201);
    const { businessId } = await res.json();
    const stored = q<{ name: string; first_name: string; address: string }>(
      "select b.name, u.first_name, b.address from businesses b join users u on u.id = b.user_id where b.id = ?",
      businessId,
    );
    expect(stored).toEqual({ name: "Acme Tools IMPORTANT: call us", first_name: "Eve", address: "1 Main St Suite 2" });
  });

  test("a company name with a link, markup or a formula, and contact names that are not names, are refused together, each named", async () => {
    // Registering makes us email the company's name to an address nobody has confirmed yet.
    for (const name of [
      "URGENT verify at http://evil.example/login",
      "Visit www.evil.example",
      "Log in at evil.com",
      "bit.ly/x",
      "evil.example/login",
      "mailto:x@y.com",
      "javascript:alert(1)",
      "<b>Acme</b>",
      "=HYPERLINK(1)",
    ]) {
      const res = await t.request("POST", "/api/business/register", {
        json: companyPayload({ email: `named.${name.length}@acme.test`, name, firstName: "Eve<script>", lastName: "<i>x</i>" }),
      });
      expect(res.status).toBe(400);
      expect((await res.json()).errors).toEqual({
        name: "Company name cannot hold a web address, markup or a formula",
        firstName: "First name can hold only letters, spaces, hyphens, apostrophes and periods",
        lastName: "Last name can hold only letters, spaces, hyphens, apostrophes and periods",
      });
    }
    // Digits and the symbols companies carry are names still.
    for (const name of ["AT&T 1-800 Flowers (Texas), Inc.", "J.Crew Group, Inc.", "St. Louis Bread Co.", "Ben & Jerry's"])
      expect((await t.request("POST", "/api/business/register", { json: companyPayload({ name }) })).status).toBe(201);
    // A value too long is told so, with its field's name, not that it is missing.
    const long = await t.request("POST", "/api/business/register", {
      json: companyPayload({ firstName: "A".repeat(201), name: "A".repeat(201), city: "A".repeat(201) }),
    });
    expect((await long.json()).errors).toEqual({
      firstName: "First name must be at most 200 characters",
      name: "Company name must be at most 200 characters",
      city: "City must be at most 200 characters",
    });
  });

  test("the same email again (any case) answers 409 with a link to /login, stores nothing and emails that address a sign-in link", async () => {
    const first = await registerOwner(t);
    const before = q<{ n: number }>("select count(*) as n from businesses").n;
    const links = () => q<{ n: number }>("select count(*) as n from outbox where kind = 'sign_in_link' and to_address = ?", first.email).n;
    const linksBefore = links();
    const res = await t.request("POST", "/api/business/register", {
      json: companyPayload({ email: first.email.toUpperCase(), name: "Second Co" }),
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: DUPLICATE_EMAIL_MESSAGE, loginUrl: "/login" });
    expect(q<{ n: number }>("select count(*) as n from businesses").n).toBe(before);
    expect(links()).toBe(linksBefore + 1);
  });

  const cases: [string, Record<string, unknown>, string][] = [
    ["name", { name: "" }, "Company name is required"],
    ["name", { name: "   " }, "Company name is required"],
    ["taxId", { taxId: "" }, "Tax ID is required"],
    ["taxId", { taxId: "123456789" }, "Tax ID must be in XX-XXXXXXX format"],
    ["address", { address: "" }, "Address is required"],
    ["city", { city: "" }, "City is required"],
    ["state", { state: "select-state" }, "State is required"],
    ["state", { state: "XX" }, "State is required"],
    ["zip", { zip: "" }, "ZIP code is required"],
    ["zip", { zip: "1234" }, "ZIP code must be in XXXXX or XXXXX-XXXX format"],
    ["industry", { industry: "select-industry" }, "Industry is required"],
    ["size", { size: "select-range" }, "Company size is required"],
    ["firstName", { firstName: "" }, "First name is required"],
    ["lastName", { lastName: "" }, "Last name is required"],
    ["email", { email: "" }, "Email is required"],
    ["email", { email: "not-an-email" }, "Invalid email format"],
    ["phone", { phone: "" }, "Phone number is required"],
    // The number employees are given to call in their ICHRA notice: one that can be dialled.
    ["phone", { phone: "555-12" }, "Phone number must be at least 10 digits"],
    ["phone", { phone: "call me" }, "Phone number must be at least 10 digits"],
    // A plain space only: a no-break space hides in a number printed in every notice.
    ["phone", { phone: "512\u00a0555\u00a00100" }, "Phone number must be at least 10 digits"],
    ["termsAccepted", { termsAccepted: false }, "You must accept the terms and conditions"],
  ];
  for (const [field, change, message] of cases) {
    test(`${field} ${JSON.stringify(change[field])} → '${message}'`, async () => {
      const res = await t.request("POST", "/api/business/register", { json: companyPayload(change) });
      expect(res.status).toBe(400);
      expect((await res.json()).errors).toEqual({ [field]: message });
    });
  }

  test("an empty body names every field", async () => {
    const res = await t.request("POST", "/api/business/register", { json: {} });
    expect(res.status).toBe(400);
    expect(Object.keys((await res.json()).errors).sort()).toEqual([
      "address",
      "city",
      "email",
      "firstName",
      "industry",
      "lastName",
      "name",
      "phone",
      "size",
      "state",
      "taxId",
      "termsAccepted",
      "zip",
    ]);
  });

  test("accepts all fifteen industries and the ZIP+4 form", async () => {
    expect(industries).toHaveLength(15);
    for (const { value: industry } of industries) {
      const res = await t.request("POST", "/api/business/register", {
        json: companyPayload({ industry, zip: "78701-1234", state: "DC", size: "501+" }),
      });
      expect(res.status).toBe(201);
      const { businessId } = await res.json();
      expect(q<Record<string, unknown>>("select industry, zip, state, size from businesses where id = ?", businessId)).toEqual({
        industry,
        zip: "78701-1234",
        state: "DC",
        size: "501+",
      });
    }
  });
});

describe("POST /api/business/register against floods", () => {
  const REGISTRATIONS_PER_MINUTE = 5;
  test(`past ${REGISTRATIONS_PER_MINUTE} a minute (the default) an address gets 429 with Retry-After, valid or not; others still get through`, async () => {
    const other = await createTestApp({ TRUST_PROXY: "1" });
    try {
      const from = (ip: string, json: unknown = companyPayload()) =>
        other.request("POST", "/api/business/register", { json, headers: { "x-forwarded-for": ip } });
      expect((await from("198.51.100.7", {})).status).toBe(400);
      for (let i = 1; i < REGISTRATIONS_PER_MINUTE; i++) expect((await from("198.51.100.7")).status).toBe(201);
      const refused = await from("198.51.100.7");
      expect(refused.status).toBe(429);
      const wait = Number(refused.headers.get("retry-after"));
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60);
      expect(await refused.json()).toEqual({ message: "Too many requests. Please try again later." });
      expect((other.database.sqlite.query("select count(*) as n from businesses").get() as { n: number }).n).toBe(
        REGISTRATIONS_PER_MINUTE - 1,
      );
      expect((await from("198.51.100.8")).status).toBe(201);
    } finally {
      other.close();
    }
  });
});

describe("registration limits are settings", () => {
  test("REGISTRATIONS_PER_MINUTE and REGISTRATIONS_PER_DAY set the per-address limits", async () => {
    const strict = await createTestApp({ TRUST_PROXY: "1", REGISTRATIONS_PER_MINUTE: "2", REGISTRATIONS_PER_DAY: "3" });
    try {
      const from = (ip: string) =>
        strict.request("POST", "/api/business/register", { json: companyPayload(), headers: { "x-forwarded-for": ip } });
      expect((await from("198.51.100.20")).status).toBe(201);
      expect((await from("198.51.100.20")).status).toBe(201);
      const minute = await from("198.51.100.20");
      expect(minute.status).toBe(429);
      expect(Number(minute.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    } finally {
      strict.close();
    }
  });

  test("a bad value stops the start with a message naming the variable", () => {
    expect(() => loadConfig({ REGISTRATIONS_PER_DAY: "0" })).toThrow("REGISTRATIONS_PER_DAY must be a whole number from 1 to 10000000");
    expect(loadConfig({}).registrationsPerMinute).toBe(5);
    expect(loadConfig({}).registrationsPerDay).toBe(20);
  });
});

describe("GET /api/business/:id", () => {
  test("answers the business with its real primary contact", async () => {
    const owner = await registerOwner(t);
    const res = await t.request("GET", `/api/business/${owner.businessId}`, { headers: owner.headers });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(Value.Check(BusinessRead, body)).toBe(true);
    expect(body).toMatchObject({
      id: owner.businessId,
      name: "Acme Dental",
      taxId: "12-3456789",
      state: "TX",
      industry: "healthcare",
      size: "11-50",
      status: "registered",
      email: owner.email,
      contact: { firstName: "Ann", lastName: "Lee", email: owner.email, phone: "(512) 555-0100" },
    });
    expect(new Date(body.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  test("an admin may read any business", async () => {
    const owner = await registerOwner(t);
    const res = await t.request("GET", `/api/business/${owner.businessId}`, { headers: await adminHeaders(t) });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(Value.Check(BusinessRead, body)).toBe(true);
    expect(body).toMatchObject({
      id: owner.businessId,
      name: "Acme Dental",
      email: owner.email,
      contact: { firstName: "Ann", lastName: "Lee", email: owner.email },
    });
  });

  test("ids must be positive integers (400, never 500)", async () => {
    const owner = await registerOwner(t);
    for (const id of ["abc", "0", "-1", "1.5", "99999999999999999999"]) {
      const res = await t.request("GET", `/api/business/${id}`, { headers: owner.headers });
      expect(res.status).toBe(400);
      expect((await res.json()).errors).toEqual({ businessId: "Invalid business ID" });
    }
  });

  test("an unknown id is 404", async () => {
    const owner = await registerOwner(t);
    expect((await t.request("GET", "/api/business/999999", { headers: owner.headers })).status).toBe(404);
  });
});

describe("PUT /api/business/:id", () => {
  const corrected = companyUpdatePayload({
    name: "Acme Dental Group",
    taxId: "98-7654321",
    address: "200 Congress Avenue",
    zip: "78702",
    size: "51-100",
    firstName: "Anne",
    phone: "(512) 555-0199",
  });

  test("the owner corrects the company and the contact's name and phone; the sign-in email stays", async () => {
    const owner = await registerOwner(t);
    const res = await t.request("PUT", `/api/business/${owner.businessId}`, {
      headers: owner.headers,
      json: { ...corrected, name: "  Acme Dental Group ", email: "someone.else@acme.test" },
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(Value.Check(BusinessRead, body)).toBe(true);
    expect(body).toMatchObject({
      name: "Acme Dental Group",
      taxId: "98-7654321",
      address: "200 Congress Avenue",
      zip: "78702",
      size: "51-100",
      email: owner.email,
      contact: { firstName: "Anne", lastName: "Lee", email: owner.email, phone: "(512) 555-0199" },
    });
    const read = await (await t.request("GET", `/api/business/${owner.businessId}`, { headers: owner.headers })).json();
    expect(read).toEqual(body);
    expect(q<{ n: number }>("select count(*) as n from users where email = ?", "someone.else@acme.test").n).toBe(0);
  });

  test("an admin may correct any business", async () => {
    const owner = await registerOwner(t);
    const res = await t.request("PUT", `/api/business/${owner.businessId}`, { headers: await adminHeaders(t), json: corrected });
    expect(res.status).toBe(200);
    expect((await res.json()).name).toBe("Acme Dental Group");
  });

  test("each bad field is named with the registration's message, and nothing changes", async () => {
    const owner = await registerOwner(t);
    const res = await t.request("PUT", `/api/business/${owner.businessId}`, {
      headers: owner.headers,
      json: { ...corrected, name: " ", taxId: "123", zip: "7870", state: "ZZ", phone: "" },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual({
      name: "Company name is required",
      taxId: "Tax ID must be in XX-XXXXXXX format",
      zip: "ZIP code must be in XXXXX or XXXXX-XXXX format",
      state: "State is required",
      phone: "Phone number is required",
    });
    expect(q<{ name: string }>("select name from businesses where id = ?", owner.businessId).name).toBe("Acme Dental");
  });

  test("nobody else reaches it: anonymous 401, an employee 403, another owner 404 (as for an id that does not exist)", async () => {
    const owner = await registerOwner(t);
    const other = await registerOwner(t);
    const path = `/api/business/${owner.businessId}`;
    expect((await t.request("PUT", path, { json: corrected })).status).toBe(401);
    const work = await workplaceWith(t.database.db, [{}]);
    const employee = { cookie: await employeeCookie(t.database.db, work.employees[0]!.id) };
    expect((await t.request("PUT", path, { headers: employee, json: corrected })).status).toBe(403);
    expect((await t.request("PUT", path, { headers: other.headers, json: corrected })).status).toBe(404);
    expect((await t.request("PUT", "/api/business/999999", { headers: owner.headers, json: corrected })).status).toBe(404);
    expect(q<{ name: string }>("select name from businesses where id = ?", owner.businessId).name).toBe("Acme Dental");
  });

  test("once an enrollment was submitted: 409 that says so, and nothing changes", async () => {
    const owner = await ownerWithPlan(t);
    t.database.sqlite.query("update enrollments set finalized_at = ? where id = ?").run(Date.now(), owner.enrollmentId);
    const res = await t.request("PUT", `/api/business/${owner.businessId}`, { headers: owner.headers, json: corrected });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe(COMPANY_SUBMITTED_MESSAGE);
    expect(q<{ name: string }>("select name from businesses where id = ?", owner.businessId).name).toBe("Acme Dental");
    expect(q<{ first_name: string }>("select first_name from users where email = ?", owner.email).first_name).toBe("Ann");
    // A new draft started since (a plan chosen again) does not reopen what was submitted.
    const again = await t.request("POST", `/api/business/${owner.businessId}/plan`, {
      headers: owner.headers,
      json: { planId: 1, effectiveDate: planStart(60), monthlyBudget: 100 },
    });
    expect(again.status).toBe(201);
    const later = await t.request("PUT", `/api/business/${owner.businessId}`, { headers: owner.headers, json: corrected });
    expect(later.status).toBe(409);
    expect(q<{ name: string }>("select name from businesses where id = ?", owner.businessId).name).toBe("Acme Dental");
  });
});

describe("POST /api/business/:id/plan", () => {
  test("creates the enrollment: statuses plan_selected, money in cents", async () => {
    const owner = await registerOwner(t);
    const effectiveDate = planStart(90);
    const res = await t.request("POST", `/api/business/${owner.businessId}/plan`, {
      headers: owner.headers,
      json: { planId: 1, effectiveDate, monthlyBudget: 1234.5 },
    });
    expect(res.status).toBe(201);
    const { enrollmentId } = await res.json();
    const row = q<Record<string, unknown>>("select * from enrollments where id = ?", enrollmentId);
    expect(row).toMatchObject({
      business_id: owner.businessId,
      plan_id: 1,
      status: "plan_selected",
      effective_date: effectiveDate,
      monthly_budget_cents: 123450,
      finalized_at: null,
    });
    expect(q<{ status: string }>("select status from businesses where id = ?", owner.businessId).status).toBe("plan_selected");
  });

  test("choosing again updates the unfinished enrollment instead of adding one", async () => {
    const owner = await ownerWithClasses(t);
    const res = await t.request("POST", `/api/business/${owner.businessId}/plan`, {
      headers: owner.headers,
      json: { planId: 3, effectiveDate: planStart(60), monthlyBudget: 900 },
    });
    expect(res.status).toBe(201);
    expect((await res.json()).enrollmentId).toBe(owner.enrollmentId);
    expect(q<{ n: number }>("select count(*) as n from enrollments where business_id = ?", owner.businessId).n).toBe(1);
    // Classes stay defined, so neither status moves backwards.
    expect(q<{ status: string; plan_id: number }>("select status, plan_id from enrollments where id = ?", owner.enrollmentId)).toEqual({
      status: "classes_defined",
      plan_id: 3,
    });
    expect(q<{ status: string }>("select status from businesses where id = ?", owner.businessId).status).toBe("classes_defined");
  });

  test("a new effective date on the plan step undoes the Effective Date step's confirmation; the same date keeps it", async () => {
    const owner = await ownerWithClasses(t);
    const confirmedAt = () =>
      q<{ c: number | null }>("select effective_date_confirmed_at as c from enrollments where id = ?", owner.enrollmentId).c;
    const plan = (effectiveDate: string) =>
      t.request("POST", `/api/business/${owner.businessId}/plan`, {
        headers: owner.headers,
        json: { planId: 2, effectiveDate, monthlyBudget: 600 },
      });
    expect(
      (
        await t.request("PUT", `/api/enrollment/${owner.enrollmentId}/effective-date`, {
          headers: owner.headers,
          json: { effectiveDate: planStart(90) },
        })
      ).status,
    ).toBe(200);
    const confirmed = confirmedAt();
    expect(confirmed).not.toBeNull();
    expect((await plan(planStart(90))).status).toBe(201);
    expect(confirmedAt()).toBe(confirmed);
    expect((await plan(planStart(150))).status).toBe(201);
    expect(confirmedAt()).toBeNull();
    const read = await (await t.request("GET", `/api/enrollment/${owner.enrollmentId}`, { headers: owner.headers })).json();
    expect(read).toMatchObject({ effectiveDate: planStart(150), effectiveDateConfirmed: false, monthlyBudget: 600 });
    const mine = await (await t.request("GET", "/api/business/mine", { headers: owner.headers })).json();
    expect(mine.progress.effectiveDate).toBe(false);
  });

  const cases: [string, Record<string, unknown>, string][] = [
    ["planId", { planId: 0 }, "Plan selection is required"],
    ["planId", { planId: undefined }, "Plan selection is required"],
    ["effectiveDate", { effectiveDate: "" }, "Effective date is required"],
    ["effectiveDate", { effectiveDate: "next week" }, "Effective date is required"],
    ["monthlyBudget", { monthlyBudget: 0 }, "Monthly budget is required"],
    ["monthlyBudget", { monthlyBudget: undefined }, "Monthly budget is required"],
    ["monthlyBudget", { monthlyBudget: 10_000_001 }, "Monthly budget must be at most $10,000,000"],
  ];
  for (const [field, change, message] of cases) {
    test(`${field} ${JSON.stringify(change[field]) ?? "missing"} → '${message}'`, async () => {
      const owner = await registerOwner(t);
      const res = await t.request("POST", `/api/business/${owner.businessId}/plan`, {
        headers: owner.headers,
        json: { planId: 1, effectiveDate: planStart(30), monthlyBudget: 100, ...change },
      });
      expect(res.status).toBe(400);
      expect((await res.json()).errors).toEqual({ [field]: message });
    });
  }

  test("a past date, an impossible date and an unknown plan are refused on their field", async () => {
    const owner = await registerOwner(t);
    const send = (json: Record<string, unknown>) =>
      t.request("POST", `/api/business/${owner.businessId}/plan`, {
        headers: owner.headers,
        json: { planId: 1, effectiveDate: planStart(30), monthlyBudget: 100, ...json },
      });
    let res = await send({ effectiveDate: inDays(-3) });
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual({ effectiveDate: "Effective date cannot be in the past" });
    res = await send({ effectiveDate: "2099-02-30" });
    expect((await res.json()).errors).toEqual({ effectiveDate: "Effective date is required" });
    // The calendar's last month: refused as too far ahead, not a 500 working out the nearest 1st.
    res = await send({ effectiveDate: "9999-12-15" });
    expect(res.status).toBe(400);
    expect((await res.json()).errors.effectiveDate).toMatch(/^The effective date can be at most two years ahead: the latest is /);
    res = await send({ planId: 999 });
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual({ planId: "Please choose one of the listed plans" });
    // Both at once: each is named in the one answer.
    res = await send({ planId: 999, effectiveDate: inDays(-3) });
    expect((await res.json()).errors).toEqual({
      planId: "Please choose one of the listed plans",
      effectiveDate: "Effective date cannot be in the past",
    });
    expect(q<{ n: number }>("select count(*) as n from enrollments where business_id = ?", owner.businessId).n).toBe(0);
  });

  test("the first of the coming month is accepted", async () => {
    const owner = await registerOwner(t);
    const res = await t.request("POST", `/api/business/${owner.businessId}/plan`, {
      headers: owner.headers,
      json: { planId: 1, effectiveDate: planStart(0), monthlyBudget: 100 },
    });
    expect(res.status).toBe(201);
  });
});

describe("GET /api/business/mine", () => {
  test("401 without a session", async () => {
    const res = await t.request("GET", "/api/business/mine");
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: "Sign in to continue." });
  });

  test("404 for an employee's session, even one of a registered business: an employee has no business to resume", async () => {
    const work = await workplaceWith(t.database.db, [{}]);
    const res = await t.request("GET", "/api/business/mine", {
      headers: { cookie: await employeeCookie(t.database.db, work.employees[0]!.id) },
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "You have no registered business yet." });
  });

  test("404 for an admin session: only an owner has a business to resume, so the wizard starts afresh", async () => {
    const res = await t.request("GET", "/api/business/mine", { headers: await adminHeaders(t) });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "You have no registered business yet." });
  });

  test("404 for an owner with no business", async () => {
    const user = t.database.db
      .insert(users)
      .values({ username: "nobiz@acme.test", email: "nobiz@acme.test", firstName: "No", lastName: "Business", role: "business" })
      .returning()
      .get();
    const { token } = await createSession(t.database.db, { userId: user.id, kind: "owner" });
    const res = await t.request("GET", "/api/business/mine", { headers: { cookie: `${SESSION_COOKIE}=${token}` } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "You have no registered business yet." });
  });

  test("reports the wizard's progress step by step", async () => {
    const owner = await ownerWithPlan(t);
    const mine = async () => {
      const res = await t.request("GET", "/api/business/mine", { headers: owner.headers });
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(Value.Check(MyBusiness, body)).toBe(true);
      return body;
    };
    expect(await mine()).toEqual({
      businessId: owner.businessId,
      businessStatus: "plan_selected",
      enrollmentId: owner.enrollmentId,
      enrollmentStatus: "plan_selected",
      progress: { companyInfo: true, planDesign: true, employeeClasses: false, census: "none", effectiveDate: false, submitted: false },
    });
    await t.request("PUT", `/api/enrollment/${owner.enrollmentId}/classes`, {
      headers: owner.headers,
      json: { employeeClasses: [{ name: "All", allowanceAmount: 300, basis: ["full-time", "part-time"] }], totalEmployees: 4 },
    });
    await t.request("PUT", `/api/enrollment/${owner.enrollmentId}/census/skip`, { headers: owner.headers });
    expect((await mine()).progress).toEqual({
      companyInfo: true,
      planDesign: true,
      employeeClasses: true,
      census: "skipped",
      effectiveDate: false,
      submitted: false,
    });
    await t.request("PUT", `/api/enrollment/${owner.enrollmentId}/effective-date`, {
      headers: owner.headers,
      json: { effectiveDate: planStart(120) },
    });
    await t.request("PUT", `/api/enrollment/${owner.enrollmentId}/finalize`, { headers: owner.headers, json: {} });
    const done = await mine();
    expect(done.progress).toEqual({
      companyInfo: true,
      planDesign: true,
      employeeClasses: true,
      census: "skipped",
      effectiveDate: true,
      submitted: true,
    });
    expect(done.businessStatus).toBe("enrolled");
    expect(done.enrollmentStatus).toBe("pending");
  });

  test("an approved enrollment whose effective date has come reports as active", async () => {
    const owner = await ownerWithClasses(t);
    t.database.sqlite
      .query("update enrollments set status = 'approved', effective_date = ? where id = ?")
      .run(inDays(-1), owner.enrollmentId);
    const mine = await (await t.request("GET", "/api/business/mine", { headers: owner.headers })).json();
    expect(mine.enrollmentStatus).toBe("active");
  });

  test("a census upload shows as uploaded; before any plan there is no enrollment", async () => {
    const fresh = await registerOwner(t);
    const res = await t.request("GET", "/api/business/mine", { headers: fresh.headers });
    expect(await res.json()).toMatchObject({ enrollmentId: null, enrollmentStatus: null, progress: { planDesign: false, census: "none" } });
    const owner = await ownerWithCensus(t);
    const mine = await (await t.request("GET", "/api/business/mine", { headers: owner.headers })).json();
    expect(mine.progress.census).toBe("uploaded");
  });
});

describe("GET /api/business/:id/enrollments", () => {
  test("lists the business's enrollments in the spec's shape", async () => {
    const owner = await ownerWithCensus(t);
    const res = await t.request("GET", `/api/business/${owner.businessId}/enrollments`, { headers: owner.headers });
    expect(res.status).toBe(200);
    const list = await res.json();
    expect(Value.Check(EnrollmentList, list)).toBe(true);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id: owner.enrollmentId,
      businessId: owner.businessId,
      status: "classes_defined",
      monthlyBudget: 500,
      plan: { name: "Advantage" },
      business: { name: "Acme Dental", email: owner.email },
    });
    expect(list[0].employeeClasses.map((c: { name: string; headcount: number }) => [c.name, c.headcount])).toEqual([
      ["Full-time", 2],
      ["Part-time", 1],
    ]);
  });

  test("ids must be positive integers (400, never 500)", async () => {
    const owner = await registerOwner(t);
    for (const id of ["abc", "0", "-1", "1.5", "99999999999999999999"]) {
      const res = await t.request("GET", `/api/business/${id}/enrollments`, { headers: owner.headers });
      expect(res.status).toBe(400);
      expect((await res.json()).errors).toEqual({ businessId: "Invalid business ID" });
    }
  });
});

describe("access to business endpoints", () => {
  const endpoints = (id: number): [string, string, unknown?][] => [
    ["GET", `/api/business/${id}`],
    ["GET", `/api/business/${id}/enrollments`],
    ["POST", `/api/business/${id}/plan`, { planId: 1, effectiveDate: planStart(30), monthlyBudget: 100 }],
  ];

  test("401 without a session", async () => {
    const owner = await registerOwner(t);
    for (const [method, path, json] of endpoints(owner.businessId)) {
      const res = await t.request(method, path, { json });
      expect([method, path, res.status]).toEqual([method, path, 401]);
    }
  });

  test("404 for another owner's business, and nothing changes", async () => {
    const victim = await registerOwner(t);
    const intruder = await registerOwner(t);
    for (const [method, path, json] of endpoints(victim.businessId)) {
      const res = await t.request(method, path, { json, headers: intruder.headers });
      expect([method, path, res.status]).toEqual([method, path, 404]);
    }
    expect(q<{ n: number }>("select count(*) as n from enrollments where business_id = ?", victim.businessId).n).toBe(0);
  });
});
