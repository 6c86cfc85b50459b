// The enrollment's emails, as plain text: what was submitted and what happens next.

import { formatUsd, toDollars } from "../../lib/money";
import type { EnrollmentRow } from "../businesses/access";
import type { OutgoingEmail } from "../outbox/service";

/** Written from the row as it was submitted, inside the submitting transaction. */
export function confirmationEmail(input: {
  to: string;
  firstName: string;
  businessName: string;
  planName: string;
  enrollment: Pick<EnrollmentRow, "businessId" | "effectiveDate" | "monthlyBudgetCents" | "employeeClasses">;
  origin: string;
}): OutgoingEmail {
  const { enrollment, businessName } = input;
  const classes = (enrollment.employeeClasses ?? [])
    .map((c) => `  - ${c.name}: ${formatUsd(toDollars(c.allowanceCents))}/month`)
    .join("\n");
  const text = [
    `Hello ${input.firstName},`,
    "",
    `Thank you for enrolling ${businessName} in an ICHRA. We have received your enrollment.`,
    "",
    `Plan: ${input.planName}`,
    `Effective date: ${enrollment.effectiveDate}`,
    `Monthly budget: ${enrollment.monthlyBudgetCents === null ? "not set" : formatUsd(toDollars(enrollment.monthlyBudgetCents))}`,
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
