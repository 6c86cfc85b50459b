import copy from "./copy/contact.json";
import { companyField, emailField, LeadForm, nameField } from "./LeadForm";
import { PageHero, WhyChoose } from "./sections";
import { siteContact } from "./site-contact";
import { usePageMeta } from "./use-page-meta";
import "./marketing.css";

const fields = [
  [nameField, companyField(), emailField, { name: "phone", label: "Phone", type: "tel", autoComplete: "tel" }],
  { name: "currentProvider", label: "Current Provider" },
  { name: "message", label: "Message", rows: 5 },
] as const;

export function Contact() {
  usePageMeta("/contact");
  const contact = siteContact();
  return (
    <div class="marketing">
      <PageHero title="Get in Touch">
        <p class="lead">Questions about ICHRA or ready for your free 30-minute consultation? We are here to help.</p>
      </PageHero>
      <div class="contact-layout">
        <article>
          <h2 id="message-heading">Send us a message</h2>
          {/* The contact form sends no formType; the server stores it as `contact`. */}
          <LeadForm
            id="contact"
            formType={null}
            fields={fields}
            labelledBy="message-heading"
            submitLabel="Send Message"
            failure="There was an error sending your message. Please try again."
            success="Thank you for your message! We'll get back to you soon."
          />
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
          <WhyChoose items={copy.whyChoose} />
        </aside>
      </div>
    </div>
  );
}
