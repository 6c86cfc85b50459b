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
