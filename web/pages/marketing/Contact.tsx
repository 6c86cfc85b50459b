import { FormStatus, Honeypot, IdentityFields, TextArea, TextField } from "./Fields";
import { PageHero } from "./PageHero";
import { siteContact } from "./site-contact";
import { useLeadForm } from "./use-lead-form";
import { usePageMeta } from "./use-page-meta";
import "./marketing.css";

const whyChoose = [
  "Enhanced payroll-tax (FICA) savings",
  "Higher employee take-home pay",
  "Reimbursements, indemnity benefits and virtual care in one package",
  "Budget predictability with contributions by employee class",
  "ACA compliance and 5-10 hours of HR time saved each week",
];

const initial = { name: "", company: "", email: "", phone: "", currentProvider: "", message: "" };

export function Contact() {
  usePageMeta("/contact");
  const contact = siteContact();
  // The contact form sends no formType; the server stores it as `contact`.
  const form = useLeadForm({ formType: null, initial });
  const sending = form.status === "sending";
  return (
    <div class="marketing">
      <PageHero title="Get in Touch">
        <p class="lead">Questions about ICHRA or ready for your free 30-minute consultation? We are here to help.</p>
      </PageHero>
      <div class="contact-layout">
        <article>
          <h2 id="message-heading">Send us a message</h2>
          <form noValidate onSubmit={form.submit} aria-labelledby="message-heading">
            <div class="grid-fields">
              <IdentityFields form="contact" lead={form} />
              <TextField
                form="contact"
                name="phone"
                label="Phone"
                type="tel"
                autoComplete="tel"
                value={form.values.phone}
                onInput={form.set("phone")}
                errors={form.errors}
              />
            </div>
            <TextField
              form="contact"
              name="currentProvider"
              label="Current Provider"
              value={form.values.currentProvider}
              onInput={form.set("currentProvider")}
              errors={form.errors}
            />
            <TextArea
              form="contact"
              name="message"
              label="Message"
              value={form.values.message}
              onInput={form.set("message")}
              errors={form.errors}
            />
            <Honeypot form="contact" trap={form.trap} />
            <button type="submit" disabled={sending} aria-busy={sending ? "true" : undefined}>
              {sending ? "Sending..." : "Send Message"}
            </button>
            <FormStatus
              failed={form.status === "failed"}
              sent={form.status === "sent"}
              failure="There was an error sending your message. Please try again."
              success="Thank you for your message! We'll get back to you soon."
            />
          </form>
        </article>
        <aside>
          <article class="contact-block">
            <h2>Contact Information</h2>
            <p>
              General inquiries
              <br />
              <a href={`mailto:${contact.email}`}>{contact.email}</a>
            </p>
            <p>
              Toll-free
              <br />
              <a href={`tel:${contact.phone}`}>{contact.phone}</a>
            </p>
          </article>
          <article>
            <h2>Why Choose Advantage ICHRA?</h2>
            <ul class="checks">
              {whyChoose.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </article>
        </aside>
      </div>
    </div>
  );
}
