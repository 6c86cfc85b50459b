import { lazy, Suspense } from "react";
import { companyField, emailField, LeadForm, nameField } from "./LeadForm";
import { BenefitCards, FormSection, PageHero } from "./sections";
import { dropEmpty } from "./use-lead-form";
import { usePageMeta } from "./use-page-meta";
import "./marketing.css";

const benefits = [
  { title: "Reduce Payroll Taxes", text: "Structure benefits so more of your spend escapes FICA, and keep the savings." },
  { title: "Offset Admin Costs", text: "Payroll-tax savings and low or no-cost implementation offset what administration costs you." },
  { title: "Improve Employee Satisfaction", text: "Employees choose the individual plan that fits them and take home more pay." },
  { title: "Eliminate Setup Headaches", text: "Register online, define classes and invite employees with personalized links." },
  { title: "Real-Time Dashboard", text: "See enrollment, reimbursements and reports for every class as they happen." },
  { title: "Simplified Management", text: "One fixed allowance per class, with compliance and notices handled for you." },
] as const;

const fields = [
  nameField,
  companyField(),
  emailField,
  { name: "employees", label: "Number of Employees", type: "number", inputMode: "numeric", min: 1, required: true },
] as const;

// The count is sent as a number; anything else is left for the schema to name.
const toFields = ({ employees = "", ...rest }: Record<string, string>) => ({
  ...dropEmpty(rest),
  ...(employees.trim() === "" ? {} : { employees: /^\d+$/.test(employees.trim()) ? Number(employees) : employees }),
});

// The calculator carries the affordability rules and their figures; it loads after the page
// so the marketing pages' first load stays small.
const AffordabilityCheck = lazy(() =>
  import("../../components/compliance/AffordabilityCheck").then((m) => ({ default: m.AffordabilityCheck })),
);

export function Employers() {
  usePageMeta("/employers");
  return (
    <div class="marketing">
      <PageHero eyebrow="For Employers" title="Better benefits for your team, lower payroll taxes for you">
        <p class="lead">
          Advantage ICHRA gives every employee a tax-free allowance for individual health coverage, plus indemnity benefits and virtual
          care, on a budget you set.
        </p>
        <p class="actions">
          <a href="#quote" role="button">
            Get a Custom Quote
          </a>
        </p>
      </PageHero>
      <BenefitCards heading="Why employers choose Advantage ICHRA" cards={benefits} />
      <section id="affordability" aria-labelledby="affordability-heading" class="form-section">
        <h2 id="affordability-heading">Is your allowance affordable?</h2>
        <p>
          An ICHRA offer is affordable when the employee's cost for the lowest-cost silver plan, after your allowance, stays within the IRS
          affordability percentage of their income. Try your numbers with any of the IRS safe harbors.
        </p>
        <Suspense fallback={<p aria-busy="true">Loading the affordability check...</p>}>
          <AffordabilityCheck heading="Affordability check" headingLevel={3} />
        </Suspense>
      </section>
      <FormSection
        id="quote"
        headingId="quote-heading"
        heading="Get a Custom Quote"
        intro="Tell us about your company and we will prepare a quote for your workforce."
      >
        <LeadForm
          id="quote"
          formType="employers"
          fields={fields}
          toFields={toFields}
          labelledBy="quote-heading"
          submitLabel="Get Custom Quote"
          success="Thank you! We'll prepare your custom quote and be in touch soon."
        />
      </FormSection>
    </div>
  );
}
