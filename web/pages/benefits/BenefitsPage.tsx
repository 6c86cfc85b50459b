// /benefits: the signed-in employee's home. This month's allowance and the balance, the
// proof of coverage (or its form), a claim form, and every claim with where it stands and
// what comes next, all from GET /api/benefits.
import "../enroll/enroll.css";
import "../dashboard/dashboard.css";
import "./benefits.css";
import { formatUsd } from "@src/lib/money";
import { formatDay, formatMonth, later } from "@src/lib/months";
import {
  type BenefitsHome,
  type ClaimView,
  claimStatusLabels,
  type DocumentInfo,
  type ProofView,
  proofStatusLabels,
} from "@src/modules/reimbursements/model";
import { useEffect, useRef, useState } from "react";
import { Link } from "wouter";
import { api, read } from "../../api/client";
import { ApiError } from "../../api/errors";
import { usePageTitle } from "../../components/chrome/page-title";
import { RetryNotice } from "../../components/notice/Alerts";
import { ClaimHistory } from "../../components/reimbursements/ClaimHistory";
import { CoverageFacts } from "../../components/reimbursements/CoverageFacts";
import { LedgerStatement } from "../../components/reimbursements/LedgerStatement";
import { StatusBadge } from "../../components/status-badge/StatusBadge";
import { claimTone, proofTone } from "../../components/status-badge/tones";
import { toast } from "../../components/toast/toast-store";
import { benefitsHomePath } from "../../lib/benefits-home-path";
import { shownDay } from "../../lib/dates";
import { readEarly } from "../../lib/early";
import { fileSizeText } from "../../lib/file-size";
import { hasKeptDraft } from "../../lib/kept-drafts";
import { askWhenSignedIn } from "../../lib/signed-in-cookie";
import { browserTimeZone } from "../../lib/time-zone";
import { useLoad } from "../../lib/use-load";
import { ClaimAnswer } from "./ClaimAnswer";
import { CLAIM_DRAFT_KEY, ClaimForm, monthsToClaim } from "./ClaimForm";
import { OptOutSection } from "./OptOut";
import { ProofForm } from "./ProofForm";
import { claimNextStep, employmentEnd, optedOutEnd, sentence } from "./words";

function DocumentLinks({ documents, label, labelledBy }: { documents: DocumentInfo[]; label?: string; labelledBy?: string }) {
  if (documents.length === 0) return null;
  return (
    <ul class="document-links" aria-label={label} aria-labelledby={labelledBy}>
      {documents.map((d) => (
        <li key={d.id}>
          <a href={`/api/benefits/documents/${d.id}`} download={d.fileName}>
            {d.fileName}
          </a>{" "}
          <span class="muted">({fileSizeText(d.size)})</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * A claim's files. Those sent with an answer to our question carry that answer's time, as
 * those sent with the claim carry the claim's, so when the claim was answered they are
 * listed apart, each under the answer it came with.
 */
function ClaimFiles({ claim }: { claim: ClaimView }) {
  const label = `Files of the ${formatMonth(claim.month)} claim`;
  const answers = claim.history
    .filter((step) => step.action === "info-provided")
    .map((step) => step.at)
    .sort((a, b) => Date.parse(a) - Date.parse(b));
  // Each file goes with the last answer made by the time it came, else with the claim.
  const answerOf = (d: DocumentInfo) => answers.findLast((at) => Date.parse(at) <= Date.parse(d.uploadedAt));
  if (!claim.documents.some(answerOf)) return <DocumentLinks documents={claim.documents} label={label} />;
  const groups = [
    { key: "claim", title: "Sent with the claim", documents: claim.documents.filter((d) => !answerOf(d)) },
    ...answers.map((at) => ({
      key: at,
      title: `Sent with your answer on ${shownDay(at)}`,
      documents: claim.documents.filter((d) => answerOf(d) === at),
    })),
  ].filter((g) => g.documents.length > 0);
  return (
    <div class="claim-files" role="group" aria-label={label}>
      {groups.map((g, i) => (
        <div key={g.key}>
          <p class="document-group-title" id={`claim-${claim.id}-files-${i}`}>
            {g.title}:
          </p>
          <DocumentLinks documents={g.documents} labelledBy={`claim-${claim.id}-files-${i}`} />
        </div>
      ))}
    </div>
  );
}

/** Which plan year a proof card is for: this one, the one that ended (during its run-out) or the next (before it starts). */
type ProofYear = { kind: "current" } | { kind: "last"; claimsUntil: string } | { kind: "next" };

/** Each card's own words and ids, so two or three cards sit apart on one page. */
const proofCards = {
  current: {
    id: "proof",
    formId: "proof",
    title: "Proof of coverage",
    formTitle: undefined,
    which: "this plan year",
    documents: "Your proof document",
  },
  last: {
    id: "last-year-proof",
    formId: "last-proof",
    title: "Proof of coverage for last plan year",
    formTitle: "Send your proof of coverage for last plan year",
    which: "that plan year",
    documents: "Your proof document for last plan year",
  },
  next: {
    id: "next-year-proof",
    formId: "next-proof",
    title: "Proof of coverage for next plan year",
    formTitle: "Send your proof of coverage for next plan year",
    which: "your next plan year",
    documents: "Your proof document for next plan year",
  },
} as const;

/**
 * A plan year's proof of coverage: its status, what it says and its document, and the form
 * while none is sent or the last was not accepted. During the run-out the year that ended
 * has its own card, saying until when its months can be claimed; before the next plan year
 * starts (from its notice's day) so has that one.
 */
function ProofSection({
  proof,
  planYear,
  year = { kind: "current" },
  onChanged,
}: {
  proof: ProofView | null;
  planYear: { start: string; end: string };
  year?: ProofYear;
  onChanged: () => void;
}) {
  const card = proofCards[year.kind];
  const id = card.id;
  // The form (and its button, disabled while sending) gives way to the proof's status: the
  // keyboard goes on from the card, once the new proof is drawn and the form's room is gone.
  const sentNow = useRef(false);
  useEffect(() => {
    if (!sentNow.current) return;
    sentNow.current = false;
    document.getElementById(id)?.focus();
  }, [proof?.id, id]);
  const sent = (p: ProofView) => {
    toast({ title: "Proof of Coverage Sent", description: `We'll review it and email you. Status: ${proofStatusLabels[p.status]}.` });
    sentNow.current = true;
    onChanged();
  };
  return (
    <section class="benefits-card" id={id} aria-labelledby={`${id}-title`} tabIndex={-1}>
      <header class="card-head">
        <h2 id={`${id}-title`}>{card.title}</h2>
        {proof ? (
          <StatusBadge tone={proofTone[proof.status]}>{proofStatusLabels[proof.status]}</StatusBadge>
        ) : (
          <StatusBadge tone="yellow">Not sent</StatusBadge>
        )}
      </header>
      {year.kind === "last" && (
        <p>
          Premiums of your plan year {formatDay(planYear.start)} to {formatDay(planYear.end)} can still be claimed until{" "}
          {formatDay(year.claimsUntil)}
          {proof ? "." : ", once you have sent your proof of coverage for it."}
        </p>
      )}
      {year.kind === "next" && (
        <p>
          Your next plan year runs from {formatDay(planYear.start)} to {formatDay(planYear.end)}.{" "}
          {proof && proof.status !== "rejected"
            ? "Its months can be claimed once it starts."
            : "Once you have your coverage for it, send its proof now: its claims can then be approved from its first month."}
        </p>
      )}
      {proof && (
        <>
          {proof.status === "rejected" && (
            <p class="notice notice-error">
              <strong>Not accepted:</strong> {sentence(proof.reason)} Please send a new one below.
            </p>
          )}
          {proof.status === "pending" && (
            <p>
              {year.kind === "next"
                ? "We are reviewing it."
                : "We are reviewing it. You can already send claims, but none can be approved until it is."}
            </p>
          )}
          {proof.status === "approved" && <p>Your coverage is proven for {card.which}.</p>}
          <dl class="summary-list">
            <CoverageFacts carrier={proof.carrier} coverageStart={proof.coverageStart} coveredPeople={proof.coveredPeople} />
            <dt>Sent</dt>
            <dd>{shownDay(proof.submittedAt)}</dd>
          </dl>
          <DocumentLinks documents={proof.documents} label={card.documents} />
        </>
      )}
      {(!proof || proof.status === "rejected") && (
        <ProofForm
          planYearStart={planYear.start}
          idPrefix={card.formId}
          title={card.formTitle}
          previous={proof ?? undefined}
          onSent={sent}
        />
      )}
    </section>
  );
}

function ClaimItem({ claim, openToClaim, onChanged }: { claim: ClaimView; openToClaim: boolean; onChanged: () => void }) {
  const titleId = `claim-${claim.id}-title`;
  return (
    <li class="claim-item" id={`claim-${claim.id}`} aria-labelledby={titleId} tabIndex={-1}>
      <div class="claim-head">
        <h3 id={titleId}>{formatMonth(claim.month)}</h3>
        <StatusBadge tone={claimTone[claim.status]}>{claimStatusLabels[claim.status]}</StatusBadge>
      </div>
      <p class="claim-amounts">
        Claimed {formatUsd(claim.amount)}
        {claim.approvedAmount !== null && claim.status !== "denied" && (
          <>
            {" "}
            · {claim.status === "paid" ? "Paid" : "Approved"} {formatUsd(claim.approvedAmount)}
          </>
        )}
      </p>
      <p class="claim-next">{claimNextStep(claim, openToClaim)}</p>
      <details>
        <summary>Details, history and files</summary>
        <dl class="summary-list">
          <CoverageFacts carrier={claim.carrier} coveredPeople={claim.coveredPeople} />
          <dt>Sent</dt>
          <dd>{shownDay(claim.submittedAt)}</dd>
        </dl>
        <ClaimFiles claim={claim} />
        <h4 class="claim-history-title">History</h4>
        <ClaimHistory steps={claim.history} label={`History of the ${formatMonth(claim.month)} claim`} />
      </details>
      {claim.status === "needs-info" && (
        <ClaimAnswer
          claim={claim}
          onSent={() => {
            toast({ title: "Answer Sent", description: "Your claim is back with our reviewers." });
            onChanged();
            // The answer form goes once the claim is back in review: the keyboard goes on from the claim.
            document.getElementById(`claim-${claim.id}`)?.focus();
          }}
        />
      )}
    </li>
  );
}

function ClaimsSection({ home, onChanged }: { home: BenefitsHome; onChanged: () => void }) {
  // A claim being written when the page was reloaded comes back open, with what was typed.
  const [claiming, setClaiming] = useState(() => hasKeptDraft(CLAIM_DRAFT_KEY));
  const months = monthsToClaim(home);
  const proof = home.proof;
  return (
    <section class="benefits-card" id="claims" aria-labelledby="claims-title">
      <header class="card-head">
        <h2 id="claims-title">Premium claims</h2>
      </header>
      {/* Last plan year's months stay claimable during its run-out, whatever this year's proof. */}
      {months.length === 0 && (!proof || proof.status === "rejected") ? (
        <p class="muted">Once you have sent {proof ? "a new" : "your"} proof of coverage, you can claim each month's premium here.</p>
      ) : months.length === 0 ? (
        <p class="muted">
          {home.usedUpMonths.length
            ? "Every month you can claim now already has a claim, or no allowance left."
            : "Every month you can claim now already has a claim."}
          {/* No later month comes for one whose allowance ended. */}
          {home.allowanceEnded
            ? ` Your allowance ends with ${formatMonth(home.allowanceEnded.lastMonth)}: no later month can be claimed.`
            : ""}
        </p>
      ) : claiming ? (
        <ClaimForm
          months={months}
          defaults={{ month: home.month, carrier: proof?.carrier ?? "", coveredPeople: proof?.coveredPeople ?? "" }}
          onSent={(claim) => {
            toast({ title: "Claim Sent", description: `Your claim for ${formatMonth(claim.month)} is submitted for review.` });
            setClaiming(false);
            onChanged();
            requestAnimationFrame(() => document.querySelector<HTMLElement>(".open-claim")?.focus());
          }}
          onCancel={() => {
            setClaiming(false);
            // Back to the button that opened the form, for keyboard users.
            requestAnimationFrame(() => document.querySelector<HTMLElement>(".open-claim")?.focus());
          }}
        />
      ) : (
        // The form opens on request: most visits are to see where claims stand.
        <button
          type="button"
          class="open-claim"
          onClick={() => {
            setClaiming(true);
            // The button gives way to the form: the keyboard goes on at its first field.
            requestAnimationFrame(() => document.getElementById("claim-month")?.focus());
          }}
        >
          Claim a month's premium
        </button>
      )}
      <h3 class="claims-list-title">Your claims</h3>
      {home.claims.length === 0 ? (
        <p>You have not sent any claims yet.</p>
      ) : (
        <ul class="claim-list">
          {home.claims.map((claim) => (
            <ClaimItem key={claim.id} claim={claim} openToClaim={months.includes(claim.month)} onChanged={onChanged} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** The question's link puts the cursor in its answer box: someone who starts typing at once types into it. */
const toAnswer = (claimId: number) => (event: Event) => {
  const box = document.getElementById(`answer-${claimId}-note`);
  if (!box) return;
  event.preventDefault();
  box.scrollIntoView?.({ block: "center" });
  box.focus({ preventScroll: true });
};

function Home({ home, onChanged }: { home: BenefitsHome; onChanged: () => void }) {
  const ledgerOf = (planYearStart: string) => () =>
    read(api.api.benefits.ledger.get({ query: { planYear: planYearStart, tz: browserTimeZone() } }));
  // Where the next step is done on this page, and the link's words.
  const toClaims = ["#claims", "Go to claims"] as const;
  // The question's answer form is in its claim's card, a screen or more below the list's top on a phone.
  const asked = home.claims.find((c) => c.status === "needs-info");
  const target = (
    {
      "prove-coverage": ["#proof", "Send proof"],
      "prove-last-year": ["#last-year-proof", "Send proof"],
      "prove-next-year": ["#next-year-proof", "Send proof"],
      "answer-question": asked ? [`#claim-${asked.id}`, "Answer the question"] : toClaims,
      "submit-claim": toClaims,
    } as Partial<Record<string, readonly [string, string]>>
  )[home.nextStep.code];
  return (
    <>
      <div class="benefits-head">
        <p class="eyebrow">{home.employer.name}</p>
        <h1>Hi, {home.employee.firstName}</h1>
      </div>
      <div class="notice next-step" role="status">
        <strong>Next step:</strong> {home.nextStep.message}
        {target && (
          <>
            {" "}
            <a href={target[0]} onClick={asked && home.nextStep.code === "answer-question" ? toAnswer(asked.id) : undefined}>
              {target[1]}
            </a>
          </>
        )}
      </div>
      <section class="benefits-summary" aria-label="Your allowance">
        <dl>
          <div>
            {/* Before it starts, the month it starts with and its amount, not this month's $0.00. */}
            <dt>Allowance for {formatMonth(home.firstAllowance === null ? home.month : home.eligibleFrom)}</dt>
            <dd>{formatUsd(home.firstAllowance ?? home.allowance)}</dd>
          </div>
          <div>
            <dt>Balance</dt>
            <dd>{formatUsd(home.balance)}</dd>
          </div>
          <div>
            <dt>Approved, to be paid</dt>
            <dd>{formatUsd(home.approvedUnpaid)}</dd>
          </div>
          <div>
            <dt>Paid this plan year</dt>
            <dd>{formatUsd(home.paid)}</dd>
          </div>
        </dl>
        <p class="muted">
          Plan year {formatDay(home.planYear.start)} to {formatDay(home.planYear.end)}
          {home.className ? ` · ${home.className}` : ""}. {/* A later start (a mid-year hire) explains this month's $0.00. */}
          {home.month < home.eligibleFrom && <>Your allowance begins in {formatMonth(home.eligibleFrom)}. </>}
          {home.employmentEndedOn && <>{employmentEnd(home.employmentEndedOn, home.today)} </>}
          {home.allowanceEnded?.endedBy === "waiver" && <>{optedOutEnd(home.allowanceEnded, home.month)} </>}
          {/* A balance is allowance not yet claimed: with no month left to claim, none of it ever is. */}
          {home.allowanceEnded && home.claimableMonths.length === 0 && home.balance > 0 && (
            <>No month is left to claim, so your balance of {formatUsd(home.balance)} stays unused: it is not paid out. </>
          )}
          {/* Once the allowance ends with this month (or its first), no later month takes what is left. */}
          {home.allowanceEnded && home.allowanceEnded.lastMonth <= later(home.month, home.eligibleFrom)
            ? ""
            : home.carryOver
              ? "Unused allowance carries over to later months of this plan year."
              : "Each month's allowance is for that month's premium only. Your balance is what is left to claim for the months so far and for any later month whose premium was approved ahead."}
        </p>
        <p>
          <Link href="/benefits/notice">Read your ICHRA notice</Link>: what the HRA offers you, your right to opt out, and how it affects a
          premium tax credit (keep it: you need it to claim one).
        </p>
        <LedgerStatement
          summary="Your statement for this plan year"
          label="Statement for this plan year"
          load={ledgerOf(home.planYear.start)}
        />
        {/* During the run-out the year that ended is still being claimed and paid: its statement too. */}
        {home.lastYear && (
          <LedgerStatement
            summary={`Your statement for the plan year that ended on ${formatDay(home.lastYear.planYear.end)}`}
            label="Statement for the plan year that ended"
            load={ledgerOf(home.lastYear.planYear.start)}
          />
        )}
      </section>
      <ProofSection proof={home.proof} planYear={home.planYear} onChanged={onChanged} />
      {/* Last plan year's card stays until its proof is approved or its run-out ends. */}
      {home.lastYear && home.lastYear.proof?.status !== "approved" && (
        <ProofSection
          proof={home.lastYear.proof}
          planYear={home.lastYear.planYear}
          year={{ kind: "last", claimsUntil: home.lastYear.claimsUntil }}
          onChanged={onChanged}
        />
      )}
      {/* The next plan year's card, from its notice's day until it starts. */}
      {home.nextYear && (
        <ProofSection proof={home.nextYear.proof} planYear={home.nextYear.planYear} year={{ kind: "next" }} onChanged={onChanged} />
      )}
      <ClaimsSection home={home} onChanged={onChanged} />
      <OptOutSection home={home} onChanged={onChanged} />
    </>
  );
}

export default function BenefitsPage() {
  usePageTitle("My Benefits");
  const [load, reload] = useLoad(() =>
    readEarly(benefitsHomePath(), () => askWhenSignedIn(() => read(api.api.benefits.get({ query: { tz: browserTimeZone() } })))),
  );
  // Without a session, or with one that is not an employee's, trying again cannot help: the page says what will.
  const refused = load.status === "error" && load.error instanceof ApiError ? load.error.status : null;

  return (
    <section class="benefits-page">
      {load.status === "loading" && (
        <>
          <h1>My benefits</h1>
          <p aria-busy="true">Loading your benefits...</p>
        </>
      )}
      {refused === 401 && (
        <>
          <h1>My benefits</h1>
          <p>Please sign in to see your allowance and claims. We'll email you a one-time sign-in link.</p>
          <Link href="/login" role="button">
            Sign in
          </Link>
        </>
      )}
      {refused === 403 && (
        <>
          <h1>My benefits</h1>
          <p>
            You're signed in with an account that is not an employee's. To see your own benefits, sign out and sign in with the link sent to
            your employee email address.
          </p>
          <Link href="/login">Go to sign in</Link>
        </>
      )}
      {load.status === "error" && refused !== 401 && refused !== 403 && (
        <>
          <h1>My benefits</h1>
          <RetryNotice message="We couldn't load your benefits. Please check your connection and try again." onRetry={reload} />
        </>
      )}
      {load.status === "ready" && <Home home={load.value} onChanged={reload} />}
    </section>
  );
}
