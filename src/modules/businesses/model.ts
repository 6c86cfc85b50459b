// Payloads and answers of the business endpoints, shared by the Company Info form and the
// server. Messages are the spec's (§5, §8).
import { type Static, Type } from "@sinclair/typebox";
import { ID_PATTERN, PHONE_DIGITS_MESSAGE, PHONE_PATTERN, ZIP_PATTERN } from "../../lib/patterns";
import { emailField, oneOf, personNameField, plainNameField } from "../../lib/schema-fields";
import { companySizes, industries, states } from "./options";

const values = (options: readonly { value: string }[]) => options.map((o) => o.value);

/** `label`'s text, required; too long, it says how long it may be. */
const requiredText = (label: string, maxLength = 200, extra: Record<string, unknown> = {}) =>
  Type.String({
    minLength: 1,
    maxLength,
    pattern: "\\S",
    messages: {
      required: `${label} is required`,
      type: `${label} is required`,
      pattern: `${label} is required`,
      maxLength: `${label} must be at most ${maxLength} characters`,
    },
    ...extra,
  });

export const CompanyRegistration = Type.Object({
  name: plainNameField("Company name"),
  taxId: Type.String({
    minLength: 1,
    maxLength: 10,
    pattern: "^\\d{2}-\\d{7}$",
    messages: {
      required: "Tax ID is required",
      type: "Tax ID is required",
      pattern: "Tax ID must be in XX-XXXXXXX format",
      maxLength: "Tax ID must be in XX-XXXXXXX format",
    },
  }),
  address: requiredText("Address"),
  city: requiredText("City"),
  state: oneOf(values(states), "State is required"),
  zip: Type.String({
    minLength: 1,
    maxLength: 10,
    pattern: ZIP_PATTERN,
    messages: {
      required: "ZIP code is required",
      type: "ZIP code is required",
      pattern: "ZIP code must be in XXXXX or XXXXX-XXXX format",
      maxLength: "ZIP code must be in XXXXX or XXXXX-XXXX format",
    },
  }),
  industry: oneOf(values(industries), "Industry is required"),
  size: oneOf(values(companySizes), "Company size is required"),
  firstName: personNameField("First name"),
  lastName: personNameField("Last name"),
  email: emailField({ required: "Email is required", invalid: "Invalid email format" }),
  // In the ICHRA notice employees are given as whom to call: a number that can be dialled.
  phone: Type.String({
    minLength: 1,
    maxLength: 30,
    pattern: PHONE_PATTERN,
    messages: {
      required: "Phone number is required",
      type: "Phone number is required",
      minLength: "Phone number is required",
      pattern: PHONE_DIGITS_MESSAGE,
      maxLength: PHONE_DIGITS_MESSAGE,
    },
  }),
  termsAccepted: Type.Literal(true, {
    messages: {
      required: "You must accept the terms and conditions",
      enum: "You must accept the terms and conditions",
      type: "You must accept the terms and conditions",
    },
  }),
});
export type CompanyRegistration = Static<typeof CompanyRegistration>;

/**
 * The company's details and its primary contact's name and phone, corrected after
 * registering: the email stays, being the address the owner signs in with.
 */
export const CompanyUpdate = Type.Omit(CompanyRegistration, ["email", "termsAccepted"]);
export type CompanyUpdate = Static<typeof CompanyUpdate>;

/** 409 once an enrollment was submitted: what was submitted is what the review reads. */
export const COMPANY_SUBMITTED_MESSAGE =
  "Your enrollment has been submitted, so your company details can no longer be changed here. Please contact us to change them.";

export const RegistrationAnswer = Type.Object({ businessId: Type.Integer() });
export type RegistrationAnswer = Static<typeof RegistrationAnswer>;

/** 409 when the email already has an account: sign in instead. */
export const DUPLICATE_EMAIL_MESSAGE = "An account with this email already exists. Please sign in to continue your enrollment.";
export const DuplicateEmailAnswer = Type.Object({ message: Type.String(), loginUrl: Type.Literal("/login") });

export const BUSINESS_STATUSES = ["incomplete", "registered", "plan_selected", "classes_defined", "enrolled"] as const;
export type BusinessStatus = (typeof BUSINESS_STATUSES)[number];

export const Contact = Type.Object({
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  phone: Type.Union([Type.String(), Type.Null()]),
});

/** Business as read from the server (spec §3) plus its real primary contact. */
export const BusinessRead = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  taxId: Type.String(),
  address: Type.String(),
  city: Type.String(),
  state: Type.String(),
  zip: Type.String(),
  industry: Type.String(),
  size: Type.String(),
  status: Type.String({ description: "incomplete | registered | plan_selected | classes_defined | enrolled" }),
  createdAt: Type.String({ description: "ISO 8601 instant" }),
  email: Type.String({ description: "The primary contact's email" }),
  contact: Contact,
});
export type BusinessRead = Static<typeof BusinessRead>;

/** Which wizard steps the server holds as done, so the wizard reopens at the first open one. */
export const WizardProgress = Type.Object({
  companyInfo: Type.Boolean(),
  planDesign: Type.Boolean(),
  employeeClasses: Type.Boolean(),
  // "incomplete": uploaded, with refused rows still to put right.
  census: oneOf(["none", "uploaded", "incomplete", "skipped"]),
  effectiveDate: Type.Boolean({ description: "The Effective Date step was saved" }),
  submitted: Type.Boolean(),
});
export type WizardProgress = Static<typeof WizardProgress>;

/** GET /api/business/mine: the signed-in owner's business and its latest enrollment. */
export const MyBusiness = Type.Object({
  businessId: Type.Integer(),
  businessStatus: Type.String(),
  enrollmentId: Type.Union([Type.Integer(), Type.Null()]),
  enrollmentStatus: Type.Union([Type.String(), Type.Null()]),
  progress: WizardProgress,
});
export type MyBusiness = Static<typeof MyBusiness>;

export const BusinessParams = Type.Object({
  businessId: Type.String({ pattern: ID_PATTERN, messages: { pattern: "Invalid business ID", required: "Invalid business ID" } }),
});
