// Browser-test harness: the real server (built web app, temp database, random port), one
// Debian Chromium for the whole `bun test` process, a fresh context per test, axe-core for
// accessibility, and readers for what the server stored and emailed.
import { Database } from "bun:sqlite";
import { afterAll, beforeAll, expect } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { formatLongDate } from "@src/lib/date-rules";
import { shownPhone } from "@src/lib/phone";
import { chromiumFlags, chromiumPath } from "@src/test/chromium";
import { type Listening, spawnServe, waitForListening } from "@src/test/server-process";
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from "playwright-core";

const root = join(import.meta.dir, "..", "..");

export const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;
export type ViewportName = keyof typeof viewports;

export interface TestServer {
  url: string;
  databasePath: string;
  /** Resolves when the server has printed a line matching `pattern` (fails after `ms`). */
  waitForOutput(pattern: RegExp, ms?: number): Promise<string>;
  /** Sends a signal, waits for the process to exit and removes its temp folder; answers the exit code. */
  kill(signal: "SIGTERM" | "SIGKILL"): Promise<number>;
  stop(): Promise<void>;
}

/** Starts `bun src/index.ts serve` on a free port with a fresh database (or `databasePath`). */
export async function startTestServer(env: Record<string, string> = {}, options: { databasePath?: string } = {}): Promise<TestServer> {
  if (!existsSync(join(root, "dist", "web", "index.html"))) {
    throw new Error("dist/web is missing: run `npm run build:web` (npm test does it first)");
  }
  const dir = mkdtempSync(join(tmpdir(), "ichra-e2e-"));
  const databasePath = options.databasePath ?? join(dir, "e2e.db");
  const proc = spawnServe(databasePath, { LOG_REQUESTS: "0", ...env });
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  let started: Listening;
  try {
    started = await waitForListening(proc);
  } catch (error) {
    removeDir();
    throw error;
  }
  const kill = async (signal: "SIGTERM" | "SIGKILL") => {
    proc.kill(signal);
    const code = await proc.exited;
    removeDir();
    return code;
  };
  return {
    url: started.url,
    databasePath,
    waitForOutput: started.waitForLine,
    kill,
    async stop() {
      await kill("SIGTERM");
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: [...chromiumFlags, "--disable-quic"] });
}

let shared: Promise<Browser> | undefined;

/**
 * The one Chromium every test file of this `bun test` process shares (testing.md: one
 * browser process, a fresh context per test). Launched on first use; Playwright kills it
 * when this process exits, and it is closed here when the process is about to end.
 */
export function sharedBrowser(): Promise<Browser> {
  if (!shared) {
    shared = launchBrowser();
    process.once("beforeExit", () => void shared?.then((b) => b.close()).catch(() => {}));
  }
  return shared;
}

export interface E2E {
  readonly server: TestServer;
  readonly browser: Browser;
}

/**
 * The per-file setup: a fresh server (with `env`) and the shared browser, ready in
 * beforeAll; the server is stopped in afterAll. Read `server` and `browser` inside tests.
 */
export function useE2E(env: Record<string, string> = {}): E2E {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(env), sharedBrowser()]);
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the ${what} is not started yet: use it inside a test or a hook`);
    return value;
  };
  return {
    get server() {
      return ready(server, "server");
    },
    get browser() {
      return ready(browser, "browser");
    },
  };
}

export interface PageOptions {
  /** false renders the page as a browser with scripts turned off would. */
  javaScriptEnabled?: boolean;
}

/** A window's size: one of `viewports`, or any other. */
export type WindowSize = ViewportName | { width: number; height: number };

export async function newPage(
  browser: Browser,
  viewport: WindowSize,
  options: PageOptions = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[]; consoleErrors: string[] }> {
  const context = await browser.newContext({
    viewport: typeof viewport === "string" ? viewports[viewport] : viewport,
    acceptDownloads: true,
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  // What the browser logged as an error: a refused request included ("Failed to load resource").
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(`${message.text()} (${message.location().url})`);
  });
  return { context, page, errors, consoleErrors };
}

/**
 * Gives the context a session cookie (`name=value`, as a Set-Cookie names it) for the whole
 * site at `origin`: a cookie set for a page's URL would get that page's folder as its path,
 * and the calls under /api would go without it.
 */
export async function signInAs(context: BrowserContext, origin: string, cookie: string): Promise<void> {
  const at = cookie.indexOf("=");
  await context.addCookies([{ name: cookie.slice(0, at), value: cookie.slice(at + 1), url: new URL(origin).origin }]);
}

/**
 * Runs `fn` with a fresh page. The test fails if the page threw an uncaught error, even when
 * `fn` passed; on failure a screenshot is saved under test-results/.
 */
export async function withPage<T>(
  browser: Browser,
  viewport: ViewportName,
  name: string,
  fn: (page: Page) => Promise<T>,
  options: PageOptions = {},
): Promise<T> {
  const { context, page, errors } = await newPage(browser, viewport, options);
  try {
    const result = await fn(page);
    if (errors.length) throw new Error(`the page threw ${errors.length} uncaught error(s):\n${errors.join("\n")}`);
    return result;
  } catch (error) {
    const dir = join(root, "test-results");
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: join(dir, `${name.replace(/[^a-z0-9-]+/gi, "_")}-${viewport}.png`), fullPage: true }).catch(() => {});
    throw error;
  } finally {
    await context.close();
  }
}

/** Presses `key` (Tab by default) until the focused element matches `selector`: keyboard reachability. */
export async function tabTo(page: Page, selector: string, options: { key?: "Tab" | "Shift+Tab"; max?: number } = {}): Promise<void> {
  const { key = "Tab", max = 60 } = options;
  for (let i = 0; i < max; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`could not reach ${selector} with ${key}`);
}

/** Reads the server's database (read-only, closed again at once). */
export function dbQuery<T = Record<string, unknown>>(
  server: Pick<TestServer, "databasePath">,
  sql: string,
  ...params: (string | number | null)[]
): T[] {
  const db = new Database(server.databasePath, { readonly: true });
  try {
    return db.query(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

export interface Email {
  subject: string;
  text: string;
  /** The first link in the text matching `pattern`; fails the test when there is none. */
  link(pattern: RegExp): string;
}

/** The newest email of `kind` to `to` in the outbox; fails when there is none. */
export function lastEmail(server: TestServer, { to, kind }: { to: string; kind: string }): Email {
  const [row] = dbQuery<{ subject: string; text: string }>(
    server,
    "select subject, text_body as text from outbox where to_address = ? and kind = ? order by id desc limit 1",
    to,
    kind,
  );
  if (!row) throw new Error(`no ${kind} email to ${to} in the outbox`);
  return {
    ...row,
    link(pattern) {
      const found = (row.text.match(/https?:\/\/\S+/g) ?? []).find((url) => pattern.test(url));
      if (!found) throw new Error(`no link matching ${pattern} in the ${kind} email to ${to}:\n${row.text}`);
      return found;
    },
  };
}

const axeSource = readFileSync(join(root, "node_modules", "axe-core", "axe.min.js"), "utf8");

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * Runs axe-core (WCAG 2 A/AA and best practices) on the page as it is now. Text whose colour
 * equals its background counts as a contrast violation: axe files a 1:1 ratio under
 * "needs review" (it might be deliberately hidden text), but on our screens it is text
 * nobody can read.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol, so the page's CSP (no inline script) holds.
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    type Node = { target: string[]; any: { data?: { messageKey?: string } | null }[] };
    type Result = { id: string; impact: string | null; help: string; nodes: Node[] };
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Result[]; incomplete: Result[] }> };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] },
    });
    const invisibleText = result.incomplete
      .filter((r) => r.id === "color-contrast")
      .map((r) => ({ ...r, nodes: r.nodes.filter((n) => n.any.some((check) => check.data?.messageKey === "equalRatio")) }))
      .filter((r) => r.nodes.length > 0)
      .map((r) => ({ ...r, help: "Text is the same colour as its background" }));
    return [...result.violations, ...invisibleText].map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    }));
  });
}

/** Fails with a readable list when axe finds anything on the page as it is now. */
export async function expectNoAxeViolationsNow(page: Page, where = page.url()): Promise<void> {
  const violations = await axeViolations(page);
  if (violations.length) {
    const lines = violations.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    throw new Error(`axe found ${violations.length} violation(s) on ${where}:\n${lines.join("\n")}`);
  }
}

/** The page's other states, each reached from the current one and undone again. */
interface PageState {
  kind: "tab" | "dialog" | "toggle";
  /** The data-state-probe value marking the control that reaches it. */
  probe: string;
  label: string;
}

/**
 * Marks and lists the states a person can reach from here without changing any data: every
 * other tab of each tab list, every dialog a button opens (aria-haspopup="dialog"), every
 * collapsed disclosure (aria-expanded="false", a closed <details>). With a modal dialog
 * open, only what is inside it (the page behind is inert).
 */
function listStates(page: Page): Promise<PageState[]> {
  return page.evaluate(() => {
    const scope: ParentNode = document.querySelector("dialog[open]") ?? document;
    const shown = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== "hidden";
    };
    const name = (el: Element) => (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().replace(/\s+/g, " ");
    const states: { kind: "tab" | "dialog" | "toggle"; probe: string; label: string }[] = [];
    let n = 0;
    const add = (el: Element, kind: "tab" | "dialog" | "toggle") => {
      const probe = `${kind}-${n++}`;
      el.setAttribute("data-state-probe", probe);
      states.push({ kind, probe, label: `${kind} "${name(el)}"` });
    };
    for (const tab of scope.querySelectorAll("[role=tab][aria-selected=false]")) if (shown(tab)) add(tab, "tab");
    for (const opener of scope.querySelectorAll("[aria-haspopup=dialog]")) if (shown(opener)) add(opener, "dialog");
    for (const toggle of scope.querySelectorAll("button[aria-expanded=false]:not([aria-haspopup])"))
      if (shown(toggle)) add(toggle, "toggle");
    for (const summary of scope.querySelectorAll("details:not([open]) > summary")) if (shown(summary)) add(summary, "toggle");
    return states;
  });
}

/** Lets the app render what a click changed (screens render on the next frame at the latest). */
const settle = (page: Page) =>
  page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));

const clickProbe = (page: Page, probe: string) =>
  page.evaluate((p) => (document.querySelector(`[data-state-probe="${p}"]`) as HTMLElement | null)?.click(), probe);

/**
 * Runs `check` on the page as it is, then in each state listStates finds: each other tab
 * selected in turn, each dialog open, each disclosure expanded. Every state is undone after
 * its check (the first tab selected again, the dialog closed, the disclosure collapsed) and
 * focus goes back where it was, so the test goes on from the page it had.
 */
export async function checkEveryState(page: Page, where: string, check: (where: string) => Promise<void>): Promise<void> {
  await check(where);
  const states = await listStates(page);
  if (!states.length) return;
  await page.evaluate(() => {
    (window as unknown as { __focusBeforeStates?: Element | null }).__focusBeforeStates = document.activeElement;
  });
  await page.evaluate(() => {
    for (const tab of document.querySelectorAll("[role=tab][aria-selected=true]")) tab.setAttribute("data-state-home", "");
  });
  for (const state of states) {
    const label = `${where}, ${state.label}`;
    await clickProbe(page, state.probe);
    if (state.kind === "dialog") {
      await page
        .waitForFunction(() => document.querySelectorAll("dialog[open]").length > 0, undefined, { timeout: 5000 })
        .catch(() => {
          throw new Error(`${label} opened no dialog`);
        });
    }
    await settle(page);
    await check(label);
    if (state.kind === "dialog") {
      await page.evaluate(() => {
        const open = [...document.querySelectorAll("dialog[open]")];
        (open.at(-1) as HTMLDialogElement | undefined)?.close();
      });
    } else if (state.kind === "toggle") {
      await clickProbe(page, state.probe);
    } else {
      await page.evaluate(() => {
        for (const tab of document.querySelectorAll<HTMLElement>("[data-state-home]")) tab.click();
      });
    }
    await settle(page);
  }
  await page.evaluate(() => {
    for (const el of document.querySelectorAll("[data-state-probe], [data-state-home]")) {
      el.removeAttribute("data-state-probe");
      el.removeAttribute("data-state-home");
    }
    const w = window as unknown as { __focusBeforeStates?: Element | null };
    (w.__focusBeforeStates as HTMLElement | null | undefined)?.focus?.();
    delete w.__focusBeforeStates;
  });
}

/** Fails with a readable list when axe finds anything, in the page's current state or any tab, dialog or disclosure state. */
export async function expectNoAxeViolations(page: Page, where = page.url()): Promise<void> {
  await checkEveryState(page, where, (label) => expectNoAxeViolationsNow(page, label));
}

/**
 * Fails when anything scrolls sideways or an action is out of reach: the page wider than the
 * window, a box whose content is wider than the box (a table hiding columns behind a
 * scrollbar), a placeholder wider than its input, or a visible button or link lying outside
 * the window or cut off by a box around it.
 */
export async function expectFitsWindow(page: Page, where = page.url()): Promise<void> {
  const problems = await page.evaluate(() => {
    const found: string[] = [];
    const width = window.innerWidth;
    const describe = (el: Element) => {
      const text = (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
      const cls = el.getAttribute("class");
      return `<${el.tagName.toLowerCase()}${cls ? ` class="${cls}"` : ""}>${text ? ` "${text}"` : ""}`;
    };
    const page = document.documentElement.scrollWidth;
    if (page > width) found.push(`the page is ${page} px wide in a ${width} px window`);
    const seen = (el: Element) => {
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) return false;
      const style = getComputedStyle(el);
      return style.visibility !== "hidden" && !el.closest("dialog:not([open]), [hidden], .visually-hidden");
    };
    const clips = (style: CSSStyleDeclaration) => style.overflowX !== "visible";
    for (const el of document.body.querySelectorAll("*")) {
      if (el.matches("input, textarea, select, option, svg *") || !seen(el)) continue;
      const style = getComputedStyle(el);
      // Text cut short with an ellipsis on purpose (its whole text in a title) is not hidden content.
      if (clips(style) && style.textOverflow !== "ellipsis" && el.scrollWidth > el.clientWidth + 1) {
        found.push(`${describe(el)} scrolls sideways: ${el.scrollWidth} px of content in ${el.clientWidth} px`);
      }
    }
    // A placeholder wider than its input is cut off mid-word: its words are lost, not scrolled.
    const measure = document.createElement("canvas").getContext("2d")!;
    for (const input of document.body.querySelectorAll<HTMLInputElement>("input[placeholder]")) {
      if (!input.placeholder || !seen(input)) continue;
      const style = getComputedStyle(input);
      measure.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const needed = measure.measureText(input.placeholder).width;
      if (needed > room + 1) {
        found.push(
          `the placeholder "${input.placeholder}" of #${input.id} is cut off: ${Math.round(needed)} px of text in ${Math.round(room)} px`,
        );
      }
    }
    const actions = "a[href], button, [role=button], [role=tab], input[type=submit], input[type=button], summary";
    for (const el of document.body.querySelectorAll(actions)) {
      if (!seen(el)) continue;
      const box = el.getBoundingClientRect();
      if (box.left < -0.5 || box.right > width + 0.5) {
        found.push(`${describe(el)} lies outside the window (${Math.round(box.left)} to ${Math.round(box.right)} px)`);
        continue;
      }
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        if (!clips(getComputedStyle(up))) continue;
        const frame = up.getBoundingClientRect();
        if (box.left < frame.left - 0.5 || box.right > frame.right + 0.5) {
          found.push(`${describe(el)} is cut off by ${describe(up)}`);
          break;
        }
      }
    }
    return found;
  });
  if (problems.length) throw new Error(`${where} does not fit its window:\n${problems.join("\n")}`);
}

/** The sweep's check of one screen: nothing sideways, every action in reach, axe clean; in each of its tab, dialog and disclosure states. */
/**
 * Leaves the page from its footer (Contact) and comes back with Back: the new page opens at
 * its top with the focus on its main content, and Back returns to where the page was left,
 * once it is drawn again (`drawn` waits for it). Answers where it was left.
 */
export async function footerRoundTrip(page: Page, drawn: () => Promise<unknown> = async () => {}): Promise<number> {
  const footer = page.getByRole("navigation", { name: "Footer" });
  await footer.scrollIntoViewIfNeeded();
  const left = await page.evaluate(() => window.scrollY);
  await footer.getByRole("link", { name: "Contact" }).click();
  await page.waitForURL(/\/contact$/);
  // The address changes first; the new page is drawn, put at its top and focused next.
  await page.waitForFunction(() => window.scrollY === 0 && document.activeElement?.id === "main");
  await page.goBack();
  await drawn();
  await page.waitForFunction((y) => Math.abs(window.scrollY - y) < 50, left, { timeout: 10_000 });
  return left;
}

export async function expectSoundScreen(page: Page, where = page.url()): Promise<void> {
  await checkEveryState(page, where, async (label) => {
    await expectFitsWindow(page, label);
    await expectNoAxeViolationsNow(page, label);
  });
}

export interface DolNoticeFacts {
  className: string;
  /** 'YYYY-MM-DD': the plan year runs from it to the day before its anniversary. */
  effectiveDate: string;
  businessName: string;
  contactName: string;
  contactEmail: string;
  /** The employer contact's phone, when the business has one. */
  contactPhone?: string;
  /** The plan administrator's phone (CONTACT_PHONE): always stated. */
  administratorPhone: string;
}

/** The notice's elements (26 CFR 54.9802-4(c)(6), the DOL model notice's order), each with the words that must be in it. */
const noticeElements = (facts: DolNoticeFacts, start: string, end: string): [string, string, string[]][] => [
  [
    "what",
    "What this is",
    [
      `${facts.businessName} offers employees in the class "${facts.className}" an individual coverage health reimbursement arrangement`,
      "It is an individual coverage HRA: it is not a qualified small employer HRA (QSEHRA) and not any other kind of HRA.",
      "reimburses you, tax-free, for premiums of individual health insurance (or Medicare)",
    ],
  ],
  [
    "allowance",
    "Your allowance",
    ["The self-only amount, for coverage of you alone, is", "Everyone in your class is offered the HRA on the same terms."],
  ],
  [
    "eligibility",
    "Who is eligible",
    [`Employees in the class "${facts.className}" are eligible`, "Your spouse and your dependants (children up to age 26)"],
  ],
  [
    "plan-year",
    "Plan year, when amounts are available, and mid-year entry",
    [
      `The plan year runs from ${start} through ${end}.`,
      `Each month's amount is made available on the first day of that month, for premiums of that month: the first on ${start}`,
      "If you become eligible after the plan year starts, your amount is prorated by month",
      "Amounts you do not use in a month carry over to later months of the same plan year. Nothing carries over into the next plan year.",
      "The notice of each plan year is due to you at least 90 days before it starts",
    ],
  ],
  [
    "opt-out",
    "Your right to opt out and waive",
    ["You may opt out of the HRA and waive future reimbursements from it", "the date is recorded", "write to the plan administrator"],
  ],
  [
    "ptc",
    "How the HRA affects the premium tax credit",
    [
      "If you accept the HRA, you cannot claim a premium tax credit",
      "If you opt out and the HRA offer is affordable for you, you still cannot claim the premium tax credit.",
      "Keep this notice",
      "you will need it to apply for, or claim, a premium tax credit",
    ],
  ],
  ["marketplace", "Tell the Marketplace", ["tell it about this HRA offer, its amounts and the plan year"]],
  [
    "coverage",
    "You must have individual health insurance and show proof of it",
    ["must be enrolled in individual health insurance (or Medicare Parts A and B, or Part C)", "A sample attestation:"],
  ],
  ["erisa", "ERISA and Medicare", ["is not subject to ERISA", "Medicare premiums"]],
  ["sep", "Special enrollment period", ["you may qualify for a special enrollment period"]],
  [
    "contact",
    "Questions and contact",
    [
      `${facts.contactName}, ${facts.businessName}: email ${facts.contactEmail}${facts.contactPhone ? `, phone ${shownPhone(facts.contactPhone)}` : ""}.`,
      `Plan administrator, Advantage ICHRA: phone ${facts.administratorPhone}`,
    ],
  ],
];

/**
 * Checks the employee notice in `notice` element by element: each element of 26 CFR
 * 54.9802-4(c)(6) in its own section, in the DOL model notice's order, under its heading,
 * with its words; the class, the plan year, a contact with a phone, and the print button.
 * Answers the notice's text.
 */
export async function expectCompleteDolNotice(notice: Locator, facts: DolNoticeFacts): Promise<string> {
  await notice
    .getByRole("heading", { level: 1, name: "Notice of your Individual Coverage Health Reimbursement Arrangement (ICHRA)" })
    .waitFor();
  const text = (await notice.textContent()) ?? "";
  expect(text).toContain(`For employees in the class ${facts.className}`);
  const [y, m, d] = facts.effectiveDate.split("-").map(Number);
  const end = new Date(Date.UTC(y + 1, m - 1, d) - 86_400_000).toISOString().slice(0, 10);
  const elements = noticeElements(facts, formatLongDate(facts.effectiveDate), formatLongDate(end));
  expect(
    await notice.locator("section[data-element]").evaluateAll((sections) => sections.map((s) => s.getAttribute("data-element"))),
  ).toEqual(elements.map(([id]) => id));
  for (const [id, heading, words] of elements) {
    const section = notice.locator(`section[data-element="${id}"]`);
    expect(await section.getByRole("heading", { level: 2 }).textContent()).toBe(heading);
    const sectionText = (await section.textContent()) ?? "";
    for (const phrase of words)
      expect({ element: id, has: sectionText.includes(phrase), phrase }).toEqual({ element: id, has: true, phrase });
  }
  await notice.getByRole("button", { name: "Print this notice" }).waitFor();
  return text;
}
