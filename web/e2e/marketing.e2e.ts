// The marketing site in a real browser at phone and desktop size: the prerendered pages,
// the home page's sections, and every lead form through success, a server 400 and a
// network failure (the person sees each outcome and keeps what they typed), with the
// stored row checked in the database and axe run on every page and state.
import { describe, expect, test } from "bun:test";
import { SIGNED_IN_COOKIE } from "@src/lib/signed-in-cookie";
import type { Page } from "playwright-core";
import { dbQuery, expectNoAxeViolations, expectSoundScreen, footerRoundTrip, useE2E, type ViewportName, withPage } from "./harness";

const e2e = useE2E({
  LEADS_PER_MINUTE: "1000",
  LEADS_PER_DAY: "100000",
  CONTACT_EMAIL: "team@advantage-ichra.test",
  CONTACT_PHONE: "1-888-555-0142",
});

interface StoredLead {
  form_type: string;
  name: string;
  company: string | null;
  email: string;
  message: string | null;
  current_provider: string | null;
  ip_address: string | null;
}

const leadsNamed = (name: string) =>
  dbQuery<StoredLead>(
    e2e.server,
    "select form_type, name, company, email, message, current_provider, ip_address from form_submissions where name = ?",
    name,
  );

const marketingPaths = ["/", "/employers", "/brokers", "/platforms", "/contact", "/enrollment-form"];

describe("prerendered marketing pages", () => {
  test("the page source of / holds the hero headline and the four statistics", async () => {
    const html = await (await fetch(`${e2e.server.url}/`)).text();
    expect(html).toContain('<body data-prerendered="true">');
    expect(html).toContain("Elevate Your Benefits with");
    for (const figure of ["94%", "30%", "24%", "100%"]) expect(html).toContain(`<strong>${figure}</strong>`);
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });

  test("a browser that may be signed in gets each page drawn signed in: the account bar's room kept, no Log in or Request Info in the header", async () => {
    for (const path of marketingPaths) {
      const header = (cookie?: string) =>
        fetch(e2e.server.url + path, { headers: cookie ? { cookie } : {} })
          .then((res) => res.text())
          .then((html) => html.match(/<header class="site-header">[\s\S]*?<\/header>/)![0]);
      const visitor = await header();
      expect({ path, room: visitor.includes('class="account-bar"'), login: visitor.includes(">Log in<") }).toEqual({
        path,
        room: false,
        login: true,
      });
      const signedIn = await header(`${SIGNED_IN_COOKIE}=1`);
      expect({
        path,
        room: signedIn.includes('<nav aria-hidden="true" class="account-bar">'),
        login: signedIn.includes(">Log in<"),
        info: signedIn.includes("Request Info"),
      }).toEqual({
        path,
        room: true,
        login: false,
        info: false,
      });
    }
  });

  test("each page has its own title and description, and the configured contact details", async () => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const path of marketingPaths) {
      const html = await (await fetch(e2e.server.url + path)).text();
      titles.add(html.match(/<title>([^<]+)<\/title>/)![1]!);
      descriptions.add(html.match(/<meta name="description" content="([^"]+)"/)![1]!);
      expect(html).not.toContain("__CONTACT_");
    }
    expect(titles.size).toBe(marketingPaths.length);
    expect(descriptions.size).toBe(marketingPaths.length);
    const contact = await (await fetch(`${e2e.server.url}/contact`)).text();
    expect(contact).toContain('<a href="mailto:team@advantage-ichra.test">team@advantage-ichra.test</a>');
    expect(contact).toContain('<a href="tel:1-888-555-0142">1-888-555-0142</a>');
  });

  test("with scripts off, every marketing page still shows its content", async () => {
    await withPage(
      e2e.browser,
      "phone",
      "scripts-off",
      async (page) => {
        const headings: Record<string, string> = {
          "/": "Elevate Your Benefits with Advantage ICHRA",
          "/employers": "Get a Custom Quote",
          "/brokers": "Get Partner Materials",
          "/platforms": "Schedule a Demo",
          "/contact": "Get in Touch",
          "/enrollment-form": "Start Your Enrollment",
        };
        for (const [path, heading] of Object.entries(headings)) {
          await page.goto(e2e.server.url + path);
          expect(await page.getByRole("heading", { name: heading }).isVisible()).toBe(true);
        }
      },
      { javaScriptEnabled: false },
    );
  });
});

interface FormCase {
  name: string;
  path: string;
  formType: string;
  fields: { label: string; value: string; select?: boolean }[];
  button: string;
  success: { text: string; again?: string };
  failure: string;
  required: Record<string, string>;
  stored: Partial<StoredLead>;
}

const forms: FormCase[] = [
  {
    name: "contact",
    path: "/contact",
    formType: "contact",
    fields: [
      { label: "Name", value: "" },
      { label: "Company", value: "Acme Dental" },
      { label: "Email", value: "dana@acme-dental.test" },
      { label: "Phone", value: "555-0100" },
      { label: "Current Provider", value: "None" },
      { label: "Message", value: "We have 40 staff and want to compare options." },
    ],
    button: "Send Message",
    success: { text: "Thank you for your message! We'll get back to you soon." },
    failure: "There was an error sending your message. Please try again.",
    required: { Name: "Name is required", Company: "Company name is required", Email: "Email is required" },
    stored: {
      company: "Acme Dental",
      email: "dana@acme-dental.test",
      current_provider: "None",
      message: "We have 40 staff and want to compare options.",
    },
  },
  {
    name: "employers",
    path: "/employers",
    formType: "employers",
    fields: [
      { label: "Name", value: "" },
      { label: "Company", value: "Summit Logistics" },
      { label: "Email", value: "hr@summit.test" },
      { label: "Number of Employees", value: "250" },
    ],
    button: "Get Custom Quote",
    success: { text: "Thank you! We'll prepare your custom quote and be in touch soon." },
    failure: "There was an error sending your request. Please try again.",
    required: {
      Name: "Name is required",
      Company: "Company name is required",
      Email: "Email is required",
      "Number of Employees": "Number of employees is required",
    },
    stored: { company: "Summit Logistics", email: "hr@summit.test", message: "Number of employees: 250" },
  },
  {
    name: "brokers",
    path: "/brokers",
    formType: "brokers",
    fields: [
      { label: "Name", value: "" },
      { label: "Email", value: "ann@bestbrokers.test" },
      { label: "Firm", value: "Best Brokers" },
      { label: "Existing Platform", value: "Remodel Health", select: true },
    ],
    button: "Get Materials",
    success: { text: "Thank you! We'll send your partner materials shortly." },
    failure: "There was an error sending your request. Please try again.",
    required: { Name: "Name is required", Email: "Email is required", Firm: "Firm name is required" },
    stored: {
      company: "Best Brokers",
      email: "ann@bestbrokers.test",
      message: "Existing platform: Remodel Health",
      current_provider: "Remodel Health",
    },
  },
  {
    name: "platforms",
    path: "/platforms",
    formType: "platforms",
    fields: [
      { label: "Name", value: "" },
      { label: "Platform Name", value: "PayCo HR" },
      { label: "Email", value: "cto@payco.test" },
      { label: "Integration Interest", value: "Yes - Ready to integrate", select: true },
    ],
    button: "Schedule a Demo",
    success: { text: "We received your demo request", again: "Schedule Another Demo" },
    failure: "There was an error sending your request. Please try again.",
    required: { Name: "Name is required", "Platform Name": "Platform name is required", Email: "Email is required" },
    stored: { company: "PayCo HR", email: "cto@payco.test", message: "Integration interest: Yes - Ready to integrate" },
  },
  {
    name: "enrollment",
    path: "/enrollment-form",
    formType: "enrollment",
    fields: [
      { label: "Name", value: "" },
      { label: "Company", value: "Coastal Dental Group" },
      { label: "Email", value: "office@coastal.test" },
      { label: "Current ICHRA Provider", value: "PeopleKeep" },
    ],
    button: "Submit Information",
    success: { text: "We received your information", again: "Submit Another Enrollment" },
    failure: "There was an error sending your information. Please try again.",
    required: { Name: "Name is required", Company: "Company name is required", Email: "Email is required" },
    stored: {
      company: "Coastal Dental Group",
      email: "office@coastal.test",
      message: "Current ICHRA provider: PeopleKeep",
      current_provider: "PeopleKeep",
    },
  },
];

// A label reads "Name *" for a required field (the mark is hidden from assistive technology).
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label.replace(/[()]/g, "\\$&")}( \\*)?$`));

async function fill(page: Page, form: FormCase, personName: string) {
  for (const f of form.fields) {
    const value = f.label === "Name" ? personName : f.value;
    if (f.select) await field(page, f.label).selectOption({ label: value });
    else await field(page, f.label).fill(value);
  }
}

async function expectKept(page: Page, form: FormCase, personName: string) {
  for (const f of form.fields) {
    const value = f.label === "Name" ? personName : f.value;
    const control = field(page, f.label);
    if (f.select) expect(await control.evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent)).toBe(value);
    else expect(await control.inputValue()).toBe(value);
  }
}

for (const viewport of ["phone", "desktop"] as ViewportName[]) {
  describe(`marketing site at ${viewport} size`, () => {
    test("the public affordability check on /employers is in the HTML and works once loaded", async () => {
      const html = await (await fetch(`${e2e.server.url}/employers`)).text();
      expect(html).toContain("Is your allowance affordable?");
      expect(html).toContain("Lowest-cost silver premium, self-only (monthly)");
      await withPage(e2e.browser, viewport, "affordability", async (page) => {
        await page.goto(`${e2e.server.url}/employers`);
        // The calculator hydrates once its chunk has loaded; type only then.
        await page.waitForLoadState("networkidle");
        const check = page.locator("#affordability");
        await check.getByLabel("Plan year").selectOption("2026");
        await check.getByLabel("Lowest-cost silver premium, self-only (monthly)").fill("598.80");
        await check.getByLabel("Monthly allowance, self-only").fill("299.99");
        await check.getByLabel("Annual W-2 wages (box 1)").fill("36000");
        await check.getByRole("button", { name: "Check affordability" }).click();
        const result = check.getByRole("status");
        await result.getByText("Not affordable").waitFor();
        expect(await result.textContent()).toContain("Raise the allowance by $0.01 a month, to $300.00, to make it affordable.");
        await expectNoAxeViolations(page, `/employers affordability (${viewport})`);
      });
    }, 60_000);

    test("a footer link opens its page at the top, and Back returns to where the last one was left", async () => {
      await withPage(e2e.browser, viewport, "footer-navigation", async (page) => {
        await page.goto(`${e2e.server.url}/`);
        await page.waitForLoadState("networkidle");
        const left = await footerRoundTrip(page, () => page.waitForURL(`${e2e.server.url}/`));
        expect(left).toBeGreaterThan(0);
      });
    }, 60_000);

    test("home shows the eight sections in order with the spec's labels", async () => {
      await withPage(e2e.browser, viewport, "home", async (page) => {
        await page.goto(`${e2e.server.url}/`);
        const main = page.locator("main");
        expect(await main.locator(".badge").first().textContent()).toBe("The Better ICHRA Solution");
        expect(await main.getByRole("heading", { level: 1 }).textContent()).toBe("Elevate Your Benefits with Advantage ICHRA");
        // Start Enrollment asks about the current setup first (the lead form, which links on to the wizard); Get started opens the wizard.
        expect(await main.getByRole("button", { name: "Start Enrollment" }).getAttribute("href")).toBe("/enrollment-form");
        expect(await main.getByRole("button", { name: /^Learn more/ }).getAttribute("href")).toBe("/contact");
        expect(await main.locator(".why-choose li").count()).toBe(4);
        expect(await main.locator(".stats li").allInnerTexts()).toEqual([
          "94%\nof businesses report savings",
          "30%\nlower administrative complexity",
          "24%\nhigher retention",
          "100%\nACA compliance",
        ]);
        expect(await main.locator("h2").allTextContents()).toEqual([
          "Why Choose Advantage ICHRA?",
          "What is an ICHRA?",
          "Standard ICHRA vs. Advantage ICHRA",
          "Benefits for Your Business",
          "How Implementation Works",
          "What Our Clients Say",
          "Ready to elevate your benefits?",
        ]);
        const features = await main.locator("section[aria-labelledby='what-heading'] .cards h3").allTextContents();
        expect(features).toEqual(["Budget Control", "ACA Compliant", "Employee Classes", "Flexible Implementation"]);
        expect(await main.getByRole("link", { name: "Learn more about ICHRA" }).getAttribute("href")).toBe("/about-ichra");
        expect(await main.locator("table.compare tbody th").allTextContents()).toEqual([
          "Tax Savings",
          "Employee Benefits",
          "Employee Take-Home Pay",
          "Additional Benefits",
        ]);
        // No word of the comparison is broken across two lines (a break after a hyphen is a line break, not a broken word).
        const brokenWords = await main.locator("table.compare").evaluate((table) => {
          const broken: string[] = [];
          const walker = document.createTreeWalker(table, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            // The column headers a phone hides from sight (kept for screen readers in a 1 px box) are not read as lines.
            const head = node.parentElement?.closest("thead");
            if (head && head.getBoundingClientRect().width <= 2) continue;
            const text = node.textContent ?? "";
            for (const match of text.matchAll(/[^\s-]+/g)) {
              const range = document.createRange();
              range.setStart(node, match.index);
              range.setEnd(node, match.index + match[0].length);
              const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
              if (lines.size > 1) broken.push(match[0]);
            }
          }
          return broken;
        });
        expect(brokenWords).toEqual([]);
        expect(await main.getByRole("button", { name: "Request Info" }).getAttribute("href")).toBe("/contact");
        expect(await main.locator("section[aria-labelledby='benefits-heading'] article").count()).toBe(6);
        expect(await main.locator("ol.steps h3").allTextContents()).toEqual([
          "Business Registration",
          "Plan Configuration",
          "Employee Enrollment",
          "Launch and Monitor",
        ]);
        expect(await main.getByRole("button", { name: "Schedule Consultation" }).getAttribute("href")).toBe("/contact");
        const testimonials = main.locator("article.testimonial");
        expect(await testimonials.count()).toBe(2);
        for (const i of [0, 1]) {
          const card = testimonials.nth(i);
          expect(await card.getByRole("img", { name: "5 out of 5 stars" }).textContent()).toBe("★★★★★");
          const img = card.locator("img");
          await img.scrollIntoViewIfNeeded();
          await page.waitForFunction(
            (el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0,
            await img.elementHandle(),
          );
          expect(await img.getAttribute("src")).toStartWith("/images/testimonials/");
        }
        // Each footer closes its card (no empty band under a shorter quote), and side by side the footers are level.
        const footers = await testimonials.evaluateAll((cards) =>
          cards.map((card) => {
            const box = card.getBoundingClientRect();
            const footer = card.querySelector("footer")!.getBoundingClientRect();
            return { top: Math.round(footer.top), gapBelow: Math.round(box.bottom - footer.bottom), cardTop: Math.round(box.top) };
          }),
        );
        for (const f of footers) expect(f.gapBelow).toBeLessThanOrEqual(1);
        if (footers[0]!.cardTop === footers[1]!.cardTop) expect(footers[0]!.top).toBe(footers[1]!.top);
        expect(await main.getByRole("button", { name: "Get started" }).getAttribute("href")).toBe("/enroll");
        expect(await main.getByRole("button", { name: "Contact us" }).getAttribute("href")).toBe("/contact");
        await expectNoAxeViolations(page, `/ (${viewport})`);
        // Hydrated: client-side navigation works from the prerendered page.
        await main.getByRole("button", { name: "Start Enrollment" }).click();
        await page.getByRole("heading", { name: "Start Your Enrollment" }).waitFor();
        await page.locator("main").getByRole("link", { name: "enroll your company online now" }).click();
        await page.getByRole("heading", { name: "Company Information" }).waitFor();
        // The title is set after the page renders: wait for it rather than read it at once.
        await page.waitForFunction((title) => document.title === title, "Employer Enrollment · Advantage ICHRA", { timeout: 5000 });
      });
    }, 60_000);

    test("employers, brokers and platforms show their heroes and benefit cards; contact shows its block", async () => {
      await withPage(e2e.browser, viewport, "pages", async (page) => {
        const cards: Record<string, string[]> = {
          "/employers": [
            "Reduce Payroll Taxes",
            "Offset Admin Costs",
            "Improve Employee Satisfaction",
            "Eliminate Setup Headaches",
            "Real-Time Dashboard",
            "Simplified Management",
          ],
          "/brokers": ["Unique Benefit Strategy", "Commission-Based Cost Offset", "Improve Client Retention", "Platform Integration"],
          "/platforms": ["Full API Stack", "White-Label Options", "Commission-Based Structure", "IRS Compliant"],
        };
        for (const [path, titles] of Object.entries(cards)) {
          await page.goto(e2e.server.url + path);
          expect(await page.locator("main .page-hero h1").count()).toBe(1);
          expect(await page.locator("main .cards h3").allTextContents()).toEqual(titles);
          await expectNoAxeViolations(page, `${path} (${viewport})`);
        }
        await page.goto(`${e2e.server.url}/brokers`);
        expect(await field(page, "Existing Platform").locator("option").allTextContents()).toEqual([
          "Select your current platform",
          "Take Command",
          "Thatch",
          "PeopleKeep",
          "Remodel Health",
          "Zorro",
          "Venteur",
          "Other",
          "Not currently using one",
        ]);
        await page.goto(`${e2e.server.url}/contact`);
        const block = page.locator(".contact-block");
        expect(await block.getByRole("link", { name: "team@advantage-ichra.test" }).getAttribute("href")).toBe(
          "mailto:team@advantage-ichra.test",
        );
        expect(await block.getByRole("link", { name: "1-888-555-0142" }).getAttribute("href")).toBe("tel:1-888-555-0142");
        expect(await page.locator("aside ul.checks li").count()).toBe(5);
      });
    }, 60_000);

    for (const form of forms) {
      test(`${form.name} form: required fields, a 400, a network failure, then success`, async () => {
        const personName = `Dana ${form.name} ${viewport}`;
        await withPage(e2e.browser, viewport, `form-${form.name}`, async (page) => {
          page.setDefaultTimeout(10_000);
          await page.goto(e2e.server.url + form.path);
          const submit = page.getByRole("button", { name: form.button });

          // Nothing typed: each required field says so, and nothing is sent.
          await submit.click();
          for (const [label, message] of Object.entries(form.required)) {
            await page.getByText(message, { exact: true }).waitFor();
            expect(await field(page, label).getAttribute("aria-invalid")).toBe("true");
          }
          // Focus moves to the first field to fix.
          expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("name");
          await expectSoundScreen(page, `${form.path} with errors (${viewport})`);

          // The server refuses (its email check): the field shows the server's message.
          await fill(page, form, personName);
          await page.route(
            "**/api/contact",
            async (route) => {
              const body = JSON.parse(route.request().postData()!);
              await route.continue({ postData: JSON.stringify({ ...body, email: "not-an-email" }) });
            },
            { times: 1 },
          );
          const refused = page.waitForResponse((r) => r.url().endsWith("/api/contact"));
          await submit.click();
          expect((await refused).status()).toBe(400);
          await page.getByText(form.failure).waitFor();
          expect(await page.getByText("Invalid email format", { exact: true }).isVisible()).toBe(true);
          await expectKept(page, form, personName);
          expect(leadsNamed(personName)).toEqual([]);

          // The network fails: the person is told, and keeps what they typed.
          await page.route("**/api/contact", (route) => route.abort("failed"), { times: 1 });
          await submit.click();
          await page.getByText(form.failure).waitFor();
          expect(await submit.isEnabled()).toBe(true);
          await expectSoundScreen(page, `${form.path} after a network failure (${viewport})`);
          await expectKept(page, form, personName);
          expect(leadsNamed(personName)).toEqual([]);

          // Success: the row is stored with its formType and composed message.
          const accepted = page.waitForResponse((r) => r.url().endsWith("/api/contact"));
          await submit.click();
          expect((await accepted).status()).toBe(201);
          await page.getByText(form.success.text).waitFor();
          expect(await page.getByText(form.failure).count()).toBe(0);
          expect(leadsNamed(personName)).toEqual([
            {
              form_type: form.formType,
              name: personName,
              company: null,
              email: "",
              message: null,
              current_provider: null,
              ip_address: "127.0.0.1",
              ...form.stored,
            } as StoredLead,
          ]);
          await expectSoundScreen(page, `${form.path} after success (${viewport})`);
          // Every answer was read or dropped: no request is left open (API answers are not stored).
          await page.waitForLoadState("networkidle", { timeout: 5000 });
          if (form.success.again) {
            await page.getByRole("button", { name: form.success.again }).click();
            await submit.waitFor();
          }
          // The form is cleared for the next message.
          expect(await field(page, "Name").inputValue()).toBe("");
        });
      }, 90_000);
    }
  });
}

test("the contact form works by keyboard alone, and the button reads 'Sending...' while sending", async () => {
  await withPage(e2e.browser, "desktop", "keyboard", async (page) => {
    page.setDefaultTimeout(10_000);
    await page.goto(`${e2e.server.url}/contact`);
    const name = "Kim Keyboard";
    await field(page, "Name").focus();
    await page.keyboard.type(name);
    await page.keyboard.press("Tab");
    await page.keyboard.type("Keys Inc");
    await page.keyboard.press("Tab");
    await page.keyboard.type("kim@keys.test");
    // Hold the answer so the sending state can be seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/contact", async (route) => {
      await held;
      await route.continue();
    });
    await page.keyboard.press("Enter");
    const sending = page.getByRole("button", { name: "Sending..." });
    await sending.waitFor();
    expect(await sending.isDisabled()).toBe(true);
    release();
    await page.getByText("Thank you for your message! We'll get back to you soon.").waitFor();
    expect(leadsNamed(name)).toMatchObject([{ form_type: "contact", company: "Keys Inc", email: "kim@keys.test", message: null }]);
  });
}, 60_000);
