// One proof of coverage or claim under review, in a dialog: who sent it, what it says, its
// documents shown inline (images as images, PDFs in a frame from the admin document route)
// with their metadata, and the decisions it can take. What the dialog already knows the server
// would refuse (approving while the proof is not approved, in full over what the month has
// available) is not offered, and says why beside the choices; a refusal it could not foresee
// (a decision taken meanwhile) is shown as the server words it. A link at the top skips the
// documents (a PDF's frame holds the focus for a dozen Tabs) to the decision.

import { localToday, todayUtc } from "@src/lib/date-rules";
import { validate } from "@src/lib/field-errors";
import { formatUsd, typedDollars } from "@src/lib/money";
import { formatDay, formatMonth, monthOf } from "@src/lib/months";
import {
  type AdminClaim,
  type AdminProof,
  APPROVAL_AFTER_ALLOWANCE_MESSAGE,
  BEFORE_PROVEN_COVERAGE_MESSAGE,
  type ClaimDecision,
  ClaimDecisionPayload,
  type ClaimStatus,
  claimQuestionDays,
  claimStatusLabels,
  type DocumentInfo,
  decisionDueDay,
  ENROLLMENT_NOT_APPROVED_MESSAGE,
  isDecidable,
  MONEY_TEXT_PATTERN,
  messages,
  NO_TIME_TO_ASK_MESSAGE,
  OVER_AVAILABLE_MESSAGE,
  PROOF_NOT_APPROVED_MESSAGE,
  ProofDecisionPayload,
  type ProofStatus,
  proofStatusLabels,
  reasonRequiredFor,
} from "@src/modules/reimbursements/model";
import type { ComponentChildren } from "preact";
import type { MouseEvent } from "react";
import { useState } from "react";
import { api, read } from "../../api/client";
import { ApiError, isUnauthorized, messageOf } from "../../api/errors";
import { RadioGroup, SubmitButton, TextArea, TextField } from "../../components/forms/Field";
import { focusFirstError } from "../../components/forms/focus-first-error";
import { AlertNotice, FocusedNotice } from "../../components/notice/Alerts";
import { ClaimHistory } from "../../components/reimbursements/ClaimHistory";
import { CoverageFacts } from "../../components/reimbursements/CoverageFacts";
import { LedgerStatement } from "../../components/reimbursements/LedgerStatement";
import { toast } from "../../components/toast/toast-store";
import { shownDateTime } from "../../lib/dates";
import { fileSizeText } from "../../lib/file-size";
import { browserTimeZone } from "../../lib/time-zone";
import { useKeptTexts } from "../../lib/use-kept-texts";
import { useLoad } from "../../lib/use-load";
import { coverageLabel } from "../employee/figures";
import { Modal } from "./Modal";

const typeLabels: Record<DocumentInfo["mediaType"], string> = {
  "application/pdf": "PDF",
  "image/jpeg": "JPEG image",
  "image/png": "PNG image",
};

function Documents({ documents }: { documents: DocumentInfo[] }) {
  return (
    <section class="review-documents" aria-label="Documents">
      <h3>Documents</h3>
      {documents.map((d) => {
        const href = `/api/admin/documents/${d.id}`;
        return (
          <figure key={d.id} class="review-document">
            {d.mediaType === "application/pdf" ? (
              // Under its file name: the PDF viewer titles the frame by the address's last part.
              <iframe
                src={`${href}/${encodeURIComponent(d.fileName)}?inline=1`}
                title={`Preview of ${d.fileName}`}
                class="document-frame"
              />
            ) : (
              <img src={`${href}?inline=1`} alt={`Document ${d.fileName}`} class="document-image" />
            )}
            <figcaption>
              <strong class="file-name">{d.fileName}</strong> · {typeLabels[d.mediaType]} · {fileSizeText(d.size)} · uploaded{" "}
              {shownDateTime(d.uploadedAt)} · <a href={href}>Download</a>
            </figcaption>
          </figure>
        );
      })}
    </section>
  );
}

/** "by ops on Nov 23, 2026, 9:17 PM": who took a decision and, when it is known, when. */
const decidedText = (decidedBy: string, decidedAt: string | null) =>
  decidedAt ? `by ${decidedBy} on ${shownDateTime(decidedAt)}` : `by ${decidedBy}`;

/** A claim's status as its facts show it, with what was approved. */
const claimStatusText = (claim: AdminClaim) =>
  `${claimStatusLabels[claim.status]}${claim.approvedAmount !== null ? ` (${formatUsd(claim.approvedAmount)})` : ""}`;

/** Where a claim or a proof stands, who decided it and when, and the reason the employee was given. */
function DecisionFacts({
  status,
  decidedBy,
  decidedAt = null,
  decision,
  reason,
  reasonLabel = "Reason",
}: {
  status: string;
  decidedBy: string | null;
  decidedAt?: string | null;
  /** The decision, when the status is not it ("approved" for a claim since paid). */
  decision?: string;
  reason: string | null;
  reasonLabel?: string;
}) {
  const decided = decidedBy && decidedText(decidedBy, decidedAt);
  return (
    <>
      <dt>Status</dt>
      <dd>{decided ? `${status}, ${decision ? `${decision} ${decided}` : decided}` : status}</dd>
      {reason && (
        <>
          <dt>{reasonLabel}</dt>
          <dd>{reason}</dd>
        </>
      )}
    </>
  );
}

/**
 * Who sent a proof or a claim: the employee with their class and the coverage level the
 * allowance is paid for (the reviewer checks the people the document covers against it),
 * and the employer.
 */
function SenderFacts({ sender }: { sender: Pick<AdminClaim, "employee" | "employer"> }) {
  const { employee, employer } = sender;
  return (
    <>
      <dt>Employee</dt>
      <dd>
        {employee.firstName} {employee.lastName} ({employee.email}), {employee.className}
      </dd>
      {employee.coverageLevel && (
        <>
          <dt>Coverage level</dt>
          <dd>
            {coverageLabel(employee.coverageLevel)} <span class="muted">(the allowance is paid for it: check who the document covers)</span>
          </dd>
        </>
      )}
      {employee.employmentEndedOn && (
        <>
          {/* A last day still to come is not an employment that ended. */}
          <dt>{employee.employmentEndedOn < localToday() ? "Employment ended" : "Employment ends"}</dt>
          <dd>
            Last day {formatDay(employee.employmentEndedOn)}{" "}
            <span class="muted">(the allowance ends with {formatMonth(monthOf(employee.employmentEndedOn))})</span>
          </dd>
        </>
      )}
      {employee.optedOut && (
        <>
          <dt>Opted out</dt>
          <dd>
            On {formatDay(employee.optedOut.on)}{" "}
            <span class="muted">(reimbursements waived from {formatMonth(employee.optedOut.waivedFrom)} on)</span>
          </dd>
        </>
      )}
      <dt>Employer</dt>
      <dd>{employer.name}</dd>
    </>
  );
}

/** Who took a step of a claim's history, as a reviewer reads it. */
const actorOf = (actor: string) => (actor === "employee" ? "the employee" : actor === "deadline" ? null : actor);

const claimChoices = [
  ["approve", "Approve in full"],
  ["partial", "Approve part of it"],
  ["deny", "Deny"],
  ["needs-info", "Ask for more information"],
] as const;
type ClaimChoice = (typeof claimChoices)[number][0];
/** A claim waiting for the employee's answer was asked already: it can be approved or denied meanwhile. */
const waitingChoices = claimChoices.filter(([c]) => c !== "needs-info");
const proofChoices = [
  ["approve", "Approve"],
  ["reject", "Reject"],
] as const;

/**
 * What the dialog knows the server would refuse, from the claim as loaded: any approval
 * (each reason, in the order the server checks them), or only one in full (over what the
 * month has available, where a part of it can still be approved).
 */
function approvalLimits(claim: AdminClaim): { noApproval: string[]; notInFull: string | null } {
  const month = formatMonth(claim.month);
  const noApproval: string[] = [];
  if (!claim.employer.enrollmentApproved) noApproval.push(ENROLLMENT_NOT_APPROVED_MESSAGE);
  if (claim.proof?.status !== "approved") noApproval.push(PROOF_NOT_APPROVED_MESSAGE);
  else if (claim.month < monthOf(claim.proof.coverageStart))
    noApproval.push(BEFORE_PROVEN_COVERAGE_MESSAGE(month, formatDay(claim.proof.coverageStart)));
  const ended = claim.employee.allowanceEnded;
  // A month after the allowance ended has nothing available either: the reason is the ending.
  if (ended && claim.month > ended.lastMonth) noApproval.push(APPROVAL_AFTER_ALLOWANCE_MESSAGE(ended));
  else if (claim.availableForMonth <= 0) noApproval.push(OVER_AVAILABLE_MESSAGE(0, month));
  const over = noApproval.length === 0 && claim.amount > claim.availableForMonth;
  return {
    noApproval,
    notInFull: over
      ? `The claim (${formatUsd(claim.amount)}) is more than the ${formatUsd(claim.availableForMonth)} available for ${month}, so it cannot be approved in full: approve part of it, at most ${formatUsd(claim.availableForMonth)}, with a reason.`
      : null,
  };
}

/**
 * Whether two carriers as people typed them name the same company: one name holds the other
 * once case, spaces and punctuation are set aside ("BCBS of Texas" and "bcbs of texas", "Aetna"
 * and "Aetna CVS Health"). Only a flag for the reviewer, who reads the documents.
 */
export function sameCarrier(a: string, b: string): boolean {
  const plain = (name: string) => name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
  const [x, y] = [plain(a), plain(b)];
  return x === "" || y === "" || x.includes(y) || y.includes(x);
}

/** The link at the top of a review to its decision, past the documents: to the chosen choice, or the first one open. */
function SkipToDecision({ subject }: { subject: "claim" | "proof" }) {
  const formId = `${subject}-decision-form`;
  function skip(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    const form = document.getElementById(formId);
    const target =
      form?.querySelector<HTMLElement>("input[type=radio]:checked:not(:disabled)") ??
      form?.querySelector<HTMLElement>("input[type=radio]:not(:disabled)");
    target?.focus();
  }
  return (
    <p class="review-skip">
      <a href={`#${formId}`} onClick={skip}>
        Skip to decision
      </a>
    </p>
  );
}

/** A decision's field messages, the server's refusal as it words it, and the sending of it. */
function useDecision(onUnauthorized: () => void) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The server's refusal, focused as it appears: the Record decision button that had the
  // focus was disabled while sending, which dropped it to the page.
  const [refusal, setRefusal] = useState<{ text: string } | null>(null);
  const [pending, setPending] = useState(false);
  /** Shows what a submit of `form` found, and focuses the first field to fix rather than leaving focus on the button. */
  function refuse(form: HTMLFormElement, found: Record<string, string>) {
    setErrors(found);
    focusFirstError(form, found);
  }
  /** Refuses what a submit found; when nothing, sends the decision and hands on what the server answered. */
  async function record<T>(form: HTMLFormElement, found: Record<string, string>, send: () => Promise<T>, recorded: (decided: T) => void) {
    if (Object.keys(found).length) return refuse(form, found);
    setErrors({});
    setPending(true);
    try {
      recorded(await send());
    } catch (e) {
      // An ended session goes to the sign-in, as everywhere in the admin area.
      if (isUnauthorized(e)) onUnauthorized();
      else if (e instanceof ApiError && Object.keys(e.fieldErrors).length) refuse(form, e.fieldErrors);
      else setRefusal({ text: messageOf(e, "The decision could not be recorded. Please try again.") });
    } finally {
      setPending(false);
    }
  }
  return { errors, setErrors, refusal, setRefusal, pending, refuse, record };
}

/** The decision form of a claim or a proof: the choices, what a choice asks for, the reason, the refusal, and the button. */
function DecisionForm<C extends string>({
  subject,
  options,
  unavailable = [],
  unavailableReasons = [],
  choice,
  onChoose,
  reasonLabel,
  reason,
  onReason,
  decision,
  onSubmit,
  children,
}: {
  subject: "claim" | "proof";
  options: readonly (readonly [C, string])[];
  /** Choices the server would refuse now, and why: disabled, with the reasons beside them. */
  unavailable?: readonly C[];
  unavailableReasons?: readonly string[];
  choice: C | "";
  onChoose: (choice: C) => void;
  /** Null: this choice takes no reason. */
  reasonLabel: string | null;
  reason: string;
  onReason: (reason: string) => void;
  decision: ReturnType<typeof useDecision>;
  onSubmit: (form: HTMLFormElement) => void;
  children?: ComponentChildren;
}) {
  const { errors, setErrors, refusal, setRefusal, pending } = decision;
  return (
    <form
      id={`${subject}-decision-form`}
      class="review-decision"
      onSubmit={(event) => {
        event.preventDefault();
        setRefusal(null);
        onSubmit(event.currentTarget);
      }}
      noValidate
      aria-label={subject === "claim" ? "Decide this claim" : "Decide this proof of coverage"}
    >
      <RadioGroup
        id={`${subject}-decision`}
        name="decision"
        label="Decision"
        required
        value={choice}
        options={options}
        unavailable={unavailable}
        note={
          unavailableReasons.length > 0 && (
            <div class="notice notice-warning decision-note">
              {unavailableReasons.map((reason) => (
                <p key={reason}>{reason}</p>
              ))}
            </div>
          )
        }
        error={errors.decision}
        onInput={(v) => {
          onChoose(v);
          setErrors({});
          setRefusal(null);
        }}
      />
      {children}
      {reasonLabel && (
        <TextArea
          id={`${subject}-reason`}
          name="reason"
          label={reasonLabel}
          required
          maxLength={2000}
          value={reason}
          error={errors.reason}
          onInput={onReason}
        />
      )}
      <FocusedNotice notice={refusal} tone="error" />
      <SubmitButton label="Record decision" pendingLabel="Recording..." pending={pending} />
    </form>
  );
}

/** What a review hands on from its decision form: the item as decided, and an ended session. */
interface Deciding<T> {
  onDecided: (item: T) => void;
  onUnauthorized: () => void;
}

function ClaimDecisionForm({ claim, onDecided, onUnauthorized }: { claim: AdminClaim } & Deciding<AdminClaim>) {
  const waiting = claim.status === "needs-info";
  const capped = Math.min(claim.amount, claim.availableForMonth);
  const [choice, setChoice] = useState<ClaimChoice | "">("");
  // Over what is available, the partial amount is what is; otherwise the reviewer says how much.
  const [amount, setAmount] = useState(capped > 0 && capped < claim.amount ? capped.toFixed(2) : "");
  // Each choice keeps its own text: the partial approval's reason starts with why it is partial;
  // a denial's reason and a question start empty (a statement sent as a question answers nothing).
  // Kept in this tab as typed: a reload does not lose a half-written reason.
  const [reasons, setReasons, forgetReasons] = useKeptTexts(`review:claim-${claim.id}`, {
    partial:
      claim.availableForMonth < claim.amount
        ? `Only ${formatUsd(claim.availableForMonth)} of the allowance was available for ${formatMonth(claim.month)}.`
        : "",
    deny: "",
    "needs-info": "",
  });
  const reason = (choice && choice !== "approve" && reasons[choice]) || "";
  const setReason = (text: string) => choice && choice !== "approve" && setReasons(choice, text);
  const decision = useDecision(onUnauthorized);
  const { noApproval, notInFull } = approvalLimits(claim);
  // Once the day to decide has passed, no question can wait for an answer (29 CFR 2560.503-1(f)).
  // Counted in UTC days, as the server that refuses it counts them, so the two never disagree.
  const { received, questions } = claimQuestionDays(claim.submittedAt, claim.history);
  const due = decisionDueDay(received, questions);
  const noTimeToAsk = !waiting && due < todayUtc() ? NO_TIME_TO_ASK_MESSAGE(due) : null;
  const unavailable: ClaimChoice[] = [
    ...(noApproval.length ? (["approve", "partial"] as const) : notInFull ? (["approve"] as const) : []),
    ...(noTimeToAsk ? (["needs-info"] as const) : []),
  ];

  function submit(form: HTMLFormElement) {
    if (!choice) return decision.refuse(form, { decision: waiting ? messages.decisionWhileWaiting : messages.decision });
    // Read as the employee's claim form reads an amount: "$450" and "1,200.50" are dollars too.
    const dollars = typedDollars(amount);
    const payload = {
      decision: (choice === "partial" ? "approve" : choice) satisfies ClaimDecision,
      approvedAmount: choice === "partial" ? Number(dollars) : undefined,
      reason: choice === "approve" ? undefined : reason.trim() || undefined,
      // Taken on what this reviewer saw: another decision or the employee's answer since is refused.
      seenStatus: waiting ? ("needs-info" as const) : ("submitted" as const),
    };
    const found: Record<string, string> = { ...validate(ClaimDecisionPayload, payload) };
    if (choice === "partial" && !new RegExp(MONEY_TEXT_PATTERN).test(dollars)) found.approvedAmount = messages.approvedAmount;
    // The server's own refusals, said before anything is sent.
    else if (choice === "partial" && Number(dollars) > claim.amount)
      found.approvedAmount = messages.amountOverClaim(formatUsd(claim.amount));
    else if (choice === "partial" && Number(dollars) > claim.availableForMonth)
      found.approvedAmount = OVER_AVAILABLE_MESSAGE(claim.availableForMonth, formatMonth(claim.month));
    if (choice === "partial" && !payload.reason) found.reason = messages.partialReason;
    if ((choice === "deny" || choice === "needs-info") && !payload.reason) found.reason = reasonRequiredFor(choice);
    void decision.record(
      form,
      found,
      () => read(api.api.admin.claims({ id: String(claim.id) }).decision.post(payload)),
      (decided) => {
        forgetReasons();
        onDecided(decided);
      },
    );
  }

  return (
    <DecisionForm
      subject="claim"
      options={waiting ? waitingChoices : claimChoices}
      unavailable={unavailable}
      unavailableReasons={[...(notInFull ? [notInFull] : noApproval), ...(noTimeToAsk ? [noTimeToAsk] : [])]}
      choice={choice}
      onChoose={setChoice}
      reasonLabel={
        !choice || choice === "approve" ? null : choice === "needs-info" ? "Question for the employee" : "Reason (the employee reads it)"
      }
      reason={reason}
      onReason={setReason}
      decision={decision}
      onSubmit={submit}
    >
      {choice === "partial" && (
        <TextField
          id="claim-approvedAmount"
          name="approvedAmount"
          label="Approved amount ($)"
          inputMode="decimal"
          required
          hint={`At most ${formatUsd(capped)}: the claim is ${formatUsd(claim.amount)} and ${formatUsd(claim.availableForMonth)} is available for ${formatMonth(claim.month)}.`}
          value={amount}
          error={decision.errors.approvedAmount}
          onInput={setAmount}
        />
      )}
    </DecisionForm>
  );
}

function ClaimReview({ claim, ...deciding }: { claim: AdminClaim } & Deciding<AdminClaim>) {
  const decidable = isDecidable(claim.status);
  const last = claim.history.at(-1);
  const answer = claim.status === "submitted" && last?.action === "info-provided" ? last : null;
  return (
    <>
      {decidable && <SkipToDecision subject="claim" />}
      <dl class="summary-list">
        <SenderFacts sender={claim} />
        <dt>Month</dt>
        <dd>{formatMonth(claim.month)}</dd>
        <dt>Amount claimed</dt>
        <dd>{formatUsd(claim.amount)}</dd>
        <CoverageFacts carrier={claim.carrier} coveredPeople={claim.coveredPeople} />
        {answer ? (
          // Back with the reviewers: the question was the last decision, and the employee's answer is what is new.
          <>
            <DecisionFacts
              status={`${claimStatusLabels[claim.status]}, answered by the employee ${shownDateTime(answer.at)}`}
              decidedBy={null}
              reason={claim.reason}
              reasonLabel="Question asked"
            />
            <dt>Answer</dt>
            <dd>{answer.note ?? "Files sent, no note."}</dd>
          </>
        ) : (
          <DecisionFacts
            status={claimStatusText(claim)}
            decidedBy={claim.decidedBy}
            decidedAt={claim.decidedAt}
            // Payroll pays what was approved: who and when are the approval's, not the payment's.
            decision={claim.status === "paid" ? "approved" : undefined}
            reason={claim.reason}
          />
        )}
        <dt>Proof of coverage</dt>
        <dd>
          {claim.proof ? (
            <>
              {proofStatusLabels[claim.proof.status]}, coverage from {formatDay(claim.proof.coverageStart)}
              <br />
              {/* Set beside the claim's own carrier and people above: a claim for another policy stands out. */}
              <span class="muted">
                {claim.proof.carrier}, covering {claim.proof.coveredPeople}
              </span>
              {!sameCarrier(claim.carrier, claim.proof.carrier) && (
                <>
                  <br />
                  <strong class="carrier-mismatch">
                    The claim names another carrier than the proof of coverage: check that its premium is for the proven policy.
                  </strong>
                </>
              )}
            </>
          ) : (
            "Not sent"
          )}
        </dd>
        {/* Once decided, the figure is what the month has left now, after this claim's own approval. */}
        <dt>{decidable ? `Available for ${formatMonth(claim.month)}` : `Still available for ${formatMonth(claim.month)}`}</dt>
        <dd>
          {formatUsd(claim.availableForMonth)}{" "}
          <span class="muted">
            (the month's own allowance {formatUsd(claim.allowanceForMonth)}
            {claim.carryOver ? ", unused earlier months carried over" : ", no carry-over in this class"})
          </span>
        </dd>
      </dl>
      <Documents documents={claim.documents} />
      <details>
        <summary>History</summary>
        <ClaimHistory steps={claim.history} label="History of this claim" actorOf={(step) => actorOf(step.actor)} />
      </details>
      <LedgerStatement
        summary={`The employee's statement for the plan year from ${formatDay(claim.planYearStart)}`}
        label="The employee's statement"
        load={() =>
          read(
            api.api.admin.employees({ employeeId: claim.employee.id }).ledger.get({
              query: { planYear: claim.planYearStart, tz: browserTimeZone() },
            }),
          )
        }
      />
      {decidable && <ClaimDecisionForm key={claim.status} claim={claim} {...deciding} />}
    </>
  );
}

function ProofReview({ proof, onDecided, onUnauthorized }: { proof: AdminProof } & Deciding<AdminProof>) {
  const [choice, setChoice] = useState<"approve" | "reject" | "">("");
  const [kept, keep, forgetReason] = useKeptTexts(`review:proof-${proof.id}`, { reason: "" });
  const reason = kept.reason;
  const setReason = (text: string) => keep("reason", text);
  const decision = useDecision(onUnauthorized);

  function submit(form: HTMLFormElement) {
    if (!choice) return decision.refuse(form, { decision: messages.proofDecision });
    const payload = { decision: choice, reason: reason.trim() || undefined };
    const found: Record<string, string> = { ...validate(ProofDecisionPayload, payload) };
    if (choice === "reject" && !payload.reason) found.reason = messages.reasonRequired;
    void decision.record(
      form,
      found,
      () => read(api.api.admin["coverage-proofs"]({ id: String(proof.id) }).decision.post(payload)),
      (decided) => {
        forgetReason();
        onDecided(decided);
      },
    );
  }

  return (
    <>
      {proof.status === "pending" && <SkipToDecision subject="proof" />}
      <dl class="summary-list">
        <SenderFacts sender={proof} />
        <dt>Plan year</dt>
        <dd>
          {formatDay(proof.planYearStart)} to {formatDay(proof.planYearEnd)}
        </dd>
        <CoverageFacts carrier={proof.carrier} coverageStart={proof.coverageStart} coveredPeople={proof.coveredPeople} />
        <DecisionFacts
          status={proofStatusLabels[proof.status]}
          decidedBy={proof.decidedBy}
          decidedAt={proof.decidedAt}
          reason={proof.reason}
        />
      </dl>
      <Documents documents={proof.documents} />
      {proof.status === "pending" && (
        <DecisionForm
          subject="proof"
          options={proofChoices}
          choice={choice}
          onChoose={setChoice}
          reasonLabel={choice === "reject" ? "Reason (the employee reads it)" : null}
          reason={reason}
          onReason={setReason}
          decision={decision}
          onSubmit={submit}
        />
      )}
    </>
  );
}

type Loaded = { kind: "claim"; item: AdminClaim } | { kind: "proof"; item: AdminProof };

// Where a decision left a claim or a proof, as a sentence goes on ("The claim is now …"):
// the statuses' labels ("Needs info") read as a column, not in a sentence.
const claimOutcomes: Record<ClaimStatus, string> = {
  submitted: "is now waiting for review",
  "needs-info": "is now waiting for the employee's answer",
  approved: "is now approved",
  "partially-approved": "is now partially approved",
  denied: "is now denied",
  paid: "is now paid",
};
const proofOutcomes: Record<ProofStatus, string> = { pending: "is pending review", approved: "is approved", rejected: "is not accepted" };

/** What a recorded decision did, in the words both the dialog and the toast use. */
const outcomeOf = (decided: Loaded) =>
  decided.kind === "claim"
    ? `The claim ${claimOutcomes[decided.item.status]}. The employee is emailed.`
    : `The proof of coverage ${proofOutcomes[decided.item.status]}. The employee is emailed.`;

export function ReviewDetail({
  kind,
  id,
  onClose,
  onDecided,
  onUnauthorized,
}: {
  kind: "claim" | "proof";
  id: number;
  onClose: () => void;
  onDecided: () => void;
  onUnauthorized: () => void;
}) {
  const [load, , show] = useLoad(() => {
    const pending =
      kind === "claim"
        ? read(api.api.admin.claims({ id: String(id) }).get()).then((item): Loaded => ({ kind, item }))
        : read(api.api.admin["coverage-proofs"]({ id: String(id) }).get()).then((item): Loaded => ({ kind, item }));
    // An ended session sends to the login, even when the dialog was closed meanwhile.
    return pending.catch((error: unknown) => {
      if (isUnauthorized(error)) onUnauthorized();
      throw error;
    });
  }, [kind, id]);
  const loaded = load.status === "ready" ? load.value : null;
  const failed = load.status === "error" && !isUnauthorized(load.error);

  const [outcome, setOutcome] = useState<{ text: string } | null>(null);
  // The dialog shows the item as the decision left it, and says so; the queue behind it reloads.
  const decided = (item: Loaded) => {
    show(item);
    const text = outcomeOf(item);
    setOutcome({ text });
    toast({ title: "Decision Recorded", description: text });
    onDecided();
  };
  const title = kind === "claim" ? "Premium claim" : "Proof of coverage";
  // Once loaded, the title says whose and for when, as the queue's row did.
  const whose = loaded
    ? `: ${loaded.item.employee.firstName} ${loaded.item.employee.lastName}, ${
        loaded.kind === "claim" ? formatMonth(loaded.item.month) : `plan year from ${formatDay(loaded.item.planYearStart)}`
      }`
    : "";
  return (
    <Modal title={`${title}${whose}`} back="Back to the review queue" onClose={onClose}>
      <div class="review-detail">
        {failed && <AlertNotice message={`We couldn't load this ${title.toLowerCase()}. Please close this and try again.`} />}
        {!loaded && !failed && <p aria-busy="true">Loading...</p>}
        {/* What the decision did, focused: the form that had the focus is gone or new. */}
        <FocusedNotice notice={outcome} tone="success" />
        {loaded?.kind === "claim" && (
          <ClaimReview claim={loaded.item} onDecided={(item) => decided({ kind: "claim", item })} onUnauthorized={onUnauthorized} />
        )}
        {loaded?.kind === "proof" && (
          <ProofReview proof={loaded.item} onDecided={(item) => decided({ kind: "proof", item })} onUnauthorized={onUnauthorized} />
        )}
      </div>
    </Modal>
  );
}
