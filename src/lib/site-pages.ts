// Each marketing page's title and description: used in the browser (document.title) and
// by the prerender step (<title>, <meta name="description">).

/** The product name, in every page title and email. */
export const siteName = "Advantage ICHRA";

export interface PageMeta {
  /** The page's own name, as usePageTitle takes it. */
  name: string;
  /** The whole document title: what usePageTitle(name) sets, and what the prerender writes. */
  title: string;
  description: string;
}

// The same "Name · Site" form usePageTitle gives every other screen.
const page = (name: string, description: string): PageMeta => ({ name, title: `${name} · ${siteName}`, description });

export const marketingPages = {
  "/": page(
    "The Better ICHRA Solution",
    "An enhanced individual coverage HRA: payroll-tax savings, higher take-home pay, budget predictability and ACA compliance for employers of every size.",
  ),
  "/employers": page(
    "ICHRA for Employers",
    "Reduce payroll taxes, offset administration costs and give employees better benefits with a compliant ICHRA. Request a custom quote.",
  ),
  "/brokers": page(
    "ICHRA for Brokers and Consultants",
    "A distinctive, compliant ICHRA strategy for your clients, with commissions that offset platform costs and better client retention. Get partner materials.",
  ),
  "/platforms": page(
    "ICHRA for Platforms and Administrators",
    "Add an enhanced ICHRA to your platform: a full API stack, white-label options, a commission-based structure and IRS compliance. Schedule a demo.",
  ),
  "/contact": page("Get in Touch", "Questions about ICHRA? Send us a message or call us toll-free for a free 30-minute consultation."),
  "/enrollment-form": page(
    "Start Your Enrollment",
    `Tell us about your current ICHRA setup and we will help you start your enrollment with ${siteName}.`,
  ),
} as const satisfies Record<string, PageMeta>;

export type MarketingPath = keyof typeof marketingPages;
