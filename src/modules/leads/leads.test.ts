import { afterEach, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../../test/api";
import { LEAD_RECEIVED_MESSAGE } from "./model";

let t: TestApp;
afterEach(() => t?.close());

const rows = () => t.database.sqlite.query("select * from form_submissions order by id").all() as Record<string, unknown>[];
const emails = () => t.database.sqlite.query("select * from outbox order by id").all() as Record<string, unknown>[];
const post = (json: unknown, headers: Record<string, string> = {}) => t.request("POST", "/api/contact", { json, headers });
const errorsOf = async (res: Response) => {
  expect(res.status).toBe(400);
  return ((await res.json()) as { errors: Record<string, string> }).errors;
};

const person = { name: "Dana Ruiz", email: "dana@example.com" };

describe("POST /api/contact stores each form with its composed message", () => {
  test("the contact form (no formType) is stored as contact with its raw fields, IP and user agent", async () => {
    t = await createTestApp({ TRUST_PROXY: "1", LEADS_NOTIFY_TO: "sales@example.com" });
    const res = await post(
      { ...person, company: "Acme", phone: "555-0100", currentProvider: "None", message: "Call me" },
      { "x-forwarded-for": "198.51.100.66, 203.0.113.7", "user-agent": "TestAgent/1.0" },
    );
    expect(res.status).toBe(201);
    // The answer carries no id: sequential ids would let anyone count the leads.
    expect(await res.json()).toEqual({ message: LEAD_RECEIVED_MESSAGE });
    const [row] = rows();
    expect(row).toMatchObject({
      form_type: "contact",
      name: "Dana Ruiz",
      email: "dana@example.com",
      company: "Acme",
      phone: "555-0100",
      current_provider: "None",
      message: "Call me",
      ip_address: "203.0.113.7",
      user_agent: "TestAgent/1.0",
    });
    expect(JSON.parse(row!.data as string)).toEqual({
      ...person,
      company: "Acme",
      phone: "555-0100",
      currentProvider: "None",
      message: "Call me",
    });
    expect(Math.abs((row!.submitted_at as number) - Date.now())).toBeLessThan(10_000);
    const [email] = emails();
    expect(email).toMatchObject({ kind: "lead_notification", to_address: "sales@example.com", status: "pending" });
    expect(email!.subject).toBe("New lead: Contact message from Dana Ruiz (Acme)");
    expect(email!.text_body).toContain("Email: dana@example.com");
    expect(email!.text_body).toContain("Call me");
  });

  test("no notification is queued when LEADS_NOTIFY_TO is not set", async () => {
    t = await createTestApp();
    expect((await post({ ...person, company: "Acme" })).status).toBe(201);
    expect(rows()).toHaveLength(1);
    expect(emails()).toHaveLength(0);
  });

  test.each([
    [{ formType: "employers", company: "Acme", employees: 1250 }, "employers", "Number of employees: 1,250", null],
    [{ formType: "brokers", company: "Best Brokers", existingPlatform: "Thatch" }, "brokers", "Existing platform: Thatch", "Thatch"],
    [{ formType: "brokers", company: "Best Brokers" }, "brokers", null, null],
    [
      { formType: "platforms", company: "PayCo", integrationInterest: "yes" },
      "platforms",
      "Integration interest: Yes - Ready to integrate",
      null,
    ],
    [
      { formType: "platforms", company: "PayCo", integrationInterest: "no" },
      "platforms",
      "Integration interest: No - Just exploring options",
      null,
    ],
    [
      { formType: "enrollment", company: "Acme", currentProvider: "PeopleKeep" },
      "enrollment",
      "Current ICHRA provider: PeopleKeep",
      "PeopleKeep",
    ],
    // A client that composes the line itself, as the original site did, gets it once.
    [
      { formType: "enrollment", company: "Acme", currentProvider: "None", message: "Current ICHRA provider: None" },
      "enrollment",
      "Current ICHRA provider: None",
      "None",
    ],
  ] as const)("%o → %s with message %p", async (fields, formType, message, provider) => {
    t = await createTestApp();
    const res = await post({ ...person, ...fields });
    expect(res.status).toBe(201);
    expect(rows()[0]).toMatchObject({ form_type: formType, company: fields.company, message, current_provider: provider });
  });

  test("unknown fields are dropped, also from the stored raw data", async () => {
    t = await createTestApp();
    const res = await post({ ...person, company: "Acme", isAdmin: true, leadStatus: "won", id: 99 });
    expect(res.status).toBe(201);
    const [row] = rows();
    expect(row).toMatchObject({ lead_status: "new" });
    expect(JSON.parse(row!.data as string)).toEqual({ ...person, company: "Acme" });
  });

  test("fields of another form are dropped too", async () => {
    t = await createTestApp();
    const res = await post({
      ...person,
      formType: "brokers",
      company: "Best Brokers",
      employees: 40,
      phone: "555-0100",
      currentProvider: "X",
    });
    expect(res.status).toBe(201);
    const [row] = rows();
    expect(row).toMatchObject({ form_type: "brokers", phone: null, current_provider: null, message: null });
    expect(JSON.parse(row!.data as string)).toEqual({ ...person, company: "Best Brokers" });
  });
});

describe("POST /api/contact refuses bad input with the field's message", () => {
  test("each form names its own required fields", async () => {
    t = await createTestApp({ LEADS_PER_MINUTE: "100" });
    expect(await errorsOf(await post({}))).toEqual({
      name: "Name is required",
      company: "Company name is required",
      email: "Email is required",
    });
    expect(await errorsOf(await post({ formType: "brokers" }))).toEqual({
      name: "Name is required",
      email: "Email is required",
      company: "Firm name is required",
    });
    expect(await errorsOf(await post({ formType: "platforms" }))).toEqual({
      name: "Name is required",
      company: "Platform name is required",
      email: "Email is required",
    });
    expect(await errorsOf(await post({ formType: "enrollment" }))).toEqual({
      name: "Name is required",
      company: "Company name is required",
      email: "Email is required",
    });
    expect(await errorsOf(await post({ formType: "employers" }))).toEqual({
      name: "Name is required",
      company: "Company name is required",
      email: "Email is required",
      employees: "Number of employees is required",
    });
    // Blank is missing too.
    expect(await errorsOf(await post({ name: "   ", email: "", company: " " }))).toEqual({
      name: "Name is required",
      company: "Company name is required",
      email: "Email is required",
    });
    expect(rows()).toHaveLength(0);
  });

  test("email format, employee count, lengths and choices", async () => {
    t = await createTestApp({ LEADS_PER_MINUTE: "100" });
    const ok = { ...person, company: "Acme" };
    expect(await errorsOf(await post({ ...ok, email: "not-an-email" }))).toEqual({ email: "Invalid email format" });
    const quote = { ...ok, formType: "employers" };
    expect(await errorsOf(await post({ ...quote, employees: "ten" }))).toEqual({ employees: "Number of employees must be a whole number" });
    expect(await errorsOf(await post({ ...quote, employees: 2.5 }))).toEqual({ employees: "Number of employees must be a whole number" });
    expect(await errorsOf(await post({ ...quote, employees: 0 }))).toEqual({ employees: "Number of employees must be at least 1" });
    expect(await errorsOf(await post({ ...quote, employees: 1_000_001 }))).toEqual({
      employees: "Number of employees must be at most 1,000,000",
    });
    expect((await post({ ...quote, employees: 1_000_000 })).status).toBe(201);
    expect(await errorsOf(await post({ ...ok, name: "n".repeat(201) }))).toEqual({ name: "Must be at most 200 characters" });
    expect(await errorsOf(await post({ ...ok, company: "c".repeat(201) }))).toEqual({ company: "Must be at most 200 characters" });
    expect(await errorsOf(await post({ ...ok, email: `${"e".repeat(250)}@x.io` }))).toEqual({
      email: "Email must be at most 254 characters",
    });
    expect(await errorsOf(await post({ ...ok, message: "m".repeat(5001) }))).toEqual({ message: "Must be at most 5000 characters" });
    expect((await post({ ...ok, message: "m".repeat(5000) })).status).toBe(201);
    expect(await errorsOf(await post({ ...ok, formType: "brokers", existingPlatform: "Nobody" }))).toEqual({
      existingPlatform: "Choose one of the listed platforms",
    });
    expect(await errorsOf(await post({ ...ok, formType: "platforms", integrationInterest: "maybe" }))).toEqual({
      integrationInterest: "Choose yes or no",
    });
    expect(await errorsOf(await post({ ...ok, formType: "partners" }))).toEqual({ formType: "Unknown form type" });
    expect(await errorsOf(await post({ ...ok, name: 42 }))).toEqual({ name: "Invalid input" });
    expect(rows()).toHaveLength(2);
  });

  test("a body that is not JSON gets 400, and one over 1 MB gets 413", async () => {
    t = await createTestApp({ LEADS_PER_MINUTE: "100" });
    const bad = await t.request("POST", "/api/contact", { body: "{nope", headers: { "content-type": "application/json" } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe("The request body could not be read. Send valid JSON.");
    const big = JSON.stringify({ ...person, company: "Acme", message: "x".repeat(1024 * 1024) });
    const variants: Record<string, string>[] = [
      { "content-type": "application/json" },
      { "content-type": "application/json", "content-length": String(big.length) },
    ];
    for (const headers of variants) {
      const res = await t.request("POST", "/api/contact", { body: big, headers });
      expect(res.status).toBe(413);
      expect(((await res.json()) as { message: string }).message).toBe("The request body is too large (1 MB at most).");
    }
    expect(rows()).toHaveLength(0);
  });
});

describe("POST /api/contact against robots and floods", () => {
  test("a filled honeypot answers as if accepted and stores nothing", async () => {
    t = await createTestApp({ LEADS_NOTIFY_TO: "sales@example.com" });
    const res = await post({ ...person, company: "Acme", website: "http://spam.example" });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ message: LEAD_RECEIVED_MESSAGE });
    expect(rows()).toHaveLength(0);
    expect(emails()).toHaveLength(0);
  });

  test("past LEADS_PER_MINUTE an address gets 429 with Retry-After; others still get through", async () => {
    t = await createTestApp({ LEADS_PER_MINUTE: "2", TRUST_PROXY: "1" });
    const from = (ip: string) => post({ ...person, company: "Acme" }, { "x-forwarded-for": ip });
    expect((await from("198.51.100.1")).status).toBe(201);
    expect((await from("198.51.100.1")).status).toBe(201);
    const refused = await from("198.51.100.1");
    expect(refused.status).toBe(429);
    // The limit is checked before the body is read: a refused address is not told its JSON is broken.
    const unread = await t.request("POST", "/api/contact", {
      body: "{nope",
      headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.1" },
    });
    expect(unread.status).toBe(429);
    const wait = Number(refused.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(((await refused.json()) as { message: string }).message).toBe("Too many requests. Please try again later.");
    expect((await from("198.51.100.2")).status).toBe(201);
    expect(rows()).toHaveLength(3);
  });

  test("with TRUST_PROXY, a client inventing X-Forwarded-For hops neither escapes the limit nor chooses the stored address", async () => {
    t = await createTestApp({ LEADS_PER_MINUTE: "1", TRUST_PROXY: "1" });
    expect((await post({ ...person, company: "Acme" }, { "x-forwarded-for": "192.0.2.1, 203.0.113.9" })).status).toBe(201);
    expect((await post({ ...person, company: "Acme" }, { "x-forwarded-for": "192.0.2.2, 203.0.113.9" })).status).toBe(429);
    expect(rows()[0]!.ip_address).toBe("203.0.113.9");
  });

  test("LEADS_PER_DAY caps an address across minutes", async () => {
    t = await createTestApp({ LEADS_PER_MINUTE: "10", LEADS_PER_DAY: "3" });
    for (let i = 0; i < 3; i++) expect((await post({ ...person, company: "Acme" })).status).toBe(201);
    const refused = await post({ ...person, company: "Acme" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(86_000);
  });

  test("without TRUST_PROXY a forged X-Forwarded-For neither escapes the limit nor is stored", async () => {
    t = await createTestApp({ LEADS_PER_MINUTE: "1" });
    expect((await post({ ...person, company: "Acme" }, { "x-forwarded-for": "192.0.2.1" })).status).toBe(201);
    expect((await post({ ...person, company: "Acme" }, { "x-forwarded-for": "192.0.2.2" })).status).toBe(429);
    expect(rows()[0]!.ip_address).toBeNull();
  });
});
