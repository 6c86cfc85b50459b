// The enrollment's emails, as plain text: what was submitted and what happens next.
import type { OutgoingEmail } from "../outbox/service";
import { formatUsd } from "../../lib/money";
import type { EnrollmentRead } from "./model";

export function confirmationEmail(input: { to: string; firstName: string; enrollment: EnrollmentRead; origin: string }): OutgoingEmail {
  const { enrollment } = input;
  const classes = enrollment.employeeClasses.map((c) => `  - ${c.name}: ${formatUsd(c.allowanceAmount)}/month`).join("\n");
  const text = [
    `Hello ${input.firstName},`,
    "",
    `Thank you for enrolling ${enrollment.business.name} in an ICHRA. We have received your enrollment.`,
    "",
    `Plan: ${enrollment.plan.name}`,
    `Effective date: ${enrollment.effectiveDate}`,
    `Monthly budget: ${enrollment.monthlyBudget === null ? "not set" : formatUsd(enrollment.monthlyBudget)}`,
    "Employee classes:",
    classes,
    "",
    "What happens next:",
    "  1. Our team reviews your enrollment within 1-2 business days.",
    "  2. You receive an email with your plan documents and administrative access.",
    "  3. Your employees receive an email with registration instructions.",
    "",
    `Your dashboard: ${input.origin}/dashboard/${enrollment.businessId}`,
    "",
    "Advantage ICHRA",
  ].join("\n");
  return { kind: "enrollment_confirmation", to: input.to, subject: `Your ICHRA enrollment for ${enrollment.business.name} was received`, text };
}

export function invitationEmail(input: { to: string; employeeFirstName: string; businessName: string; link: string; expiresOn: string }): OutgoingEmail {
  const text = [
    `Hello ${input.employeeFirstName},`,
    "",
    `${input.businessName} now offers you an ICHRA: a monthly allowance for the individual health insurance you choose.`,
    "",
    "Register here with your personal link:",
    input.link,
    "",
    `The link is personal to you and works until ${input.expiresOn}. Please do not forward it.`,
    "",
    "Advantage ICHRA",
  ].join("\n");
  return { kind: "employee_invitation", to: input.to, subject: `${input.businessName}: register for your ICHRA benefit`, text };
}
