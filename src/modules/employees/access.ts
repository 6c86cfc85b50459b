// Who may act on an enrollment's employees: the owner whose business it is, or an admin.
// Another owner's enrollment answers exactly like a missing one, so ids reveal nothing.
import { eq } from "drizzle-orm";
import { businesses, enrollments } from "../../../db/schema";
import type { DB } from "../../db";
import { notFound } from "../../http/errors";
import { requireSession } from "../auth/plugin";
import type { Session } from "../auth/sessions";

export type EnrollmentRow = typeof enrollments.$inferSelect;
export interface OwnedEnrollment {
  enrollment: EnrollmentRow;
  businessName: string;
}

export async function loadEnrollment(db: DB, enrollmentId: number): Promise<(OwnedEnrollment & { ownerUserId: number }) | null> {
  const row = await db
    .select({ enrollment: enrollments, businessName: businesses.name, ownerUserId: businesses.userId })
    .from(enrollments)
    .innerJoin(businesses, eq(businesses.id, enrollments.businessId))
    .where(eq(enrollments.id, enrollmentId))
    .get();
  return row ?? null;
}

/** 401 without a session; 404 when the enrollment is missing or belongs to someone else. */
export async function enrollmentForStaffOrOwner(db: DB, session: Session | null, enrollmentId: number): Promise<OwnedEnrollment> {
  const who = requireSession(session, "admin", "owner");
  const row = await loadEnrollment(db, enrollmentId);
  if (!row || (who.kind === "owner" && row.ownerUserId !== who.userId)) throw notFound("Enrollment not found.");
  return { enrollment: row.enrollment, businessName: row.businessName };
}
