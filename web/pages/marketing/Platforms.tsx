import { integrationInterests } from "@src/modules/leads/options";
import { FormStatus, Honeypot, IdentityFields, SelectField } from "./Fields";
import { BenefitCards, PageHero } from "./PageHero";
import { useLeadForm } from "./use-lead-form";
import { usePageMeta } from "./use-page-meta";
import "./marketing.css";

const benefits = [
  { title: "Full API Stack", text: "Enrollment, classes, reimbursements and reporting, all available through our API." },
  { title: "White-Label Options", text: "Offer the enhanced ICHRA under your own brand, inside your own product." },
  { title: "Commission-Based Structure", text: "Earn commissions that offset your integration and platform costs." },
  { title: "IRS Compliant", text: "Aligned with IRS sections 125, 105 and 213(d), with a real-time dashboard for tracking and reporting." },
] as const;

const interestOptions = Object.entries(integrationInterests).map(([value, label]) => ({ value, label }));
const initial = { name: "", company: "", email: "", integrationInterest: "" };

export function Platforms() {
  usePageMeta("/platforms");
  const form = useLeadForm({ formType: "platforms", initial });
  const sending = form.status === "sending";
  return (
    <div class="marketing">
      <PageHero eyebrow="For Platforms/Administrators" title="Add an enhanced ICHRA to your platform">
        <p class="lead">
          Give your customers payroll-tax savings and richer benefits, working alongside the administration you already provide.
        </p>
      </PageHero>
      <BenefitCards heading="Built for platforms" cards={benefits} columns={2} />
      <section aria-labelledby="demo-heading" class="form-section">
        <article>
          <h2 id="demo-heading">Schedule a Demo</h2>
          {form.status === "sent" ? (
            <div class="thank-you" role="status">
              <h3>Thank you!</h3>
              <p>We received your demo request and will contact you within one business day to set a time.</p>
              <button type="button" onClick={form.reset}>
                Schedule Another Demo
              </button>
            </div>
          ) : (
            <form noValidate onSubmit={form.submit} aria-labelledby="demo-heading">
              <IdentityFields form="platforms" lead={form} companyLabel="Platform Name" />
              <SelectField
                form="platforms"
                name="integrationInterest"
                label="Integration Interest"
                placeholder="Are you ready to integrate?"
                options={interestOptions}
                value={form.values.integrationInterest}
                onInput={form.set("integrationInterest")}
                errors={form.errors}
              />
              <Honeypot form="platforms" trap={form.trap} />
              <button type="submit" disabled={sending} aria-busy={sending ? "true" : undefined}>
                {sending ? "Sending..." : "Schedule a Demo"}
              </button>
              <FormStatus
                failed={form.status === "failed"}
                sent={false}
                failure="There was an error sending your request. Please try again."
              />
            </form>
          )}
        </article>
      </section>
    </div>
  );
}
