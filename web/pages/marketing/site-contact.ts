// The contact details the server wrote into the page (CONTACT_EMAIL / CONTACT_PHONE).
import { contactPlaceholders, defaultContactEmail, defaultContactPhone, type SiteContact } from "@src/lib/site-contact";

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
