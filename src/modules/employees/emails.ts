// The emails of an employee's invitation answered: the opting out's confirmation to the
// employee, and the employer's word of an opting out and of its taking back (who and which
// months, nothing more); and the employee's word that a recorded last day was removed.
import { formatDate } from "../../lib/date-rules";
import { type Addressee, letter } from "../outbox/letter";

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
