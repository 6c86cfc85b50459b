// The enrollment's emails to its primary contact, as plain text: what was submitted, what an
// admin's review changed, what happens next, and links to the plan's documents.

import type { StoredEmployeeClass } from "@db/schema";
import { formatDate, todayUtc } from "../../lib/date-rules";
import { formatCents } from "../../lib/money";
import { plural } from "../../lib/plural";
import { possessive } from "../../lib/possessive";
import type { EnrollmentRow } from "../businesses/access";
import type { CensusTotals } from "../census/service";
import { amountsInDollars } from "../compliance/age-bands";
import { classAmountsText } from "../compliance/model";
import { noticeDeadline, noticeIsLate } from "../compliance/notice-dates";
import type { OutgoingEmail } from "../outbox/service";

/** Written from the row as it was submitted, inside the submitting transaction. */
/** A stored class's amounts (cents) as the texts take them (dollars): its bands and its new hires' too. */
const termsInDollars = (c: StoredEmployeeClass) => {
  const banded = (t: { ageBands?: StoredEmployeeClass["ageBands"] } & Parameters<typeof amountsInDollars>[0]) => ({
    ...amountsInDollars(t),
    ...(t.ageBands ? { ageBands: t.ageBands.map((b) => ({ ...b, ...amountsInDollars(b) })) } : {}),
  });
  return { ...banded(c), ...(c.newHires ? { newHires: { ...banded(c.newHires), hiredOnOrAfter: c.newHires.hiredOnOrAfter } } : {}) };
};

export function confirmationEmail(input: {
  to: string;
  firstName: string;
  businessName: string;
  planName: string;
  enrollment: Pick<EnrollmentRow, "businessId" | "effectiveDate" | "monthlyBudgetCents" | "employeeClasses">;
  origin: string;
}): OutgoingEmail {
  const { enrollment, businessName } = input;
  // Every amount of each class, as the review step showed them: family sizes and age bands too.
  const classes = (enrollment.employeeClasses ?? []).map((c) => `  - ${c.name}: ${classAmountsText(termsInDollars(c))}`).join("\n");
  const text = [
    `Hello ${input.firstName},`,
    "",
    `Thank you for enrolling ${businessName} in an ICHRA. We have received your enrollment.`,
    "",
    `Plan: ${input.planName}`,
    `Effective date: ${formatDate(enrollment.effectiveDate)}`,
    `Monthly budget: ${enrollment.monthlyBudgetCents === null ? "not set" : formatCents(enrollment.monthlyBudgetCents)}`,
    "Employee classes:",
    classes,
    "",
    "What happens next:",
    "  1. Our team reviews your enrollment within 1-2 business days. When it is approved, you receive an email with your plan documents.",
    "  2. Nothing has been sent to your employees. Each of them gets their invitation to register only when you send it from your dashboard.",
    "",
    `Your dashboard: ${input.origin}/dashboard/${enrollment.businessId}`,
    "",
    "Advantage ICHRA",
  ].join("\n");
  return { kind: "enrollment_confirmation", to: input.to, subject: `Your ICHRA enrollment for ${businessName} was received`, text };
}

/** The enrollment's plan documents: the plan summary and each class's ICHRA notice, as pages its owner opens signed in. */
export function planDocumentLinks(origin: string, enrollment: Pick<EnrollmentRow, "id" | "employeeClasses">): string[] {
  return [
    `  - Plan summary (plan, budget, effective date, classes and headcount): ${origin}/enrollment/${enrollment.id}`,
    ...(enrollment.employeeClasses ?? []).map(
      (c, i) => `  - ICHRA notice for the class "${c.name}": ${origin}/enrollment/${enrollment.id}/notice/${i}`,
    ),
  ];
}

/** What the approval asks about the ICHRA notices, given which have gone out. */
function noticeStep(
  enrollment: { effectiveDate: string; newEmployer: boolean },
  today: string,
  employees: Pick<CensusTotals, "total" | "noticed">,
): string {
  const { effectiveDate } = enrollment;
  const due = enrollment.newEmployer
    ? `by ${formatDate(effectiveDate)}, the day the plan year starts (your business did not exist 120 days before it)`
    : noticeIsLate(effectiveDate, today)
      ? `now: it was due by ${formatDate(noticeDeadline(effectiveDate))}, 90 days before the plan year`
      : `by ${formatDate(noticeDeadline(effectiveDate))}, 90 days before the plan year`;
  if (employees.total === 0) return `Upload your employee census from your dashboard, then send each employee their ICHRA notice ${due}.`;
  const waiting = employees.total - employees.noticed;
  if (waiting === 0) return "Every employee on your census has been sent their ICHRA notice; your dashboard shows when.";
  const who = employees.noticed === 0 ? "each eligible employee" : `the ${plural(waiting, "employee")} not yet sent one`;
  return `Send ${who} their ICHRA notice from your dashboard ${due}.`;
}

/** What the approval asks about the invitations, given which have gone out. */
function invitationStep(employees: Pick<CensusTotals, "total" | "invited">): string {
  const waiting = employees.total - employees.invited;
  if (employees.total > 0 && waiting === 0)
    return "Every employee on your census has been sent their invitation to register; your dashboard shows who has registered.";
  const who = employees.invited === 0 ? "your employees" : `the ${plural(waiting, "employee")} not yet invited`;
  return `Send ${who} their invitations to register from your dashboard. An employee gets one only when you send it; the dashboard shows who has.`;
}

/** What an admin's approval or activation tells the primary contact: what changed, what comes next, the documents. */
export function reviewEmail(
  action: "approve" | "activate",
  input: {
    to: string;
    firstName: string;
    businessName: string;
    planName: string;
    enrollment: Pick<EnrollmentRow, "id" | "businessId" | "effectiveDate" | "employeeClasses" | "newEmployer">;
    /** What has gone out to the employees so far: the next steps name only what is left. */
    employees: Pick<CensusTotals, "total" | "invited" | "noticed">;
    origin: string;
    today?: string;
  },
): OutgoingEmail {
  const { enrollment, businessName, origin, employees } = input;
  const starts = formatDate(enrollment.effectiveDate);
  const today = input.today ?? todayUtc();
  const approved = action === "approve";
  const text = [
    `Hello ${input.firstName},`,
    "",
    approved
      ? `Our team has approved ${possessive(businessName)} ICHRA enrollment (plan: ${input.planName}). Its plan year starts on ${starts}.`
      : `${possessive(businessName)} ICHRA (plan: ${input.planName}) is now active. Its plan year ${enrollment.effectiveDate <= today ? "started" : "starts"} on ${starts}.`,
    "",
    "What happens next:",
    ...(approved
      ? [
          `  1. ${noticeStep(enrollment, today, employees)}`,
          `  2. ${invitationStep(employees)}`,
          `  3. Your plan becomes active on ${starts}.`,
        ]
      : [
          "  1. What each employee submitted stands; an employee who has not registered yet can still register with their invitation, and you can send a new one from your dashboard.",
          "  2. Your dashboard shows who registered and what they chose. Add an employee who becomes eligible later from there.",
        ]),
    "",
    "Your plan documents:",
    ...planDocumentLinks(origin, enrollment),
    "",
    `Your dashboard: ${origin}/dashboard/${enrollment.businessId}`,
    `These pages open for you when you are signed in. To sign in, ask for a link at ${origin}/login with this address.`,
    "",
    "Advantage ICHRA",
  ].join("\n");
  return {
    kind: approved ? "enrollment_approved" : "enrollment_activated",
    to: input.to,
    subject: approved ? `Your ICHRA enrollment for ${businessName} is approved` : `Your ICHRA for ${businessName} is active`,
    text,
  };
}
