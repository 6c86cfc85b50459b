// Payloads and answers of the enrollment endpoints (plan selection, classes, effective
// date, finalize, read), shared by the wizard and the server. Messages are the spec's.
import { type Static, Type } from "@sinclair/typebox";
import { ID_PATTERN, ISO_DATE_PATTERN } from "../../lib/patterns";
import { dollarsField, emailField } from "../../lib/schema-fields";
import { AgeBands, ClassBases } from "../compliance/model";

const effectiveDate = Type.String({
  minLength: 1,
  pattern: ISO_DATE_PATTERN,
  messages: { required: "Effective date is required", type: "Effective date is required", pattern: "Effective date is required" },
});

/** Shown when the effective date is before today (past dates are disabled in the calendar). */
export const PAST_DATE_MESSAGE = "Effective date cannot be in the past";

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

export const EmployeeClass = Type.Object({
  name: Type.String({
    minLength: 1,
    maxLength: 200,
    pattern: "\\S",
    messages: { required: "Class name is required", type: "Class name is required", pattern: "Class name is required" },
  }),
  allowanceAmount: dollarsField("Allowance amount", {
    messages: { type: "Allowance amount is required", minimum: "Allowance amount is required" },
  }),
  eligibilityRequirements: Type.Optional(Type.String({ maxLength: 5000 })),
  basis: Type.Optional(ClassBases),
  ageBands: Type.Optional(AgeBands),
  carryOver: Type.Optional(
    Type.Boolean({ description: "Unused allowance carries over to later months of the same plan year (true when absent)" }),
  ),
});
export type EmployeeClass = Static<typeof EmployeeClass>;

export const EmployeeClassesPayload = Type.Object({
  employeeClasses: Type.Array(EmployeeClass, {
    minItems: 1,
    maxItems: 100,
    messages: { required: "At least one employee class is required", type: "At least one employee class is required" },
  }),
  offersGroupPlan: Type.Optional(Type.Boolean({ description: "Also offers a traditional group plan to another class" })),
});
export type EmployeeClassesPayload = Static<typeof EmployeeClassesPayload>;

export const EffectiveDatePayload = Type.Object({ effectiveDate });
export type EffectiveDatePayload = Static<typeof EffectiveDatePayload>;

export const FinalizePayload = Type.Object({ additionalNotes: Type.Optional(Type.String({ maxLength: 5000 })) });
export type FinalizePayload = Static<typeof FinalizePayload>;

export const NO_CLASSES_MESSAGE = "Please define at least one employee class before finalizing enrollment.";
export const FINALIZED_MESSAGE = "This enrollment has been submitted and can no longer be changed.";

export const ENROLLMENT_STATUSES = ["plan_selected", "classes_defined", "pending", "approved", "active", "completed"] as const;
export type EnrollmentStatus = (typeof ENROLLMENT_STATUSES)[number];

/** A class as read back, with how many census employees belong to it. */
export const EmployeeClassRead = Type.Object({
  name: Type.String(),
  allowanceAmount: Type.Number(),
  eligibilityRequirements: Type.Optional(Type.String()),
  basis: Type.Optional(Type.Array(Type.String())),
  ageBands: Type.Optional(
    Type.Array(
      Type.Object({
        minAge: Type.Integer(),
        maxAge: Type.Optional(Type.Integer()),
        allowanceAmount: Type.Number(),
        headcount: Type.Integer({ description: "Census employees of this class in this band, by their age on the effective date" }),
      }),
    ),
  ),
  headcount: Type.Integer({ description: "Census employees in this class" }),
  carryOver: Type.Optional(
    Type.Boolean({ description: "Unused allowance carries over to later months of the same plan year (true when absent)" }),
  ),
});
export type EmployeeClassRead = Static<typeof EmployeeClassRead>;

/** Enrollment as read from the server (spec §3) plus what the wizard and dashboard need. */
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
  plan: Type.Object({ id: Type.Integer(), name: Type.String(), description: Type.String(), monthlyAmount: Type.Number() }),
  employeeClasses: Type.Array(EmployeeClassRead),
  offersGroupPlan: Type.Boolean(),
  business: Type.Object({ name: Type.String(), email: Type.String() }),
  census: Type.Object({ count: Type.Integer(), skipped: Type.Boolean() }),
});
export type EnrollmentRead = Static<typeof EnrollmentRead>;

export const EnrollmentList = Type.Array(EnrollmentRead);

export const EnrollmentParams = Type.Object({
  enrollmentId: Type.String({ pattern: ID_PATTERN, messages: { pattern: "Invalid enrollment ID", required: "Invalid enrollment ID" } }),
});

/** The success page's registration-link tool. */
export const RegistrationLinkAnswer = Type.Object({
  link: Type.String({ description: "Absolute invite link /employee-registration/{enrollmentId}?invite={token}" }),
  employee: Type.Object({ firstName: Type.String(), lastName: Type.String(), email: Type.String() }),
  expiresAt: Type.String({ description: "ISO 8601 instant" }),
});
export type RegistrationLinkAnswer = Static<typeof RegistrationLinkAnswer>;

export const TestEmailPayload = Type.Object({
  email: emailField({ required: "Please enter a valid email address", invalid: "Please enter a valid email address" }),
});
export type TestEmailPayload = Static<typeof TestEmailPayload>;

export const TestEmailAnswer = Type.Object({ message: Type.String(), to: Type.String() });
export type TestEmailAnswer = Static<typeof TestEmailAnswer>;

export const NO_EMPLOYEES_MESSAGE = "This enrollment has no employees yet. Upload an employee census to create registration links.";
/** Every census employee already has an invitation (or registered, or was revoked): none is taken over. */
export const ALL_INVITED_MESSAGE =
  "Every employee on this census has already been invited. Resend an invitation from the employee list on your dashboard.";

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
export const EnrollmentMoved = Type.Object({ id: Type.Integer(), status: Type.String() });
export type EnrollmentMoved = Static<typeof EnrollmentMoved>;
