// Shared by the reimbursement benchmarks: a database with employers whose employees have
// registered, written with prepared bun:sqlite statements in a few transactions (a
// benchmark needs its 100,000 claims in seconds, not through 100,000 uploads), and
// sessions for the admin, the owner and the employees.
import type { DB } from "@src/db";
import { createSession, SESSION_COOKIE } from "@src/modules/auth/sessions";
import { seedPlansIfEmpty } from "@src/modules/plans/service";

export interface SeededEmployer {
  userId: number;
  businessId: number;
  enrollmentId: number;
  employeeIds: number[];
}

/** Employers, each with one enrollment of `employees` registered employees in one class (plans seeded first). */
export async function seedEmployers(
  db: DB,
  options: { employers: number; employees: number; effectiveDate: string; allowanceCents: number },
): Promise<SeededEmployer[]> {
  await seedPlansIfEmpty(db);
  const sqlite = db.$client;
  const user = sqlite.prepare(
    "insert into users (username, first_name, last_name, email, role) values (?, 'Bench', 'Owner', ?, 'business') returning id",
  );
  const business = sqlite.prepare(
    "insert into businesses (user_id, name, tax_id, address, city, state, zip, industry, size, status) values (?, ?, '12-3456789', '1 Main St', 'Austin', 'TX', '78701', 'technology', '501+', 'enrolled') returning id",
  );
  const enrollment = sqlite.prepare(
    "insert into enrollments (business_id, plan_id, status, effective_date, employee_classes, monthly_budget_cents, finalized_at) values (?, 1, 'approved', ?, ?, 100000000, ?) returning id",
  );
  const employee = sqlite.prepare(
    "insert into census_employees (enrollment_id, row_number, first_name, last_name, email, date_of_birth, home_zip, class_name, invite_status) values (?, ?, ?, ?, ?, '1985-06-15', '78704', 'Full-time', 'registered') returning id",
  );
  const registration = sqlite.prepare(
    "insert into employee_registrations (census_employee_id, enrollment_id, first_name, last_name, email, date_of_birth, coverage_level, health_plan_id, terms_accepted_at, submitted_at) values (?, ?, ?, ?, ?, '1985-06-15', 'individual', 'silver', ?, ?)",
  );
  const classes = JSON.stringify([{ name: "Full-time", allowanceCents: options.allowanceCents, basis: ["full-time"] }]);
  const now = Date.now();
  const out: SeededEmployer[] = [];
  sqlite.transaction(() => {
    for (let b = 0; b < options.employers; b++) {
      const userId = (user.get(`bench-owner-${b}@example.com`, `bench-owner-${b}@example.com`) as { id: number }).id;
      const businessId = (business.get(userId, `Bench Employer ${b}`) as { id: number }).id;
      const enrollmentId = (enrollment.get(businessId, options.effectiveDate, classes, now) as { id: number }).id;
      const employeeIds: number[] = [];
      for (let e = 0; e < options.employees; e++) {
        const first = `Worker${e}`;
        const last = `Employer${b}`;
        const email = `worker${e}.employer${b}@example.com`;
        const id = (employee.get(enrollmentId, e + 2, first, last, email) as { id: number }).id;
        registration.run(id, enrollmentId, first, last, email, now, now);
        employeeIds.push(id);
      }
      out.push({ userId, businessId, enrollmentId, employeeIds });
    }
  })();
  return out;
}

export const cookieFor = async (db: DB, account: Parameters<typeof createSession>[1]) =>
  `${SESSION_COOKIE}=${(await createSession(db, account)).token}`;

/** An admin user and their session cookie. */
export async function adminCookie(db: DB): Promise<string> {
  const admin = db.$client
    .prepare(
      "insert into users (username, first_name, last_name, email, role) values ('bench-admin', 'Bench', 'Admin', 'bench-admin@admin.invalid', 'admin') returning id",
    )
    .get() as { id: number };
  return cookieFor(db, { kind: "admin", userId: admin.id });
}
