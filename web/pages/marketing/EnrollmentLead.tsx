import { FormStatus, Honeypot, IdentityFields, TextField } from "./Fields";
import { useLeadForm } from "./use-lead-form";
import { usePageMeta } from "./use-page-meta";
import "./marketing.css";

const initial = { name: "", company: "", email: "", currentProvider: "" };

export function EnrollmentLead() {
  usePageMeta("/enrollment-form");
  const form = useLeadForm({ formType: "enrollment", initial });
  const sending = form.status === "sending";
  return (
    <div class="marketing narrow">
      <article class="form-card">
        <h1 id="enrollment-heading">Start Your Enrollment</h1>
        {form.status === "sent" ? (
          <div class="thank-you" role="status">
            <h2>Thank you!</h2>
            <p>We received your information. An ICHRA specialist will contact you within one business day to start your enrollment.</p>
            <button type="button" onClick={form.reset}>
              Submit Another Enrollment
            </button>
          </div>
        ) : (
          <>
            <p>Tell us about your current ICHRA setup and we will guide you through the next steps.</p>
            <form noValidate onSubmit={form.submit} aria-labelledby="enrollment-heading">
              <IdentityFields form="enrollment" lead={form} />
              <TextField
                form="enrollment"
                name="currentProvider"
                label="Current ICHRA Provider"
                placeholder="Enter your current provider or 'None' if not using ICHRA"
                value={form.values.currentProvider}
                onInput={form.set("currentProvider")}
                errors={form.errors}
              />
              <Honeypot form="enrollment" trap={form.trap} />
              <button type="submit" disabled={sending} aria-busy={sending ? "true" : undefined}>
                {sending ? "Sending..." : "Submit Information"}
              </button>
              <FormStatus
                failed={form.status === "failed"}
                sent={false}
                failure="There was an error sending your information. Please try again."
              />
            </form>
          </>
        )}
      </article>
    </div>
  );
}
