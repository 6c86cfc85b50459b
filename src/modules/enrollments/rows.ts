// Enrollment rows as other features read them (the dashboard, the wizard's resume, access
// checks): the enrollments table is read and written only inside this feature.
import { enrollments } from "@db/schema";
import { and, desc, eq, isNotNull, isNull, type SQL } from "drizzle-orm";
import type { DB, Tx } from "../../db";
import type { EnrollmentRow } from "../businesses/access";

/** Newest first: the order the dashboard, the wizard's resume and the plan step read enrollments in. */
export const newestEnrollmentsFirst = [desc(enrollments.createdAt), desc(enrollments.id)] as const;

const latestEnrollmentWhere = (db: DB | Tx, where: SQL | undefined) =>
  db
    .select()
    .from(enrollments)
    .where(where)
    .orderBy(...newestEnrollmentsFirst)
    .limit(1);

/** The latest enrollment of a business (the dashboard's "active plan"). */
export async function latestEnrollment(db: DB, businessId: number): Promise<EnrollmentRow | undefined> {
  return await latestEnrollmentWhere(db, eq(enrollments.businessId, businessId)).get();
}

/** Whether any enrollment of the business was submitted (what its review read stays as it was read). */
export async function anyEnrollmentSubmitted(db: DB, businessId: number): Promise<boolean> {
  return (
    (await latestEnrollmentWhere(db, and(eq(enrollments.businessId, businessId), isNotNull(enrollments.finalizedAt))).get()) !== undefined
  );
}

/** The business's latest enrollment not yet submitted, inside a transaction (the plan step resumes it). */
export function latestOpenEnrollmentIn(tx: Tx, businessId: number): EnrollmentRow | undefined {
  return latestEnrollmentWhere(tx, and(eq(enrollments.businessId, businessId), isNull(enrollments.finalizedAt))).get();
}

export async function enrollmentById(db: DB, id: number): Promise<EnrollmentRow | undefined> {
  return await db.select().from(enrollments).where(eq(enrollments.id, id)).get();
}
