import { lazy, Suspense } from "react";
import { AudiencePage } from "./AudiencePage";
import copy from "./copy/employers.json";
import { companyField, emailField, nameField } from "./LeadForm";
import { dropEmpty } from "./use-lead-form";

const fields = [
  nameField,
  companyField(),
  emailField,
  { name: "employees", label: "Number of Employees", type: "number", inputMode: "numeric", min: 1, required: true },
] as const;

// A whole count (a negative one too, so the schema says it must be at least 1) is sent as a
// number; anything else is left for the schema to name.
const toFields = ({ employees = "", ...rest }: Record<string, string>) => ({
  ...dropEmpty(rest),
  ...(employees.trim() === "" ? {} : { employees: /^-?\d+$/.test(employees.trim()) ? Number(employees) : employees }),
});

// The calculator carries the affordability rules and their figures; it loads after the page
// so the marketing pages' first load stays small.
const AffordabilityCheck = lazy(() =>
  import("../../components/compliance/AffordabilityCheck").then((m) => ({ default: m.AffordabilityCheck })),
);

export function Employers() {
  return (
    <AudiencePage
      path="/employers"
      copy={copy}
      formType="employers"
      fields={fields}
      toFields={toFields}
      heroActions={
        <p class="actions">
          <a href={`#${copy.form.sectionId}`} role="button">
            Get a Custom Quote
          </a>
        </p>
      }
    >
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
    </AudiencePage>
  );
}
