// The enrollment behind an employee's invite (no session: the invite is the key), and the
// owner-or-admin check for the employer's side, in the shape this module works with.
import { eq } from "drizzle-orm";
import { businesses, enrollments } from "../../../db/schema";
import type { DB } from "../../db";
import type { Session } from "../auth/sessions";
import { accessEnrollment, type EnrollmentRow } from "../businesses/access";

export interface OwnedEnrollment {
  enrollment: EnrollmentRow;
  businessName: string;
}

export async function loadEnrollment(db: DB, enrollmentId: number): Promise<OwnedEnrollment | null> {
  const row = await db
    .select({ enrollment: enrollments, businessName: businesses.name })
    .from(enrollments)
    .innerJoin(businesses, eq(businesses.id, enrollments.businessId))
    .where(eq(enrollments.id, enrollmentId))
    .get();
  return row ?? null;
}

/** 401 without a session; 404 when the enrollment is missing or belongs to someone else. */
export async function enrollmentForStaffOrOwner(db: DB, session: Session | null, enrollmentId: number): Promise<OwnedEnrollment> {
  const { enrollment, business } = await accessEnrollment(db, session, enrollmentId);
  return { enrollment, businessName: business.name };
}
