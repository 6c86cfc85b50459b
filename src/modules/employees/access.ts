// The enrollment behind an employee's invite (no session: the invite is the key), in the
// shape businesses/access answers for the employer's side.
import { eq } from "drizzle-orm";
import { businesses, enrollments } from "../../../db/schema";
import type { DB } from "../../db";
import type { BusinessRow, EnrollmentRow } from "../businesses/access";

/** An enrollment with its business, as accessEnrollment answers it. */
export interface OwnedEnrollment {
  enrollment: EnrollmentRow;
  business: BusinessRow;
}

// The same join as accessEnrollment, without its session check: an invite holder has no
// session, and the invite itself was checked before this is called.
export async function loadEnrollment(db: DB, enrollmentId: number): Promise<OwnedEnrollment | null> {
  const row = await db
    .select({ enrollment: enrollments, business: businesses })
    .from(enrollments)
    .innerJoin(businesses, eq(businesses.id, enrollments.businessId))
    .where(eq(enrollments.id, enrollmentId))
    .get();
  return row ?? null;
}
