// The public contact details. The server reads them from CONTACT_EMAIL / CONTACT_PHONE;
// prerendered pages carry placeholders that the server fills in when it loads the site,
// and the browser reads the filled-in values from the page's meta tags.
import { escapeHtml } from "./html";

export const defaultContactEmail = "hello@advantage-ichra.example";
export const defaultContactPhone = "1-800-555-0199";

export const contactPlaceholders = { email: "__CONTACT_EMAIL__", phone: "__CONTACT_PHONE__" } as const;

export interface SiteContact {
  email: string;
  phone: string;
}

/** In the browser: the values the server wrote into the page; while prerendering: the placeholders. */
export function siteContact(): SiteContact {
  if (typeof document === "undefined") return { ...contactPlaceholders };
  const meta = (name: string) => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;
  const email = meta("contact-email");
  const phone = meta("contact-phone");
  // A page served without the server's substitution (the dev server) still shows the defaults.
  return {
    email: email && email !== contactPlaceholders.email ? email : defaultContactEmail,
    phone: phone && phone !== contactPlaceholders.phone ? phone : defaultContactPhone,
  };
}

/** What the server substitutes into the prerendered pages when it loads the site. */
export function contactHtmlReplacements(contact: SiteContact): Record<string, string> {
  return { [contactPlaceholders.email]: escapeHtml(contact.email), [contactPlaceholders.phone]: escapeHtml(contact.phone) };
}
