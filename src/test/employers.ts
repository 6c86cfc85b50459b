// Test helpers for the employer flow: a registered owner with a cookie, and the steps after.
import { users } from "@db/schema";
import { daysFrom, localToday, quickEffectiveDate } from "../lib/date-rules";
import { createSession, SESSION_COOKIE } from "../modules/auth/sessions";
import type { TestApp } from "./api";

let counter = 0;

export const companyPayload = (overrides: Record<string, unknown> = {}) => ({
  name: "Acme Dental",
  taxId: "12-3456789",
  address: "100 Main Street",
  city: "Austin",
  state: "TX",
  zip: "78701",
  industry: "healthcare",
  size: "11-50",
  firstName: "Ann",
  lastName: "Lee",
  email: `owner${++counter}@acme.test`,
  phone: "(512) 555-0100",
  termsAccepted: true,
  ...overrides,
});

/** What correcting a registered company sends: the registration without the email and the terms. */
export const companyUpdatePayload = (overrides: Record<string, unknown> = {}) => {
  const { email: _email, termsAccepted: _terms, ...details } = companyPayload();
  return { ...details, ...overrides };
};

export const inDays = (days: number) => daysFrom(localToday(), days);

/** An effective date the API accepts: `days` ahead, then the first of the following month (the wizard's quick picks). */
export const planStart = (days = 90) => quickEffectiveDate(localToday(), days);

export interface Owner {
  businessId: number;
  email: string;
  headers: Record<string, string>;
}

/** The session cookie an answer set, as a request sends it back (`name=value`). */
export const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`))!
    .split(";")[0]!;

/** What the employer steps need: an app driven through app.handle, or a real server over HTTP. */
type Requester = Pick<TestApp, "request">;

export async function registerOwner(t: Requester, overrides: Record<string, unknown> = {}): Promise<Owner> {
  const payload = companyPayload(overrides);
  const res = await t.request("POST", "/api/business/register", { json: payload });
  if (res.status !== 201) throw new Error(`register answered ${res.status}: ${await res.text()}`);
  const { businessId } = await res.json();
  return { businessId, email: payload.email as string, headers: { cookie: cookieOf(res) } };
}

/** `company`: overrides of the registration's fields (a long name or address, say). */
export async function ownerWithPlan(t: Requester, company: Record<string, unknown> = {}): Promise<Owner & { enrollmentId: number }> {
  const owner = await registerOwner(t, company);
  const res = await t.request("POST", `/api/business/${owner.businessId}/plan`, {
    headers: owner.headers,
    json: { planId: 2, effectiveDate: planStart(90), monthlyBudget: 500 },
  });
  if (res.status !== 201) throw new Error(`plan answered ${res.status}: ${await res.text()}`);
  return { ...owner, enrollmentId: (await res.json()).enrollmentId };
}

export const twoClasses = [
  { name: "Full-time", allowanceAmount: 500, eligibilityRequirements: "30+ hours a week", basis: ["full-time"] },
  { name: "Part-time", allowanceAmount: 250, basis: ["part-time"] },
];

/** The classes step's payload: the classes and the employer's expected headcount. */
export const classesPayload = (employeeClasses: unknown[] = twoClasses, extra: Record<string, unknown> = {}) => ({
  employeeClasses,
  totalEmployees: 20,
  ...extra,
});

export async function ownerWithClasses(
  t: Requester,
  classes: unknown[] = twoClasses,
  company: Record<string, unknown> = {},
): Promise<Owner & { enrollmentId: number }> {
  const owner = await ownerWithPlan(t, company);
  const res = await t.request("PUT", `/api/enrollment/${owner.enrollmentId}/classes`, {
    headers: owner.headers,
    json: classesPayload(classes),
  });
  if (res.status !== 200) throw new Error(`classes answered ${res.status}: ${await res.text()}`);
  return owner;
}

export function censusForm(content: string | Uint8Array, name = "census.csv", type = "text/csv"): FormData {
  const form = new FormData();
  form.append("file", new File([content as BlobPart], name, { type }));
  return form;
}

export const goodCsv = [
  "First Name,Last Name,Email,Date of Birth,Home ZIP,Class,Phone,Hire Date,Employment Type",
  "Jane,Doe,jane@acme.test,1985-04-23,30301,Full-time,(404) 555-0142,2021-03-01,Full-time",
  "John,Smith,john@acme.test,07/04/1990,02134-1234,part-time,,,Part-time",
  "Maria,Garcia,maria@acme.test,1979-12-01,78701,Full-time,,,",
].join("\n");

export async function ownerWithCensus(t: Requester, company: Record<string, unknown> = {}): Promise<Owner & { enrollmentId: number }> {
  const owner = await ownerWithClasses(t, twoClasses, company);
  const res = await t.request("POST", `/api/enrollment/${owner.enrollmentId}/census`, {
    headers: owner.headers,
    body: censusForm(goodCsv),
  });
  if (res.status !== 200) throw new Error(`census answered ${res.status}: ${await res.text()}`);
  return owner;
}

export async function adminHeaders(t: TestApp): Promise<Record<string, string>> {
  const user = t.database.db
    .insert(users)
    .values({ username: `admin${++counter}`, firstName: "Ada", lastName: "Admin", email: `admin${counter}@staff.test`, role: "admin" })
    .returning()
    .get();
  const { token } = await createSession(t.database.db, { userId: user.id, kind: "admin" });
  return { cookie: `${SESSION_COOKIE}=${token}` };
}
