// The emails of an employee's invitation answered: the opting out's confirmation to the
// employee, and the employer's word of an opting out and of its taking back (who and which
// months, nothing more); and the employee's word of a recorded last day, and of its removal.
import { formatDate } from "../../lib/date-rules";
import { formatMonth, monthOf } from "../../lib/months";
import { type Addressee, letter } from "../outbox/letter";
import type { AllowanceEnded } from "./model";

/** The lines that end an employer's email about one of their employees: where the list shows it. */
export const employeeListLines = (origin: string, businessId: number) => [
  "Your employee list shows it:",
  `${origin}/dashboard/${businessId}`,
];

interface Waiver {
  /** The day the employee opted out. */
  declinedOn: string;
  /** The first day of the plan year it waives. */
  planYearStart: string;
  until: string;
  /** The last day registering takes it back; null once that has passed. */
  takeBackUntil: string | null;
}

/** To the employee who opted out at their invitation: what they waived, and until when they can take it back. */
export const invitationOptOutEmail = (to: Addressee, employerName: string, waiver: Waiver) =>
  letter("employee_opt_out_confirmation", to, `You opted out of the ICHRA offered by ${employerName}`, [
    `On ${formatDate(waiver.declinedOn)} you opted out of the individual coverage HRA offered by ${employerName} and waived its reimbursements for the plan year starting ${formatDate(waiver.planYearStart)}.`,
    "Keep this email with your ICHRA notice: if the offer is not affordable for you, you may be able to claim a premium tax credit, and the Marketplace may ask when you opted out.",
    waiver.takeBackUntil
      ? `If you change your mind, register with the link in your invitation by ${formatDate(waiver.takeBackUntil)}: after that, this holds for the plan year ending ${formatDate(waiver.until)}.`
      : `Your allowance's months in this plan year have started, so this holds until the plan year ends on ${formatDate(waiver.until)}.`,
  ]);

interface Employer {
  businessId: number;
  name: string;
}

/** To the employer's primary contact: who opted out at their invitation, and for which plan year. */
export const invitationDeclinedEmail = (to: Addressee, employer: Employer, employeeName: string, waiver: Waiver, origin: string) =>
  letter("employee_declined_invitation", to, `${employer.name}: ${employeeName} opted out of the ICHRA`, [
    `${employeeName} opted out of your ICHRA at their invitation on ${formatDate(waiver.declinedOn)}: nothing is reimbursed to them for the plan year from ${formatDate(waiver.planYearStart)} to ${formatDate(waiver.until)}. ${waiver.takeBackUntil ? `Until ${formatDate(waiver.takeBackUntil)} they can take it back by registering, and we will tell you if they do.` : "It holds for that plan year."}`,
    ...employeeListLines(origin, employer.businessId),
  ]);

/** To the employer's primary contact: an opting out at the invitation taken back by registering before it started. */
export const invitationDeclineWithdrawnEmail = (
  to: Addressee,
  employer: Employer,
  employeeName: string,
  allowanceStarts: string,
  origin: string,
) =>
  letter("employee_declined_withdrawn", to, `${employer.name}: ${employeeName} takes part in the ICHRA after all`, [
    `${employeeName} took back their opting out before it started and registered for your ICHRA: their allowance starts on ${formatDate(allowanceStarts)}.`,
    ...employeeListLines(origin, employer.businessId),
  ]);

/** To a registered employee whose recorded last day their employer removed: the allowance goes on. */
export const employmentEndClearedEmail = (to: Addressee, employerName: string, wasEndedOn: string) =>
  letter("employment_end_cleared", to, `Your ICHRA allowance from ${employerName} goes on`, [
    `${employerName} has removed the last day of employment it had recorded for you (${formatDate(wasEndedOn)}). Your ICHRA allowance goes on as before.`,
    "A claim denied because of that date can be sent again on My benefits.",
  ]);

/** The day said as past or still to come. */
const endsOrEnded = (day: string, today: string) => (day < today ? "ended" : "ends");

/** To a registered employee whose employer recorded their last day: when the allowance ends, what can still be claimed, and until when. */
export const employmentEndedEmail = (
  to: Addressee,
  employerName: string,
  end: {
    endedOn: string;
    ended: AllowanceEnded;
    claimableUntil: string;
    optedOut: boolean;
    administrator: { email: string; phone: string };
    today: string;
  },
) => {
  const lastMonth = formatMonth(end.ended.lastMonth);
  return letter("employment_ended", to, `Your ICHRA allowance from ${employerName} ends with ${lastMonth}`, [
    `${employerName} has told us that your employment ${endsOrEnded(end.endedOn, end.today)} on ${formatDate(end.endedOn)}. ${
      end.ended.endedBy === "employment"
        ? `Your ICHRA allowance ${end.ended.lastMonth < monthOf(end.today) ? "ended" : "ends"} with ${lastMonth}: later months cannot be claimed.`
        : `You had already opted out, so your ICHRA allowance ends with ${lastMonth}, as before: later months cannot be claimed.`
    }`,
    `You can still claim your premiums through ${lastMonth}, until ${formatDate(end.claimableUntil)}, on My benefits. Amounts approved for months through ${lastMonth} are paid with your employer's payroll. An approval for a later month that payroll has not paid yet is withdrawn, and we email you if one is.`,
    // One who already opted out is not offered it again; a permanent waiver at the end of
    // employment is asked of us in writing (My benefits has no later month to waive).
    `${end.optedOut ? "" : `You may also permanently opt out of the HRA and waive future reimbursements: write to us at ${end.administrator.email} (or call ${end.administrator.phone}). `}If the date is not right, please tell ${employerName}.`,
  ]);
};

/** To a registered employee whose last day comes before their allowance's first month: nothing is theirs to claim. */
export const allowanceNeverBeginsEmail = (to: Addressee, employerName: string, end: { endedOn: string; begins: string; today: string }) =>
  letter("employment_ended", to, `Your ICHRA allowance from ${employerName} will not begin`, [
    `${employerName} has told us that your employment ${endsOrEnded(end.endedOn, end.today)} on ${formatDate(end.endedOn)}, before your ICHRA allowance would begin on ${formatDate(end.begins)}: no month of it is yours to claim.`,
    `If the date is not right, please tell ${employerName}.`,
  ]);
