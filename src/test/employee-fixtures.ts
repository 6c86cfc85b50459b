// Test data for the employee flow: an owner, their business, an enrollment with classes and
// census employees, written straight to the database (the census upload is its own feature).
import { expect } from "bun:test";
import { businesses, censusEmployees, enrollments, type StoredEmployeeClass, users } from "@db/schema";
import { addDays, format } from "date-fns";
import type { DB } from "../db";
import { createSession, SESSION_COOKIE } from "../modules/auth/sessions";
import type { TestApp } from "./api";

export interface Fixture {
  ownerCookie: string;
  userId: number;
  businessId: number;
  enrollmentId: number;
  employeeIds: number[];
}

let counter = 0;

export async function createEnrollmentWithCensus(
  db: DB,
  options: {
    /** The catalogue's plan (1 Essential, 2 Advantage, 3 Enterprise); Essential when absent. */
    planId?: number;
    /** False leaves it a draft, not yet submitted (nothing can be sent to its employees). */
    submitted?: boolean;
    effectiveDate?: string;
    employeeClasses?: StoredEmployeeClass[];
    employees?: {
      firstName: string;
      lastName: string;
      email: string;
      className: string;
      phone?: string;
      dateOfBirth?: string;
      hireDate?: string;
    }[];
  } = {},
): Promise<Fixture> {
  counter += 1;
  const user = await db
    .insert(users)
    .values({
      username: `owner${counter}-${Date.now()}`,
      firstName: "Olivia",
      lastName: "Owner",
      email: `owner${counter}-${Date.now()}@example.com`,
    })
    .returning()
    .get();
  const business = await db
    .insert(businesses)
    .values({
      userId: user.id,
      name: `Acme Tools ${counter}`,
      taxId: "12-3456789",
      address: "1 Main Street",
      city: "Austin",
      state: "TX",
      zip: "78701",
      industry: "technology",
      size: "11-50",
      status: "enrolled",
    })
    .returning()
    .get();
  const enrollment = await db
    .insert(enrollments)
    .values({
      businessId: business.id,
      planId: options.planId ?? 1,
      // Submitted unless told otherwise, as an enrollment is once its employees are invited.
      status: options.submitted === false ? "classes_defined" : "pending",
      finalizedAt: options.submitted === false ? null : Date.now(),
      effectiveDate: options.effectiveDate ?? format(addDays(new Date(), 30), "yyyy-MM-dd"),
      employeeClasses: options.employeeClasses ?? [
        { name: "Full-time", allowanceCents: 52_500 },
        { name: "Part-time", allowanceCents: 20_000 },
      ],
      monthlyBudgetCents: 100_000,
    })
    .returning()
    .get();
  const people = options.employees ?? [
    { firstName: "Maria", lastName: "Garcia", email: `maria${counter}@example.com`, className: "Full-time", phone: "512-555-0142" },
    { firstName: "Sam", lastName: "Lee", email: `sam${counter}@example.com`, className: "Part-time" },
  ];
  const rows = await db
    .insert(censusEmployees)
    .values(
      people.map((p, i) => ({
        enrollmentId: enrollment.id,
        rowNumber: i + 2,
        firstName: p.firstName,
        lastName: p.lastName,
        email: p.email,
        phone: p.phone ?? null,
        dateOfBirth: p.dateOfBirth ?? "1988-04-12",
        homeZip: "78704",
        className: p.className,
        hireDate: p.hireDate ?? null,
      })),
    )
    .returning({ id: censusEmployees.id });
  const session = await createSession(db, { userId: user.id, kind: "owner" });
  return {
    ownerCookie: `${SESSION_COOKIE}=${session.token}`,
    userId: user.id,
    businessId: business.id,
    enrollmentId: enrollment.id,
    employeeIds: rows.map((r) => r.id),
  };
}

/** Request options carrying a session cookie. */
export const as = (cookie: string) => ({ headers: { cookie } });

/** Every field of a registration, submitted: Ana Adams at `email` unless `over` says otherwise. */
export const completeRegistration = (email: string, over: Record<string, unknown> = {}) => ({
  submit: true,
  firstName: "Ana",
  lastName: "Adams",
  email,
  phone: "512-555-0142",
  dateOfBirth: "1988-04-12",
  ssn: "1234",
  address: "500 Congress Ave",
  city: "Austin",
  state: "TX",
  zipCode: "78701",
  coverageLevel: "family",
  healthPlanId: "silver",
  acceptTerms: true,
  ...over,
});

export interface Mail {
  kind: string;
  subject: string;
  text: string;
}

/** The emails queued for an address, oldest first; only those of one kind when given. */
export function outboxTo(t: TestApp, to: string, kind?: string): Mail[] {
  const mails = t.database.sqlite
    .query("select kind, subject, text_body as text from outbox where to_address = ? order by id")
    .all(to) as Mail[];
  return kind ? mails.filter((m) => m.kind === kind) : mails;
}

/** The token of the newest invitation emailed to an address, in a link on the app's public origin. */
export function tokenFrom(t: TestApp, to: string): string {
  const origin = (t.config.publicUrl ?? "").replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  const link = outboxTo(t, to, "employee_invitation")
    .at(-1)
    ?.text.match(new RegExp(`${origin}/employee-registration/\\d+\\?invite=([\\w-]+)`));
  if (!link) throw new Error(`no invitation link was emailed to ${to}`);
  return link[1];
}

/** A refused invite: 404 with only a message, and none of the data the invite would open. */
export async function expectNothing(res: Response, leaks: RegExp): Promise<void> {
  expect(res.status).toBe(404);
  const body = await res.json();
  expect(Object.keys(body)).toEqual(["message"]);
  expect(JSON.stringify(body)).not.toMatch(leaks);
}
