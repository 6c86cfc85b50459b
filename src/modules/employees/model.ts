// Shapes of the employee registration (spec §3, messages of §5) and of the employer's
// employee list. The browser's steps validate with the same schemas.
import { type Static, Type } from "@sinclair/typebox";
import { BIRTH_DATE_RANGE_MESSAGE, daysFrom } from "../../lib/date-rules";
import { firstDayOf } from "../../lib/months";
import { ID_PATTERN, ISO_DATE_PATTERN, PHONE_DIGITS_MESSAGE, PHONE_PATTERN, ZIP_PATTERN } from "../../lib/patterns";
import { birthDayField, dayField, emailField, oneOf, personNameField, stateCodeField } from "../../lib/schema-fields";
import { COVERAGE_LEVELS } from "../compliance/allowance";
import { EnrollmentParams } from "../enrollments/model";

export { COVERAGE_LEVELS as coverageLevels, type CoverageLevel } from "../compliance/allowance";
export const healthPlanIds = ["bronze", "silver", "gold", "platinum"] as const;
export type HealthPlanId = (typeof healthPlanIds)[number];

export const messages = {
  firstName: "First name must be at least 2 characters",
  lastName: "Last name must be at least 2 characters",
  email: "Please enter a valid email address",
  phone: PHONE_DIGITS_MESSAGE,
  dateOfBirth: "Please enter a valid date",
  ssn: "Please enter at least the last 4 digits of your SSN",
  address: "Please enter your address",
  city: "Please enter your city",
  state: "Please enter your state",
  zipCode: "Please enter a valid zip code",
  coverageLevel: "Please select a coverage level",
  healthPlanId: "Please select a health insurance plan",
  acceptTerms: "You must accept the terms to continue",
} as const;

/** A text field; `missing` is said of an empty or absent one when it differs from `message`. */
const text = (message: string, minLength: number, maxLength = 200, pattern?: string, missing = message) =>
  Type.String({
    minLength,
    maxLength,
    ...(pattern ? { pattern } : {}),
    messages: { required: missing, type: message, pattern: message, maxLength: message },
  });

/** Every field of the form, each one valid. */
export const registrationFields = {
  firstName: personNameField("First name", { minLength: 2, required: messages.firstName }),
  lastName: personNameField("Last name", { minLength: 2, required: messages.lastName }),
  email: emailField({ required: messages.email, invalid: messages.email }),
  phone: text(messages.phone, 10, 30, PHONE_PATTERN),
  dateOfBirth: birthDayField(messages.dateOfBirth),
  // Only the last four digits are ever accepted (rulings).
  ssn: text(messages.ssn, 4, 4, "^\\d{4}$"),
  address: text(messages.address, 5),
  city: text(messages.city, 2),
  state: stateCodeField(messages.state),
  zipCode: text(messages.zipCode, 5, 10, ZIP_PATTERN),
  coverageLevel: oneOf(COVERAGE_LEVELS, messages.coverageLevel),
  healthPlanId: oneOf(healthPlanIds, messages.healthPlanId),
  acceptTerms: Type.Literal(true, { messages: { required: messages.acceptTerms, enum: messages.acceptTerms, type: messages.acceptTerms } }),
};
export type RegistrationFieldName = keyof typeof registrationFields;

/** The complete registration: what the final submit needs. */
export const RegistrationComplete = Type.Object(registrationFields);
export type RegistrationComplete = Static<typeof RegistrationComplete>;

/** A save while the flow is in progress: any subset of the fields, each one valid. */
export const RegistrationSave = Type.Object({
  invite: Type.Optional(Type.String({ maxLength: 100 })),
  /** True on the Terms step: the registration is complete and submitted. */
  submit: Type.Optional(Type.Boolean()),
  /** True: the employee opts out of the ICHRA and waives its reimbursements (recorded with the date). */
  decline: Type.Optional(Type.Boolean()),
  firstName: Type.Optional(registrationFields.firstName),
  lastName: Type.Optional(registrationFields.lastName),
  email: Type.Optional(registrationFields.email),
  phone: Type.Optional(registrationFields.phone),
  dateOfBirth: Type.Optional(registrationFields.dateOfBirth),
  ssn: Type.Optional(registrationFields.ssn),
  address: Type.Optional(registrationFields.address),
  city: Type.Optional(registrationFields.city),
  state: Type.Optional(registrationFields.state),
  zipCode: Type.Optional(registrationFields.zipCode),
  coverageLevel: Type.Optional(registrationFields.coverageLevel),
  healthPlanId: Type.Optional(registrationFields.healthPlanId),
  acceptTerms: Type.Optional(registrationFields.acceptTerms),
});
export type RegistrationSave = Static<typeof RegistrationSave>;

/** The employee's pages, opened with `?invite=TOKEN`: the registration and their class's ICHRA notice. */
export const registrationPath = (enrollmentId: number | string) => `/employee-registration/${enrollmentId}`;
export const noticePath = (enrollmentId: number | string) => `${registrationPath(enrollmentId)}/notice`;

export const InviteQuery = Type.Object({ invite: Type.Optional(Type.String({ maxLength: 100 })) });

/** What the employee has saved so far; the SSN only masked. */
export const SavedRegistration = Type.Object({
  firstName: Type.Union([Type.String(), Type.Null()]),
  lastName: Type.Union([Type.String(), Type.Null()]),
  email: Type.Union([Type.String(), Type.Null()]),
  phone: Type.Union([Type.String(), Type.Null()]),
  dateOfBirth: Type.Union([Type.String(), Type.Null()]),
  ssnMasked: Type.Union([Type.String(), Type.Null()]),
  address: Type.Union([Type.String(), Type.Null()]),
  city: Type.Union([Type.String(), Type.Null()]),
  state: Type.Union([Type.String(), Type.Null()]),
  zipCode: Type.Union([Type.String(), Type.Null()]),
  coverageLevel: Type.Union([Type.String(), Type.Null()]),
  healthPlanId: Type.Union([Type.String(), Type.Null()]),
  termsAcceptedAt: Type.Union([Type.String(), Type.Null()]),
  submittedAt: Type.Union([Type.String(), Type.Null()]),
  /** ISO instant the employee opted out of the ICHRA and waived its reimbursements; null when they did not. */
  declinedAt: Type.Union([Type.String(), Type.Null()]),
});
export type SavedRegistration = Static<typeof SavedRegistration>;

/**
 * What a registered employee does next, said on the Confirm step and in the confirmation
 * email: the first step (signing in) is said by each in its own way, with a button or the
 * site's address.
 */
export const REGISTERED_NEXT_STEPS = [
  "Send proof of your individual health coverage (or Medicare) for the plan year: a document from your insurance company or the Marketplace.",
  "Each month, once you have paid your premium, claim it there with your receipt. Approved amounts are paid with your wages, tax-free.",
] as const;

export const RegistrationView = Type.Object({
  enrollmentId: Type.Integer(),
  businessName: Type.String(),
  prefill: Type.Object({
    firstName: Type.String(),
    lastName: Type.String(),
    email: Type.String(),
    phone: Type.String(),
    dateOfBirth: Type.String(),
    zipCode: Type.String(),
  }),
  className: Type.Union([Type.String(), Type.Null()]),
  /** Dollars per month to show the employee: their class's (their band's), or the spec's fixed fallback when no class of theirs is known. */
  allowance: Type.Number(),
  /** True when `allowance` is that fallback, not an amount the employer set for them. */
  allowanceIsFallback: Type.Boolean(),
  /** Dollars per month at each coverage level (the same at every level when the class does not vary by family size); null when no class of theirs is known. */
  allowances: Type.Union([Type.Object({ individual: Type.Number(), individualPlus1: Type.Number(), family: Type.Number() }), Type.Null()]),
  /** The employer's plan comes with indemnity benefits: the sample paycheck, which counts on them, applies. */
  planIncludesIndemnity: Type.Boolean(),
  /** 'YYYY-MM-DD': the enrollment's effective date. */
  planStartDate: Type.String(),
  /** 'YYYY-MM-DD': the day this employee's coverage and allowance begin: the plan's start, or the first of a month on or after a later hire date. */
  coverageStartDate: Type.String(),
  /** 'YYYY-MM-DD': the last day the invite can be used. */
  deadline: Type.String(),
  /** False once the registration is submitted (or in the employer's read-only preview): it can no longer change. */
  editable: Type.Boolean(),
  /**
   * An opting out at the invitation, not taken back: the last day registering takes it back
   * (null once its first waived month has started) and the end of the plan year it holds for.
   */
  optedOut: Type.Union([Type.Object({ takeBackUntil: Type.Union([Type.String(), Type.Null()]), until: Type.String() }), Type.Null()]),
  registration: Type.Union([SavedRegistration, Type.Null()]),
});
export type RegistrationView = Static<typeof RegistrationView>;

export const inviteStatuses = ["not_sent", "sent", "opened", "registered", "revoked"] as const;
export type InviteStatus = (typeof inviteStatuses)[number];

/** How an employee's allowance ended: with their employment, or when they opted out and waived the months after. */
export const AllowanceEnded = Type.Object({
  endedBy: oneOf(["employment", "waiver"] as const),
  /** 'YYYY-MM-DD': the last day of employment, or the day they opted out. */
  on: Type.String(),
  /** 'YYYY-MM': the last month with an allowance; nothing later is claimed, approved or accrued. */
  lastMonth: Type.String(),
});
export type AllowanceEnded = Static<typeof AllowanceEnded>;

/** An employee's opting out once registered: the day (theirs) and the first month waived. */
export const OptedOut = Type.Object({
  /** 'YYYY-MM-DD': the day they opted out, where they were. */
  on: Type.String(),
  /** 'YYYY-MM': the first month waived; until it starts they can take it back. */
  waivedFrom: Type.String(),
});
export type OptedOut = Static<typeof OptedOut>;

/** The last day an opting out can be taken back: the eve of the first month it waives. */
export const takeBackUntil = (waivedFrom: string) => daysFrom(firstDayOf(waivedFrom), -1);

export const EmployeeListItem = Type.Object({
  id: Type.Integer(),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  className: Type.String(),
  allowance: Type.Union([Type.Number(), Type.Null()]),
  inviteStatus: oneOf(inviteStatuses),
  inviteSentAt: Type.Union([Type.String(), Type.Null()]),
  inviteExpiresAt: Type.Union([Type.String(), Type.Null()]),
  /** ISO instant the notice of `noticePlanYearStart`'s plan year was emailed to them; null: not yet. */
  noticeSentAt: Type.Union([Type.String(), Type.Null()]),
  /** 'YYYY-MM-DD': the start of the plan year whose notice is due now (each plan year has its own; a later one's from 150 days before it starts). */
  noticePlanYearStart: Type.String(),
  /** 'YYYY-MM-DD': the day that notice is due (90 days before its plan year, or the day a newly eligible employee's coverage can begin). */
  noticeDueBy: Type.String(),
  /** 'YYYY-MM-DD': for an employee added after submitting, the first day their coverage can begin. */
  eligibleFrom: Type.Union([Type.String(), Type.Null()]),
  /** ISO instant they opted out of the ICHRA at registration; null when they did not. */
  declinedAt: Type.Union([Type.String(), Type.Null()]),
  /** 'YYYY-MM-DD': the last day of their employment, as the employer recorded it; null while employed. */
  employmentEndedOn: Type.Union([Type.String(), Type.Null()]),
  /** Registered, they later opted out; null while they take part. */
  optedOut: Type.Union([OptedOut, Type.Null()]),
  /**
   * What the employer sees of a submitted registration: when, and the coverage level the
   * allowance is figured for. The plan the employee shopped for and their address are theirs.
   */
  registration: Type.Union([
    Type.Object({
      submittedAt: Type.Union([Type.String(), Type.Null()]),
      coverageLevel: Type.Union([Type.String(), Type.Null()]),
    }),
    Type.Null(),
  ]),
});
export type EmployeeListItem = Static<typeof EmployeeListItem>;

export const EmployeeList = Type.Object({
  enrollmentId: Type.Integer(),
  employees: Type.Array(EmployeeListItem),
});
export type EmployeeList = Static<typeof EmployeeList>;

export const EmployeeParams = Type.Object({
  ...EnrollmentParams.properties,
  employeeId: Type.String({ pattern: ID_PATTERN, messages: { pattern: "Invalid employee ID", required: "Invalid employee ID" } }),
});

/** A last day of employment that is no day: a bad shape here, an impossible day (February 30) on the server. */
export const ENDED_ON_INVALID_MESSAGE = "Last day of employment must be a real date";

/** The last day of an employee's employment, or null to clear one recorded by mistake. */
export const EmploymentEndPayload = Type.Object({
  endedOn: Type.Union([text(ENDED_ON_INVALID_MESSAGE, 10, 10, ISO_DATE_PATTERN), Type.Null()], {
    // A union's own refusal is its "enum" message (lib/field-errors.ts).
    messages: { required: "Last day of employment is required", enum: ENDED_ON_INVALID_MESSAGE },
  }),
});
export type EmploymentEndPayload = Static<typeof EmploymentEndPayload>;

export const SendResult = Type.Object({ sent: Type.Integer(), employees: Type.Array(EmployeeListItem) });
export type SendResult = Static<typeof SendResult>;

/** An ICHRA notice as the pages show it: the sections of compliance/notice.ts. */
export const NoticeView = Type.Object({
  title: Type.String(),
  businessName: Type.String(),
  className: Type.String(),
  /** 'YYYY-MM-DD': first and last day of the plan year. */
  planYearStart: Type.String(),
  planYearEnd: Type.String(),
  sections: Type.Array(
    Type.Object({
      id: Type.String({
        description:
          "The notice element: what, allowance, eligibility, plan-year, opt-out, ptc, marketplace, coverage, erisa, sep, contact",
      }),
      heading: Type.String(),
      paragraphs: Type.Array(Type.String()),
      list: Type.Optional(Type.Array(Type.String())),
      table: Type.Optional(
        Type.Object({ caption: Type.String(), head: Type.Array(Type.String()), rows: Type.Array(Type.Array(Type.String())) }),
      ),
    }),
  ),
});
export type NoticeView = Static<typeof NoticeView>;

export const ClassNoticeParams = Type.Object({
  ...EnrollmentParams.properties,
  classIndex: Type.String({ pattern: "^\\d{1,3}$", messages: { pattern: "Invalid class", required: "Invalid class" } }),
});

/** An employee added after the enrollment was submitted (a newly eligible employee). */
export const NewEmployee = Type.Object({
  firstName: personNameField("First name"),
  lastName: personNameField("Last name"),
  email: emailField({ required: "Email is required", invalid: "Invalid email format" }),
  dateOfBirth: birthDayField("Date of birth is required", BIRTH_DATE_RANGE_MESSAGE),
  // The pattern holds the length, so a short ZIP is told the format and an empty one that it is needed.
  homeZip: text("Home ZIP must be in XXXXX or XXXXX-XXXX format", 1, 10, ZIP_PATTERN, "Home ZIP is required"),
  workZip: Type.Optional(text("Work ZIP must be in XXXXX or XXXXX-XXXX format", 5, 10, ZIP_PATTERN)),
  className: text("Class is required", 1),
  hireDate: dayField("Hire date is required", "Hire date must be a real date"),
  phone: Type.Optional(
    Type.String({
      maxLength: 30,
      pattern: `^\\s*$|${PHONE_PATTERN}`,
      messages: { pattern: PHONE_DIGITS_MESSAGE, maxLength: PHONE_DIGITS_MESSAGE },
    }),
  ),
});
export type NewEmployee = Static<typeof NewEmployee>;

export const NoticesSent = Type.Object({ sent: Type.Integer(), employees: Type.Array(EmployeeListItem) });
export type NoticesSent = Static<typeof NoticesSent>;

/**
 * An employee's address is the one their invitation reached: opening it proved it is theirs,
 * and their sign-in links and everything about their claims go there. A typed one nobody has
 * checked would hand all of that to whoever holds it.
 */
export const EMAIL_IS_THE_INVITATIONS =
  "The address your invitation was sent to: your sign-in links and everything about your benefits go here. To change it, write to us, the plan's administrator, once you have registered.";
export const OTHER_EMAIL_MESSAGE = (invited: string) =>
  `Please register with the address your invitation was sent to, ${invited}: your sign-in links and everything about your benefits go there.`;

/**
 * Invitations and notices go to employees only from a submitted enrollment: before that the
 * census can still change, and a census sent once the first invitation is out is refused, so
 * an account mails its census once, not again with each upload.
 */
export const SEND_BEFORE_SUBMIT_MESSAGE = "Invitations and ICHRA notices go out once your enrollment is submitted. Please submit it first.";

export const NOTICE_UNAVAILABLE_MESSAGE =
  "Your employee class has changed since you were invited, so your notice is not available yet. Please ask your employer for it.";

/** The success page's preview tools: the employees the owner can preview, by name. */
export const PreviewRoster = Type.Object({
  employees: Type.Array(Type.Object({ id: Type.Integer(), firstName: Type.String(), lastName: Type.String(), className: Type.String() })),
});
export type PreviewRoster = Static<typeof PreviewRoster>;

export const PreviewLinkPayload = Type.Object({
  employeeId: Type.Integer({
    minimum: 1,
    messages: { type: "Choose an employee", minimum: "Choose an employee", required: "Choose an employee" },
  }),
});
export type PreviewLinkPayload = Static<typeof PreviewLinkPayload>;

/** A link that opens one employee's registration read-only; it saves nothing and is no invitation. */
export const PreviewLink = Type.Object({
  link: Type.String(),
  employee: Type.Object({ firstName: Type.String(), lastName: Type.String() }),
  expiresAt: Type.String(),
});
export type PreviewLink = Static<typeof PreviewLink>;

export const SampleEmailAnswer = Type.Object({ message: Type.String(), to: Type.String() });
export type SampleEmailAnswer = Static<typeof SampleEmailAnswer>;

/** `?preview=TOKEN`: what a preview link carries. */
export const PreviewQuery = Type.Object({ preview: Type.Optional(Type.String({ maxLength: 200 })) });
