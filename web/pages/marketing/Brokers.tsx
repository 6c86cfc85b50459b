import { existingPlatforms } from "@src/modules/leads/options";
import { FormStatus, Honeypot, IdentityFields, SelectField } from "./Fields";
import { BenefitCards, PageHero } from "./PageHero";
import { useLeadForm } from "./use-lead-form";
import { usePageMeta } from "./use-page-meta";
import "./marketing.css";

const benefits = [
  { title: "Unique Benefit Strategy", text: "Bring clients a distinctive, compliant ICHRA strategy their current broker does not offer." },
  { title: "Commission-Based Cost Offset", text: "Commissions offset the platform costs, so the strategy pays for itself." },
  { title: "Improve Client Retention", text: "Lower costs and higher take-home pay give clients good reasons to stay." },
  { title: "Platform Integration", text: "Works alongside the ICHRA administration platform your clients already use." },
] as const;

const platformOptions = existingPlatforms.map((p) => ({ value: p, label: p }));
const initial = { name: "", email: "", company: "", existingPlatform: "" };

export function Brokers() {
  usePageMeta("/brokers");
  const form = useLeadForm({ formType: "brokers", initial });
  const sending = form.status === "sending";
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
          <form noValidate onSubmit={form.submit} aria-labelledby="materials-heading">
            <IdentityFields form="brokers" lead={form} companyLabel="Firm" emailBeforeCompany />
            <SelectField
              form="brokers"
              name="existingPlatform"
              label="Existing Platform"
              placeholder="Select your current platform"
              options={platformOptions}
              value={form.values.existingPlatform}
              onInput={form.set("existingPlatform")}
              errors={form.errors}
            />
            <Honeypot form="brokers" trap={form.trap} />
            <button type="submit" disabled={sending} aria-busy={sending ? "true" : undefined}>
              {sending ? "Sending..." : "Get Materials"}
            </button>
            <FormStatus
              failed={form.status === "failed"}
              sent={form.status === "sent"}
              failure="There was an error sending your request. Please try again."
              success="Thank you! We'll send your partner materials shortly."
            />
          </form>
        </article>
      </section>
    </div>
  );
}
