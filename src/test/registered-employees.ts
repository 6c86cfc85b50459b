// Test data for what follows registration: an enrollment whose census employees have
// submitted their registration, and their signed-in sessions. Written straight to the
// database like employee-fixtures.ts (registration has its own tests).
import { censusEmployees, employeeRegistrations, enrollments, type StoredEmployeeClass } from "@db/schema";
import { eq } from "drizzle-orm";
import type { DB } from "../db";
import { createSession, SESSION_COOKIE } from "../modules/auth/sessions";
import { createEnrollmentWithCensus, type Fixture } from "./employee-fixtures";

let counter = 0;

export interface PersonSpec {
  firstName?: string;
  lastName?: string;
  email?: string;
  className?: string;
  dateOfBirth?: string;
  hireDate?: string;
  /** False leaves the census employee unregistered. */
  registered?: boolean;
  /** The address typed at registration, when it differs from the census's. */
  registrationEmail?: string;
  /** The date of birth typed at registration, when it differs from the census's. */
  registrationDateOfBirth?: string;
  coverageLevel?: "individual" | "individualPlus1" | "family";
}

export interface Workplace extends Fixture {
  employees: { id: number; email: string; firstName: string; lastName: string }[];
}

/** An enrollment (effective `effectiveDate`) with these people on its census, registered unless told otherwise. */
export async function workplaceWith(
  db: DB,
  people: PersonSpec[],
  options: { effectiveDate?: string; employeeClasses?: StoredEmployeeClass[]; approved?: boolean } = {},
): Promise<Workplace> {
  const specs = people.map((p) => {
    counter += 1;
    return {
      firstName: p.firstName ?? "Pat",
      lastName: p.lastName ?? `Worker${counter}`,
      email: p.email ?? `worker${counter}-${Date.now()}@example.com`,
      className: p.className ?? "Full-time",
      dateOfBirth: p.dateOfBirth ?? "1988-04-12",
      spec: p,
    };
  });
  const fixture = await createEnrollmentWithCensus(db, {
    effectiveDate: options.effectiveDate,
    employeeClasses: options.employeeClasses ?? [{ name: "Full-time", allowanceCents: 50_000 }],
    employees: specs.map(({ spec: _spec, ...person }) => person),
  });
  // Reviewed by our administrators, as an employer's plan is before any claim is approved.
  if (options.approved) db.update(enrollments).set({ status: "approved" }).where(eq(enrollments.id, fixture.enrollmentId)).run();
  specs.forEach(({ spec }, i) => {
    const id = fixture.employeeIds[i]!;
    if (spec.hireDate) db.update(censusEmployees).set({ hireDate: spec.hireDate }).where(eq(censusEmployees.id, id)).run();
    if (spec.registered === false) return;
    const now = Date.now();
    db.insert(employeeRegistrations)
      .values({
        censusEmployeeId: id,
        enrollmentId: fixture.enrollmentId,
        firstName: specs[i]!.firstName,
        lastName: specs[i]!.lastName,
        email: spec.registrationEmail ?? specs[i]!.email,
        dateOfBirth: spec.registrationDateOfBirth ?? specs[i]!.dateOfBirth,
        coverageLevel: spec.coverageLevel ?? "individual",
        healthPlanId: "silver",
        termsAcceptedAt: now,
        submittedAt: now,
      })
      .run();
    db.update(censusEmployees).set({ inviteStatus: "registered" }).where(eq(censusEmployees.id, id)).run();
  });
  return {
    ...fixture,
    employees: specs.map((s, i) => ({
      id: fixture.employeeIds[i]!,
      email: s.spec.registrationEmail ?? s.email,
      firstName: s.firstName,
      lastName: s.lastName,
    })),
  };
}

/** The cookie of a signed-in employee. */
export async function employeeCookie(db: DB, employeeId: number): Promise<string> {
  const { token } = await createSession(db, { kind: "employee", employeeId });
  return `${SESSION_COOKIE}=${token}`;
}
