// Registered employees as other features read them: who may sign in with an address, and
// each employee's name, address and what their allowance depends on. A registered
// employee is a census employee whose registration is submitted; what they typed at
// registration (name, email, date of birth) wins over the employer's census row, except
// where the employer reads a name: there it is the census's, the one their payroll knows.
import { censusEmployees, employeeRegistrations } from "@db/schema";
import { and, asc, eq, gt, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import type { DB, Tx } from "../../db";
import { normaliseEmail } from "../../lib/email-address";
import type { CoverageLevel } from "./model";

export interface EmployeeProfile {
  id: number;
  enrollmentId: number;
  firstName: string;
  lastName: string;
  /** The name the employer's census gives: the one their records and payroll know them by. */
  censusFirstName: string;
  censusLastName: string;
  /** Where their email goes: the address their invitation reached (the census row's). */
  email: string;
  className: string;
  dateOfBirth: string;
  /** YYYY-MM-DD from the census, when the employer gave one. */
  hireDate: string | null;
  /** YYYY-MM-DD: for one added after submitting, the day their coverage begins (dates.ts coverageBegins). */
  eligibleFrom: string | null;
  coverageLevel: CoverageLevel | null;
  /** When the registration was submitted (ms); null while it is not. */
  registeredAt: number | null;
  /** YYYY-MM-DD: the last day of their employment, once the employer recorded one. */
  employmentEndedOn: string | null;
  /** YYYY-MM: the first month whose reimbursements they waived when they opted out; null while they take part. */
  waivedFrom: string | null;
  /** YYYY-MM-DD: the day they opted out, where they were. */
  waivedOn: string | null;
}

const profileColumns = {
  id: censusEmployees.id,
  enrollmentId: censusEmployees.enrollmentId,
  firstName: sql<string>`coalesce(${employeeRegistrations.firstName}, ${censusEmployees.firstName})`,
  lastName: sql<string>`coalesce(${employeeRegistrations.lastName}, ${censusEmployees.lastName})`,
  censusFirstName: censusEmployees.firstName,
  censusLastName: censusEmployees.lastName,
  // The invitation's: registering keeps it (an address nobody checked would receive their
  // sign-in links and everything about their claims).
  email: censusEmployees.email,
  className: censusEmployees.className,
  // The census's, as the notice, the invitation and the employer's totals state the amount:
  // a date typed at registration is the employee's record, and does not move them between
  // age bands unseen.
  dateOfBirth: censusEmployees.dateOfBirth,
  hireDate: censusEmployees.hireDate,
  eligibleFrom: censusEmployees.eligibleFrom,
  coverageLevel: sql<CoverageLevel | null>`${employeeRegistrations.coverageLevel}`,
  registeredAt: employeeRegistrations.submittedAt,
  employmentEndedOn: censusEmployees.employmentEndedOn,
  waivedFrom: employeeRegistrations.waivedFrom,
  waivedOn: employeeRegistrations.waivedOn,
};

const profiles = (db: DB | Tx, where: SQL | undefined) =>
  db
    .select(profileColumns)
    .from(censusEmployees)
    .leftJoin(employeeRegistrations, eq(employeeRegistrations.censusEmployeeId, censusEmployees.id))
    .where(where);

const registered = isNotNull(employeeRegistrations.submittedAt);

/** The registered employees whose address this is (an employee of two employers has two). */
export async function registeredEmployeesWithEmail(db: DB, email: string): Promise<EmployeeProfile[]> {
  const address = normaliseEmail(email);
  return await profiles(db, and(registered, sql`lower(${censusEmployees.email}) = ${address}`))
    .orderBy(asc(censusEmployees.id))
    .limit(50);
}

/** Each of these census employees, registered or not, by id. */
export async function employeeProfiles(db: DB, ids: readonly number[]): Promise<Map<number, EmployeeProfile>> {
  if (ids.length === 0) return new Map();
  const rows = await profiles(db, inArray(censusEmployees.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

/** One registered employee, or null when there is none by that id (or they have not registered). */
export async function registeredEmployee(db: DB, id: number): Promise<EmployeeProfile | null> {
  return (await profiles(db, and(eq(censusEmployees.id, id), registered)).get()) ?? null;
}

/** One registered employee as the transaction reads them, or null. */
export const registeredEmployeeIn = (tx: Tx, id: number): EmployeeProfile | null =>
  profiles(tx, and(eq(censusEmployees.id, id), registered)).get() ?? null;

/** The enrollment's registered employees, by the census's name (as their employer reads them). */
export async function registeredEmployeesOf(db: DB, enrollmentId: number): Promise<EmployeeProfile[]> {
  return await profiles(db, and(eq(censusEmployees.enrollmentId, enrollmentId), registered)).orderBy(
    asc(censusEmployees.lastName),
    asc(censusEmployees.firstName),
    asc(censusEmployees.id),
  );
}

/** Registered employees in id order, a batch at a time (for work over all of them). */
export async function registeredEmployeesAfter(db: DB, afterId: number, limit: number): Promise<EmployeeProfile[]> {
  return await profiles(db, and(registered, gt(censusEmployees.id, afterId)))
    .orderBy(asc(censusEmployees.id))
    .limit(limit);
}
