// How the employee's screens say where things stand, in plain words.
import { formatUsd } from "@src/lib/money";
import { formatDay, formatMonth, monthOf } from "@src/lib/months";
import { answerDueDay, type ClaimView, claimQuestionDays } from "@src/modules/reimbursements/model";
import { shownDay } from "../../lib/dates";

/** The last day of employment the employer recorded, and the month the allowance ends with: past or to come, seen from `today`. */
export const employmentEnd = (endedOn: string, today: string) =>
  endedOn < today
    ? `Your employment ended on ${formatDay(endedOn)}, so your allowance ended with ${formatMonth(monthOf(endedOn))}.`
    : `Your last day of employment is ${formatDay(endedOn)}, so your allowance ends with ${formatMonth(monthOf(endedOn))}.`;

/** An opting out, beside the balance: what is left of the allowance pays only months until it ends. */
export const optedOutEnd = (ended: { lastMonth: string }, month: string) =>
  `You opted out, so your allowance ${ended.lastMonth < month ? "ended" : "ends"} with ${formatMonth(ended.lastMonth)}: what is left of it pays only premiums through ${formatMonth(ended.lastMonth)}.`;

/** A reason as a sentence: one closing mark, whatever the reviewer typed. */
export const sentence = (text: string | null, fallback = "See the email we sent.") => {
  const trimmed = text?.trim();
  return trimmed ? (/[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`) : fallback;
};

/**
 * What happens next with a claim, for the person who sent it. `openToClaim`: whether its
 * month can be claimed now (no other live claim holds it, and it is still open for claims).
 */
export function claimNextStep(claim: ClaimView, openToClaim = false): string {
  const approved = claim.approvedAmount === null ? "" : formatUsd(claim.approvedAmount);
  switch (claim.status) {
    case "submitted":
      return "We are reviewing this claim. We'll email you when it is decided.";
    case "needs-info": {
      // By when, as the question's email said: counted in UTC days, as the server counts them.
      const { received, questions } = claimQuestionDays(claim.submittedAt, claim.history);
      const answerBy = answerDueDay(received, questions);
      return `We need more information: ${sentence(claim.reason)} Please answer below${answerBy ? ` by ${formatDay(answerBy)}` : ""}.`;
    }
    case "approved":
      return `Approved: ${approved} will be paid with your employer's next payroll.`;
    case "partially-approved": {
      const why = claim.reason ? ` ${sentence(claim.reason)}` : "";
      return `Approved ${approved} of ${formatUsd(claim.amount)}.${why} It will be paid with your employer's next payroll.`;
    }
    case "denied":
      return `Denied: ${sentence(claim.reason)}${openToClaim ? " You can claim this month again." : ""}`;
    case "paid": {
      // A partial approval's reason still explains the amount once it is paid.
      const part = claim.approvedAmount !== null && claim.approvedAmount < claim.amount ? ` of ${formatUsd(claim.amount)}` : "";
      const why = part && claim.reason ? ` ${sentence(claim.reason)}` : "";
      return `Paid ${approved}${part} through payroll${claim.paidAt ? ` on ${shownDay(claim.paidAt)}` : ""}.${why}`;
    }
  }
}
