// Where an owner's enrollment stands, for the wizard's resume after sign-in: it reads the
// census's counts, so it sits apart from the business's own service (which the census uses).
import type { DB } from "../../db";
import { todayUtc } from "../../lib/date-rules";
import { censusCounts } from "../census/service";
import { totalCount } from "../enrollments/classes";
import { latestEnrollment } from "../enrollments/rows";
import type { EnrollmentRow } from "./access";
import type { MyBusiness, WizardProgress } from "./model";
import { latestBusinessOf } from "./service";
import { enrollmentStatusOn } from "./status";

async function wizardProgress(db: DB, enrollment: EnrollmentRow | undefined): Promise<WizardProgress> {
  if (!enrollment) {
    return { companyInfo: true, planDesign: false, employeeClasses: false, census: "none", effectiveDate: false, submitted: false };
  }
  const byClass = (await censusCounts(db, [enrollment.id])).get(enrollment.id) ?? new Map<string, number>();
  const n = totalCount(byClass);
  return {
    companyInfo: true,
    planDesign: true,
    employeeClasses: (enrollment.employeeClasses?.length ?? 0) > 0,
    census: n > 0 ? (enrollment.censusRejectedRows > 0 ? "incomplete" : "uploaded") : enrollment.censusSkipped ? "skipped" : "none",
    effectiveDate: enrollment.effectiveDateConfirmedAt !== null,
    submitted: enrollment.finalizedAt !== null,
  };
}

/** The signed-in owner's most recent business, for the wizard's resume; null when none. */
export async function myBusiness(db: DB, userId: number): Promise<MyBusiness | null> {
  const business = await latestBusinessOf(db, userId);
  if (!business) return null;
  const enrollment = await latestEnrollment(db, business.id);
  return {
    businessId: business.id,
    businessStatus: business.status,
    enrollmentId: enrollment?.id ?? null,
    enrollmentStatus: enrollment ? enrollmentStatusOn(enrollment, todayUtc()) : null,
    progress: await wizardProgress(db, enrollment),
  };
}
