import { Link } from "wouter";
import { companyField, emailField, LeadForm, nameField } from "./LeadForm";
import { usePageMeta } from "./use-page-meta";
import "./marketing.css";

const fields = [
  nameField,
  companyField(),
  emailField,
  // The spec's placeholder words, as a hint: on a phone a placeholder this long is cut off.
  { name: "currentProvider", label: "Current ICHRA Provider", hint: "Enter your current provider or 'None' if not using ICHRA" },
] as const;

export function EnrollmentLead() {
  usePageMeta("/enrollment-form");
  return (
    <div class="marketing narrow">
      <article class="form-card">
        <h1 id="enrollment-heading">Start Your Enrollment</h1>
        <LeadForm
          id="enrollment"
          formType="enrollment"
          fields={fields}
          intro={<p>Tell us about your current ICHRA setup and we will guide you through the next steps.</p>}
          labelledBy="enrollment-heading"
          submitLabel="Submit Information"
          failure="There was an error sending your information. Please try again."
          thankYou={{
            heading: "Thank you!",
            text: "We received your information. An ICHRA specialist will contact you within one business day to start your enrollment.",
            again: "Submit Another Enrollment",
            headingLevel: 2,
          }}
        />
      </article>
      <p class="form-aside">
        Ready to set it up yourself? You can <Link href="/enroll">enroll your company online now</Link>.
      </p>
    </div>
  );
}
