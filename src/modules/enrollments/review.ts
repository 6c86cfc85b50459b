// Enrollments as staff review them, and the two admin steps of the status rules
// (rulings): pending → approved, approved → active. Any other move is a 409.

import { businesses, censusEmployees, enrollments, ichraPlans } from "@db/schema";
import { and, desc, eq, lt, sql } from "drizzle-orm";
import type { DB } from "../../db";
import { conflict, notFound } from "../../http/errors";
import { idPage, type Page } from "../../http/pagination";
import { todayUtc } from "../../lib/date-rules";
import { iso } from "../../lib/iso";
import { enrollmentStatusOn } from "../businesses/status";
import { type EnrollmentAction, type EnrollmentMoved, type EnrollmentReviewItem, enrollmentSteps } from "./model";

export async function listForReview(db: DB, options: { limit: number; before?: number }): Promise<Page<EnrollmentReviewItem>> {
  const registered = sql<number>`(SELECT count(*) FROM ${censusEmployees} WHERE ${censusEmployees.enrollmentId} = ${enrollments.id} AND ${censusEmployees.inviteStatus} = 'registered')`;
  const total = sql<number>`(SELECT count(*) FROM ${censusEmployees} WHERE ${censusEmployees.enrollmentId} = ${enrollments.id})`;
  const rows = await db
    .select({
      id: enrollments.id,
      businessId: enrollments.businessId,
      businessName: businesses.name,
      planName: ichraPlans.name,
      status: enrollments.status,
      effectiveDate: enrollments.effectiveDate,
      classes: enrollments.employeeClasses,
      employeesRegistered: registered,
      employeesTotal: total,
      createdAt: enrollments.createdAt,
    })
    .from(enrollments)
    .innerJoin(businesses, eq(businesses.id, enrollments.businessId))
    .innerJoin(ichraPlans, eq(ichraPlans.id, enrollments.planId))
    .where(options.before ? lt(enrollments.id, options.before) : undefined)
    .orderBy(desc(enrollments.id))
    .limit(options.limit + 1);
  const today = todayUtc();
  return idPage(rows, options.limit, (r) => ({
    ...r,
    // Approved enrollments whose effective date has come are active (rulings).
    status: enrollmentStatusOn(r, today),
    classes: (r.classes ?? []).map((c) => c.name),
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
