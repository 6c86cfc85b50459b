// Enrollments as staff review them, and the two admin steps of the status rules
// (rulings): pending → approved, approved → active, each emailed to the primary contact.
// Any other move is a 409.

import { enrollments } from "@db/schema";
import { and, desc, eq, lt } from "drizzle-orm";
import type { DB } from "../../db";
import { conflict, fieldError, found } from "../../http/errors";
import { idPage, type Page } from "../../http/pagination";
import { todayUtc } from "../../lib/date-rules";
import { iso } from "../../lib/iso";
import { plainText } from "../../lib/plain-text";
import { enrollmentWithBusiness } from "../businesses/access";
import { businessNamesAndContacts, primaryContact } from "../businesses/service";
import { enrollmentStatusOn } from "../businesses/status";
import { censusRowsIn, censusTotals, firstDayCounts, firstDayCountsIn } from "../census/service";
import { enqueueEmail } from "../outbox/service";
import { plansByIds } from "../plans/service";
import { reviewEmail } from "./emails";
import {
  CLASS_SIZE_REASON_MESSAGE,
  classSizeApprovalMessage,
  type EnrollmentAction,
  type EnrollmentMoved,
  type EnrollmentReviewItem,
  enrollmentSteps,
} from "./model";
import { submittedShortfalls } from "./shortfalls";

const overrideView = (reason: string, by: string, at: number) => ({ reason, by, at: iso(at) });

export async function listForReview(db: DB, options: { limit: number; before?: number }): Promise<Page<EnrollmentReviewItem>> {
  const rows = await db
    .select()
    .from(enrollments)
    .where(options.before ? lt(enrollments.id, options.before) : undefined)
    .orderBy(desc(enrollments.id))
    .limit(options.limit + 1);
  const page = rows.slice(0, options.limit);
  // Each owner answers for its own table: the businesses' names, the plans', the census counts.
  const businessIds = page.map((r) => r.businessId);
  const planIds = page.map((r) => r.planId);
  const enrollmentIds = page.map((r) => r.id);
  const [businesses, plans, census] = await Promise.all([
    businessNamesAndContacts(db, businessIds),
    plansByIds(db, planIds),
    censusTotals(db, enrollmentIds),
  ]);
  const headcounts = await firstDayCounts(db, page);
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
    classSizeShortfalls: submittedShortfalls(r, headcounts.get(r.id) ?? new Map(), census.get(r.id)?.total ?? 0),
    classSizeOverride:
      r.classSizeOverrideReason === null
        ? null
        : overrideView(r.classSizeOverrideReason, r.classSizeOverrideBy ?? "", r.classSizeOverrideAt ?? r.createdAt),
    newEmployer: r.newEmployer,
  }));
}

/** Who takes an admin step, and for an approval the reason given for a class under the minimum size. */
export interface StepOptions {
  origin: string;
  actor: string;
  classSizeReason?: string;
  now?: number;
}

/**
 * An admin's step, and its email to the primary contact, in one transaction: the email is
 * written before the move and queued only if the move happens. An approval while the census
 * leaves a class under the minimum class size needs a reason, which it records (409 without).
 */
export async function moveEnrollment(db: DB, id: number, action: EnrollmentAction, options: StepOptions): Promise<EnrollmentMoved> {
  const { from, to } = enrollmentSteps[action];
  const { origin, actor, now = Date.now() } = options;
  const owned = found(await enrollmentWithBusiness(db, id), "Enrollment not found.");
  const [contact, [plan], census] = await Promise.all([
    primaryContact(db, owned.business),
    plansByIds(db, [owned.enrollment.planId]),
    censusTotals(db, [id]),
  ]);
  const reason = options.classSizeReason === undefined ? null : plainText(options.classSizeReason);
  // Sent, but nothing once control characters and spaces are dropped: a bad field, not a missing reason.
  if (reason === "") throw fieldError("classSizeReason", CLASS_SIZE_REASON_MESSAGE);
  const email = reviewEmail(action, {
    employees: census.get(id) ?? { total: 0, invited: 0, noticed: 0 },
    to: contact.email,
    firstName: contact.firstName,
    businessName: owned.business.name,
    planName: plan?.name ?? "",
    enrollment: owned.enrollment,
    origin,
  });
  const moved = db.transaction(
    (tx) => {
      // The census is counted under the write lock: one sent meanwhile cannot bring a short
      // class back after the check and have the approval go through without its reason.
      const short =
        action === "approve" && owned.enrollment.status === from
          ? submittedShortfalls(owned.enrollment, firstDayCountsIn(tx, [owned.enrollment]).get(id) ?? new Map(), censusRowsIn(tx, id))
          : [];
      // The answer is a ClassSizeRefusal (model.ts), which the admin's screen reads back.
      if (short.length > 0 && !reason) throw conflict(classSizeApprovalMessage(short), { classSizeShortfalls: short });
      const override = short.length > 0 && reason ? { reason, by: actor, at: now } : null;
      const row = tx
        .update(enrollments)
        .set({
          status: to,
          ...(override && { classSizeOverrideReason: override.reason, classSizeOverrideBy: override.by, classSizeOverrideAt: override.at }),
        })
        .where(and(eq(enrollments.id, id), eq(enrollments.status, from)))
        .returning({ id: enrollments.id, status: enrollments.status })
        .get();
      if (row) enqueueEmail(tx, email);
      return row && { ...row, classSizeOverride: override && overrideView(override.reason, override.by, override.at) };
    },
    { behavior: "immediate" },
  );
  if (moved) return moved;
  const current = found(
    await db.select({ status: enrollments.status }).from(enrollments).where(eq(enrollments.id, id)).get(),
    "Enrollment not found.",
  );
  throw conflict(
    `This enrollment is ${current.status}: only ${from} enrollments can be ${action === "approve" ? "approved" : "activated"}.`,
    {
      status: current.status,
    },
  );
}
