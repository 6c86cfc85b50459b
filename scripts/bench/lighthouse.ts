// Lighthouse (mobile emulation, simulated throttling) on the marketing pages and the app's
// screens past them, driving Debian's Chromium (CHROMIUM_PATH or /usr/bin/chromium; never a
// downloaded browser). Budgets: performance ≥ 95, accessibility 100 on every page, and SEO
// ≥ 95 on the marketing pages (the app's screens are not for search engines).
// The app's screens are seeded through the API first: an employer with a submitted
// enrollment and an invited employee, and the first admin.

import { Database } from "bun:sqlite";
import { existsSync } from "node:fs";
import { overHttp } from "@src/test/api";
import { cookieOf, ownerWithCensus } from "@src/test/employers";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { ensureWebBuild, startApp, verdict } from "./_support";

interface Audited {
  path: string;
  /** The session cookie the page is opened with. */
  cookie?: string;
  seo: boolean;
}

const marketing: Audited[] = ["/", "/employers", "/brokers", "/platforms", "/contact", "/enrollment-form"].map((path) => ({
  path,
  seo: true,
}));
const chromePath = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => p && existsSync(p));
if (!chromePath) throw new Error("Chromium not found: install Debian's chromium package or set CHROMIUM_PATH");

const adminPassword = "lighthouse admin password";

/** The app's screens, with what they need: an employer who submitted, an invited employee, an admin. */
async function seedAppScreens(url: string, databasePath: string): Promise<Audited[]> {
  const t = overHttp(url);
  const expect = async (res: Promise<Response>, status: number, what: string) => {
    const answer = await res;
    if (answer.status !== status) throw new Error(`${what} answered ${answer.status}: ${await answer.text()}`);
    return answer;
  };
  const owner = await ownerWithCensus(t);
  const path = `/api/enrollment/${owner.enrollmentId}`;
  await expect(t.request("PUT", `${path}/finalize`, { headers: owner.headers, json: {} }), 200, "finalize");
  await expect(t.request("POST", `${path}/invitations`, { headers: owner.headers }), 200, "invitations");
  // The invite is only in the employee's email, as it would be for a real employee.
  const db = new Database(databasePath, { readonly: true });
  const mail = db.query("select text_body as text from outbox where kind = 'employee_invitation' order by id limit 1").get() as {
    text: string;
  };
  db.close();
  const invite = /invite=([A-Za-z0-9_-]+)/.exec(mail.text)![1];
  const admin = await expect(
    t.request("POST", "/api/admin/login", { json: { username: "lighthouse", password: adminPassword } }),
    200,
    "admin sign-in",
  );
  return [
    { path: "/enroll", seo: false },
    { path: `/employee-registration/${owner.enrollmentId}?invite=${invite}`, seo: false },
    { path: `/dashboard/${owner.businessId}`, cookie: owner.headers.cookie, seo: false },
    { path: "/admin", cookie: cookieOf(admin), seo: false },
  ];
}

await ensureWebBuild();
const app = await startApp({ ADMIN_USERNAME: "lighthouse", ADMIN_PASSWORD: adminPassword });
// LIGHTHOUSE_PAGES=/dashboard,/admin audits only the pages whose path starts with one of them.
const only = process.env.LIGHTHOUSE_PAGES?.split(",").filter(Boolean);
const pages = [...marketing, ...(await seedAppScreens(app.url, app.databasePath))].filter(
  (p) => !only || only.some((prefix) => p.path.startsWith(prefix)),
);
const chrome = await launch({
  chromePath,
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});
try {
  for (const { path, cookie, seo: withSeo } of pages) {
    // Chromium sometimes loses the trace of a load (NO_NAVSTART); Lighthouse's advice is to
    // run again, so a page gets up to three tries before it counts as a failure.
    let result: Awaited<ReturnType<typeof lighthouse>>;
    let tries = 0;
    do {
      tries += 1;
      result = await lighthouse(app.url + path, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: withSeo ? ["performance", "accessibility", "seo"] : ["performance", "accessibility"],
        ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
      });
    } while (tries < 3 && (!result || result.lhr.runtimeError));
    if (!result) throw new Error(`lighthouse gave no result for ${path}`);
    const { categories, audits } = result.lhr;
    if (result.lhr.runtimeError) console.error(path, result.lhr.runtimeError.message);
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const [perf, a11y, seo] = [score("performance"), score("accessibility"), score("seo")];
    const met = perf >= 95 && a11y === 100 && (!withSeo || seo >= 95);
    const failing = Object.values(audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === "binary")
      .map((a) => a.id);
    // What to fix when a page misses: the elements that shifted most, and the LCP element.
    const nodeOf = (item: unknown) => (item as { node?: { selector?: string } }).node?.selector;
    const shifted = ((audits["layout-shifts"]?.details as { items?: unknown[] } | undefined)?.items ?? [])
      .slice(0, 3)
      .map((item) => `${nodeOf(item)} ${((item as { score: number }).score ?? 0).toFixed(3)}`);
    const lcpElement = nodeOf(
      ((audits["largest-contentful-paint-element"]?.details as { items?: { items?: unknown[] }[] } | undefined)?.items?.[0]?.items ??
        [])[0],
    );
    const busiest = ((audits["bootup-time"]?.details as { items?: { url: string; scripting: number }[] } | undefined)?.items ?? [])
      .slice(0, 3)
      .map((item) => `${item.url.replace(/^https?:\/\/[^/]+/, "")} ${Math.round(item.scripting)} ms`);
    const diagnosis = met
      ? ""
      : ` [LCP element ${lcpElement ?? "?"}${shifted.length ? `; shifts: ${shifted.join(", ")}` : ""}${busiest.length ? `; scripting: ${busiest.join(", ")}` : ""}]`;
    // The invite is a secret: the line names the screen, not the link.
    const shown = path.replace(/invite=[^&]+/, "invite=…");
    console.log(
      `lighthouse: ${shown} performance ${perf}, accessibility ${a11y}${withSeo ? `, SEO ${seo}` : ""} (LCP ${Math.round(audits["largest-contentful-paint"]?.numericValue ?? 0)} ms, CLS ${(audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)}, TBT ${Math.round(audits["total-blocking-time"]?.numericValue ?? 0)} ms)${failing.length ? `, failing: ${failing.join(", ")}` : ""}${tries > 1 ? `, ${tries} tries` : ""}; budget ${withSeo ? "≥ 95 / 100 / ≥ 95" : "≥ 95 / 100"}: ${verdict(met)}${diagnosis}`,
    );
  }
} finally {
  chrome.kill();
  await app.stop();
}
