// Every screen with data in it, at 390×844 and 1280×800 (and at other widths, below): every
// route of the table (signed in as the owner, an admin or through an invite where it needs
// one), every step of the employer wizard and of the employee registration, and the error
// screens. On each, in
// each of its tab, dialog and disclosure states: the page is no wider than the window,
// nothing scrolls sideways, every visible button and link lies inside the window, and axe
// finds nothing.
import { beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { daysFrom, localToday } from "@src/lib/date-rules";
import { routePatterns } from "@src/lib/site-routes";
import { WRONG_TYPE_MESSAGE } from "@src/modules/census/model";
import { messages as registrationMessages } from "@src/modules/employees/model";
import { overHttp } from "@src/test/api";
import { completeRegistration } from "@src/test/employee-fixtures";
import { censusForm, cookieOf, ownerWithCensus, registerOwner } from "@src/test/employers";
import type { Page } from "playwright-core";
import { expectSoundScreen, lastEmail, newPage, signInAs, useE2E, type ViewportName, viewports, type WindowSize } from "./harness";

const adminPassword = "sweep admin password";
const e2e = useE2E({ ADMIN_USERNAME: "ops", ADMIN_PASSWORD: adminPassword, LEADS_PER_MINUTE: "1000", LEADS_PER_DAY: "100000" });

/** The first day of the month at least `days` ahead: an effective date every rule accepts. */
function firstOfMonthAhead(days: number): string {
  const [y, m] = daysFrom(localToday(), days).split("-").map(Number);
  return new Date(Date.UTC(y!, m!, 1)).toISOString().slice(0, 10);
}

type Session = "none" | "owner" | "admin" | "employee";

interface Seed {
  businessId: number;
  enrollmentId: number;
  ownerCookie: string;
  adminCookie: string;
  /** Sam Lee, registered, signed in with an emailed link. */
  employeeCookie: string;
  /** One invite per viewport, for employees who have not registered. */
  invites: Record<ViewportName, string>;
  /** One invite per other size (`between`), in its order. */
  betweenInvites: string[];
  /** The success page's read-only preview of an employee's registration. */
  preview: string;
  /** An owner per viewport whose enrollment is not submitted yet: the wizard's steps. */
  wizardOwners: Record<ViewportName, { cookie: string }>;
}

// Long names and addresses: what makes tables and cards overflow on a phone.
const employees = [
  // An address with a long run and no dot or hyphen in it: the employee list must still fit a laptop.
  [
    "Maximiliana",
    "Montgomery-Fairweather",
    "maximilianamontgomeryfairweatherhathaway@northern-precision.example",
    "Full-time salaried staff",
  ],
  ["Bartholomew", "Okonkwo-Vanderbilt", "bartholomew.okonkwo-vanderbilt@northern-precision.example", "Full-time salaried staff"],
  ["Sam", "Lee", "sam.lee@northern-precision.example", "Part-time"],
  ["Ana", "Diaz", "ana.diaz@northern-precision.example", "Part-time"],
  // Invited for the registration's steps at other widths.
  ["Noor", "Haddad", "noor.haddad@northern-precision.example", "Part-time"],
  ["Kai", "Brennan", "kai.brennan@northern-precision.example", "Part-time"],
  ["Lena", "Fischer", "lena.fischer@northern-precision.example", "Part-time"],
  ["Omar", "Reyes", "omar.reyes@northern-precision.example", "Part-time"],
] as const;

/**
 * The narrowest phone's (also a 1280 px laptop zoomed to 400%, where WCAG asks that nothing
 * scrolls sideways), a small tablet's, a tablet's and a small laptop's window.
 */
const between = [
  { width: 320, height: 640 },
  { width: 600, height: 960 },
  { width: 800, height: 1024 },
  { width: 1024, height: 768 },
];

async function seedScreens(url: string): Promise<Seed> {
  const t = overHttp(url);
  const send = async (method: string, path: string, init: Parameters<typeof t.request>[2], expected = 200) => {
    const res = await t.request(method, path, init);
    if (res.status !== expected) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
    return res;
  };
  const leads = [
    ["employers", "Katherine Johnson-Whitmore", "Trajectory Analytics and Orbital Mechanics Consulting LLC"],
    ["brokers", "Grace Hopper", "Compiler Partners"],
    ["platforms", "Alan Turing", "Bombe Systems"],
    ["contact", "Ada Lovelace", "Analytical Engines"],
  ];
  for (const [formType, name, company] of leads) {
    await send(
      "POST",
      "/api/contact",
      {
        json: {
          formType,
          name,
          company,
          email: `${name!.toLowerCase().replace(/\W+/g, ".")}@example.com`,
          ...(formType === "employers" ? { employees: 120 } : {}),
          ...(formType === "brokers" ? { existingPlatform: "Other" } : {}),
          ...(formType === "contact"
            ? {
                phone: "512-555-0100",
                message:
                  "A long question about how the enhanced ICHRA compares with our current group plan, what it costs per employee, and how the payroll-tax savings are calculated for part-time staff.",
              }
            : {}),
        },
      },
      201,
    );
  }

  const owner = await registerOwner(t, {
    name: "Northern Precision Manufacturing and Logistics Cooperative of Texas",
    email: "benefits.administration@northern-precision.example",
  });
  const effectiveDate = firstOfMonthAhead(95);
  const plan = await send(
    "POST",
    `/api/business/${owner.businessId}/plan`,
    { headers: owner.headers, json: { planId: 2, effectiveDate, monthlyBudget: 5000 } },
    201,
  );
  const { enrollmentId } = (await plan.json()) as { enrollmentId: number };
  await send("PUT", `/api/enrollment/${enrollmentId}/classes`, {
    headers: owner.headers,
    json: {
      employeeClasses: [
        {
          name: "Full-time salaried staff",
          allowanceAmount: 650,
          eligibilityRequirements: "30 or more hours a week, after 60 days",
          basis: ["full-time"],
        },
        { name: "Part-time", allowanceAmount: 250, basis: ["part-time"] },
      ],
      totalEmployees: 20,
    },
  });
  const csv = [
    "First Name,Last Name,Email,Date of Birth,Home ZIP,Class,Phone,Hire Date,Employment Type",
    ...employees.map(
      ([first, last, email, cls]) =>
        `${first},${last},${email},1986-05-14,78701,${cls},512-555-0142,2021-03-01,${cls === "Part-time" ? "part-time" : "full-time"}`,
    ),
  ].join("\n");
  await send("POST", `/api/enrollment/${enrollmentId}/census`, { headers: owner.headers, body: censusForm(csv) });
  await send("PUT", `/api/enrollment/${enrollmentId}/effective-date`, { headers: owner.headers, json: { effectiveDate } });
  await send("PUT", `/api/enrollment/${enrollmentId}/finalize`, { headers: owner.headers, json: {} });

  const list = await (await t.request("GET", `/api/enrollment/${enrollmentId}/employees`, { headers: owner.headers })).json();
  const idOf = (email: string) => list.employees.find((e: { email: string }) => e.email === email).id as number;
  const inviteOf = async (email: string) => {
    await send("POST", `/api/enrollment/${enrollmentId}/employees/${idOf(email)}/invitation`, { headers: owner.headers });
    const link = lastEmail(e2e.server, { to: email, kind: "employee_invitation" }).link(/invite=/);
    return new URL(link).searchParams.get("invite")!;
  };
  const invites = { phone: await inviteOf(employees[0][2]), desktop: await inviteOf(employees[1][2]) };
  const betweenInvites = await Promise.all(employees.slice(4).map(([, , email]) => inviteOf(email)));
  // One employee has registered, so the dashboard shows a registration.
  const registered = await inviteOf(employees[2][2]);
  await send("POST", `/api/employee-registration/${enrollmentId}`, {
    json: {
      ...completeRegistration(employees[2][2], { firstName: "Sam", lastName: "Lee", dateOfBirth: "1986-05-14", ssn: "4821" }),
      invite: registered,
    },
  });

  const previewLink = await send("POST", `/api/enrollment/${enrollmentId}/preview/link`, {
    headers: owner.headers,
    json: { employeeId: idOf(employees[3][2]) },
  });
  const preview = new URL(((await previewLink.json()) as { link: string }).link).searchParams.get("preview")!;

  await send("POST", "/api/auth/login-link", { json: { email: employees[2][2] } }, 202);
  const signInLink = lastEmail(e2e.server, { to: employees[2][2], kind: "sign_in_link" }).link(/\/login\?token=/);
  const employeeSignIn = await send("POST", "/api/auth/callback", {
    json: { token: new URL(signInLink).searchParams.get("token") },
  });

  const admin = await send("POST", "/api/admin/login", { json: { username: "ops", password: adminPassword } });
  // A long company name and address: the review step's summary must wrap them inside its card.
  const wizardOwner = async (n: number) => ({
    cookie: (
      await ownerWithCensus(t, {
        name: "Featherstonehaugh-Worthington Interdisciplinary Healthcare Cooperative of Greater Austin",
        email: `alexandra.maximiliana.${n}@averyveryverylongdomainname-example.com`,
      })
    ).headers.cookie!,
  });
  return {
    businessId: owner.businessId,
    enrollmentId,
    ownerCookie: owner.headers.cookie!,
    adminCookie: cookieOf(admin),
    employeeCookie: cookieOf(employeeSignIn),
    invites,
    betweenInvites,
    preview,
    wizardOwners: { phone: await wizardOwner(1), desktop: await wizardOwner(2) },
  };
}

let seed: Seed;
beforeAll(async () => {
  seed = await seedScreens(e2e.server.url);
}, 60_000);

/** With SWEEP_SCREENSHOTS=folder, each screen the sweep checks is also saved there, to be looked at. */
async function keepScreenshot(page: Page, where: string) {
  const folder = process.env.SWEEP_SCREENSHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: join(folder, `${where.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "")}.png`), fullPage: true });
}

/** Checks a screen (expectSoundScreen) and keeps its screenshot when asked to. */
async function sweep(page: Page, where: string) {
  await expectSoundScreen(page, where);
  await keepScreenshot(page, where);
}

/**
 * A fresh page with the session's cookie; fails when the page threw an uncaught error. `fn`
 * gets what the browser logged as errors so far, to check and empty.
 */
async function withSession(
  viewport: WindowSize,
  cookie: string | null,
  fn: (page: Page, consoleErrors: string[]) => Promise<void>,
): Promise<void> {
  const { context, page, errors, consoleErrors } = await newPage(e2e.browser, viewport);
  await context.addInitScript(recordHeaderShifts);
  try {
    if (cookie) await signInAs(context, e2e.server.url, cookie);
    await fn(page, consoleErrors);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}

/**
 * Records every layout shift that moved the site's main navigation: the account bar coming
 * or going above it after the page was drawn, which moves everything below.
 */
function recordHeaderShifts() {
  const shifts: number[] = [];
  (window as unknown as { headerShifts: number[] }).headerShifts = shifts;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources?: { node?: Node | null }[] })[]) {
      if (entry.sources?.some((s) => s.node instanceof Element && s.node.matches(".site-header > nav.container"))) shifts.push(entry.value);
    }
  }).observe({ type: "layout-shift", buffered: true });
}

/** Screens load on demand and then their data: check the screen, not a loading placeholder. */
async function loaded(page: Page) {
  await page.locator("main").waitFor();
  await page.waitForFunction(() => !document.querySelector("main [aria-busy='true']"), undefined, { timeout: 10_000 });
}

interface Screen {
  /** The route table's pattern this screen is, for the check that none is left out. */
  pattern: string;
  path: () => string;
  session: Session;
  /** Waits for what the screen shows once it has its data. */
  ready?: (page: Page) => Promise<unknown>;
  /** The screen answers a refusal the browser logs (a page or a link that does not exist, an account that cannot open it); others log no error. */
  refused?: true;
}

const sessionCookie = (session: Session) =>
  ({ none: null, owner: seed.ownerCookie, admin: seed.adminCookie, employee: seed.employeeCookie })[session];

const text = (value: string) => (page: Page) => page.getByText(value, { exact: false }).first().waitFor();

const screens: Screen[] = [
  ...routePatterns
    .filter(
      (pattern) => !pattern.includes(":") && !pattern.startsWith("/admin") && pattern !== "/enroll" && !pattern.startsWith("/benefits"),
    )
    .map((pattern): Screen => ({ pattern, path: () => pattern, session: "none" })),
  { pattern: "/enroll", path: () => "/enroll", session: "none", ready: text("Company Information") },
  { pattern: "/admin/login", path: () => "/admin/login", session: "none" },
  { pattern: "/admin", path: () => "/admin", session: "admin", ready: text("Katherine Johnson-Whitmore") },
  { pattern: "/admin/:section", path: () => "/admin/enrollments", session: "admin", ready: text("Northern Precision") },
  { pattern: "/admin/:section", path: () => "/admin/outbox", session: "admin", ready: text("register for your ICHRA") },
  { pattern: "/admin/:section", path: () => "/admin/reviews", session: "admin" },
  { pattern: "/benefits", path: () => "/benefits", session: "employee", ready: text("Hi, Sam") },
  // Someone who is not a signed-in employee: signed out, or the employer.
  { pattern: "/benefits", path: () => "/benefits", session: "none", ready: text("Please sign in to see your allowance") },
  { pattern: "/benefits", path: () => "/benefits", session: "owner", ready: text("not an employee's"), refused: true },
  { pattern: "/benefits/notice", path: () => "/benefits/notice", session: "employee", ready: text("Notice of your Individual Coverage") },
  { pattern: "/benefits/notice", path: () => "/benefits/notice", session: "none", ready: text("Please sign in to read your ICHRA notice") },
  { pattern: "/login", path: () => "/login", session: "owner", ready: text("You're already signed in.") },
  // Prerendered pages opened signed in: drawn with the account bar's room, so the bar moves nothing.
  { pattern: "/", path: () => "/", session: "owner", ready: text("Sign out") },
  { pattern: "/employers", path: () => "/employers", session: "employee", ready: text("Sign out") },
  { pattern: "/dashboard/:businessId", path: () => `/dashboard/${seed.businessId}`, session: "owner", ready: text("Sam Lee") },
  { pattern: "/success/:enrollmentId", path: () => `/success/${seed.enrollmentId}`, session: "owner", ready: text("Enrollment Summary") },
  {
    pattern: "/enrollment/:enrollmentId",
    path: () => `/enrollment/${seed.enrollmentId}`,
    session: "owner",
    ready: text("Enrollment Details"),
  },
  {
    pattern: "/enrollment/:enrollmentId/classes",
    path: () => `/enrollment/${seed.enrollmentId}/classes`,
    session: "owner",
    ready: text("Full-time salaried staff"),
  },
  {
    pattern: "/enrollment/:enrollmentId/notice/:classIndex",
    path: () => `/enrollment/${seed.enrollmentId}/notice/0`,
    session: "owner",
    ready: text("Notice of your Individual Coverage"),
  },
  {
    pattern: "/employee-registration/:enrollmentId/notice",
    path: () => `/employee-registration/${seed.enrollmentId}/notice?invite=${seed.invites.desktop}`,
    session: "none",
    ready: text("Notice of your Individual Coverage"),
  },
  {
    pattern: "/employee-registration/:enrollmentId",
    path: () => `/employee-registration/${seed.enrollmentId}?invite=not-a-real-invite-token-at-all`,
    session: "none",
    ready: text("invalid or has expired"),
    refused: true,
  },
  {
    pattern: "/employee-registration/:enrollmentId",
    path: () => `/employee-registration/${seed.enrollmentId}?preview=${encodeURIComponent(seed.preview)}`,
    session: "none",
    ready: text("Preview, read-only."),
  },
  // What someone without access, or with a wrong address, sees.
  {
    pattern: "/dashboard/:businessId",
    path: () => `/dashboard/${seed.businessId}`,
    session: "none",
    ready: text("Error Loading Dashboard"),
  },
  {
    pattern: "/enrollment/:enrollmentId",
    path: () => `/enrollment/${seed.enrollmentId}`,
    session: "none",
    ready: text("Enrollment Not Found"),
  },
  { pattern: "", path: () => "/nope/not-a-page", session: "none", ready: text("Page not found"), refused: true },
];

test("the sweep visits every route of the table", () => {
  expect(new Set(screens.map((s) => s.pattern).filter(Boolean))).toEqual(new Set(routePatterns));
});

/** Waits for step `number` of `steps` of a flow (its heading and its counter), then checks it. */
const stepSweeper =
  (page: Page, flow: "wizard" | "registration", steps: number, size: string) => async (heading: string, number: number) => {
    await page.getByRole("heading", { level: 2, name: heading, exact: true }).waitFor();
    await page.getByText(`Step ${number} of ${steps}`).waitFor();
    await loaded(page);
    await sweep(page, `${flow} step ${number}, ${heading} (${size})`);
  };

/** The employer wizard's six steps, from the Effective Date step back to the first, with a mistake on two. */
async function sweepWizard(viewport: WindowSize, cookie: string, size: string) {
  await withSession(viewport, cookie, async (page) => {
    const step = stepSweeper(page, "wizard", 6, size);
    // Census uploaded, no date chosen yet: the wizard reopens at the Effective Date step.
    await page.goto(`${e2e.server.url}/enroll`);
    await step("Choose Your Effective Date", 5);
    await page.getByRole("button", { name: "Continue to Next Step" }).click();
    await step("Review & Submit", 6);
    const back = [
      "Choose Your Effective Date",
      "Employee Census",
      "Define Employee Classes",
      "Choose Your ICHRA Plan",
      "Company Information",
    ];
    // What a person sees after a mistake on a step: a refused file, a class added with nothing filled in.
    const mistakes: Record<string, () => Promise<void>> = {
      "Employee Census": async () => {
        await page
          .getByLabel("Drag and drop your census file here, or select it")
          .setInputFiles({ name: "employees.txt", mimeType: "text/plain", buffer: Buffer.from("Sam Lee") });
        await page.locator("#census-file-error").getByText(WRONG_TYPE_MESSAGE).waitFor();
        await page.locator(".toast", { hasText: "Invalid File" }).waitFor();
      },
      "Define Employee Classes": async () => {
        await page.getByRole("button", { name: "Add Class" }).click();
        await page.locator("[aria-invalid=true]").first().waitFor();
      },
    };
    for (const [i, heading] of back.entries()) {
      await page.getByRole("button", { name: "Previous", exact: true }).click();
      await step(heading, 5 - i);
      const mistake = mistakes[heading];
      if (mistake) {
        await mistake();
        await sweep(page, `wizard step ${5 - i}, ${heading}, after a mistake (${size})`);
      }
    }
  });
}

/** The employee registration's seven steps through `invite`, sent at the end. */
async function sweepRegistration(viewport: WindowSize, invite: string, size: string) {
  await withSession(viewport, null, async (page) => {
    const step = stepSweeper(page, "registration", 7, size);
    const next = (name = "Continue") => page.getByRole("button", { name, exact: true }).click();
    await page.goto(`${e2e.server.url}/employee-registration/${seed.enrollmentId}?invite=${invite}`);
    await step("Personal Info", 1);
    await page.getByLabel("Last 4 digits of your SSN").fill("4821");
    await page.getByLabel("Address").fill("500 Congress Avenue");
    await page.getByLabel("City").fill("Austin");
    await page.locator("#field-state").selectOption("TX");
    await next();
    await step("About ICHRA", 2);
    await next();
    await step("Plan Details", 3);
    await next();
    await step("Coverage", 4);
    await next();
    await page.getByText(registrationMessages.coverageLevel).waitFor();
    await sweep(page, `registration step 4, Coverage, nothing chosen (${size})`);
    await page.getByLabel("Individual + 1").check();
    await next();
    await step("Shop", 5);
    await page.getByRole("radio", { name: "Gold" }).check();
    await next();
    await step("Terms", 6);
    await page.getByLabel("I accept the terms and conditions").check();
    await next("Submit registration");
    await step("Confirm", 7);
  });
}

for (const viewport of ["phone", "desktop"] as ViewportName[]) {
  const size = `${viewports[viewport].width}×${viewports[viewport].height}`;
  describe(`every screen at ${size}`, () => {
    for (const session of ["none", "owner", "admin", "employee"] as Session[]) {
      test(`the routes ${session === "none" ? "anyone can open" : `of a signed-in ${session}`}`, async () => {
        await withSession(viewport, sessionCookie(session), async (page, consoleErrors) => {
          for (const screen of screens.filter((s) => s.session === session)) {
            const path = screen.path();
            await page.goto(e2e.server.url + path);
            await loaded(page);
            await screen.ready?.(page);
            await sweep(page, `${path} (${size})`);
            // The header is drawn as it will stay: the account bar never pushes the page down or lets it jump up.
            expect({
              path,
              headerShifts: await page.evaluate(() => (window as unknown as { headerShifts: number[] }).headerShifts),
            }).toEqual({
              path,
              headerShifts: [],
            });
            // A visitor's pages ask nothing they are refused: no request of theirs is logged as failed.
            if (!screen.refused) expect({ path, logged: consoleErrors }).toEqual({ path, logged: [] });
            consoleErrors.length = 0;
          }
        });
      }, 120_000);
    }

    test("the employer wizard's six steps", () => sweepWizard(viewport, seed.wizardOwners[viewport].cookie, size), 120_000);

    test("the employee registration's seven steps", () => sweepRegistration(viewport, seed.invites[viewport], size), 120_000);
  });
}

// Between a phone and a laptop's full width the wide tables (the admin's lists, the
// employer's employees, the classes), the tab sets and the header are the likeliest to
// outgrow their boxes, and on the narrowest phones the header, the placeholders and the
// tables of amounts: every route's screens, the wizard's and the registration's steps, at
// 320 px, a small tablet's, a tablet's and a small laptop's width.
describe("every screen at other widths", () => {
  for (const [i, size] of between.entries()) {
    test(`at ${size.width}×${size.height}`, async () => {
      for (const session of ["none", "owner", "admin", "employee"] as Session[]) {
        await withSession(size, sessionCookie(session), async (page) => {
          for (const screen of screens.filter((s) => s.session === session)) {
            await page.goto(e2e.server.url + screen.path());
            await loaded(page);
            await screen.ready?.(page);
            await sweep(page, `${screen.path()} (${size.width}×${size.height})`);
          }
        });
      }
      const owner = await ownerWithCensus(overHttp(e2e.server.url));
      await sweepWizard(size, owner.headers.cookie!, `${size.width}×${size.height}`);
      await sweepRegistration(size, seed.betweenInvites[i]!, `${size.width}×${size.height}`);
    }, 180_000);
  }
});
