// Payloads and answers of the admin API, shared by the routes and the admin screens.
import { type Static, type TLiteral, type TUnion, Type } from "@sinclair/typebox";
import { ID_PATTERN } from "../../lib/patterns";
import { formTypes } from "../leads/options";

const nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

export const dateRanges = ["all", "today", "week", "month"] as const;
export type DateRange = (typeof dateRanges)[number];
export const leadStatuses = ["new", "contacted", "qualified", "won", "lost"] as const;
export type LeadStatus = (typeof leadStatuses)[number];

export const usernamePattern = "^[A-Za-z0-9._-]{3,64}$";
export const minPasswordLength = 12;

export const LoginBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 200, messages: { required: "Required", type: "Required" } }),
  password: Type.String({ minLength: 1, maxLength: 1000, messages: { required: "Required", type: "Required" } }),
});
export type LoginBody = Static<typeof LoginBody>;

export const AuthStatus = Type.Object({ authenticated: Type.Literal(true), username: Type.String() });
export type AuthStatus = Static<typeof AuthStatus>;

export const Ok = Type.Object({ ok: Type.Literal(true) });

/**
 * One of the listed strings. Typed as a tuple of literals: Elysia (and so the browser's typed
 * client) reads a union of a literal array as `never`.
 */
const enumOf = <const T extends readonly string[]>(values: T, message: string) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    { messages: { enum: message }, error: message },
  ) as TUnion<[TLiteral<T[number]>]>;

const FormTypeFilter = enumOf(["all", ...formTypes] as const, "Choose all, employers, brokers, platforms, contact or enrollment");
const RangeFilter = enumOf(dateRanges, "Choose all, today, week or month");
const TimeZone = Type.String({ maxLength: 64, description: "IANA time zone of the admin, e.g. America/Chicago; UTC when absent" });

/** C0 controls and DEL, as a regular expression character class body. */
export const controlCharacters = "\\u0000-\\u001f\\u007f";

/** The filter shared by the list, the summary's 'today' and the CSV export. */
export const SubmissionFilterQuery = Type.Object({
  formType: Type.Optional(FormTypeFilter),
  range: Type.Optional(RangeFilter),
  // Control characters mean nothing in a name, email or company, and a NUL would cut the
  // search index's query short (SQLite reads it as the end of the string).
  q: Type.Optional(
    Type.String({
      maxLength: 200,
      pattern: `^[^${controlCharacters}]*$`,
      messages: { pattern: "Remove control characters from the search" },
    }),
  ),
  tz: Type.Optional(TimeZone),
});
export type SubmissionFilterQuery = Static<typeof SubmissionFilterQuery>;

/** A page size: 1 to 500, written plainly (anything else is a 400, never quietly clamped). */
const PageLimit = Type.String({
  pattern: "^(?:[1-9]|[1-9][0-9]|[1-4][0-9]{2}|500)$",
  messages: { pattern: "A whole number from 1 to 500" },
});

export const SubmissionListQuery = Type.Composite([
  SubmissionFilterQuery,
  Type.Object({
    limit: Type.Optional(PageLimit),
    cursor: Type.Optional(Type.String({ maxLength: 100 })),
  }),
]);
export type SubmissionListQuery = Static<typeof SubmissionListQuery>;

export const SummaryQuery = Type.Object({ tz: Type.Optional(TimeZone) });

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

export const Summary = Type.Object({
  total: Type.Integer(),
  today: Type.Integer(),
  employers: Type.Integer(),
  brokers: Type.Integer(),
  platforms: Type.Integer(),
  contact: Type.Integer(),
  enrollment: Type.Integer(),
});
export type Summary = Static<typeof Summary>;

const Id = Type.String({ pattern: ID_PATTERN, messages: { pattern: "Not a valid id" } });

export const IdParams = Type.Object({ id: Id });

export const LeadStatusBody = Type.Object({
  status: enumOf(leadStatuses, "Choose new, contacted, qualified, won or lost"),
});

export const PageQuery = Type.Object({
  limit: Type.Optional(PageLimit),
  before: Type.Optional(Id),
});

export const EnrollmentRow = Type.Object({
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
export type EnrollmentRow = Static<typeof EnrollmentRow>;
export const EnrollmentList = Type.Array(EnrollmentRow);

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

/** One page of a list read newest first; `nextBefore` is the `before` of the next page. */
export interface IdPage<T> {
  items: T[];
  nextBefore: number | null;
}

export const OutboxRow = Type.Object({
  id: Type.Integer(),
  to: Type.String(),
  subject: Type.String(),
  kind: Type.String(),
  status: Type.String(),
  createdAt: Type.String(),
});
export type OutboxRow = Static<typeof OutboxRow>;
export const OutboxList = Type.Array(OutboxRow);
export const OutboxEmail = Type.Composite([
  OutboxRow,
  Type.Object({ text: Type.String(), attempts: Type.Integer(), lastError: nullable(Type.String()), sentAt: nullable(Type.String()) }),
]);
export type OutboxEmail = Static<typeof OutboxEmail>;
