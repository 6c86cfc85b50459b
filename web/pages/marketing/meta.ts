// Each marketing page's title and description: used in the browser (document.title) and
// by the prerender step (<title>, <meta name="description">).
export interface PageMeta {
  title: string;
  description: string;
}

export const marketingPages = {
  "/": {
    title: "Advantage ICHRA · The Better ICHRA Solution",
    description:
      "An enhanced individual coverage HRA: payroll-tax savings, higher take-home pay, budget predictability and ACA compliance for employers of every size.",
  },
  "/employers": {
    title: "ICHRA for Employers · Advantage ICHRA",
    description:
      "Reduce payroll taxes, offset administration costs and give employees better benefits with a compliant ICHRA. Request a custom quote.",
  },
  "/brokers": {
    title: "ICHRA for Brokers and Consultants · Advantage ICHRA",
    description:
      "A distinctive, compliant ICHRA strategy for your clients, with commissions that offset platform costs and better client retention. Get partner materials.",
  },
  "/platforms": {
    title: "ICHRA for Platforms and Administrators · Advantage ICHRA",
    description:
      "Add an enhanced ICHRA to your platform: a full API stack, white-label options, a commission-based structure and IRS compliance. Schedule a demo.",
  },
  "/contact": {
    title: "Get in Touch · Advantage ICHRA",
    description: "Questions about ICHRA? Send us a message or call us toll-free for a free 30-minute consultation.",
  },
  "/enrollment-form": {
    title: "Start Your Enrollment · Advantage ICHRA",
    description: "Tell us about your current ICHRA setup and we will help you start your enrollment with Advantage ICHRA.",
  },
} as const satisfies Record<string, PageMeta>;

export type MarketingPath = keyof typeof marketingPages;
