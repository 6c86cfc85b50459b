// The data model: the spec's five entities, plus what the rulings add (sessions, outbox,
// census employees, employee registrations, state premiums); the tables SQLite derives
// through triggers are in derived.ts. Money is integer cents; instants are integer
// milliseconds since the epoch (UTC); date-only fields are YYYY-MM-DD.
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

// Columns many tables share, built in one place so each keeps one definition.
const id = () => integer("id").primaryKey({ autoIncrement: true });
/** When the row was written, by the database's clock. */
const createdAt = () => integer("created_at").notNull().default(now);
/** The census employee a row belongs to: removing the employee removes the row. */
const employeeId = () =>
  integer("employee_id")
    .notNull()
    .references(() => censusEmployees.id, { onDelete: "cascade" });
const enrollmentId = () =>
  integer("enrollment_id")
    .notNull()
    .references(() => enrollments.id);
const businessId = () =>
  integer("business_id")
    .notNull()
    .references(() => businesses.id);
/** An admin's latest decision on a row: its reason (shown to the employee), who (the admin's username) and when. */
const decision = () => ({
  reason: text("reason"),
  decidedBy: text("decided_by"),
  decidedAt: integer("decided_at"),
});

export const users = sqliteTable("users", {
  id: id(),
  username: text("username").notNull().unique(),
  // argon2id hash; null for employers, who sign in by emailed one-time link.
  password: text("password"),
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  email: text("email").notNull().unique(),
  phone: text("phone"),
  role: text("role").notNull().default("business"),
  // When an emailed sign-in link first proved the address is its owner's (ms); null until
  // then. Registering signs in an address nobody has proven yet.
  emailConfirmedAt: integer("email_confirmed_at"),
  createdAt: createdAt(),
});

export const businesses = sqliteTable(
  "businesses",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    name: text("name").notNull(),
    taxId: text("tax_id").notNull(),
    address: text("address").notNull(),
    city: text("city").notNull(),
    state: text("state").notNull(),
    zip: text("zip").notNull(),
    industry: text("industry").notNull(),
    size: text("size").notNull(),
    status: text("status").notNull().default("incomplete"),
    createdAt: createdAt(),
  },
  (t) => [index("businesses_user_idx").on(t.userId)],
);

export const ichraPlans = sqliteTable("ichra_plans", {
  id: id(),
  name: text("name").notNull().unique(),
  description: text("description").notNull(),
  monthlyAmountCents: integer("monthly_amount_cents").notNull(),
  annualAmountCents: integer("annual_amount_cents").notNull(),
  features: text("features", { mode: "json" }).$type<string[]>().notNull(),
  isPopular: integer("is_popular", { mode: "boolean" }).notNull().default(false),
});

/** Monthly amounts in cents by family size: self only, and self + one and family when the class varies by family size. */
export interface StoredTierAmounts {
  allowanceCents: number;
  individualPlus1Cents?: number;
  familyCents?: number;
}

/** Allowance by age on the first day of the plan year; the oldest at most 3× the youngest. */
export interface StoredAgeBand extends StoredTierAmounts {
  minAge: number;
  maxAge?: number;
}

export interface StoredEmployeeClass extends StoredTierAmounts {
  name: string;
  eligibilityRequirements?: string;
  /** The permitted class (or combination) it is based on. */
  basis?: string[];
  /** Where a state or multi-state-region class's employees work. */
  states?: string[];
  /** A rating-area class's three-digit ZIP prefixes. */
  ratingAreaZips?: string[];
  ageBands?: StoredAgeBand[];
  /** Different terms for employees hired on or after a date (the new-hire subclass). */
  newHires?: StoredTierAmounts & { hiredOnOrAfter: string; ageBands?: StoredAgeBand[] };
  /** False: a month's unused allowance does not carry over to later months of the plan year (absent means it does). */
  carryOver?: boolean;
}

/** A class that keeps the traditional group plan: how it is defined and how many it has. */
export interface StoredGroupPlanClass {
  name: string;
  basis: string[];
  states?: string[];
  ratingAreaZips?: string[];
  headcount: number;
}

export const enrollments = sqliteTable(
  "enrollments",
  {
    id: id(),
    businessId: businessId(),
    planId: integer("plan_id")
      .notNull()
      .references(() => ichraPlans.id),
    status: text("status").notNull().default("pending"),
    effectiveDate: text("effective_date").notNull(),
    employeeClasses: text("employee_classes", { mode: "json" }).$type<StoredEmployeeClass[]>(),
    monthlyBudgetCents: integer("monthly_budget_cents"),
    additionalNotes: text("additional_notes"),
    censusSkipped: integer("census_skipped", { mode: "boolean" }).notNull().default(false),
    // Rows of the last census uploaded that were refused (an error each), so the wizard knows
    // the census is not finished while they are not put right, whatever browser opens it.
    censusRejectedRows: integer("census_rejected_rows").notNull().default(0),
    // The classes that keep a traditional group plan (empty: no group plan). The minimum
    // class size rule applies only when there is one.
    groupPlanClasses: text("group_plan_classes", { mode: "json" }).$type<StoredGroupPlanClass[]>().notNull().default(sql`'[]'`),
    // Employees the employer expects on the first day of the plan year, all of them (the
    // class-size floor is measured on it); null until the classes step is saved.
    totalEmployees: integer("total_employees"),
    // When the employer saved the Effective Date step (the date itself is first set with the plan).
    effectiveDateConfirmedAt: integer("effective_date_confirmed_at"),
    finalizedAt: integer("finalized_at"),
    // An approval given while the census left a class under the minimum class size: the
    // admin's reason (the employer expects more employees in it by the plan year's first
    // day, say), who gave it and when. Null when none was needed.
    // Submitted fewer than 90 days before the plan starts: the employer stated it did not yet
    // exist 120 days before it, so the notices may go out by the day coverage begins.
    newEmployer: integer("new_employer", { mode: "boolean" }).notNull().default(false),
    classSizeOverrideReason: text("class_size_override_reason"),
    classSizeOverrideBy: text("class_size_override_by"),
    classSizeOverrideAt: integer("class_size_override_at"),
    createdAt: createdAt(),
  },
  (t) => [index("enrollments_business_idx").on(t.businessId, t.createdAt)],
);

export const formSubmissions = sqliteTable(
  "form_submissions",
  {
    id: id(),
    formType: text("form_type").notNull(),
    name: text("name").notNull(),
    company: text("company"),
    email: text("email").notNull(),
    phone: text("phone"),
    currentProvider: text("current_provider"),
    message: text("message"),
    data: text("data", { mode: "json" }).$type<Record<string, unknown>>(),
    submittedAt: integer("submitted_at").notNull().default(now),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    // Staff follow-up, beyond the spec: new | contacted | qualified | won | lost.
    leadStatus: text("lead_status").notNull().default("new"),
    leadStatusBy: text("lead_status_by"),
    leadStatusAt: integer("lead_status_at"),
  },
  (t) => [
    index("form_submissions_submitted_idx").on(t.submittedAt),
    index("form_submissions_type_submitted_idx").on(t.formType, t.submittedAt),
    index("form_submissions_email_idx").on(t.email),
  ],
);

// Server-side sessions: the cookie holds a random token, the table only its SHA-256. Admins
// and owners are users; an employee is the census employee who registered, and their
// sessions go with them when they are removed.
export const sessions = sqliteTable(
  "sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id").references(() => users.id),
    censusEmployeeId: integer("census_employee_id").references(() => censusEmployees.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(), // 'admin' | 'owner' | 'employee'
    createdAt: integer("created_at").notNull(),
    lastSeenAt: integer("last_seen_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_census_employee_idx").on(t.censusEmployeeId)],
);

// Every email is written here in the same transaction as the change that causes it.
export const outbox = sqliteTable(
  "outbox",
  {
    id: id(),
    kind: text("kind").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    status: text("status").notNull().default("pending"), // pending | sent | failed | held
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: integer("next_attempt_at").notNull().default(now),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: integer("sent_at"),
  },
  (t) => [index("outbox_due_idx").on(t.status, t.nextAttemptAt)],
);

// One-time sign-in links: the email carries the token, the table only its hash. A link
// belongs to the address it was sent to (lower case), which may be an employer contact's,
// one or more registered employees', or both: the account is chosen when it is used.
export const loginTokens = sqliteTable(
  "login_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    email: text("email").notNull(),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
  },
  // Each sign-in request counts the address's live links.
  (t) => [index("login_tokens_email_expires_idx").on(t.email, t.expiresAt)],
);

// The employer's census: one row per employee, replaced whole on re-upload.
export const censusEmployees = sqliteTable(
  "census_employees",
  {
    id: id(),
    enrollmentId: enrollmentId(),
    rowNumber: integer("row_number").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    dateOfBirth: text("date_of_birth").notNull(),
    homeZip: text("home_zip").notNull(),
    className: text("class_name").notNull(),
    phone: text("phone"),
    hireDate: text("hire_date"),
    employmentType: text("employment_type"), // full-time | part-time
    // ZIP of the primary site of employment: the census's, else the business's.
    workZip: text("work_zip"),
    // When the employee's latest ICHRA notice was emailed to them (54.9802-4(c)(6)), and the
    // plan year it was for (each plan year has its own, due 90 days before it starts).
    noticeSentAt: integer("notice_sent_at"),
    noticePlanYearStart: text("notice_plan_year_start"),
    // Added after the enrollment was submitted (a newly eligible employee): the first day
    // their coverage can begin, by which their notice is due.
    eligibleFrom: text("eligible_from"),
    // The last day of their employment, as the employer recorded it: their allowance ends
    // with that month, and later months cannot be claimed. Null while they are employed.
    employmentEndedOn: text("employment_ended_on"),
    // Personal invitation: only the SHA-256 of the token is stored.
    inviteTokenHash: text("invite_token_hash").unique(),
    inviteStatus: text("invite_status").notNull().default("not_sent"), // not_sent | sent | opened | registered | revoked
    inviteSentAt: integer("invite_sent_at"),
    inviteOpenedAt: integer("invite_opened_at"),
    inviteExpiresAt: integer("invite_expires_at"),
    createdAt: createdAt(),
  },
  (t) => [index("census_employees_enrollment_idx").on(t.enrollmentId)],
);

// The employer was emailed that a later plan year's notices are coming due and some are not
// sent: once per enrollment and plan year.
export const noticeReminders = sqliteTable(
  "notice_reminders",
  {
    enrollmentId: enrollmentId(),
    planYearStart: text("plan_year_start").notNull(),
    sentAt: integer("sent_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.enrollmentId, t.planYearStart] })],
);

// An employee's own registration, reached through their invite; one per census employee.
// The SSN's last four digits are stored only as AES-256-GCM ciphertext (iv.tag.data, base64).
export const employeeRegistrations = sqliteTable("employee_registrations", {
  id: id(),
  censusEmployeeId: integer("census_employee_id")
    .notNull()
    .unique()
    .references(() => censusEmployees.id, { onDelete: "cascade" }),
  enrollmentId: enrollmentId(),
  firstName: text("first_name"),
  lastName: text("last_name"),
  email: text("email"),
  phone: text("phone"),
  dateOfBirth: text("date_of_birth"),
  ssnLast4Encrypted: text("ssn_last4_encrypted"),
  address: text("address"),
  city: text("city"),
  state: text("state"),
  zipCode: text("zip_code"),
  coverageLevel: text("coverage_level"), // individual | individualPlus1 | family
  healthPlanId: text("health_plan_id"), // bronze | silver | gold | platinum
  termsAcceptedAt: integer("terms_accepted_at"),
  // The employee opted out of the ICHRA and waived its reimbursements (needed for a premium tax credit).
  declinedAt: integer("declined_at"),
  // A registered employee opted out later and waived the reimbursements of every month from
  // this one (YYYY-MM): their allowance ends with the month before. On their own day
  // (YYYY-MM-DD, where they were: the date a premium tax credit asks for), at waivedAt (ms).
  waivedFrom: text("waived_from"),
  waivedOn: text("waived_on"),
  waivedAt: integer("waived_at"),
  submittedAt: integer("submitted_at"),
  createdAt: createdAt(),
  updatedAt: integer("updated_at").notNull().default(now),
});

// Published average total premium per enrolled employee, per state (AHRQ MEPS-IC), in cents.
export const statePremiums = sqliteTable("state_premiums", {
  state: text("state").primaryKey(),
  singleCents: integer("single_cents").notNull(),
  plusOneCents: integer("plus_one_cents").notNull(),
  familyCents: integer("family_cents").notNull(),
  source: text("source").notNull(),
  year: integer("year").notNull(),
});

// The yearly figures the rules use (required contribution percentage, Social Security wage
// base, poverty line, §4980H penalties), each with its source: one row per year and name.
// Amounts are integer cents, percentages basis points.
export const yearlyFigures = sqliteTable(
  "yearly_figures",
  {
    year: integer("year").notNull(),
    name: text("name").notNull(),
    value: integer("value").notNull(),
    source: text("source").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.year, t.name] })],
);

// Reimbursements (owned by src/modules/reimbursements). An employee is the census employee
// who registered; removing them removes everything below with them. Business and
// enrollment ids are copied onto each row (they never change) so the review queue filters
// by employer through its own indexes.

// Proof that an employee has individual health coverage for a plan year (annual
// substantiation): at most one pending or approved per employee and plan year.
export const coverageProofs = sqliteTable(
  "coverage_proofs",
  {
    id: id(),
    employeeId: employeeId(),
    enrollmentId: enrollmentId(),
    businessId: businessId(),
    planYearStart: text("plan_year_start").notNull(), // YYYY-MM-DD
    carrier: text("carrier").notNull(),
    coverageStart: text("coverage_start").notNull(), // YYYY-MM-DD
    coveredPeople: text("covered_people").notNull(),
    attestedAt: integer("attested_at").notNull(),
    status: text("status").notNull().default("pending"), // pending | approved | rejected
    ...decision(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("coverage_proofs_current_idx").on(t.employeeId, t.planYearStart).where(sql`status <> 'rejected'`),
    index("coverage_proofs_queue_idx").on(t.status, t.createdAt, t.id),
    index("coverage_proofs_business_queue_idx").on(t.businessId, t.status, t.createdAt, t.id),
  ],
);

export const payrollRuns = sqliteTable(
  "payroll_runs",
  {
    id: id(),
    enrollmentId: enrollmentId(),
    businessId: businessId(),
    through: text("through").notNull(), // YYYY-MM-DD: approvals decided by the end of that day (UTC)
    totalCents: integer("total_cents").notNull(),
    employeeCount: integer("employee_count").notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("payroll_runs_enrollment_idx").on(t.enrollmentId, t.id)],
);

// A premium claim for one coverage month: at most one per employee and month unless denied.
export const reimbursementClaims = sqliteTable(
  "reimbursement_claims",
  {
    id: id(),
    employeeId: employeeId(),
    enrollmentId: enrollmentId(),
    businessId: businessId(),
    planYearStart: text("plan_year_start").notNull(),
    month: text("month").notNull(), // YYYY-MM
    amountCents: integer("amount_cents").notNull(),
    carrier: text("carrier").notNull(),
    coveredPeople: text("covered_people").notNull(),
    attestedAt: integer("attested_at").notNull(),
    // submitted | needs-info | approved | partially-approved | denied | paid
    status: text("status").notNull().default("submitted"),
    approvedCents: integer("approved_cents"),
    ...decision(),
    payrollRunId: integer("payroll_run_id").references(() => payrollRuns.id),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("reimbursement_claims_month_idx").on(t.employeeId, t.month).where(sql`status <> 'denied'`),
    index("reimbursement_claims_queue_idx").on(t.status, t.createdAt, t.id),
    index("reimbursement_claims_business_queue_idx").on(t.businessId, t.status, t.createdAt, t.id),
    index("reimbursement_claims_employee_idx").on(t.employeeId, t.id),
    index("reimbursement_claims_payable_idx").on(t.enrollmentId, t.status, t.decidedAt),
  ],
);

// What happened to a claim, in order: submitted, each decision, each answer of the employee,
// its payment. Append-only.
export const claimHistory = sqliteTable(
  "claim_history",
  {
    id: id(),
    claimId: integer("claim_id")
      .notNull()
      .references(() => reimbursementClaims.id, { onDelete: "cascade" }),
    action: text("action").notNull(), // submitted | needs-info | info-provided | unanswered | approved | partially-approved | denied | paid
    note: text("note"),
    amountCents: integer("amount_cents"),
    actor: text("actor").notNull(), // "employee", the admin's username, "payroll run N", or "deadline"
    at: integer("at").notNull(),
  },
  (t) => [index("claim_history_claim_idx").on(t.claimId, t.id)],
);

// The allowance ledger: append-only (triggers refuse UPDATE and DELETE, except for the
// events of an employee who is being removed). `amount_cents` is each event's effect on
// the balance (allowance not yet claimed), `unpaid_cents` on the approved amount payroll
// still owes: allowance (+a, 0), approval (−x, +x), reversal (+x, −x), payment (0, −p),
// lapse (−l, 0) and restore (+l, 0) of an allowance a recorded end took back or gave back.
export const reimbursementEvents = sqliteTable(
  "reimbursement_events",
  {
    id: id(),
    employeeId: employeeId(),
    enrollmentId: enrollmentId(),
    planYearStart: text("plan_year_start").notNull(),
    month: text("month").notNull(), // YYYY-MM
    kind: text("kind").notNull(), // allowance | approval | payment | reversal | lapse | restore
    amountCents: integer("amount_cents").notNull(),
    unpaidCents: integer("unpaid_cents").notNull(),
    claimId: integer("claim_id").references(() => reimbursementClaims.id, { onDelete: "cascade" }),
    payrollRunId: integer("payroll_run_id").references(() => payrollRuns.id),
    actor: text("actor").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("reimbursement_events_allowance_idx").on(t.employeeId, t.month).where(sql`kind = 'allowance'`),
    index("reimbursement_events_employee_idx").on(t.employeeId, t.planYearStart),
    index("reimbursement_events_enrollment_idx").on(t.enrollmentId, t.employeeId),
    index("reimbursement_events_claim_idx").on(t.claimId),
    index("reimbursement_events_run_idx").on(t.payrollRunId),
  ],
);

// Files sent with a proof or a claim: the bytes are a file in the documents folder beside
// the database (docs/decisions/015), this row says what it is and whose.
export const reimbursementDocuments = sqliteTable(
  "reimbursement_documents",
  {
    id: id(),
    employeeId: employeeId(),
    proofId: integer("proof_id").references(() => coverageProofs.id, { onDelete: "cascade" }),
    claimId: integer("claim_id").references(() => reimbursementClaims.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(), // as sent, for the download's name
    mediaType: text("media_type").notNull(), // from the content: application/pdf, image/jpeg or image/png
    sizeBytes: integer("size_bytes").notNull(),
    storedName: text("stored_name").notNull().unique(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("reimbursement_documents_claim_idx").on(t.claimId), index("reimbursement_documents_proof_idx").on(t.proofId)],
);
