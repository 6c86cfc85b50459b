// Reimbursements: proof of coverage, premium claims, their review, the allowance ledger and
// payroll. The payloads, answers, limits and messages the server and the browser share.
// Uploads are multipart forms: the browser sends the fields below (each as text) and the
// files; the server checks them with these schemas once the form is read.
import { type Static, Type } from "@sinclair/typebox";
import { daysBetween, daysFrom, todayUtc } from "../../lib/date-rules";
import { formatUsd } from "../../lib/money";
import { formatDay, formatMonth, MONTH_PATTERN } from "../../lib/months";
import { PageQuery } from "../../lib/pages";
import { ID_PATTERN, ISO_DATE_PATTERN } from "../../lib/patterns";
import { plural } from "../../lib/plural";
import { dollarsField, EnrollmentParams, nullable, oneOf } from "../../lib/schema-fields";
import { TimeZoneField, TimeZoneQuery } from "../../lib/time-zones";
import { AllowanceEnded, OptedOut } from "../employees/model";

// ---------------------------------------------------------------------------------------
// Rules and their reasons

/** A plan year is twelve consecutive months from the effective date (or its anniversary). */
export const PLAN_YEAR_MONTHS = 12;

/** What administrators accept (ICHRA rules, Substantiation): PDF and photos, about 5 MB each. */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;
/** Proof of payment for a claim: one to five files. */
export const MIN_CLAIM_FILES = 1;
export const MAX_CLAIM_FILES = 5;
/** Files a claim may gather in all, its own and those sent with answers to our questions. */
export const MAX_FILES_PER_CLAIM = 15;
/** The types accepted, recognised by content, never by name. */
export const ACCEPTED_MEDIA_TYPES = ["application/pdf", "image/jpeg", "image/png"] as const;
export type AcceptedMediaType = (typeof ACCEPTED_MEDIA_TYPES)[number];
/** For a file input's `accept` (a phone offers its camera for image types). */
export const DOCUMENT_ACCEPT = ".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png";
/** Room for the multipart boundaries, part headers and text fields around the files. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
/** The largest body each upload reads; a declared length past it is refused (413) unread. */
export const MAX_PROOF_REQUEST_BYTES = MAX_FILE_BYTES + MULTIPART_OVERHEAD_BYTES;
export const MAX_CLAIM_REQUEST_BYTES = MAX_CLAIM_FILES * MAX_FILE_BYTES + MULTIPART_OVERHEAD_BYTES;

// ---------------------------------------------------------------------------------------
// Messages

export const messages = {
  carrier: "Please enter the insurance company (carrier) or the Marketplace",
  coverageStart: "Please choose the date your coverage starts",
  planYearStart: "Please choose a plan year you can send proof of coverage for now",
  coveredPeople: "Please say who is covered (for example: me, or me and my spouse)",
  proofAttestation: "Please confirm that you are enrolled in this coverage",
  claimAttestation: "Please confirm that your coverage was in force for this month (or will be, for a premium paid ahead)",
  waive: "Please confirm that you opt out of the ICHRA and waive its reimbursements",
  waivedFrom: "Please send the first month you waive, as YYYY-MM, as the form showed it",
  month: "Please choose the month of coverage, as YYYY-MM",
  amount: "Please enter the premium you paid in dollars, more than 0 and with at most two decimals (like 412.50)",
  file: "Please attach your proof of coverage (a PDF, JPEG or PNG file of at most 5 MB)",
  files: "Please attach 1 to 5 files showing your payment (PDF, JPEG or PNG, at most 5 MB each)",
  fileType: (name: string) => `"${name}" is not a PDF, JPEG or PNG file. Please send a PDF or a photo.`,
  fileTooLarge: (name: string) => `"${name}" is larger than 5 MB. Please send a smaller file or a photo.`,
  tooManyFiles: "Please attach at most 5 files.",
  oneProofFile: "Please attach one file: a proof of coverage is a single PDF, JPEG or PNG document.",
  tooManyFilesOnClaim: "This claim already has as many files as it can hold (15).",
  emptyFile: (name: string) => `"${name}" is empty.`,
  note: "Please write at most 5,000 characters.",
  answerNeeded: "Please write an answer or attach a file.",
  /** An answer whose chosen file was refused, before it is sent without it. */
  answerWithoutRefusedFile: (refusal: string) => `${refusal} To send your answer without a file, press Send answer again.`,
  answerFiles: "Please attach at most 5 files (PDF, JPEG or PNG, at most 5 MB each), or write an answer without them",
  tooLong: (max: number) => `Please shorten this to at most ${max.toLocaleString("en-US")} characters.`,
  fieldRepeated: "This field was sent more than once. Please send the form again.",
  requestTooLarge: "The upload is too large: at most 5 files of 5 MB each.",
  proofTooLarge: "The upload is too large: one file of at most 5 MB.",
  notMultipart: "Please send the form as multipart/form-data with its files.",
  reason: "Please give a reason of at most 2,000 characters",
  reasonRequired: "Please give the reason for this decision; the employee will read it.",
  questionRequired: "Please write your question for the employee; they will read it and answer.",
  partialReason: "Please give the reason for approving less than the claim; the employee will read it.",
  approvedAmount: "Please enter the approved amount in dollars, more than 0 and with at most two decimals",
  expectedTotal: "The expected total must be an amount in dollars and whole cents, 0 or more",
  amountOverClaim: (claim: string) => `The approved amount cannot be more than the claim (${claim}).`,
  amountOnlyWithApproval: "Only an approval takes an amount.",
  decision: "Please choose a decision: approve in full, approve part of it, deny, or ask for more information",
  /** A claim waiting for the employee's answer was asked already: approve or deny it meanwhile. */
  decisionWhileWaiting: "Please choose a decision: approve in full, approve part of it, or deny",
  proofDecision: "Please choose a decision: approve or reject",
  through: "Please choose the last day of approvals to pay",
} as const;

export const ENROLLMENT_NOT_APPROVED_MESSAGE =
  "This employer's enrollment is not approved yet, so no claim of its employees can be approved. Approve the enrollment first (Enrollments).";
export const PROOF_NOT_APPROVED_MESSAGE =
  "This employee's proof of coverage is not approved yet for this plan year, so the claim cannot be approved.";
export const BEFORE_PROVEN_COVERAGE_MESSAGE = (month: string, start: string) =>
  `${month} is before the coverage start (${start}) of this employee's approved proof of coverage, so the claim cannot be approved.`;
export const NO_PROOF_MESSAGE =
  "Please send your proof of coverage for this plan year first. You can submit claims as soon as it is on its way to us.";
export const PROOF_PENDING_CONFLICT_MESSAGE =
  "Your proof of coverage for this plan year is waiting for review. You can send a new one if it is not accepted.";
export const PROOF_APPROVED_CONFLICT_MESSAGE = "Your proof of coverage for this plan year is already approved.";
export const MONTH_CLAIMED_MESSAGE = (month: string) =>
  `You already have a claim for ${month}. Each month is claimed once, unless its claim was denied.`;
export const NOT_ELIGIBLE_MESSAGE = (month: string) => `Your allowance starts in ${month}, so earlier months cannot be claimed.`;
/** Why the allowance ended, as the employee ("Your employment…") or a reviewer ("This employee's…") reads it. */
const endedBecause = (end: AllowanceEnded, reader: "employee" | "reviewer") =>
  end.endedBy === "employment"
    ? `${reader === "employee" ? "Your" : "This employee's"} employment ended on ${formatDay(end.on)}`
    : `${reader === "employee" ? "You" : "This employee"} opted out of the ICHRA on ${formatDay(end.on)}`;
export const AFTER_ALLOWANCE_MESSAGE = (end: AllowanceEnded) =>
  `${endedBecause(end, "employee")}, so your allowance ended with ${formatMonth(end.lastMonth)}: later months cannot be claimed.`;
export const PROOF_AFTER_ALLOWANCE_MESSAGE = (end: AllowanceEnded) =>
  `${endedBecause(end, "employee")}, so your allowance ended with ${formatMonth(end.lastMonth)}: that plan year has no month to claim, and needs no proof.`;
export const APPROVAL_AFTER_ALLOWANCE_MESSAGE = (end: AllowanceEnded) =>
  `${endedBecause(end, "reviewer")}, so their allowance ended with ${formatMonth(end.lastMonth)}: a later month cannot be approved. Deny the claim with a reason.`;
export const NOT_OPTED_OUT_MESSAGE = "You have not opted out of the ICHRA: there is nothing to take back.";
export const OPT_OUT_IN_EFFECT_MESSAGE = (waivedFrom: string) =>
  `Your opting out took effect with ${formatMonth(waivedFrom)}, so it can no longer be taken back here. To take part again, please write to us.`;
export const ALREADY_WAIVED_MESSAGE = (optedOut: OptedOut) =>
  `You already opted out of the ICHRA on ${formatDay(optedOut.on)}, waiving its reimbursements from ${formatMonth(optedOut.waivedFrom)} on.`;
export const OPT_OUT_MONTH_MOVED_MESSAGE = (waivedFrom: string) =>
  `Opting out now would waive from ${formatMonth(waivedFrom)} on, not the month you read (a month was counted or claimed since). Nothing was recorded: please read it again and confirm.`;
export const NOTHING_TO_WAIVE_MESSAGE = (lastMonth: string) =>
  `Your allowance already ends with ${formatMonth(lastMonth)}, with your employment: there is no later month to waive.`;
export const COVERAGE_AFTER_PLAN_YEAR_MESSAGE = (end: string) =>
  `This coverage starts after that plan year ends (${end}). Please send it for the plan year it starts in.`;
export const BEFORE_COVERAGE_MESSAGE = (month: string, start: string) =>
  `${month} is before the start of your coverage (${start}) in your proof of coverage.`;
/** Where a claim stands when a decision is refused for it (a paid one has its own refusal). */
type DecidedStatus = Exclude<ClaimStatus, "submitted" | "paid">;
// Each status in its own words: an approval can still be withdrawn, and a claim waiting for
// the employee's answer can still be approved or denied, so neither is "decided" for good.
const claimDecidedMessages: Record<DecidedStatus, string> = {
  approved: "This claim was already approved. It can only be denied now, which withdraws the approval.",
  "partially-approved": "This claim was already partially approved. It can only be denied now, which withdraws the approval.",
  denied: "This claim was already denied, so it cannot be decided again.",
  "needs-info": "This claim is already waiting for the employee's answer. You can still approve or deny it.",
};

/** What a claim decision without a reason is told: a question asked for more information, or the reason for a denial or a partial approval. */
export const reasonRequiredFor = (decision: string) => (decision === "needs-info" ? messages.questionRequired : messages.reasonRequired);
/** Why a claim cannot take the decision asked, said for where it stands. */
export const claimDecidedMessage = (status: DecidedStatus) => claimDecidedMessages[status];
/** What changed a claim's status under a reviewer, by the status it has now. */
const claimChangedBy: Record<ClaimStatus, string> = {
  submitted: "the employee answered the question",
  "needs-info": "another reviewer asked the employee for more information",
  approved: "another reviewer approved it",
  "partially-approved": "another reviewer approved part of it",
  denied: "another reviewer denied it",
  paid: "it was paid through payroll",
};
/** A decision taken on a claim whose status changed since the reviewer opened it. */
export const claimChangedMessage = (now: ClaimStatus) =>
  `This claim changed while you were reviewing it: ${claimChangedBy[now]}. Close it and open it again to see where it stands.`;
export const CLAIM_PAID_MESSAGE = "This claim has been paid through payroll; it can no longer be changed.";
export const NOT_WAITING_FOR_INFO_MESSAGE = "This claim is not waiting for more information.";
export const NO_TIME_TO_ASK_MESSAGE = (due: string) =>
  `This claim had to be decided by ${formatDay(due)}: it can no longer wait for an answer. Approve it, or deny it saying what is missing.`;
export const PROOF_DECIDED_MESSAGE = (status: string) => `This proof of coverage is already ${status}.`;
/** A claim over what is available for its month (dollars): approve at most that, or, with nothing left, deny it. */
export const OVER_AVAILABLE_MESSAGE = (available: number, month: string) =>
  available > 0
    ? `Only ${formatUsd(available)} of the allowance is available for ${month}. Approve at most that amount, with a reason.`
    : `Nothing of the allowance is left for ${month}, so no amount can be approved. Deny the claim with a reason.`;
export const NOTHING_APPROVED_MESSAGE = "Nothing to pay yet: no reimbursement has been approved for payroll.";
export const ALL_PAID_MESSAGE = "Nothing to pay: earlier payroll runs already hold every approved amount.";
export const APPROVED_AFTER_THROUGH_MESSAGE = (through: string) =>
  `Nothing to pay through ${through}: the amounts waiting for payroll were approved after that day. Choose a later day to pay them.`;
export const THROUGH_IN_FUTURE_MESSAGE = "The last day of approvals to pay cannot be in the future.";
/** A run confirmed for one amount that would now pay another: an approval (or a denial) landed after the question was asked. */
export const PAYROLL_CHANGED_MESSAGE = (total: number, employees: number) =>
  `What waits for payroll changed after you were asked: this run would now pay ${formatUsd(total)} to ${plural(employees, "employee")}. Nothing was paid; run payroll again to confirm the new amount.`;

/** What the employee confirms with a proof (shown beside its checkbox). */
export const PROOF_ATTESTATION =
  "I attest that I (and each person listed as covered) am or will be enrolled in individual health insurance or Medicare (Parts A and B, or Part C) for the plan year this proof is for (or was, for a plan year that has ended), as the document shows.";
/** What the employee confirms with each claim (ongoing substantiation, on the claim form itself). */
export const CLAIM_ATTESTATION =
  "I attest that my individual health insurance or Medicare (Parts A and B, or Part C), and that of each person listed as covered, is or was in force for the month claimed (for a premium paid ahead, that it will be), that I paid this premium, and that it is not reimbursed elsewhere.";

// ---------------------------------------------------------------------------------------
// Statuses

export const proofStatuses = ["pending", "approved", "rejected"] as const;
export type ProofStatus = (typeof proofStatuses)[number];
export const claimStatuses = ["submitted", "needs-info", "approved", "partially-approved", "denied", "paid"] as const;
export type ClaimStatus = (typeof claimStatuses)[number];
/** The statuses a reviewer can still approve or deny a claim in: sent, or waiting for the employee's answer. */
export const decidableStatuses = ["submitted", "needs-info"] as const;
export type DecidableStatus = (typeof decidableStatuses)[number];
export const isDecidable = (status: ClaimStatus): status is DecidableStatus => (decidableStatuses as readonly string[]).includes(status);
const claimActions = [
  "submitted",
  "needs-info",
  "info-provided",
  "unanswered",
  "approved",
  "partially-approved",
  "denied",
  "paid",
] as const;
export type ClaimAction = (typeof claimActions)[number];
/** A lapse withdraws a written allowance of a month after the allowance ended; a restore gives it back when that end moves later. */
const eventKinds = ["allowance", "approval", "payment", "reversal", "lapse", "restore"] as const;
export type EventKind = (typeof eventKinds)[number];
/** The kinds that make up a month's allowance: written, lapsed, restored. */
export const allowanceKinds = ["allowance", "lapse", "restore"] as const satisfies readonly EventKind[];
export const isAllowanceKind = (kind: string): boolean => (allowanceKinds as readonly string[]).includes(kind);

/** How each status reads on a screen. */
export const claimStatusLabels: Record<ClaimStatus, string> = {
  submitted: "Submitted",
  "needs-info": "Needs info",
  approved: "Approved",
  "partially-approved": "Partially approved",
  denied: "Denied",
  paid: "Paid",
};
export const proofStatusLabels: Record<ProofStatus, string> = { pending: "Pending review", approved: "Approved", rejected: "Not accepted" };
/** How each step of a claim's history reads on a screen. */
export const claimActionLabels: Record<ClaimAction, string> = {
  submitted: "Submitted",
  "needs-info": "Asked for more information",
  "info-provided": "Answered",
  unanswered: "Back to review, not answered in time",
  approved: "Approved",
  "partially-approved": "Partially approved",
  denied: "Denied",
  paid: "Paid",
};

// ---------------------------------------------------------------------------------------
// Payloads

const text = (maxLength: number, message: string) =>
  Type.String({
    minLength: 1,
    maxLength,
    pattern: "\\S",
    messages: { required: message, type: message, pattern: message, maxLength: messages.tooLong(maxLength) },
  });
/** A string matching `pattern`, one message for a missing, mistyped or unmatched value. */
const patterned = (pattern: string, message: string) =>
  Type.String({ pattern, messages: { required: message, type: message, pattern: message } });
const attestation = (message: string) =>
  Type.Union([Type.Literal("true"), Type.Literal(true)], { messages: { required: message, enum: message, type: message } });

/** The text fields of POST /api/benefits/coverage-proof (multipart, with one `file`). */
export const ProofFields = Type.Object({
  /** The start of the open plan year the proof is for; without it, the one holding the coverage start (else the current one). */
  planYearStart: Type.Optional(patterned(ISO_DATE_PATTERN, messages.planYearStart)),
  carrier: text(200, messages.carrier),
  coverageStart: patterned(ISO_DATE_PATTERN, messages.coverageStart),
  coveredPeople: text(500, messages.coveredPeople),
  attestation: attestation(messages.proofAttestation),
});
export type ProofFields = Static<typeof ProofFields>;

/** Dollars as a form sends them: digits, at most two decimals. Checked above 0 after. */
export const MONEY_TEXT_PATTERN = "^(0|[1-9][0-9]{0,6})(\\.[0-9]{1,2})?$";

/** The text fields of POST /api/benefits/claims (multipart, with 1–5 `files`). */
export const ClaimFields = Type.Object({
  month: patterned(MONTH_PATTERN, messages.month),
  amount: patterned(MONEY_TEXT_PATTERN, messages.amount),
  carrier: text(200, messages.carrier),
  coveredPeople: text(500, messages.coveredPeople),
  attestation: attestation(messages.claimAttestation),
});
export type ClaimFields = Static<typeof ClaimFields>;

/** POST /api/benefits/opt-out: the employee opts out for good; `waive` says they mean it (the form's checkbox). */
export const OptOutPayload = Type.Object({
  waive: Type.Literal(true, { messages: { required: messages.waive, enum: messages.waive } }),
  /** The first month waived, as the form stated it (`optOutFrom`): if it has moved since, nothing is recorded (409). */
  waivedFrom: patterned(MONTH_PATTERN, messages.waivedFrom),
});
export type OptOutPayload = Static<typeof OptOutPayload>;

/** The text field of POST /api/benefits/claims/{id}/info (multipart, with 0–5 more `files`); a note or a file is needed. */
export const ClaimInfoFields = Type.Object({
  note: Type.Optional(Type.String({ maxLength: 5000, messages: { maxLength: messages.note, type: messages.note } })),
});
export type ClaimInfoFields = Static<typeof ClaimInfoFields>;

const reason = Type.Optional(Type.String({ maxLength: 2000, messages: { maxLength: messages.reason, type: messages.reason } }));

const claimDecisions = ["approve", "deny", "needs-info"] as const;
export type ClaimDecision = (typeof claimDecisions)[number];

export const ClaimDecisionPayload = Type.Object({
  decision: oneOf(claimDecisions, messages.decision),
  /** Dollars; absent approves the claim in full. */
  approvedAmount: Type.Optional(
    dollarsField("Approved amount", {
      minimum: 0.01,
      messages: {
        type: messages.approvedAmount,
        minimum: messages.approvedAmount,
        maximum: messages.approvedAmount,
        decimals: messages.approvedAmount,
      },
    }),
  ),
  /** Required unless approving in full; the employee reads it. */
  reason,
  /**
   * The status the reviewer saw: when another decision or the employee's answer changed it
   * since, the decision is refused (409) rather than taken on what they did not see.
   */
  seenStatus: Type.Optional(oneOf(decidableStatuses, "Choose submitted or needs-info")),
});
export type ClaimDecisionPayload = Static<typeof ClaimDecisionPayload>;

const proofDecisions = ["approve", "reject"] as const;
export const ProofDecisionPayload = Type.Object({
  decision: oneOf(proofDecisions, messages.proofDecision),
  /** Required to reject; the employee reads it. */
  reason,
});
export type ProofDecisionPayload = Static<typeof ProofDecisionPayload>;

export const PayrollRunPayload = Type.Object({
  /** The last day (in `timeZone`) of the approvals the run pays. */
  through: patterned(ISO_DATE_PATTERN, messages.through),
  /** The employer's time zone, so `through` is their own day; UTC when absent. */
  timeZone: Type.Optional(TimeZoneField),
  /**
   * The total (dollars) the employer was told the run pays (its preview's): when what it
   * would pay differs, nothing is paid and the run is refused, so the confirmed sentence is
   * what happens.
   */
  expectedTotal: Type.Optional(Type.Number({ minimum: 0, messages: { type: messages.expectedTotal, minimum: messages.expectedTotal } })),
});
export type PayrollRunPayload = Static<typeof PayrollRunPayload>;

/** What a run through a day would pay: asked before the employer confirms it. */
export const PayrollPreviewQuery = Type.Pick(PayrollRunPayload, ["through", "timeZone"]);
export type PayrollPreviewQuery = Static<typeof PayrollPreviewQuery>;

// ---------------------------------------------------------------------------------------
// Answers (money in dollars, instants ISO 8601, days YYYY-MM-DD, months YYYY-MM)

const Employer = Type.Object({ businessId: Type.Integer(), name: Type.String() });
/** A plan year's first and last days. */
const PlanYearDays = Type.Object({ start: Type.String(), end: Type.String() });

export const DocumentInfo = Type.Object({
  id: Type.Integer(),
  fileName: Type.String(),
  mediaType: oneOf(ACCEPTED_MEDIA_TYPES),
  size: Type.Integer({ description: "Bytes" }),
  uploadedAt: Type.String(),
});
export type DocumentInfo = Static<typeof DocumentInfo>;

export const ProofView = Type.Object({
  id: Type.Integer(),
  planYearStart: Type.String(),
  planYearEnd: Type.String(),
  status: oneOf(proofStatuses),
  carrier: Type.String(),
  coverageStart: Type.String(),
  coveredPeople: Type.String(),
  /** Why it was not accepted (or a note with an approval). */
  reason: nullable(Type.String()),
  submittedAt: Type.String(),
  decidedAt: nullable(Type.String()),
  documents: Type.Array(DocumentInfo),
});
export type ProofView = Static<typeof ProofView>;

const ClaimStep = Type.Object({
  action: oneOf(claimActions),
  note: nullable(Type.String()),
  amount: nullable(Type.Number()),
  at: Type.String(),
});
export type ClaimStep = Static<typeof ClaimStep>;

export const ClaimView = Type.Object({
  id: Type.Integer(),
  month: Type.String(),
  planYearStart: Type.String(),
  amount: Type.Number(),
  /** What was approved (or paid); null until approved. */
  approvedAmount: nullable(Type.Number()),
  status: oneOf(claimStatuses),
  carrier: Type.String(),
  coveredPeople: Type.String(),
  /** The latest decision's reason or question. */
  reason: nullable(Type.String()),
  submittedAt: Type.String(),
  decidedAt: nullable(Type.String()),
  paidAt: nullable(Type.String()),
  documents: Type.Array(DocumentInfo),
  history: Type.Array(ClaimStep),
});
export type ClaimView = Static<typeof ClaimView>;
export const ClaimList = Type.Array(ClaimView);

const nextSteps = [
  "answer-question",
  "prove-coverage",
  "prove-last-year",
  "prove-next-year",
  "not-eligible-yet",
  "employment-ended",
  "opted-out",
  "submit-claim",
  "wait-for-proof-review",
  "wait-for-review",
  "all-set",
] as const;
export type NextStepCode = (typeof nextSteps)[number];

const MonthRange = Type.Object({ from: Type.String(), to: Type.String() });

export const BenefitsHome = Type.Object({
  employee: Type.Object({ id: Type.Integer(), firstName: Type.String(), lastName: Type.String(), email: Type.String() }),
  employer: Employer,
  enrollmentId: Type.Integer(),
  className: nullable(Type.String()),
  /** Unused allowance carries over to later months of the plan year. */
  carryOver: Type.Boolean(),
  /** The server's today (UTC) and its month. */
  today: Type.String(),
  month: Type.String(),
  planYear: PlanYearDays,
  /** The first month the employee's allowance counts. */
  eligibleFrom: Type.String(),
  /** 'YYYY-MM-DD': the last day of their employment, once the employer recorded one (past or to come); their allowance ends with its month. */
  employmentEndedOn: nullable(Type.String()),
  /** How their allowance ended (or will, with a last day to come); null while it runs on. */
  allowanceEnded: nullable(AllowanceEnded),
  /** Their opting out, once registered; null while they take part. */
  optedOut: nullable(OptedOut),
  /** 'YYYY-MM': the first month opting out today would waive; null when there is none left to waive (or they opted out). */
  optOutFrom: nullable(Type.String()),
  /** Whom an employee writes to (the plan administrator, us): the notice's contact. */
  contact: Type.Object({ email: Type.String(), phone: Type.String() }),
  /** This month's allowance (0 outside the plan year or before eligibility). */
  allowance: Type.Number(),
  /** Before the allowance starts: the amount of its first month (`eligibleFrom`); null once it has started. */
  firstAllowance: nullable(Type.Number()),
  /** The ledger's balance for the current plan year: allowances written (months reached, and months whose premium was approved ahead) minus approvals. */
  balance: Type.Number(),
  /** What can still be approved for this month. */
  available: Type.Number(),
  /** Approved and not paid yet, over every plan year (the previous one's during its run-out too): what the employer's payroll still owes. */
  approvedUnpaid: Type.Number(),
  /** Paid in the current plan year. */
  paid: Type.Number(),
  /**
   * The months a claim can be sent for today, newest plan year first: in each open plan year
   * whose proof of coverage is sent and not rejected, from its coverage start (and eligibility).
   */
  claimableMonths: Type.Array(MonthRange),
  /**
   * Months of the current plan year open for claims whose allowance is used up (approvals of
   * later months took what it left): a claim for one could be approved for nothing.
   */
  usedUpMonths: Type.Array(Type.String()),
  /** The current plan year's proof of coverage (the latest sent), or null. */
  proof: nullable(ProofView),
  /** During the previous plan year's run-out: that year, the last day its months can be claimed, and its latest proof. */
  lastYear: nullable(Type.Object({ planYear: PlanYearDays, claimsUntil: Type.String(), proof: nullable(ProofView) })),
  /** From the day the next plan year's notice is due until it starts: that year and its latest proof, which can be sent already. */
  nextYear: nullable(Type.Object({ planYear: PlanYearDays, proof: nullable(ProofView) })),
  /** The employee's claims, newest first. */
  claims: Type.Array(ClaimView),
  nextStep: Type.Object({ code: oneOf(nextSteps), message: Type.String() }),
});
export type BenefitsHome = Static<typeof BenefitsHome>;

const LedgerMonth = Type.Object({
  month: Type.String(),
  allowance: Type.Number(),
  approved: Type.Number(),
  /** What can still be approved for claims for this month. */
  available: Type.Number(),
});

const LedgerEvent = Type.Object({
  id: Type.Integer(),
  at: Type.String(),
  month: Type.String(),
  kind: oneOf(eventKinds),
  /** Effect on the balance (allowance not yet claimed). */
  amount: Type.Number(),
  /** Effect on the approved amount payroll still owes. */
  unpaid: Type.Number(),
  /** The balance after this event. */
  balance: Type.Number(),
  claimId: nullable(Type.Integer()),
  payrollRunId: nullable(Type.Integer()),
});

export const Ledger = Type.Object({
  employeeId: Type.Integer(),
  planYear: PlanYearDays,
  carryOver: Type.Boolean(),
  months: Type.Array(LedgerMonth),
  events: Type.Array(LedgerEvent),
  totals: Type.Object({
    allowances: Type.Number(),
    approvals: Type.Number(),
    reversals: Type.Number(),
    payments: Type.Number(),
    /** The sum of the events' amounts. */
    balance: Type.Number(),
    /** The sum of the events' unpaid amounts: approvals − reversals − payments. */
    approvedUnpaid: Type.Number(),
  }),
});
export type Ledger = Static<typeof Ledger>;

export const LedgerQuery = Type.Composite([
  Type.Object({
    planYear: Type.Optional(
      Type.String({
        pattern: ISO_DATE_PATTERN,
        description: "The plan year's first day; the current plan year when absent",
        messages: { pattern: "Please give the plan year's first day, as YYYY-MM-DD" },
      }),
    ),
  }),
  // The reader's today says which months have been reached, as the home's does.
  TimeZoneQuery,
]);

// Admin review

export const reviewKinds = ["claim", "proof"] as const;
export type ReviewKind = (typeof reviewKinds)[number];
/** `awaiting-review` (the default): claims submitted and proofs pending. Any other status lists that status. */
export const reviewStatuses = [
  "awaiting-review",
  "submitted",
  "needs-info",
  "approved",
  "partially-approved",
  "denied",
  "paid",
  "pending",
  "rejected",
] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];

export const ReviewQueueQuery = Type.Composite([
  Type.Object({
    status: Type.Optional(oneOf(reviewStatuses, `Choose one of: ${reviewStatuses.join(", ")}`)),
    kind: Type.Optional(oneOf(reviewKinds, "Choose claim or proof")),
    businessId: Type.Optional(Type.String({ pattern: ID_PATTERN, messages: { pattern: "Not a valid business id" } })),
  }),
  PageQuery,
]);
export type ReviewQueueQuery = Static<typeof ReviewQueueQuery>;

const Person = Type.Object({ id: Type.Integer(), name: Type.String() });

/** Days to decide a claim from its receipt (29 CFR 2560.503-1(f)(2)(iii)(B)); a proof is held to the same. */
export const DECISION_DAYS = 30;
/** The one extension a question for more information takes (the same paragraph). */
export const EXTENSION_DAYS = 15;

/** A question asked about a claim, and its answer once the employee sent one, as days. */
export interface QuestionDays {
  asked: string;
  answered: string | null;
}

/** Days an employee has to answer a question for more information (at least 45: (f)(4)). */
export const INFO_ANSWER_DAYS = 45;

/**
 * The day a claim must be decided by: 30 days from its receipt (29 CFR 2560.503-1(f)(2)(iii)(B)).
 * The first question asked within those days is the one extension the rule allows: it adds 15
 * days, and pauses the count from the day it is asked to the day it is answered, or to the
 * last of its 45 days to answer when no answer comes ((f)(4)). Later questions neither pause
 * nor extend it, and a question asked after the day has passed extends nothing.
 */
export function decisionDueDay(received: string, questions: readonly QuestionDays[]): string {
  const due = daysFrom(received, DECISION_DAYS);
  const first = questions[0];
  if (!first || first.asked > due) return due;
  const answerBy = daysFrom(first.asked, INFO_ANSWER_DAYS);
  const resumed = first.answered !== null && first.answered < answerBy ? first.answered : answerBy;
  return daysFrom(resumed, daysBetween(first.asked, due) + EXTENSION_DAYS);
}

/** A claim's questions for more information and when each was answered, from its history in order. */
export function questionsOf<T>(history: readonly { action: string; at: T }[]): { askedAt: T; answeredAt: T | null }[] {
  const questions: { askedAt: T; answeredAt: T | null }[] = [];
  for (const step of history) {
    if (step.action === "needs-info") questions.push({ askedAt: step.at, answeredAt: null });
    const open = questions.at(-1);
    if (step.action === "info-provided" && open && open.answeredAt === null) open.answeredAt = step.at;
  }
  return questions;
}

/** Questions' instants as days, by the given calendar (the reviewer's, or UTC's on the server). */
export const questionDays = <T>(questions: readonly { askedAt: T; answeredAt: T | null }[], dayOf: (at: T) => string): QuestionDays[] =>
  questions.map((q) => ({ asked: dayOf(q.askedAt), answered: q.answeredAt === null ? null : dayOf(q.answeredAt) }));

/**
 * The day a claim was received and its questions, as UTC days: the calendar the server decides
 * by, so the review dialog, the employee's page and the server never disagree by a day.
 */
export function claimQuestionDays<T extends string | number>(
  receivedAt: T,
  history: readonly { action: string; at: T }[],
): { received: string; questions: QuestionDays[] } {
  const utcDay = (at: T) => todayUtc(new Date(at));
  return { received: utcDay(receivedAt), questions: questionDays(questionsOf(history), utcDay) };
}

/** What a question asked on `asked`, after the `earlier` ones, gives the employee, as its email says. */
export type QuestionTerms =
  /** The first, within the 30 days: 45 days to answer, then the days left and the extension to decide. */
  | { answerBy: string; decideWithin: number; decideBy: null }
  /** A later one: to be answered by the day before the claim must be decided, a day it does not move. */
  | { answerBy: string; decideWithin: null; decideBy: string };

/** A later question's last day to answer: the day before the day to decide (the day asked, at the earliest), so an unanswered claim is back for its decision in time. */
const laterAnswerDay = (asked: string, due: string) => {
  const dayBefore = daysFrom(due, -1);
  return dayBefore > asked ? dayBefore : asked;
};

/** The terms of a question asked on `asked`; null once the day to decide has passed, when no question can wait for an answer. */
export function questionTerms(received: string, earlier: readonly QuestionDays[], asked: string): QuestionTerms | null {
  const due = decisionDueDay(received, earlier);
  if (asked > due) return null;
  if (earlier.length === 0)
    return { answerBy: daysFrom(asked, INFO_ANSWER_DAYS), decideWithin: daysBetween(asked, due) + EXTENSION_DAYS, decideBy: null };
  return { answerBy: laterAnswerDay(asked, due), decideWithin: null, decideBy: due };
}

/** The last day the waiting (last) question can be answered on: 45 days for the first, the day before the day to decide for a later one. */
export const answerDueDay = (received: string, questions: readonly QuestionDays[]): string | null => {
  const last = questions.at(-1);
  if (!last || last.answered !== null) return null;
  return questions.length === 1 ? daysFrom(last.asked, INFO_ANSWER_DAYS) : laterAnswerDay(last.asked, decisionDueDay(received, questions));
};

const Question = Type.Object({ askedAt: Type.String(), answeredAt: nullable(Type.String()) });

export const ReviewItem = Type.Object({
  kind: oneOf(reviewKinds),
  id: Type.Integer(),
  status: Type.String(),
  submittedAt: Type.String(),
  employee: Person,
  employer: Employer,
  /** A claim's month and amount; null for a proof. */
  month: nullable(Type.String()),
  amount: nullable(Type.Number()),
  /** A proof's coverage start; null for a claim. */
  coverageStart: nullable(Type.String()),
  carrier: Type.String(),
  documents: Type.Array(DocumentInfo),
  /** A claim's questions for more information, in order (they pause the time to decide); none for a proof. */
  questions: Type.Array(Question),
});
export type ReviewItem = Static<typeof ReviewItem>;
export const ReviewQueue = Type.Array(ReviewItem);
/** Every employer with a proof or a claim, by name: the choices of the queue's employer filter. */
export const ReviewEmployers = Type.Array(Employer);
export type ReviewEmployers = Static<typeof ReviewEmployers>;

const EmployeeDetail = Type.Object({
  id: Type.Integer(),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  className: Type.String(),
  coverageLevel: nullable(Type.String()),
  /** 'YYYY-MM-DD': the last day of their employment, once the employer recorded one; no later month is reimbursed. */
  employmentEndedOn: nullable(Type.String()),
  /** How their allowance ended, by employment or their opting out; null while it runs on. */
  allowanceEnded: nullable(AllowanceEnded),
  /** Their opting out, once registered, whatever ended the allowance first; null while they take part. */
  optedOut: nullable(OptedOut),
});
const EmployerDetail = Type.Composite([
  Employer,
  Type.Object({
    enrollmentId: Type.Integer(),
    /** Our administrators have approved the employer's enrollment: until then no claim can be approved. */
    enrollmentApproved: Type.Boolean(),
  }),
]);

const AdminClaimStep = Type.Composite([ClaimStep, Type.Object({ actor: Type.String() })]);

export const AdminClaim = Type.Composite([
  Type.Omit(ClaimView, ["history"]),
  Type.Object({
    employee: EmployeeDetail,
    employer: EmployerDetail,
    decidedBy: nullable(Type.String()),
    history: Type.Array(AdminClaimStep),
    /** The plan year's proof of coverage the approval depends on, with what it shows to set beside the claim's. */
    proof: nullable(
      Type.Object({
        id: Type.Integer(),
        status: oneOf(proofStatuses),
        coverageStart: Type.String(),
        carrier: Type.String(),
        coveredPeople: Type.String(),
      }),
    ),
    /** The month's own allowance and what can still be approved for it (carry-over included). */
    allowanceForMonth: Type.Number(),
    availableForMonth: Type.Number(),
    carryOver: Type.Boolean(),
  }),
]);
export type AdminClaim = Static<typeof AdminClaim>;

export const AdminProof = Type.Composite([
  ProofView,
  Type.Object({ employee: EmployeeDetail, employer: EmployerDetail, decidedBy: nullable(Type.String()) }),
]);
export type AdminProof = Static<typeof AdminProof>;

export const EmployeeLedgerParams = Type.Object({
  employeeId: Type.String({ pattern: ID_PATTERN, messages: { pattern: "Not a valid employee id" } }),
});

// Payroll (the employer sees approved totals only: no claim, carrier or document)

const EmployeeTotals = Type.Object({
  employeeId: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  approvedUnpaid: Type.Number(),
  paid: Type.Number(),
});

export const EnrollmentReimbursements = Type.Object({
  enrollmentId: Type.Integer(),
  employees: Type.Array(EmployeeTotals),
  totals: Type.Object({ approvedUnpaid: Type.Number(), paid: Type.Number() }),
});
export type EnrollmentReimbursements = Static<typeof EnrollmentReimbursements>;

export const PayrollRun = Type.Object({
  id: Type.Integer(),
  /** Its number among the enrollment's runs, from 1: what the screen and the CSV's name call it. */
  number: Type.Integer(),
  enrollmentId: Type.Integer(),
  /** YYYY-MM-DD: the run holds what was approved by the end of this day (UTC). */
  through: Type.String(),
  total: Type.Number(),
  /** How many employees it pays. */
  employees: Type.Integer(),
  createdAt: Type.String(),
  /** The run's CSV for payroll. */
  csvPath: Type.String(),
});
export type PayrollRun = Static<typeof PayrollRun>;

/** What a run through `through` would pay now; `nothingToPay` says why a run would be refused when it would pay nothing. */
export const PayrollPreview = Type.Object({
  through: Type.String(),
  total: Type.Number(),
  employees: Type.Integer(),
  nothingToPay: nullable(Type.String()),
});
export type PayrollPreview = Static<typeof PayrollPreview>;
export const PayrollRunList = Type.Array(PayrollRun);

/** `12.csv`: the CSV of run 12 (the id alone is read too, and answers 404: a run has only its CSV). */
export const PayrollRunParams = Type.Object({
  ...EnrollmentParams.properties,
  run: Type.String({
    pattern: "^[1-9][0-9]{0,14}(\\.csv)?$",
    description: "The run's id followed by .csv",
    messages: { pattern: "Not a valid payroll run" },
  }),
});

/** The payroll CSV: its columns and the earning type of every line. */
export const PAYROLL_CSV_HEADER = ["Employee", "Email", "Amount", "Months", "Earning Type"] as const;
export const EARNING_TYPE = "Non-taxable ICHRA reimbursement";

export const payrollCsvPath = (enrollmentId: number, runId: number) => `/api/enrollment/${enrollmentId}/payroll-runs/${runId}.csv`;
