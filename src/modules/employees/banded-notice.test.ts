// Age-banded allowances in the employee list, registration and invitation, and the
// employee's own ICHRA notice opened with their invite.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { addDays, addMonths, format, startOfMonth } from "date-fns";
import { createTestApp, type TestApp } from "../../test/api";
import {
  as,
  createEnrollmentWithCensus,
  expectNothing as expectNothingOf,
  type Fixture,
  outboxTo,
  tokenFrom,
} from "../../test/employee-fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: "https://benefits.example" });
});
afterAll(() => t.close());

// The first of a month (never Feb 29), so "born on this day N years before" is a real date.
const effectiveDate = format(startOfMonth(addMonths(new Date(), 2)), "yyyy-MM-dd");
const [effY, effM, effD] = effectiveDate.split("-").map(Number);
const pad = (n: number) => String(n).padStart(2, "0");
/** Born on this day `years` years before the plan starts: exactly that age on its first day. */
const bornYearsBefore = (years: number) => `${effY - years}-${pad(effM)}-${pad(effD)}`;
/** Turns 30 the day after the plan starts: still 29 on its first day. */
const turns30DayAfter = format(addDays(new Date(effY - 30, effM - 1, effD), 1), "yyyy-MM-dd");

const bandedClasses = [
  {
    name: "Full-time",
    allowanceCents: 30_000,
    ageBands: [
      { minAge: 0, maxAge: 29, allowanceCents: 30_000 },
      { minAge: 30, maxAge: 49, allowanceCents: 50_000 },
      { minAge: 50, allowanceCents: 90_000 },
    ],
  },
  { name: "Part-time", allowanceCents: 20_000 },
];

let f: Fixture;
let other: Fixture;

beforeAll(async () => {
  const stamp = Date.now();
  f = await createEnrollmentWithCensus(t.database.db, {
    effectiveDate,
    employeeClasses: bandedClasses,
    employees: [
      {
        firstName: "Ana",
        lastName: "Young",
        email: `young-${stamp}@example.com`,
        className: "Full-time",
        dateOfBirth: bornYearsBefore(25),
      },
      {
        firstName: "Bob",
        lastName: "Older",
        email: `older-${stamp}@example.com`,
        className: "Full-time",
        dateOfBirth: bornYearsBefore(55),
      },
      { firstName: "Cy", lastName: "Thirty", email: `thirty-${stamp}@example.com`, className: "Full-time", dateOfBirth: turns30DayAfter },
      { firstName: "Di", lastName: "Part", email: `part-${stamp}@example.com`, className: "Part-time", dateOfBirth: bornYearsBefore(55) },
    ],
  });
  other = await createEnrollmentWithCensus(t.database.db, { effectiveDate });
  // Everyone on the census is emailed a personal link.
  const res = await t.request("POST", `/api/enrollment/${f.enrollmentId}/invitations`, as(f.ownerCookie));
  expect(res.status).toBe(200);
  expect((await res.json()).sent).toBe(4);
  await t.request("POST", `/api/enrollment/${other.enrollmentId}/invitations`, as(other.ownerCookie));
});

type Listed = { firstName: string; email: string; allowance: number | null };
async function listed(): Promise<Listed[]> {
  const res = await t.request("GET", `/api/enrollment/${f.enrollmentId}/employees`, as(f.ownerCookie));
  expect(res.status).toBe(200);
  return (await res.json()).employees;
}
const emailOf = async (firstName: string) => (await listed()).find((e) => e.firstName === firstName)!.email;

describe("age-banded allowances", () => {
  test("the employer's list gives each employee the allowance of their band, by age on the plan's first day", async () => {
    const byName = Object.fromEntries((await listed()).map((e) => [e.firstName, e.allowance]));
    expect(byName).toEqual({ Ana: 300, Bob: 900, Cy: 300, Di: 200 });
  });

  test("the registration view shows the employee's banded allowance", async () => {
    for (const [name, allowance] of [
      ["Ana", 300],
      ["Bob", 900],
    ] as const) {
      const res = await t.request("GET", `/api/employee-registration/${f.enrollmentId}?invite=${tokenFrom(t, await emailOf(name))}`);
      expect(res.status).toBe(200);
      const view = await res.json();
      expect(view.className).toBe("Full-time");
      expect(view.allowance).toBe(allowance);
    }
  });

  test("the invitation email states the banded allowance, carries the notice in full and links it with the same invite", async () => {
    const young = outboxTo(t, await emailOf("Ana"), "employee_invitation").at(-1)!.text;
    const old = outboxTo(t, await emailOf("Bob"), "employee_invitation").at(-1)!.text;
    expect(young).toMatch(/Your monthly allowance from .+: \$300\.00\./);
    expect(young).toContain("Your own monthly amount: self only $300.00.");
    expect(old).toMatch(/Your monthly allowance from .+: \$900\.00\./);
    expect(old).toContain("Your own monthly amount: self only $900.00.");
    // The whole notice travels with the invitation: the class's bands, every element.
    expect(old).toContain("  Your age on the first day of the plan year | Self only a month");
    expect(old).toContain("  50 and over | $900.00");
    expect(old).toContain("Keep this notice");
    const token = tokenFrom(t, await emailOf("Bob"));
    expect(old).toContain(`https://benefits.example/employee-registration/${f.enrollmentId}/notice?invite=${token}`);
  });
});

describe("the employee's notice through the invite", () => {
  const expectNothing = (res: Response) => expectNothingOf(res, /Acme|Full-time|Olivia|Owner|900/);
  const notice = (token: string, enrollmentId = f.enrollmentId) =>
    t.request("GET", `/api/employee-registration/${enrollmentId}/notice?invite=${token}`);

  const sectionOf = (body: { sections: { id: string; paragraphs: string[]; list?: string[] }[] }, id: string) => {
    const section = body.sections.find((s) => s.id === id)!;
    return [...section.paragraphs, ...(section.list ?? [])].join("\n");
  };

  test("a valid invite answers the notice of the employee's class with their own allowance and the real contact", async () => {
    const owner = t.database.sqlite
      .query("select u.email as email from users u join businesses b on b.user_id = u.id where b.id = ?")
      .get(f.businessId) as { email: string };
    const business = t.database.sqlite.query("select name from businesses where id = ?").get(f.businessId) as { name: string };
    const res = await notice(tokenFrom(t, await emailOf("Bob")));
    expect(res.status).toBe(200);
    const planYearEnd = format(addDays(new Date(effY + 1, effM - 1, effD), -1), "yyyy-MM-dd");
    const body = await res.json();
    expect(body).toMatchObject({ businessName: business.name, className: "Full-time", planYearStart: effectiveDate, planYearEnd });
    expect(sectionOf(body, "allowance")).toContain("Your own monthly amount: self only $900.00.");
    expect(sectionOf(body, "contact")).toContain(`Olivia Owner, ${business.name}: email ${owner.email}.`);
    // The plan administrator's phone is always there (CONTACT_PHONE).
    expect(sectionOf(body, "contact")).toContain(
      `Plan administrator, Advantage ICHRA: phone ${t.config.contactPhone}, email ${t.config.contactEmail}.`,
    );
    const young = await (await notice(tokenFrom(t, await emailOf("Ana")))).json();
    expect(sectionOf(young, "allowance")).toContain("Your own monthly amount: self only $300.00.");
    const part = await (await notice(tokenFrom(t, await emailOf("Di")))).json();
    expect(part.className).toBe("Part-time");
    expect(sectionOf(part, "allowance")).toContain(
      "The self-only amount, for coverage of you alone, is $200.00 a month ($2,400.00 for a full plan year).",
    );
  });

  test("the contact's phone is stated when the business has one", async () => {
    t.database.sqlite.query("update users set phone = '(512) 555-0100' where id = ?").run(f.userId);
    const body = await (await notice(tokenFrom(t, await emailOf("Ana")))).json();
    expect(sectionOf(body, "contact")).toContain("phone (512) 555-0100.");
  });

  test("an invalid, missing, wrong-enrollment, expired or revoked invite gets 404 and no data", async () => {
    const token = tokenFrom(t, await emailOf("Cy"));
    expect((await notice(token)).status).toBe(200);
    await expectNothing(await notice("not-a-real-token-at-all-000000"));
    await expectNothing(await t.request("GET", `/api/employee-registration/${f.enrollmentId}/notice`));
    await expectNothing(await notice(token, other.enrollmentId));
    await expectNothing(await notice(token, 999_999));

    const cyId = f.employeeIds[2];
    const expiresAt = (t.database.sqlite.query("select invite_expires_at e from census_employees where id = ?").get(cyId) as { e: number })
      .e;
    t.database.sqlite.query("update census_employees set invite_expires_at = ? where id = ?").run(Date.now() - 1000, cyId);
    await expectNothing(await notice(token));
    t.database.sqlite.query("update census_employees set invite_expires_at = ? where id = ?").run(expiresAt, cyId);
    expect((await notice(token)).status).toBe(200);

    const revoke = await t.request("DELETE", `/api/enrollment/${f.enrollmentId}/employees/${cyId}/invitation`, as(f.ownerCookie));
    expect(revoke.status).toBe(200);
    await expectNothing(await notice(token));
  });

  test("a malformed enrollment id or an over-long invite is refused without data", async () => {
    const bad = await t.request("GET", `/api/employee-registration/abc/notice?invite=x`);
    expect(bad.status).toBe(400);
    const long = await notice("x".repeat(101));
    expect(long.status).toBe(400);
    expect(JSON.stringify(await long.json())).not.toMatch(/Acme|Full-time/);
  });

  test("an employee whose class no longer exists gets 409 and no notice", async () => {
    const token = tokenFrom(t, await emailOf("Di"));
    t.database.sqlite
      .query("update enrollments set employee_classes = ? where id = ?")
      .run(JSON.stringify(bandedClasses.filter((c) => c.name !== "Part-time")), f.enrollmentId);
    const res = await notice(token);
    expect(res.status).toBe(409);
    expect(Object.keys(await res.json())).toEqual(["message"]);
    t.database.sqlite.query("update enrollments set employee_classes = ? where id = ?").run(JSON.stringify(bandedClasses), f.enrollmentId);
  });
});
