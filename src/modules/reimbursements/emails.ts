// The emails of reimbursements: plain, saying what happened, the amount, the month and the
// reason, with the link to act on. They repeat nothing about anyone's health beyond what
// the employee sent themselves, and the employer's says nothing of any claim.
import { daysFrom, formatDate, planYearEnd } from "../../lib/date-rules";
import { formatCents } from "../../lib/money";
import { addMonths, formatMonth } from "../../lib/months";
import { plural } from "../../lib/plural";
import { possessive } from "../../lib/possessive";
import { employeeListLines } from "../employees/emails";
import { type Addressee, letter } from "../outbox/letter";
import type { OutgoingEmail } from "../outbox/service";
import { INFO_ANSWER_DAYS, type QuestionTerms } from "./model";

export function proofDecidedEmail(
  to: Addressee,
  proof: {
    status: "approved" | "rejected";
    carrier: string;
    coverageStart: string;
    reason: string | null;
    planYearStart: string;
  },
  options: { origin: string; appealsTo: string },
): OutgoingEmail {
  const link = `${options.origin}/benefits`;
  const year = `${formatDate(proof.planYearStart)} to ${formatDate(planYearEnd(proof.planYearStart))}`;
  if (proof.status === "approved") {
    return letter("coverage_proof_approved", to, "Your proof of coverage is approved", [
      `We approved your proof of coverage with ${proof.carrier}, starting ${formatDate(proof.coverageStart)}, for your plan year ${year}.`,
      ...(proof.reason ? ["", `Note from our review: ${proof.reason}`] : []),
      "",
      "Your premiums can now be reimbursed. Submit a claim for each month you pay:",
      link,
    ]);
  }
  return letter("coverage_proof_rejected", to, "We could not accept your proof of coverage", [
    `We could not accept the proof of coverage you sent for your plan year ${year}.`,
    "",
    `Reason: ${proof.reason ?? ""}`,
    "",
    "Please send a new one (a document from your insurance company or the Marketplace, or for Medicare your Medicare card):",
    link,
    // Without an accepted proof no claim is paid: a decision on eligibility, with the same
    // right to a review as a denied claim (29 CFR 2560.503-1(m)(4), (g)).
    "",
    reviewRights(options.appealsTo),
  ]);
}

export type ClaimOutcome =
  | { kind: "approved"; approvedCents: number }
  | { kind: "partially-approved"; approvedCents: number; reason: string }
  /** `allowanceEndedWith`: the month the allowance ended with, when the claim's month is after it. */
  | { kind: "denied"; reason: string; reversedCents: number; claimableAgain: boolean; allowanceEndedWith?: string }
  /** The question's terms (questionTerms): the day to answer by, and when the claim is decided. */
  | ({ kind: "needs-info"; reason: string } & QuestionTerms);

/**
 * How to ask for a review of a decision that does not pay a claim in full: what a notice of an
 * adverse benefit determination describes (29 CFR 2560.503-1(g): the review procedure, its
 * time limit, and the right to sue under ERISA once it is done).
 */
export const reviewRights = (appealsTo: string) =>
  `This decision applies the terms in your ICHRA notice (its sections on the allowance, proof of coverage and reimbursements). You may ask us for copies, free of charge, of the documents and records relevant to your claim, and of any rule or guideline this decision relied on. If you disagree with this decision, you can ask us to review it: write to ${appealsTo} within 180 days of receiving this email, saying why, with anything you want us to consider. Someone who did not make this decision reviews it, and we answer within 60 days. After the review you may have the right to bring a civil action under section 502(a) of ERISA.`;

export function claimDecidedEmail(
  to: Addressee,
  claim: { month: string; amountCents: number },
  outcome: ClaimOutcome,
  options: { origin: string; appealsTo: string },
): OutgoingEmail {
  const month = formatMonth(claim.month);
  const link = `${options.origin}/benefits`;
  const review = ["", reviewRights(options.appealsTo)];
  const paidThrough = "It will be paid with your pay, through your employer's payroll; you will see it marked Paid once it is.";
  switch (outcome.kind) {
    case "approved":
      return letter("claim_approved", to, `Your claim for ${month} is approved`, [
        `We approved your premium claim for ${month}: ${formatCents(outcome.approvedCents)}.`,
        paidThrough,
        "",
        link,
      ]);
    case "partially-approved":
      return letter("claim_partially_approved", to, `Your claim for ${month} is partly approved`, [
        `We approved ${formatCents(outcome.approvedCents)} of your ${formatCents(claim.amountCents)} premium claim for ${month}.`,
        "",
        `Reason: ${outcome.reason}`,
        "",
        paidThrough,
        "",
        link,
        ...review,
      ]);
    case "denied":
      return letter("claim_denied", to, `Your claim for ${month} was denied`, [
        outcome.reversedCents > 0
          ? `We withdrew the approval of ${formatCents(outcome.reversedCents)} for your premium claim for ${month}; it will not be paid.`
          : `We could not approve your ${formatCents(claim.amountCents)} premium claim for ${month}.`,
        "",
        `Reason: ${outcome.reason}`,
        "",
        // After its plan year's run-out a month cannot be claimed again: the email says so rather than invite a claim that would be refused.
        outcome.claimableAgain
          ? `You can send a new claim for ${month} with the right documents:`
          : outcome.allowanceEndedWith
            ? `Your allowance ended with ${formatMonth(outcome.allowanceEndedWith)}, so ${month} cannot be claimed. Your benefits:`
            : `The time to claim for ${month} has ended, so it cannot be claimed again. Your benefits:`,
        link,
        ...review,
      ]);
    case "needs-info":
      return letter("claim_needs_info", to, `We need more information about your claim for ${month}`, [
        `Before we can decide your ${formatCents(claim.amountCents)} premium claim for ${month}, we need more information:`,
        "",
        outcome.reason,
        "",
        "Answer with a note or more files here:",
        link,
        "",
        outcome.decideWithin === null
          ? // A later question extends nothing: the claim is decided on its day, answered or not.
            `Please answer by ${formatDate(outcome.answerBy)}: we will decide your claim by ${formatDate(outcome.decideBy)}, with what we have.`
          : // 29 CFR 2560.503-1(f)(2)(iii)(B) and (f)(4): at least 45 days to provide what is
            // missing, the time to decide paused until the answer, and the one extension.
            `You have ${INFO_ANSWER_DAYS} days to answer, until ${formatDate(outcome.answerBy)}. The time we have to decide your claim pauses until you answer; we will decide within ${plural(outcome.decideWithin, "day")} of receiving your answer. Without an answer by then, we will decide it on what we have by ${formatDate(daysFrom(outcome.answerBy, outcome.decideWithin))}.`,
      ]);
  }
}

/** When a question's days to answer ended without an answer: the claim is decided on what it has, by its day. */
export function claimUnansweredEmail(
  to: Addressee,
  claim: { month: string; amountCents: number },
  options: { answerBy: string; decideBy: string; origin: string },
): OutgoingEmail {
  const month = formatMonth(claim.month);
  return letter("claim_unanswered", to, `Your claim for ${month} goes back to review without your answer`, [
    `We asked for more information about your ${formatCents(claim.amountCents)} premium claim for ${month}, and had no answer by ${formatDate(options.answerBy)}.`,
    "",
    `We will decide your claim on what we have by ${formatDate(options.decideBy)}, and email you the decision. Your benefits:`,
    `${options.origin}/benefits`,
  ]);
}

/** To the employer's primary contact when approved amounts start waiting for payroll; no claim is described. */
export function paymentsWaitingEmail(
  to: Addressee,
  employer: { businessId: number; name: string },
  unpaidCents: number,
  origin: string,
): OutgoingEmail {
  return letter("reimbursements_waiting", to, `${employer.name}: ICHRA reimbursements are waiting for payroll`, [
    `Approved ICHRA reimbursements (${formatCents(unpaidCents)} so far) are waiting to be paid through ${possessive(employer.name)} payroll.`,
    "Open the Reimbursements section of your dashboard to see each employee's approved total, run payroll and download its file:",
    `${origin}/dashboard/${employer.businessId}`,
    "",
    "ICHRA reimbursements are not taxable income for employees: add them to pay with the earning type for non-taxable reimbursements. For a shareholder owning more than 2% of an S corporation they are taxable wages: ask your tax adviser how to report theirs.",
  ]);
}

/** To the employee who opted out: what they waived, what is still theirs, and what it means for a premium tax credit. */
export function optedOutEmail(
  to: Addressee,
  optedOut: { employerName: string; on: string; lastMonth: string; claimsUntil: string | null; takeBackUntil: string },
  options: { origin: string; contactEmail: string; contactPhone: string },
): OutgoingEmail {
  const from = formatMonth(addMonths(optedOut.lastMonth, 1));
  return letter("ichra_opted_out", to, `You opted out of your ICHRA with ${optedOut.employerName}`, [
    `On ${formatDate(optedOut.on)} you opted out of the ICHRA offered by ${optedOut.employerName} and waived its reimbursements from ${from} on.`,
    "",
    optedOut.claimsUntil
      ? `Your allowance ends with ${formatMonth(optedOut.lastMonth)}. You can still claim your premiums through ${formatMonth(optedOut.lastMonth)}, until ${formatDate(optedOut.claimsUntil)}, on My benefits: ${options.origin}/benefits. Amounts already approved are paid with your employer's payroll.`
      : "No month of allowance was yours before then, so there is nothing to claim.",
    "",
    "If the ICHRA is not affordable for you, you may be able to get a premium tax credit on the Marketplace for the months you waived, if your household income qualifies; not for the months that stay yours. If it is affordable, you cannot get one even after opting out. Tell the Marketplace about the offer and about your opting out, and keep your ICHRA notice.",
    "",
    `If you did not mean to opt out, you can take it back on My benefits until ${formatDate(optedOut.takeBackUntil)}; after that it is for good. If you think it is a mistake, write to us at ${options.contactEmail} or call ${options.contactPhone}.`,
  ]);
}

/** To the employer's primary contact: who opted out and from which month; nothing of any claim. */
export function employeeOptedOutEmail(
  to: Addressee,
  employer: { businessId: number; name: string },
  employee: { name: string; lastMonth: string },
  origin: string,
): OutgoingEmail {
  const from = formatMonth(addMonths(employee.lastMonth, 1));
  return letter("ichra_employee_opted_out", to, `${employer.name}: ${employee.name} opted out of the ICHRA`, [
    `${employee.name} opted out of your ICHRA and waived its reimbursements from ${from} on. Nothing is reimbursed to them for later months; what was approved for earlier months is still paid through payroll. Until ${from} starts they can take it back, and we will tell you if they do.`,
    ...employeeListLines(origin, employer.businessId),
  ]);
}

/** To the employee and to the employer's primary contact when an opting out is taken back before it started. */
export function optOutWithdrawnEmail(
  to: Addressee,
  withdrawn: { employerName: string; employeeName: string; waivedFrom: string; toEmployer: boolean },
): OutgoingEmail {
  const month = formatMonth(withdrawn.waivedFrom);
  return letter(
    "ichra_opt_out_withdrawn",
    to,
    withdrawn.toEmployer
      ? `${withdrawn.employerName}: ${withdrawn.employeeName} takes part in the ICHRA again`
      : `You take part in your ICHRA with ${withdrawn.employerName} again`,
    [
      withdrawn.toEmployer
        ? `${withdrawn.employeeName} took back their opting out of your ICHRA before it started: their allowance goes on in ${month} and after, as before.`
        : `You took back your opting out of the ICHRA offered by ${withdrawn.employerName} before it started: your allowance goes on in ${month} and after, as before.`,
    ],
  );
}
