// An enrollment from plan selection to finalize, and reading it back.
import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import { businesses, enrollments, ichraPlans, users, type StoredEmployeeClass } from "../../../db/schema";
import type { DB } from "../../db";
import { badRequest, conflict } from "../../http/errors";
import { earliestAcceptedDate, isBefore, isIsoDate } from "../../lib/date-rules";
import { toCents, toDollars } from "../../lib/money";
import type { BusinessRow, EnrollmentRow } from "../businesses/access";
import { advanceBusiness, advanceEnrollment } from "../businesses/status";
import { censusBirthDates, censusCounts } from "../census/service";
import { bandHeadcounts } from "../compliance/age-bands";
import { classComplianceErrors, type ClassToCheck } from "../compliance/class-checks";
import { enqueueEmail } from "../outbox/service";
import { confirmationEmail } from "./emails";
import {
  FINALIZED_MESSAGE,
  NO_CLASSES_MESSAGE,
  PAST_DATE_MESSAGE,
  UNKNOWN_PLAN_MESSAGE,
  type EmployeeClass,
  type EnrollmentRead,
  type FinalizePayload,
  type PlanSelection,
} from "./model";

/** An effective date must be a real day, not before today (in the employer's time zone). */
export function checkEffectiveDate(date: string, nowMs: number) {
  if (!isIsoDate(date)) throw badRequest("Effective date is required", { effectiveDate: "Effective date is required" });
  if (isBefore(date, earliestAcceptedDate(nowMs))) throw badRequest(PAST_DATE_MESSAGE, { effectiveDate: PAST_DATE_MESSAGE });
}

function assertOpen(enrollment: EnrollmentRow) {
  if (enrollment.finalizedAt !== null) throw conflict(FINALIZED_MESSAGE);
}

/** Saves the plan step: updates the business's unfinished enrollment, or starts one. */
export function selectPlan(db: DB, business: BusinessRow, input: PlanSelection, nowMs = Date.now()): { enrollmentId: number } {
  checkEffectiveDate(input.effectiveDate, nowMs);
  const plan = db.select({ id: ichraPlans.id }).from(ichraPlans).where(eq(ichraPlans.id, input.planId)).get();
  if (!plan) throw badRequest(UNKNOWN_PLAN_MESSAGE, { planId: UNKNOWN_PLAN_MESSAGE });
  const values = { planId: plan.id, effectiveDate: input.effectiveDate, monthlyBudgetCents: toCents(input.monthlyBudget) };
  return db.transaction((tx) => {
    const open = tx
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.businessId, business.id), isNull(enrollments.finalizedAt)))
      .orderBy(desc(enrollments.createdAt), desc(enrollments.id))
      .limit(1)
      .get();
    let enrollmentId: number;
    if (open) {
      tx.update(enrollments).set({ ...values, status: advanceEnrollment(open.status, "plan_selected") }).where(eq(enrollments.id, open.id)).run();
      enrollmentId = open.id;
    } else {
      enrollmentId = tx.insert(enrollments).values({ ...values, businessId: business.id, status: "plan_selected" }).returning({ id: enrollments.id }).get().id;
    }
    tx.update(businesses).set({ status: advanceBusiness(business.status, "plan_selected") }).where(eq(businesses.id, business.id)).run();
    return { enrollmentId };
  });
}

/** The class rules of the final rule (age bands, minimum class sizes) as a 400, if broken. */
async function assertClassRules(db: DB, enrollmentId: number, classes: StoredEmployeeClass[], offersGroupPlan: boolean) {
  const headcounts = (await censusCounts(db, [enrollmentId])).get(enrollmentId) ?? new Map<string, number>();
  const totalHeadcount = [...headcounts.values()].reduce((a, b) => a + b, 0);
  const errors = classComplianceErrors(
    classes.map((c) => ({
      name: c.name,
      basis: c.basis as ClassToCheck["basis"],
      ageBands: c.ageBands?.map((b) => ({ minAge: b.minAge, maxAge: b.maxAge, allowanceAmount: toDollars(b.allowanceCents) })),
      headcount: headcounts.get(c.name) ?? 0,
    })),
    // Class sizes are measured on the census; before there is one there is nothing to measure
    // yet, and finalize checks again.
    { totalHeadcount, offersGroupPlan: offersGroupPlan && totalHeadcount > 0 },
  );
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, errors);
}

/** Replaces the enrollment's classes. */
export async function saveClasses(db: DB, enrollment: EnrollmentRow, business: BusinessRow, classes: EmployeeClass[], offersGroupPlan?: boolean) {
  assertOpen(enrollment);
  const stored: StoredEmployeeClass[] = classes.map((c) => ({
    name: c.name.trim(),
    allowanceCents: toCents(c.allowanceAmount),
    ...(c.eligibilityRequirements?.trim() ? { eligibilityRequirements: c.eligibilityRequirements.trim() } : {}),
    ...(c.basis?.length ? { basis: [...c.basis] } : {}),
    ...(c.ageBands?.length ? { ageBands: c.ageBands.map((b) => ({ minAge: b.minAge, maxAge: b.maxAge, allowanceCents: toCents(b.allowanceAmount) })) } : {}),
  }));
  const groupPlan = offersGroupPlan ?? enrollment.offersGroupPlan;
  const seen = new Set<string>();
  stored.forEach((c, i) => {
    const key = c.name.toLowerCase();
    if (seen.has(key)) throw badRequest("Class names must be unique", { [`employeeClasses.${i}.name`]: "Class names must be unique" });
    seen.add(key);
  });
  await assertClassRules(db, enrollment.id, stored, groupPlan);
  db.transaction((tx) => {
    tx.update(enrollments)
      .set({ employeeClasses: stored, offersGroupPlan: groupPlan, status: advanceEnrollment(enrollment.status, "classes_defined") })
      .where(eq(enrollments.id, enrollment.id))
      .run();
    tx.update(businesses).set({ status: advanceBusiness(business.status, "classes_defined") }).where(eq(businesses.id, business.id)).run();
  });
}

export async function setEffectiveDate(db: DB, enrollment: EnrollmentRow, date: string, nowMs = Date.now()) {
  assertOpen(enrollment);
  checkEffectiveDate(date, nowMs);
  await db.update(enrollments).set({ effectiveDate: date, effectiveDateConfirmedAt: nowMs }).where(eq(enrollments.id, enrollment.id));
}

/** Submits the enrollment for review and queues the confirmation to the primary contact. */
export async function finalizeEnrollment(db: DB, enrollment: EnrollmentRow, business: BusinessRow, input: FinalizePayload, origin: string, nowMs = Date.now()) {
  assertOpen(enrollment);
  if (!enrollment.employeeClasses?.length) throw badRequest(NO_CLASSES_MESSAGE, { employeeClasses: NO_CLASSES_MESSAGE });
  checkEffectiveDate(enrollment.effectiveDate, nowMs);
  // The census may have changed since the classes were saved.
  await assertClassRules(db, enrollment.id, enrollment.employeeClasses, enrollment.offersGroupPlan);
  const read = await readEnrollment(db, enrollment);
  const contact = db.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, business.userId)).get();
  if (!contact) throw new Error(`business ${business.id} has no user`);
  const notes = input.additionalNotes?.trim() || null;
  db.transaction((tx) => {
    tx.update(enrollments).set({ status: "pending", additionalNotes: notes, finalizedAt: nowMs }).where(eq(enrollments.id, enrollment.id)).run();
    tx.update(businesses).set({ status: "enrolled" }).where(eq(businesses.id, business.id)).run();
    enqueueEmail(tx, confirmationEmail({ to: contact.email, firstName: contact.firstName, enrollment: read, origin }));
  });
}

/** A class's bands as read back, each with the census employees it covers on the effective date. */
function readBands(bands: NonNullable<StoredEmployeeClass["ageBands"]>, datesOfBirth: string[], effectiveDate: string) {
  const counts = bandHeadcounts(bands, datesOfBirth, effectiveDate);
  return bands.map((b, i) => ({ minAge: b.minAge, maxAge: b.maxAge, allowanceAmount: toDollars(b.allowanceCents), headcount: counts[i] }));
}

/** Reads enrollments in the spec's shape (with plan, business and census headcounts). */
export async function readEnrollments(db: DB, rows: EnrollmentRow[]): Promise<EnrollmentRead[]> {
  if (rows.length === 0) return [];
  const plans = await db.select().from(ichraPlans).where(inArray(ichraPlans.id, [...new Set(rows.map((r) => r.planId))]));
  const owners = await db
    .select({ id: businesses.id, name: businesses.name, email: users.email })
    .from(businesses)
    .innerJoin(users, eq(users.id, businesses.userId))
    .where(inArray(businesses.id, [...new Set(rows.map((r) => r.businessId))]));
  const counts = await censusCounts(db, rows.map((r) => r.id));
  // Birth dates are only needed to place employees in the age bands of banded classes.
  const banded = rows.filter((r) => (r.employeeClasses ?? []).some((c) => c.ageBands?.length));
  const birthDates = await censusBirthDates(db, banded.map((r) => r.id));
  return rows.map((row) => {
    const plan = plans.find((p) => p.id === row.planId)!;
    const owner = owners.find((b) => b.id === row.businessId)!;
    const headcounts = counts.get(row.id) ?? new Map<string, number>();
    const classes = row.employeeClasses ?? [];
    return {
      id: row.id,
      businessId: row.businessId,
      planId: row.planId,
      status: row.status,
      effectiveDate: row.effectiveDate,
      effectiveDateConfirmed: row.effectiveDateConfirmedAt !== null,
      monthlyBudget: row.monthlyBudgetCents === null ? null : toDollars(row.monthlyBudgetCents),
      additionalNotes: row.additionalNotes,
      createdAt: new Date(row.createdAt).toISOString(),
      finalizedAt: row.finalizedAt === null ? null : new Date(row.finalizedAt).toISOString(),
      plan: { id: plan.id, name: plan.name, description: plan.description, monthlyAmount: toDollars(plan.monthlyAmountCents) },
      offersGroupPlan: row.offersGroupPlan,
      employeeClasses: classes.map((c) => ({
        name: c.name,
        allowanceAmount: toDollars(c.allowanceCents),
        ...(c.eligibilityRequirements ? { eligibilityRequirements: c.eligibilityRequirements } : {}),
        ...(c.basis ? { basis: c.basis } : {}),
        ...(c.ageBands ? { ageBands: readBands(c.ageBands, birthDates.get(row.id)?.get(c.name) ?? [], row.effectiveDate) } : {}),
        headcount: headcounts.get(c.name) ?? 0,
      })),
      business: { name: owner.name, email: owner.email },
      census: { count: [...headcounts.values()].reduce((a, b) => a + b, 0), skipped: row.censusSkipped },
    };
  });
}

export async function readEnrollment(db: DB, row: EnrollmentRow): Promise<EnrollmentRead> {
  const [read] = await readEnrollments(db, [row]);
  return read;
}

/** A business's enrollments, newest first. */
export async function listEnrollments(db: DB, businessId: number): Promise<EnrollmentRead[]> {
  const rows = await db.select().from(enrollments).where(eq(enrollments.businessId, businessId)).orderBy(desc(enrollments.createdAt), desc(enrollments.id));
  return readEnrollments(db, rows);
}
