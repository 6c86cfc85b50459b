import { existingPlatforms } from "@src/modules/leads/options";
import { companyField, emailField, LeadForm, nameField } from "./LeadForm";
import { BenefitCards, PageHero } from "./PageHero";
import { usePageMeta } from "./use-page-meta";
import "./marketing.css";

const benefits = [
  { title: "Unique Benefit Strategy", text: "Bring clients a distinctive, compliant ICHRA strategy their current broker does not offer." },
  { title: "Commission-Based Cost Offset", text: "Commissions offset the platform costs, so the strategy pays for itself." },
  { title: "Improve Client Retention", text: "Lower costs and higher take-home pay give clients good reasons to stay." },
  { title: "Platform Integration", text: "Works alongside the ICHRA administration platform your clients already use." },
] as const;

// Brokers are asked for their email before their firm.
const fields = [
  nameField,
  emailField,
  companyField("Firm"),
  {
    name: "existingPlatform",
    label: "Existing Platform",
    choose: { placeholder: "Select your current platform", options: existingPlatforms.map((p) => [p, p] as const) },
  },
] as const;

export function Brokers() {
  usePageMeta("/brokers");
  return (
    <div class="marketing">
      <PageHero eyebrow="For Brokers/Consultants" title="A compliant ICHRA strategy that sets you apart">
        <p class="lead">
          Offer clients enhanced payroll-tax savings, higher employee take-home pay and a richer benefits package, aligned with IRS sections
          125, 105 and 213(d).
        </p>
      </PageHero>
      <BenefitCards heading="Why brokers partner with us" cards={benefits} columns={2} />
      <section aria-labelledby="materials-heading" class="form-section">
        <article>
          <h2 id="materials-heading">Get Partner Materials</h2>
          <p>We will send you our broker guide, client presentation and commission details.</p>
          <LeadForm
            id="brokers"
            formType="brokers"
            fields={fields}
            labelledBy="materials-heading"
            submitLabel="Get Materials"
            failure="There was an error sending your request. Please try again."
            success="Thank you! We'll send your partner materials shortly."
          />
        </article>
      </section>
    </div>
  );
}
