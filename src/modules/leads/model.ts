// The lead forms' payloads. `LeadPayload` is what POST /api/contact accepts (every form's
// fields, all optional, so unknown fields are dropped and lengths are checked); the form
// schemas below add each form's required fields and are used by the server after it knows
// the formType, and by the web forms before they send.
import { type Static, type TInteger, type TObject, type TSchema, Type } from "@sinclair/typebox";
import { PageQuery } from "../../lib/pages";
import { CONTROL_CHARACTERS } from "../../lib/patterns";
import { emailField, nullable, oneOf } from "../../lib/schema-fields";
import { TimeZoneField, TimeZoneQuery } from "../../lib/time-zones";
import { existingPlatforms, type FormType, formTypes, honeypotField } from "./options";

export * from "./options";

const text = (maxLength: number, required?: string) =>
  Type.String({
    ...(required ? { minLength: 1, pattern: "\\S" } : {}),
    maxLength,
    messages: { required, pattern: required, maxLength: `Must be at most ${maxLength} characters`, type: required ?? "Invalid input" },
  });

const name = text(200, "Name is required");
const email = emailField({
  required: "Email is required",
  invalid: "Invalid email format",
  tooLong: "Email must be at most 254 characters",
});
const company = (required: string) => text(200, required);
const optionalText = (maxLength: number) => Type.Optional(text(maxLength));
const employees = Type.Integer({
  minimum: 1,
  maximum: 1_000_000,
  messages: {
    required: "Number of employees is required",
    type: "Number of employees must be a whole number",
    minimum: "Number of employees must be at least 1",
    maximum: "Number of employees must be at most 1,000,000",
  },
});
const existingPlatform = oneOf(existingPlatforms, { enum: "Choose one of the listed platforms" });
const integrationInterest = oneOf(["yes", "no"], { enum: "Choose yes or no" });

/** Everything any lead form may send. The server drops whatever else arrives. */
export const LeadPayload = Type.Object({
  formType: Type.Optional(oneOf(formTypes, { enum: "Unknown form type" })),
  name: Type.Optional(Type.String({ maxLength: 200, messages: { maxLength: "Must be at most 200 characters" } })),
  email: Type.Optional(Type.String({ maxLength: 254, messages: { maxLength: "Email must be at most 254 characters" } })),
  company: optionalText(200),
  phone: optionalText(50),
  currentProvider: optionalText(200),
  message: optionalText(5000),
  employees: Type.Optional(Type.Unknown()),
  existingPlatform: Type.Optional(Type.Unknown()),
  integrationInterest: Type.Optional(Type.Unknown()),
  [honeypotField]: optionalText(500),
});
export type LeadPayload = Static<typeof LeadPayload>;

/** Who sends a lead, as every form asks: a name, the company by the form's own word for it, and an email. */
const sender = (companyRequired = "Company name is required") => ({ name, company: company(companyRequired), email });

export const ContactForm = Type.Object({
  ...sender(),
  phone: optionalText(50),
  currentProvider: optionalText(200),
  message: optionalText(5000),
});
export type ContactForm = Static<typeof ContactForm>;

export const EmployersForm = Type.Object({ ...sender(), employees });
export type EmployersForm = Static<typeof EmployersForm>;

export const BrokersForm = Type.Object({ ...sender("Firm name is required"), existingPlatform: Type.Optional(existingPlatform) });
export type BrokersForm = Static<typeof BrokersForm>;

export const PlatformsForm = Type.Object({
  ...sender("Platform name is required"),
  integrationInterest: Type.Optional(integrationInterest),
});
export type PlatformsForm = Static<typeof PlatformsForm>;

export const EnrollmentForm = Type.Object({ ...sender(), currentProvider: optionalText(200) });
export type EnrollmentForm = Static<typeof EnrollmentForm>;

export const formSchemas: Record<FormType, TSchema> = {
  contact: ContactForm,
  employers: EmployersForm,
  brokers: BrokersForm,
  platforms: PlatformsForm,
  enrollment: EnrollmentForm,
};

/**
 * The fields a form's lead keeps: its own, plus the message that clients composing it
 * themselves send. Fields of other forms are dropped like unknown ones.
 */
export function fieldsOf(formType: FormType, payload: Record<string, unknown>): Record<string, unknown> {
  const keep = new Set([...Object.keys((formSchemas[formType] as TObject).properties), "message"]);
  return Object.fromEntries(Object.entries(payload).filter(([key]) => keep.has(key)));
}

/** Received: the same words for every lead, and for a robot's, with no number that would count them. */
export const LEAD_RECEIVED_MESSAGE = "Thank you: we received your message and will be in touch.";
export const LeadCreated = Type.Object({ message: Type.String() });

// The admin's lead list, summary, detail and status.

export const dateRanges = ["all", "today", "week", "month"] as const;
export type DateRange = (typeof dateRanges)[number];
export const leadStatuses = ["new", "contacted", "qualified", "won", "lost"] as const;
export type LeadStatus = (typeof leadStatuses)[number];

const FormTypeFilter = oneOf(["all", ...formTypes] as const, "Choose all, employers, brokers, platforms, contact or enrollment");
const RangeFilter = oneOf(dateRanges, "Choose all, today, week or month");

/** The filter shared by the list, the summary's 'today' and the CSV export. */
export const SubmissionFilterQuery = Type.Object({
  formType: Type.Optional(FormTypeFilter),
  range: Type.Optional(RangeFilter),
  // Control characters mean nothing in a name, email or company, and a NUL would cut the
  // search index's query short (SQLite reads it as the end of the string).
  q: Type.Optional(
    Type.String({
      maxLength: 200,
      pattern: `^[^${CONTROL_CHARACTERS}]*$`,
      messages: { pattern: "Remove control characters from the search" },
    }),
  ),
  tz: Type.Optional(TimeZoneField),
});
export type SubmissionFilterQuery = Static<typeof SubmissionFilterQuery>;

export const SubmissionListQuery = Type.Composite([SubmissionFilterQuery, PageQuery]);
export type SubmissionListQuery = Static<typeof SubmissionListQuery>;

export const SummaryQuery = TimeZoneQuery;

/** A submission as the spec reads it back. */
export const Submission = Type.Object({
  id: Type.Integer(),
  formType: Type.String(),
  name: Type.String(),
  email: Type.String(),
  company: nullable(Type.String()),
  phone: nullable(Type.String()),
  currentProvider: nullable(Type.String()),
  message: nullable(Type.String()),
  submittedAt: Type.String({ description: "ISO 8601 instant" }),
  leadStatus: Type.String(),
});
export type Submission = Static<typeof Submission>;
export const SubmissionList = Type.Array(Submission);

export const SubmissionDetail = Type.Composite([
  Submission,
  Type.Object({
    data: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
    leadStatusBy: nullable(Type.String()),
    leadStatusAt: nullable(Type.String()),
  }),
]);
export type SubmissionDetail = Static<typeof SubmissionDetail>;

/** Every lead, today's, and the count of each form type. */
export const Summary = Type.Object({
  total: Type.Integer(),
  today: Type.Integer(),
  ...(Object.fromEntries(formTypes.map((type) => [type, Type.Integer()])) as Record<FormType, TInteger>),
});
export type Summary = Static<typeof Summary>;

export const LeadStatusBody = Type.Object({
  status: oneOf(leadStatuses, "Choose new, contacted, qualified, won or lost"),
});
