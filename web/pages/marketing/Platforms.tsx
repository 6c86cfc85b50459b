import { integrationInterests } from "@src/modules/leads/options";
import { companyField, emailField, LeadForm, nameField } from "./LeadForm";
import { BenefitCards, FormSection, PageHero } from "./sections";
import { usePageMeta } from "./use-page-meta";
import "./marketing.css";

const benefits = [
  { title: "Full API Stack", text: "Enrollment, classes, reimbursements and reporting, all available through our API." },
  { title: "White-Label Options", text: "Offer the enhanced ICHRA under your own brand, inside your own product." },
  { title: "Commission-Based Structure", text: "Earn commissions that offset your integration and platform costs." },
  { title: "IRS Compliant", text: "Aligned with IRS sections 125, 105 and 213(d), with a real-time dashboard for tracking and reporting." },
] as const;

const fields = [
  nameField,
  companyField("Platform Name"),
  emailField,
  {
    name: "integrationInterest",
    label: "Integration Interest",
    choose: { placeholder: "Are you ready to integrate?", options: Object.entries(integrationInterests) },
  },
] as const;

export function Platforms() {
  usePageMeta("/platforms");
  return (
    <div class="marketing">
      <PageHero eyebrow="For Platforms/Administrators" title="Add an enhanced ICHRA to your platform">
        <p class="lead">
          Give your customers payroll-tax savings and richer benefits, working alongside the administration you already provide.
        </p>
      </PageHero>
      <BenefitCards heading="Built for platforms" cards={benefits} columns={2} />
      <FormSection headingId="demo-heading" heading="Schedule a Demo">
        <LeadForm
          id="platforms"
          formType="platforms"
          fields={fields}
          labelledBy="demo-heading"
          submitLabel="Schedule a Demo"
          thankYou={{
            heading: "Thank you!",
            text: "We received your demo request and will contact you within one business day to set a time.",
            again: "Schedule Another Demo",
            headingLevel: 3,
          }}
        />
      </FormSection>
    </div>
  );
}
