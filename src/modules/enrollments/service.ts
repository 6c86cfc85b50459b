// An enrollment from plan selection to finalize, and reading it back.

import { enrollments, type StoredEmployeeClass } from "@db/schema";
import { eq } from "drizzle-orm";
import type { DB, Tx } from "../../db";
import { badRequest } from "../../http/errors";
import { earliestAcceptedDate, isBefore, isIsoDate, todayUtc } from "../../lib/date-rules";
import { iso } from "../../lib/iso";
import { toCents, toDollars } from "../../lib/money";
import type { BusinessRow, EnrollmentRow } from "../businesses/access";
import { advanceBusinessIn, businessNamesAndContacts, primaryContact } from "../businesses/service";
import { advanceEnrollment, enrollmentStatusOn } from "../businesses/status";
import { censusBirthDates, censusCounts, censusCountsIn } from "../census/service";
import { bandHeadcounts } from "../compliance/age-bands";
import { type ClassToCheck, classComplianceErrors } from "../compliance/class-checks";
import { enqueueEmail } from "../outbox/service";
import { planIn, plansByIds } from "../plans/service";
import { countForClass, sameClassName, underClassName } from "./classes";
import { confirmationEmail } from "./emails";
import {
  type EmployeeClass,
  type EnrollmentRead,
  type FinalizePayload,
  NO_CLASSES_MESSAGE,
  PAST_DATE_MESSAGE,
  type PlanSelection,
  UNKNOWN_PLAN_MESSAGE,
} from "./model";
import { assertOpen, updateOpenEnrollment } from "./open";
import { latestOpenEnrollmentIn, newestEnrollmentsFirst } from "./rows";

/** An effective date must be a real day, not before today (in the employer's time zone). */
function checkEffectiveDate(date: string, nowMs: number) {
  if (!isIsoDate(date)) throw badRequest("Effective date is required", { effectiveDate: "Effective date is required" });
  if (isBefore(date, earliestAcceptedDate(nowMs))) throw badRequest(PAST_DATE_MESSAGE, { effectiveDate: PAST_DATE_MESSAGE });
}

/** Saves the plan step: updates the business's unfinished enrollment, or starts one. */
export async function selectPlan(
  db: DB,
  business: BusinessRow,
  input: PlanSelection,
  nowMs = Date.now(),
): Promise<{ enrollmentId: number }> {
  checkEffectiveDate(input.effectiveDate, nowMs);
  const [plan] = await plansByIds(db, [input.planId]);
  if (!plan) throw badRequest(UNKNOWN_PLAN_MESSAGE, { planId: UNKNOWN_PLAN_MESSAGE });
  const values = { planId: plan.id, effectiveDate: input.effectiveDate, monthlyBudgetCents: toCents(input.monthlyBudget) };
  return db.transaction((tx) => {
    const open = latestOpenEnrollmentIn(tx, business.id);
    let enrollmentId: number;
    if (open) {
      // A new date has not been through the Effective Date step, so Review must show it unconfirmed.
      const dateChanged = open.effectiveDate !== values.effectiveDate;
      enrollmentId = updateOpenEnrollment(tx, open.id, {
        ...values,
        ...(dateChanged ? { effectiveDateConfirmedAt: null } : {}),
        status: advanceEnrollment(open.status, "plan_selected"),
      }).id;
    } else {
      enrollmentId = tx
        .insert(enrollments)
        .values({ ...values, businessId: business.id, status: "plan_selected" })
        .returning({ id: enrollments.id })
        .get().id;
    }
    advanceBusinessIn(tx, business, "plan_selected");
    return { enrollmentId };
  });
}

/**
 * The class rules of the final rule (age bands, minimum class sizes) as a 400, if broken,
 * measured on the census as it stands inside the writing transaction (a throw undoes the write).
 */
function assertClassRules(tx: Tx, enrollmentId: number, classes: StoredEmployeeClass[], offersGroupPlan: boolean) {
  const headcounts = censusCountsIn(tx, [enrollmentId]).get(enrollmentId) ?? new Map<string, number>();
  const totalHeadcount = [...headcounts.values()].reduce((a, b) => a + b, 0);
  const errors = classComplianceErrors(
    classes.map((c) => ({
      name: c.name,
      basis: c.basis as ClassToCheck["basis"],
      ageBands: c.ageBands,
      headcount: countForClass(headcounts, c.name),
    })),
    { totalHeadcount, offersGroupPlan },
  );
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, errors);
}

const employeesWord = (n: number) => `${n} ${n === 1 ? "employee" : "employees"}`;

/**
 * Every census employee must stay in a defined class: a class the census uses cannot be
 * removed or renamed (its employees would fall out of every headcount, class-size check
 * and allowance). A new name where the old one stood is reported on that class's name.
 */
function assertCensusClassesKept(tx: Tx, enrollmentId: number, previous: StoredEmployeeClass[], next: StoredEmployeeClass[]) {
  const headcounts = censusCountsIn(tx, [enrollmentId]).get(enrollmentId) ?? new Map<string, number>();
  for (const [censusName, count] of headcounts) {
    if (next.some((c) => sameClassName(c.name, censusName))) continue;
    const at = previous.findIndex((c) => sameClassName(c.name, censusName));
    const replacement = at >= 0 ? next[at] : undefined;
    const has = `The census has ${employeesWord(count)} in the class "${censusName}".`;
    if (replacement && !previous.some((c) => sameClassName(c.name, replacement.name))) {
      const message = `${has} Keep that name; to rename it, add "${replacement.name}" as a new class, upload a census that uses it, then delete "${censusName}".`;
      throw badRequest(message, { [`employeeClasses.${at}.name`]: message });
    }
    const message = `${has} Keep that class, or upload a census without it before deleting it.`;
    throw badRequest(message, { employeeClasses: message });
  }
}

/** Replaces the enrollment's classes; answers the enrollment as saved. */
export async function saveClasses(
  db: DB,
  enrollment: EnrollmentRow,
  business: BusinessRow,
  classes: EmployeeClass[],
  offersGroupPlan?: boolean,
): Promise<EnrollmentRead> {
  assertOpen(enrollment);
  const stored: StoredEmployeeClass[] = classes.map((c) => ({
    name: c.name.trim(),
    allowanceCents: toCents(c.allowanceAmount),
    ...(c.eligibilityRequirements?.trim() ? { eligibilityRequirements: c.eligibilityRequirements.trim() } : {}),
    ...(c.basis?.length ? { basis: [...c.basis] } : {}),
    ...(c.ageBands?.length
      ? { ageBands: c.ageBands.map((b) => ({ minAge: b.minAge, maxAge: b.maxAge, allowanceCents: toCents(b.allowanceAmount) })) }
      : {}),
    ...(c.carryOver === false ? { carryOver: false } : {}),
  }));
  const seen = new Set<string>();
  stored.forEach((c, i) => {
    const key = c.name.toLowerCase();
    if (seen.has(key)) throw badRequest("Class names must be unique", { [`employeeClasses.${i}.name`]: "Class names must be unique" });
    seen.add(key);
  });
  const saved = db.transaction((tx) => {
    const row = updateOpenEnrollment(tx, enrollment.id, {
      employeeClasses: stored,
      ...(offersGroupPlan === undefined ? {} : { offersGroupPlan }),
      status: advanceEnrollment(enrollment.status, "classes_defined"),
    });
    assertCensusClassesKept(tx, row.id, enrollment.employeeClasses ?? [], stored);
    assertClassRules(tx, row.id, stored, row.offersGroupPlan);
    advanceBusinessIn(tx, business, "classes_defined");
    return row;
  });
  return readEnrollment(db, saved);
}

/** Saves the Effective Date step; answers the enrollment as saved. */
export async function setEffectiveDate(db: DB, enrollment: EnrollmentRow, date: string, nowMs = Date.now()): Promise<EnrollmentRead> {
  assertOpen(enrollment);
  checkEffectiveDate(date, nowMs);
  const saved = db.transaction((tx) => updateOpenEnrollment(tx, enrollment.id, { effectiveDate: date, effectiveDateConfirmedAt: nowMs }));
  return readEnrollment(db, saved);
}

/**
 * Submits the enrollment for review and queues the confirmation to the primary contact.
 * Every rule is checked on the row as submitted, inside the submitting transaction, so a
 * change that landed meanwhile is checked too; a broken rule undoes the submit.
 */
export async function finalizeEnrollment(
  db: DB,
  enrollment: EnrollmentRow,
  business: BusinessRow,
  input: FinalizePayload,
  origin: string,
  nowMs = Date.now(),
): Promise<EnrollmentRead> {
  assertOpen(enrollment);
  const contact = await primaryContact(db, business);
  const notes = input.additionalNotes?.trim() || null;
  const submitted = db.transaction((tx) => {
    const row = updateOpenEnrollment(tx, enrollment.id, { status: "pending", additionalNotes: notes, finalizedAt: nowMs });
    if (!row.employeeClasses?.length) throw badRequest(NO_CLASSES_MESSAGE, { employeeClasses: NO_CLASSES_MESSAGE });
    checkEffectiveDate(row.effectiveDate, nowMs);
    assertClassRules(tx, row.id, row.employeeClasses, row.offersGroupPlan);
    advanceBusinessIn(tx, business, "enrolled");
    const plan = planIn(tx, row.planId)!;
    enqueueEmail(
      tx,
      confirmationEmail({
        to: contact.email,
        firstName: contact.firstName,
        businessName: business.name,
        planName: plan.name,
        enrollment: row,
        origin,
      }),
    );
    return row;
  });
  return readEnrollment(db, submitted);
}

/** A class's bands as read back, each with the census employees it covers on the effective date. */
function readBands(bands: NonNullable<StoredEmployeeClass["ageBands"]>, datesOfBirth: string[], effectiveDate: string) {
  const counts = bandHeadcounts(bands, datesOfBirth, effectiveDate);
  return bands.map((b, i) => ({ minAge: b.minAge, maxAge: b.maxAge, allowanceAmount: toDollars(b.allowanceCents), headcount: counts[i] }));
}

/** Reads enrollments in the spec's shape (with plan, business and census headcounts). */
async function readEnrollments(db: DB, rows: EnrollmentRow[], today = todayUtc()): Promise<EnrollmentRead[]> {
  if (rows.length === 0) return [];
  const plans = await plansByIds(
    db,
    rows.map((r) => r.planId),
  );
  const owners = await businessNamesAndContacts(
    db,
    rows.map((r) => r.businessId),
  );
  const counts = await censusCounts(
    db,
    rows.map((r) => r.id),
  );
  // Birth dates are only needed to place employees in the age bands of banded classes.
  const banded = rows.filter((r) => (r.employeeClasses ?? []).some((c) => c.ageBands?.length));
  const birthDates = await censusBirthDates(
    db,
    banded.map((r) => r.id),
  );
  return rows.map((row) => {
    const plan = plans.find((p) => p.id === row.planId)!;
    const owner = owners.get(row.businessId)!;
    const headcounts = counts.get(row.id) ?? new Map<string, number>();
    const classes = row.employeeClasses ?? [];
    return {
      id: row.id,
      businessId: row.businessId,
      planId: row.planId,
      status: enrollmentStatusOn(row, today),
      effectiveDate: row.effectiveDate,
      effectiveDateConfirmed: row.effectiveDateConfirmedAt !== null,
      monthlyBudget: row.monthlyBudgetCents === null ? null : toDollars(row.monthlyBudgetCents),
      additionalNotes: row.additionalNotes,
      createdAt: iso(row.createdAt),
      finalizedAt: iso(row.finalizedAt),
      plan: { id: plan.id, name: plan.name, description: plan.description, monthlyAmount: toDollars(plan.monthlyAmountCents) },
      offersGroupPlan: row.offersGroupPlan,
      employeeClasses: classes.map((c) => ({
        name: c.name,
        allowanceAmount: toDollars(c.allowanceCents),
        ...(c.eligibilityRequirements ? { eligibilityRequirements: c.eligibilityRequirements } : {}),
        ...(c.basis ? { basis: c.basis } : {}),
        ...(c.ageBands
          ? {
              ageBands: readBands(
                c.ageBands,
                underClassName(birthDates.get(row.id) ?? new Map<string, string[]>(), c.name).flat(),
                row.effectiveDate,
              ),
            }
          : {}),
        headcount: countForClass(headcounts, c.name),
        ...(c.carryOver === false ? { carryOver: false } : {}),
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
  const rows = await db
    .select()
    .from(enrollments)
    .where(eq(enrollments.businessId, businessId))
    .orderBy(...newestEnrollmentsFirst);
  return readEnrollments(db, rows);
}
