import { existingPlatforms } from "@src/modules/leads/options";
import { companyField, emailField, LeadForm, nameField } from "./LeadForm";
import { BenefitCards, FormSection, PageHero } from "./sections";
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
      <FormSection
        headingId="materials-heading"
        heading="Get Partner Materials"
        intro="We will send you our broker guide, client presentation and commission details."
      >
        <LeadForm
          id="brokers"
          formType="brokers"
          fields={fields}
          labelledBy="materials-heading"
          submitLabel="Get Materials"
          success="Thank you! We'll send your partner materials shortly."
        />
      </FormSection>
    </div>
  );
}
