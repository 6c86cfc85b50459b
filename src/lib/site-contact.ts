// The public contact details. The server reads them from CONTACT_EMAIL / CONTACT_PHONE;
// prerendered pages carry placeholders that the server fills in when it loads the site,
// and the browser reads the filled-in values from the page's meta tags (web/pages/marketing/site-contact.ts).
import { escapeHtml } from "./html";

export const defaultContactEmail = "hello@advantage-ichra.example";
export const defaultContactPhone = "1-800-555-0199";

export const contactPlaceholders = { email: "__CONTACT_EMAIL__", phone: "__CONTACT_PHONE__" } as const;

export interface SiteContact {
  email: string;
  phone: string;
}

/** What the server substitutes into the prerendered pages when it loads the site. */
export function contactHtmlReplacements(contact: SiteContact): Record<string, string> {
  return { [contactPlaceholders.email]: escapeHtml(contact.email), [contactPlaceholders.phone]: escapeHtml(contact.phone) };
}
