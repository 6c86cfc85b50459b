// Payloads and answers of the enrollment endpoints (plan selection, classes, effective
// date, finalize, read), shared by the wizard and the server. Messages are the spec's.
import { type Static, Type } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import { firstOfMonth, formatDate, isBefore, isFirstOfMonth, isIsoDate, nearestFirstOfMonth, yearsFrom } from "../../lib/date-rules";
import { ISO_DATE_PATTERN } from "../../lib/patterns";
import { dollarsField, nullable } from "../../lib/schema-fields";
import { usStates } from "../../lib/us-states";
import { AgeBands, ClassBases, tierAmountFields } from "../compliance/model";
import { PlanLimitsRead } from "../plans/model";

const effectiveDate = Type.String({
  minLength: 1,
  pattern: ISO_DATE_PATTERN,
  messages: { required: "Effective date is required", type: "Effective date is required", pattern: "Effective date is required" },
});

/** Shown when the effective date is before today (past dates are disabled in the calendar). */
export const PAST_DATE_MESSAGE = "Effective date cannot be in the past";

/**
 * The last effective date taken: two years from `earliest`. Plans, premiums and the
 * affordability figures are published a year ahead at most, and a date far beyond them (or
 * past the calendar's end) could not be worked with.
 */
export const latestEffectiveDate = (earliest: string): string => yearsFrom(earliest, 2);

/**
 * What is wrong with an effective date, or null: it must be a real day, not before
 * `earliest`, and the first day of a month, because individual health coverage starts on
 * the 1st (rulings); the message then suggests the nearest first of a month.
 */
export function effectiveDateError(date: string, earliest: string): string | null {
  if (!isIsoDate(date)) return "Effective date is required";
  if (isBefore(date, earliest)) return PAST_DATE_MESSAGE;
  const latest = latestEffectiveDate(earliest);
  // The day named is one the rule takes: the last first of a month not after the limit.
  if (isBefore(latest, date))
    return `The effective date can be at most two years ahead: the latest is ${formatDate(firstOfMonth(latest))}.`;
  if (!isFirstOfMonth(date))
    return `The effective date must be the first day of a month, because individual health coverage starts on the 1st. The nearest is ${formatDate(nearestFirstOfMonth(date, earliest))}.`;
  return null;
}

export const PlanSelection = Type.Object({
  planId: Type.Integer({
    minimum: 1,
    messages: { required: "Plan selection is required", type: "Plan selection is required", minimum: "Plan selection is required" },
  }),
  effectiveDate,
  monthlyBudget: dollarsField("Monthly budget", {
    messages: { type: "Monthly budget is required", minimum: "Monthly budget is required" },
  }),
});
export type PlanSelection = Static<typeof PlanSelection>;

export const UNKNOWN_PLAN_MESSAGE = "Please choose one of the listed plans";

export const PlanSelectionAnswer = Type.Object({ enrollmentId: Type.Integer() });
export type PlanSelectionAnswer = Static<typeof PlanSelectionAnswer>;

const stateCodes = usStates.map(([code]) => code);

/** Where a geographic class's employees work: its state(s), or its rating area's ZIP prefixes. */
const geographyFields = {
  states: Type.Optional(
    Type.Array(Type.String({ pattern: `^(${stateCodes.join("|")})$`, messages: { pattern: "Choose a state by its two-letter code" } }), {
      maxItems: stateCodes.length,
      uniqueItems: true,
      error: "Name each state once",
    }),
  ),
  ratingAreaZips: Type.Optional(
    Type.Array(
      Type.String({ pattern: "^\\d{3}$", messages: { pattern: "A rating area is listed by three-digit ZIP prefixes (e.g. 787)" } }),
      {
        maxItems: 200,
        uniqueItems: true,
        error: "List each ZIP prefix once",
      },
    ),
  ),
};

const className = Type.String({
  minLength: 1,
  maxLength: 200,
  pattern: "\\S",
  messages: { required: "Class name is required", type: "Class name is required", pattern: "Class name is required" },
});

/** Different terms for employees hired on or after a date: the only way new hires may get different terms (54.9802-4(d)(5)). */
export const NewHireTerms = Type.Object({
  hiredOnOrAfter: Type.String({
    pattern: ISO_DATE_PATTERN,
    messages: { required: "New-hire date is required", pattern: "New-hire date is required", type: "New-hire date is required" },
  }),
  ...tierAmountFields(),
  ageBands: Type.Optional(AgeBands),
});
export type NewHireTerms = Static<typeof NewHireTerms>;

export const EmployeeClass = Type.Object({
  name: className,
  ...tierAmountFields(),
  eligibilityRequirements: Type.Optional(Type.String({ maxLength: 5000 })),
  basis: Type.Optional(ClassBases),
  ...geographyFields,
  ageBands: Type.Optional(AgeBands),
  newHires: Type.Optional(NewHireTerms),
  carryOver: Type.Optional(
    Type.Boolean({ description: "Unused allowance carries over to later months of the same plan year (true when absent)" }),
  ),
});
export type EmployeeClass = Static<typeof EmployeeClass>;

/** A class that keeps the traditional group health plan (never also offered the ICHRA). */
export const GroupPlanClass = Type.Object({
  name: className,
  basis: Type.Optional(ClassBases),
  ...geographyFields,
  headcount: Type.Integer({
    minimum: 0,
    maximum: 1_000_000,
    messages: {
      required: "Employees in the class is required",
      type: "Employees in the class must be a whole number",
      minimum: "Employees in the class cannot be negative",
      maximum: "Employees in the class must be at most 1,000,000",
    },
  }),
});
export type GroupPlanClass = Static<typeof GroupPlanClass>;

export const TOTAL_EMPLOYEES_REQUIRED = "Total employees is required";

export const EmployeeClassesPayload = Type.Object({
  employeeClasses: Type.Array(EmployeeClass, {
    minItems: 1,
    maxItems: 100,
    messages: { required: "At least one employee class is required", type: "At least one employee class is required" },
  }),
  totalEmployees: Type.Integer({
    minimum: 1,
    maximum: 1_000_000,
    description: "Employees the employer reasonably expects on the first day of the plan year, all of them (ICHRA, group plan, no class)",
    messages: {
      required: TOTAL_EMPLOYEES_REQUIRED,
      type: "Total employees must be a whole number",
      minimum: "Total employees must be at least 1",
      maximum: "Total employees must be at most 1,000,000",
    },
  }),
  groupPlanClasses: Type.Optional(
    Type.Array(GroupPlanClass, { maxItems: 50, description: "Classes that keep a traditional group plan (none: no group plan)" }),
  ),
});
export type EmployeeClassesPayload = Static<typeof EmployeeClassesPayload>;

export const EffectiveDatePayload = Type.Object({ effectiveDate });
export type EffectiveDatePayload = Static<typeof EffectiveDatePayload>;

export const FinalizePayload = Type.Object({
  additionalNotes: Type.Optional(Type.String({ maxLength: 5000 })),
  newEmployer: Type.Optional(
    Type.Boolean({
      description:
        "The business did not yet exist 120 days before the effective date: with it, an enrollment fewer than 90 days before the plan starts is taken, its notices due by the day coverage begins",
      messages: { type: "Please answer whether your business is new" },
    }),
  ),
});
export type FinalizePayload = Static<typeof FinalizePayload>;

/**
 * Submitting fewer than 90 days before the plan starts: the notices could no longer reach the
 * employees in time, unless the business is new (it did not exist 120 days before the plan).
 */
export const lateNoticeMessage = (effectiveDate: string, earliestOnTime: string) =>
  `Your employees must get their ICHRA notice at least 90 days before the plan starts on ${formatDate(effectiveDate)}. Choose an effective date on or after ${formatDate(earliestOnTime)}, or confirm that your business did not yet exist 120 days before the plan starts.`;

export const NO_CLASSES_MESSAGE = "Please define at least one employee class before finalizing enrollment.";
export const FINALIZED_MESSAGE = "This enrollment has been submitted and can no longer be changed.";

export const ENROLLMENT_STATUSES = ["plan_selected", "classes_defined", "pending", "approved", "active", "completed"] as const;
export type EnrollmentStatus = (typeof ENROLLMENT_STATUSES)[number];
/** Approved by our administrators (or past that: active, completed): the plan may pay reimbursements. */
export const approvedByAdmin = (status: string) =>
  ENROLLMENT_STATUSES.indexOf(status as EnrollmentStatus) >= ENROLLMENT_STATUSES.indexOf("approved");

const tierAmountsRead = {
  allowanceAmount: Type.Number({ description: "Self-only dollars a month" }),
  individualPlus1Amount: Type.Optional(Type.Number({ description: "Self + one dollars a month" })),
  familyAmount: Type.Optional(Type.Number({ description: "Family dollars a month" })),
};

const AgeBandRead = Type.Object({
  minAge: Type.Integer(),
  maxAge: Type.Optional(Type.Integer()),
  ...tierAmountsRead,
  headcount: Type.Integer({ description: "Census employees of this class in this band, by their age on the effective date" }),
});

/** A class as read back, with how many census employees belong to it. */
export const EmployeeClassRead = Type.Object({
  name: Type.String(),
  ...tierAmountsRead,
  eligibilityRequirements: Type.Optional(Type.String()),
  basis: Type.Optional(Type.Array(Type.String())),
  states: Type.Optional(Type.Array(Type.String())),
  ratingAreaZips: Type.Optional(Type.Array(Type.String())),
  ageBands: Type.Optional(Type.Array(AgeBandRead)),
  newHires: Type.Optional(
    Type.Object({
      hiredOnOrAfter: Type.String(),
      ...tierAmountsRead,
      ageBands: Type.Optional(Type.Array(AgeBandRead)),
      headcount: Type.Integer({ description: "Census employees of this class hired on or after the date" }),
    }),
  ),
  headcount: Type.Integer({ description: "Census employees in this class" }),
  firstDayHeadcount: Type.Integer({
    description: "Census employees of this class employed on the plan year's first day: what the minimum class size counts",
  }),
  carryOver: Type.Optional(
    Type.Boolean({ description: "Unused allowance carries over to later months of the same plan year (true when absent)" }),
  ),
});
export type EmployeeClassRead = Static<typeof EmployeeClassRead>;

/** Enrollment as read from the server (spec §3) plus what the wizard and dashboard need. */
const ClassSizeShortfalls = Type.Array(Type.Object({ className: Type.String(), headcount: Type.Integer(), minimum: Type.Integer() }), {
  description:
    "Once submitted: each class the census as it stands leaves under the minimum class size (a group plan offered to another class; 54.9802-4(d)(3)). Submitting refuses them; a census uploaded after submitting can bring them back.",
});

/** An approval given while a class was under the minimum class size: the admin's reason, who gave it and when (ISO 8601). */
const ClassSizeOverride = Type.Object({ reason: Type.String(), by: Type.String(), at: Type.String() });

export const CLASS_SIZE_REASON_MESSAGE =
  "Please give the reason this enrollment is approved with a class under the minimum size (up to 1,000 characters).";

/** What an approval refused for a class under the minimum size says: each class, and what would let it through. */
export const classSizeApprovalMessage = (shortfalls: readonly { className: string; headcount: number; minimum: number }[]) =>
  `${shortfalls.map((s) => `${s.className} has ${s.headcount} ${s.headcount === 1 ? "employee" : "employees"}, under the minimum class size of ${s.minimum}`).join("; ")} (26 CFR 54.9802-4(d)(3)). Approve it only with a reason on record, such as the employees the employer expects in that class on the plan year's first day.`;

const classSizeReason = Type.String({
  minLength: 1,
  maxLength: 1000,
  messages: {
    required: CLASS_SIZE_REASON_MESSAGE,
    minLength: CLASS_SIZE_REASON_MESSAGE,
    maxLength: CLASS_SIZE_REASON_MESSAGE,
    type: CLASS_SIZE_REASON_MESSAGE,
  },
});

/** The 409 of an approval refused for a class under the minimum size: the message and each class short. */
export const ClassSizeRefusal = Type.Object({ message: Type.String(), classSizeShortfalls: ClassSizeShortfalls });

/** The classes short, when an answer is that refusal; null for any other. */
export const classSizeShortfallsOf = (body: unknown): Static<typeof ClassSizeShortfalls> | null =>
  Value.Check(ClassSizeRefusal, body) ? body.classSizeShortfalls : null;

/** An admin's approval: with a reason when the census leaves a class under the minimum size, which it then records. */
export const ApprovePayload = Type.Object({ classSizeReason: Type.Optional(classSizeReason) });
/** The reason asked for before such an approval. */
export const ClassSizeReasonForm = Type.Object({ classSizeReason });
export type ApprovePayload = Static<typeof ApprovePayload>;

export const EnrollmentRead = Type.Object({
  id: Type.Integer(),
  businessId: Type.Integer(),
  planId: Type.Integer(),
  status: Type.String({ description: "plan_selected | classes_defined | pending | approved | active" }),
  effectiveDate: Type.String({ description: "YYYY-MM-DD" }),
  effectiveDateConfirmed: Type.Boolean({ description: "The Effective Date step was saved" }),
  monthlyBudget: Type.Union([Type.Number(), Type.Null()]),
  additionalNotes: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String({ description: "ISO 8601 instant" }),
  finalizedAt: Type.Union([Type.String(), Type.Null()]),
  plan: Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    description: Type.String(),
    monthlyAmount: Type.Number(),
    limits: PlanLimitsRead,
  }),
  employeeClasses: Type.Array(EmployeeClassRead),
  groupPlanClasses: Type.Array(
    Type.Object({
      name: Type.String(),
      basis: Type.Array(Type.String()),
      states: Type.Optional(Type.Array(Type.String())),
      ratingAreaZips: Type.Optional(Type.Array(Type.String())),
      headcount: Type.Integer(),
    }),
  ),
  notice: Type.Object({
    deadline: Type.String({
      description:
        "YYYY-MM-DD: the last day notices can reach employees, 90 days before the effective date (for a new employer, the effective date)",
    }),
    late: Type.Boolean({ description: "The effective date is (or was, when submitted) fewer than 90 days away" }),
    newEmployer: Type.Boolean({
      description: "Submitted late because the business did not yet exist 120 days before the effective date (54.9802-4(c)(6)(ii))",
    }),
  }),
  totalEmployees: Type.Union([Type.Integer(), Type.Null()], {
    description: "Employees expected on the first day of the plan year (null until the classes step is saved)",
  }),
  business: Type.Object({ name: Type.String(), email: Type.String() }),
  census: Type.Object({
    count: Type.Integer(),
    firstDay: Type.Integer({ description: "Census employees employed on the plan year's first day (no hire date, or hired by then)" }),
    skipped: Type.Boolean(),
    rejected: Type.Integer({
      description: "Rows of the last census uploaded that were refused; the census step is unfinished while there are any",
    }),
  }),
  classSizeShortfalls: ClassSizeShortfalls,
});
export type EnrollmentRead = Static<typeof EnrollmentRead>;

export const EnrollmentList = Type.Array(EnrollmentRead);

export { EnrollmentParams } from "../../lib/schema-fields";

/** An enrollment in the admin's review list. */
export const EnrollmentReviewItem = Type.Object({
  id: Type.Integer(),
  businessId: Type.Integer(),
  businessName: Type.String(),
  planName: Type.String(),
  status: Type.String(),
  effectiveDate: Type.String(),
  classes: Type.Array(Type.String()),
  employeesRegistered: Type.Integer(),
  employeesTotal: Type.Integer(),
  createdAt: Type.String(),
  classSizeShortfalls: ClassSizeShortfalls,
  classSizeOverride: nullable(ClassSizeOverride),
  newEmployer: Type.Boolean({
    description: "Submitted fewer than 90 days before the plan starts, the employer stating it did not exist 120 days before it",
  }),
});
export type EnrollmentReviewItem = Static<typeof EnrollmentReviewItem>;
export const EnrollmentReviewList = Type.Array(EnrollmentReviewItem);

/**
 * The two admin steps of the enrollment status rules (rulings): pending → approved,
 * approved → active. The server applies them; the admin screen offers them.
 */
export const enrollmentSteps = {
  approve: { from: "pending", to: "approved" },
  activate: { from: "approved", to: "active" },
} as const;
export type EnrollmentAction = keyof typeof enrollmentSteps;

/** The step an enrollment in this status can take, if any. */
export const stepFrom = (status: string): EnrollmentAction | undefined =>
  (Object.keys(enrollmentSteps) as EnrollmentAction[]).find((action) => enrollmentSteps[action].from === status);

/** An enrollment after an admin step. */
export const EnrollmentMoved = Type.Object({
  id: Type.Integer(),
  status: Type.String(),
  /** An approval given with a class under the minimum size: the reason recorded; null otherwise. */
  classSizeOverride: nullable(ClassSizeOverride),
});
export type EnrollmentMoved = Static<typeof EnrollmentMoved>;
