// Enrollments as staff review them, and the two admin steps of the status rules
// (rulings): pending → approved, approved → active. Any other move is a 409.

import { enrollments } from "@db/schema";
import { and, desc, eq, lt } from "drizzle-orm";
import type { DB } from "../../db";
import { conflict, notFound } from "../../http/errors";
import { idPage, type Page } from "../../http/pagination";
import { todayUtc } from "../../lib/date-rules";
import { iso } from "../../lib/iso";
import { businessNamesAndContacts } from "../businesses/service";
import { enrollmentStatusOn } from "../businesses/status";
import { censusTotals } from "../census/service";
import { plansByIds } from "../plans/service";
import { type EnrollmentAction, type EnrollmentMoved, type EnrollmentReviewItem, enrollmentSteps } from "./model";

export async function listForReview(db: DB, options: { limit: number; before?: number }): Promise<Page<EnrollmentReviewItem>> {
  const rows = await db
    .select()
    .from(enrollments)
    .where(options.before ? lt(enrollments.id, options.before) : undefined)
    .orderBy(desc(enrollments.id))
    .limit(options.limit + 1);
  const page = rows.slice(0, options.limit);
  // Each owner answers for its own table: the businesses' names, the plans', the census counts.
  const [businesses, plans, census] = await Promise.all([
    businessNamesAndContacts(
      db,
      page.map((r) => r.businessId),
    ),
    plansByIds(
      db,
      page.map((r) => r.planId),
    ),
    censusTotals(
      db,
      page.map((r) => r.id),
    ),
  ]);
  const today = todayUtc();
  return idPage(rows, options.limit, (r) => ({
    id: r.id,
    businessId: r.businessId,
    businessName: businesses.get(r.businessId)?.name ?? "",
    planName: plans.find((p) => p.id === r.planId)?.name ?? "",
    // Approved enrollments whose effective date has come are active (rulings).
    status: enrollmentStatusOn(r, today),
    effectiveDate: r.effectiveDate,
    classes: (r.employeeClasses ?? []).map((c) => c.name),
    employeesRegistered: census.get(r.id)?.registered ?? 0,
    employeesTotal: census.get(r.id)?.total ?? 0,
    createdAt: iso(r.createdAt),
  }));
}

export async function moveEnrollment(db: DB, id: number, action: EnrollmentAction): Promise<EnrollmentMoved> {
  const { from, to } = enrollmentSteps[action];
  const moved = await db
    .update(enrollments)
    .set({ status: to })
    .where(and(eq(enrollments.id, id), eq(enrollments.status, from)))
    .returning({ id: enrollments.id, status: enrollments.status })
    .get();
  if (moved) return moved;
  const current = await db.select({ status: enrollments.status }).from(enrollments).where(eq(enrollments.id, id)).get();
  if (!current) throw notFound("Enrollment not found.");
  throw conflict(
    `This enrollment is ${current.status}: only ${from} enrollments can be ${action === "approve" ? "approved" : "activated"}.`,
    {
      status: current.status,
    },
  );
}
