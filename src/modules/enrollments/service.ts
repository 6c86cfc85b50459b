// An enrollment from plan selection to finalize, and reading it back.

import { enrollments, type StoredAgeBand, type StoredEmployeeClass, type StoredGroupPlanClass } from "@db/schema";
import { eq } from "drizzle-orm";
import type { DB, Tx } from "../../db";
import { badRequest } from "../../http/errors";
import { earliestAcceptedDate, isBefore, isIsoDate, todayUtc } from "../../lib/date-rules";
import { iso } from "../../lib/iso";
import { toCents, toDollars } from "../../lib/money";
import { plural } from "../../lib/plural";
import type { BusinessRow, EnrollmentRow } from "../businesses/access";
import { advanceBusinessIn, businessNamesAndContacts, primaryContact } from "../businesses/service";
import { advanceEnrollment, enrollmentStatusOn } from "../businesses/status";
import {
  type CensusPerson,
  censusCounts,
  censusCountsIn,
  censusPeople,
  censusPeopleIn,
  firstDayCounts,
  firstDayCountsIn,
} from "../census/service";
import { ageBandsInCents, amountsInCents, amountsInDollars, bandHeadcounts } from "../compliance/age-bands";
import { isNewHire } from "../compliance/allowance";
import { type ClassToCheck, classComplianceErrors } from "../compliance/class-checks";
import { firstOnTimeStart, noticeIsLate, planYearNoticeDue } from "../compliance/notice-dates";
import type { ClassBasis } from "../compliance/rules";
import { enqueueEmail } from "../outbox/service";
import { planLimitErrors } from "../plans/model";
import { limitsOf, planIn, plansByIds } from "../plans/service";
import { countForClass, sameClassName, totalCount } from "./classes";
import { confirmationEmail } from "./emails";
import {
  type EmployeeClass,
  type EmployeeClassesPayload,
  type EnrollmentRead,
  effectiveDateError,
  type FinalizePayload,
  type GroupPlanClass,
  lateNoticeMessage,
  NO_CLASSES_MESSAGE,
  type PlanSelection,
  UNKNOWN_PLAN_MESSAGE,
} from "./model";
import { assertOpen, updateOpenEnrollment } from "./open";
import { latestOpenEnrollmentIn, newestEnrollmentsFirst } from "./rows";
import { submittedShortfalls } from "./shortfalls";

/** What is wrong with an effective date (a real day, not before today in the employer's time zone, the first of a month); null when nothing. */
const effectiveDateProblem = (date: string, nowMs: number) => effectiveDateError(date, earliestAcceptedDate(nowMs));

function checkEffectiveDate(date: string, nowMs: number) {
  const message = effectiveDateProblem(date, nowMs);
  if (message) throw badRequest(message, { effectiveDate: message });
}

/** Saves the plan step: updates the business's unfinished enrollment, or starts one. */
export async function selectPlan(
  db: DB,
  business: BusinessRow,
  input: PlanSelection,
  nowMs = Date.now(),
): Promise<{ enrollmentId: number }> {
  // Both checks the schema cannot make, answered together: an unknown plan and a date it refuses.
  const [plan] = await plansByIds(db, [input.planId]);
  const dateProblem = effectiveDateProblem(input.effectiveDate, nowMs);
  const errors = { ...(plan ? {} : { planId: UNKNOWN_PLAN_MESSAGE }), ...(dateProblem ? { effectiveDate: dateProblem } : {}) };
  if (!plan || dateProblem) throw badRequest(plan ? dateProblem! : UNKNOWN_PLAN_MESSAGE, errors);
  const values = { planId: plan.id, effectiveDate: input.effectiveDate, monthlyBudgetCents: toCents(input.monthlyBudget) };
  return db.transaction((tx) => {
    const open = latestOpenEnrollmentIn(tx, business.id);
    let enrollmentId: number;
    // A plan whose limits the classes already saved exceed would be finalized out of bounds.
    if (open?.employeeClasses) {
      const errors = planLimitErrors({ name: plan.name, limits: limitsOf(plan.name) }, open.employeeClasses);
      const first = Object.values(errors)[0];
      if (first) throw badRequest(first, { planId: first });
    }
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
 * A stored class as the rules see it: where each of its census employees works, and how many
 * are employed on the plan year's first day (`firstDay`, census/service firstDayCountsIn).
 */
function classToCheck(
  c: StoredEmployeeClass,
  people: readonly CensusPerson[],
  firstDay: ReadonlyMap<string, number>,
  businessZip: string,
): ClassToCheck {
  const members = people.filter((p) => sameClassName(p.className, c.name));
  return {
    ...c,
    basis: c.basis as ClassBasis[] | undefined,
    headcount: countForClass(firstDay, c.name),
    workplaces: members.map((p) => ({ row: p.rowNumber, workZip: p.workZip ?? businessZip })),
  };
}

/**
 * The class rules of the final rule as a 400, if broken: a permitted basis for every class,
 * same terms within a class (age bands, family sizes), geography against work ZIPs, no
 * class offered both the ICHRA and the group plan, the minimum class size measured on the
 * employer's expected headcount, and the plan's limits. Measured on the census as it stands
 * inside the writing transaction (a throw undoes the write).
 */
function assertClassRules(tx: Tx, row: EnrollmentRow, businessZip: string) {
  const classes = row.employeeClasses ?? [];
  const people = censusPeopleIn(tx, row.id);
  const firstDay = firstDayCountsIn(tx, [row]).get(row.id) ?? new Map<string, number>();
  const onFirstDay = totalCount(firstDay);
  const errors: Record<string, string> = {};
  if (row.totalEmployees === null) errors.totalEmployees = TOTAL_EMPLOYEES_MISSING;
  else if (row.totalEmployees < onFirstDay)
    errors.totalEmployees = `Total employees (${row.totalEmployees}) cannot be fewer than the ${plural(onFirstDay, "employee")} your census shows employed on the plan year's first day: count everyone you expect to employ that day, on a group plan or in no class too.`;
  Object.assign(
    errors,
    classComplianceErrors(
      classes.map((c) => classToCheck(c, people, firstDay, businessZip)),
      {
        totalEmployees: row.totalEmployees ?? onFirstDay,
        censusCount: people.length,
        groupPlanClasses: row.groupPlanClasses.map((g) => ({ ...g, basis: g.basis as ClassBasis[] })),
      },
    ),
  );
  const plan = planIn(tx, row.planId);
  if (plan) Object.assign(errors, planLimitErrors({ name: plan.name, limits: limitsOf(plan.name) }, classes));
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, errors);
}

export const TOTAL_EMPLOYEES_MISSING =
  "Enter how many employees you expect on the first day of the plan year, on the Employee Classes step.";

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
    const has = `The census has ${plural(count, "employee")} in the class "${censusName}".`;
    if (replacement && !previous.some((c) => sameClassName(c.name, replacement.name))) {
      const message = `${has} Keep that name; to rename it, add "${replacement.name}" as a new class, upload a census that uses it, then delete "${censusName}".`;
      throw badRequest(message, { [`employeeClasses.${at}.name`]: message });
    }
    const message = `${has} Keep that class, or upload a census without it before deleting it.`;
    throw badRequest(message, { employeeClasses: message });
  }
}

const storedBands = (bands: EmployeeClass["ageBands"]): StoredAgeBand[] | undefined => (bands?.length ? ageBandsInCents(bands) : undefined);

/** A class as the payload carries it (dollars) → as stored (cents), leaving out what is empty. */
function toStoredClass(c: EmployeeClass): StoredEmployeeClass {
  const bands = storedBands(c.ageBands);
  const newHireBands = c.newHires ? storedBands(c.newHires.ageBands) : undefined;
  return {
    name: c.name.trim(),
    ...amountsInCents(c),
    ...(c.eligibilityRequirements?.trim() ? { eligibilityRequirements: c.eligibilityRequirements.trim() } : {}),
    ...(c.basis?.length ? { basis: [...c.basis] } : {}),
    ...(c.states?.length ? { states: [...c.states] } : {}),
    ...(c.ratingAreaZips?.length ? { ratingAreaZips: [...c.ratingAreaZips] } : {}),
    ...(bands ? { ageBands: bands } : {}),
    ...(c.newHires
      ? {
          newHires: {
            hiredOnOrAfter: c.newHires.hiredOnOrAfter,
            ...amountsInCents(c.newHires),
            ...(newHireBands ? { ageBands: newHireBands } : {}),
          },
        }
      : {}),
    ...(c.carryOver === false ? { carryOver: false } : {}),
  };
}

const toStoredGroup = (g: GroupPlanClass): StoredGroupPlanClass => ({
  name: g.name.trim(),
  basis: [...(g.basis ?? [])],
  ...(g.states?.length ? { states: [...g.states] } : {}),
  ...(g.ratingAreaZips?.length ? { ratingAreaZips: [...g.ratingAreaZips] } : {}),
  headcount: g.headcount,
});

/** Names are unique within each list (the two lists sharing one is the offered-both rule's). */
function assertUniqueNames(classes: { name: string }[], prefix: string) {
  const seen = new Set<string>();
  classes.forEach((c, i) => {
    const key = c.name.toLowerCase();
    if (seen.has(key)) throw badRequest("Class names must be unique", { [`${prefix}.${i}.name`]: "Class names must be unique" });
    seen.add(key);
  });
}

/** A new-hire date is set prospectively: a date not yet past (54.9802-4(d)(5), "a certain future date"). */
function assertNewHireDates(classes: EmployeeClass[], nowMs: number) {
  const earliest = earliestAcceptedDate(nowMs);
  classes.forEach((c, i) => {
    const date = c.newHires?.hiredOnOrAfter;
    if (date === undefined) return;
    const field = `employeeClasses.${i}.newHires.hiredOnOrAfter`;
    if (!isIsoDate(date)) throw badRequest("New-hire date is required", { [field]: "New-hire date is required" });
    if (isBefore(date, earliest)) {
      const message = `The new-hire date of "${c.name.trim()}" must not be in the past: new hires are those hired on or after a date set ahead of time.`;
      throw badRequest(message, { [field]: message });
    }
  });
}

/** Replaces the enrollment's classes (and those keeping the group plan, and the expected headcount); answers the enrollment as saved. */
export async function saveClasses(
  db: DB,
  enrollment: EnrollmentRow,
  business: BusinessRow,
  payload: EmployeeClassesPayload,
  nowMs = Date.now(),
): Promise<EnrollmentRead> {
  assertOpen(enrollment);
  const stored = payload.employeeClasses.map(toStoredClass);
  const groups = (payload.groupPlanClasses ?? []).map(toStoredGroup);
  assertUniqueNames(stored, "employeeClasses");
  assertUniqueNames(groups, "groupPlanClasses");
  assertNewHireDates(payload.employeeClasses, nowMs);
  const saved = db.transaction((tx) => {
    const row = updateOpenEnrollment(tx, enrollment.id, {
      employeeClasses: stored,
      groupPlanClasses: groups,
      totalEmployees: payload.totalEmployees,
      status: advanceEnrollment(enrollment.status, "classes_defined"),
    });
    assertCensusClassesKept(tx, row.id, enrollment.employeeClasses ?? [], stored);
    assertClassRules(tx, row, business.zip);
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
  const today = todayUtc(new Date(nowMs));
  const submitted = db.transaction((tx) => {
    // 54.9802-4(c)(6)(ii): the notices reach employees 90 days before the plan year, or, for an
    // employer that did not exist 120 days before it, by the day coverage can begin.
    const late = noticeIsLate(enrollment.effectiveDate, today);
    const newEmployer = late && input.newEmployer === true;
    const row = updateOpenEnrollment(tx, enrollment.id, { status: "pending", additionalNotes: notes, finalizedAt: nowMs, newEmployer });
    if (!row.employeeClasses?.length) throw badRequest(NO_CLASSES_MESSAGE, { employeeClasses: NO_CLASSES_MESSAGE });
    checkEffectiveDate(row.effectiveDate, nowMs);
    if (late && !newEmployer) {
      const message = lateNoticeMessage(row.effectiveDate, firstOnTimeStart(today));
      throw badRequest(message, { newEmployer: message });
    }
    assertClassRules(tx, row, business.zip);
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
function readBands(bands: readonly StoredAgeBand[], datesOfBirth: string[], effectiveDate: string) {
  const counts = bandHeadcounts(bands, datesOfBirth, effectiveDate);
  return bands.map((b, i) => ({
    minAge: b.minAge,
    ...(b.maxAge === undefined ? {} : { maxAge: b.maxAge }),
    ...amountsInDollars(b),
    headcount: counts[i],
  }));
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
  const firstDay = await firstDayCounts(db, rows);
  // People are only needed to place employees in age bands and new-hire subclasses.
  const detailed = rows.filter((r) => (r.employeeClasses ?? []).some((c) => c.ageBands?.length || c.newHires));
  const people = await censusPeople(
    db,
    detailed.map((r) => r.id),
  );
  return rows.map((row) => {
    const plan = plans.find((p) => p.id === row.planId)!;
    const owner = owners.get(row.businessId)!;
    const headcounts = counts.get(row.id) ?? new Map<string, number>();
    const firstDayOf = firstDay.get(row.id) ?? new Map<string, number>();
    const classes = row.employeeClasses ?? [];
    const census = people.get(row.id) ?? [];
    const censusCount = totalCount(headcounts);
    const deadline = planYearNoticeDue(row.effectiveDate, row);
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
      plan: {
        id: plan.id,
        name: plan.name,
        description: plan.description,
        monthlyAmount: toDollars(plan.monthlyAmountCents),
        limits: limitsOf(plan.name),
      },
      groupPlanClasses: row.groupPlanClasses,
      totalEmployees: row.totalEmployees,
      notice: {
        deadline,
        late: noticeIsLate(row.effectiveDate, row.finalizedAt === null ? today : todayUtc(new Date(row.finalizedAt))),
        newEmployer: row.newEmployer,
      },
      employeeClasses: classes.map((c) => {
        const members = census.filter((p) => sameClassName(p.className, c.name));
        const newHires = members.filter((p) => isNewHire(c, p.hireDate));
        const others = members.filter((p) => !isNewHire(c, p.hireDate));
        return {
          name: c.name,
          ...amountsInDollars(c),
          ...(c.eligibilityRequirements ? { eligibilityRequirements: c.eligibilityRequirements } : {}),
          ...(c.basis ? { basis: c.basis } : {}),
          ...(c.states ? { states: c.states } : {}),
          ...(c.ratingAreaZips ? { ratingAreaZips: c.ratingAreaZips } : {}),
          ...(c.ageBands
            ? {
                ageBands: readBands(
                  c.ageBands,
                  others.map((p) => p.dateOfBirth),
                  row.effectiveDate,
                ),
              }
            : {}),
          ...(c.newHires
            ? {
                newHires: {
                  hiredOnOrAfter: c.newHires.hiredOnOrAfter,
                  ...amountsInDollars(c.newHires),
                  ...(c.newHires.ageBands
                    ? {
                        ageBands: readBands(
                          c.newHires.ageBands,
                          newHires.map((p) => p.dateOfBirth),
                          row.effectiveDate,
                        ),
                      }
                    : {}),
                  headcount: newHires.length,
                },
              }
            : {}),
          headcount: countForClass(headcounts, c.name),
          firstDayHeadcount: countForClass(firstDayOf, c.name),
          ...(c.carryOver === false ? { carryOver: false } : {}),
        };
      }),
      business: { name: owner.name, email: owner.email },
      census: {
        count: censusCount,
        firstDay: totalCount(firstDayOf),
        skipped: row.censusSkipped,
        rejected: row.censusRejectedRows,
      },
      classSizeShortfalls: submittedShortfalls(row, firstDayOf, censusCount),
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
