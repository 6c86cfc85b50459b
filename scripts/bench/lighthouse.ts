// Lighthouse (mobile emulation, simulated throttling) on the marketing pages and the app's
// screens past them, driving Debian's Chromium (CHROMIUM_PATH or /usr/bin/chromium; never a
// downloaded browser). Budgets: performance ≥ 95, accessibility 100 on every page, and SEO
// ≥ 95 on the public marketing pages (the app's screens are not for search engines).
// The app's screens are seeded first: the demo data (`seed --demo`) gives /benefits what an
// employee sees mid-year; through the API, an employer with a submitted enrollment and an
// invited employee; and the first admin.

import { Database } from "bun:sqlite";
import { join } from "node:path";
import { openDatabase } from "@src/db";
import { overHttp } from "@src/test/api";
import { chromiumFlags, chromiumPath } from "@src/test/chromium";
import { cookieOf, ownerWithCensus } from "@src/test/employers";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { cookieFor } from "./_reimbursements";
import { ensureWebBuild, root, scratch, startApp, verdict } from "./_support";

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

const chromePath = chromiumPath();

const adminPassword = "lighthouse admin password";

/** The employer's, employee's and admin's screens, with what they need. */
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
  const mail = db
    .query("select text_body as text from outbox where kind = 'employee_invitation' and text_body like ? order by id limit 1")
    .get(`%/employee-registration/${owner.enrollmentId}?invite=%`) as { text: string };
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
const { databasePath, remove } = scratch("lighthouse");
const seed = Bun.spawn([process.execPath, join(root, "src", "index.ts"), "seed", "--demo", "1"], {
  cwd: root,
  env: { ...process.env, DATABASE_PATH: databasePath },
  stdout: "ignore",
  stderr: "inherit",
});
if ((await seed.exited) !== 0) throw new Error("seed --demo failed");
const app = await startApp({ DATABASE_PATH: databasePath, ADMIN_USERNAME: "lighthouse", ADMIN_PASSWORD: adminPassword });
const pages = [...marketing];
{
  const database = openDatabase(databasePath, { migrate: false });
  const [busiest] = database.sqlite
    .query("select employee_id as id from reimbursement_claims group by employee_id order by count(*) desc, employee_id limit 1")
    .all() as { id: number }[];
  if (!busiest) throw new Error("the demo seed made no claims");
  pages.push({ path: "/benefits", cookie: await cookieFor(database.db, { kind: "employee", employeeId: busiest.id }), seo: false });
  database.close();
}
pages.push(...(await seedAppScreens(app.url, databasePath)));
const chrome = await launch({
  chromePath,
  chromeFlags: ["--headless=new", ...chromiumFlags],
});
// The session goes into the browser's own cookie jar, as signing in puts it there. Sent as an
// extra request header instead, it was replaced on the page's own requests by the jar's
// cookies (the signed-in cookie the page's answer set), which went out without the session:
// the screens were measured refusing a visitor.
const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
const jar = cdp.contexts()[0]!;
try {
  // `bun scripts/bench/lighthouse.ts /benefits /dashboard` measures only the paths starting with those named.
  const only = process.argv.slice(2);
  for (const { path, cookie, seo: withSeo } of pages.filter((p) => only.length === 0 || only.some((prefix) => p.path.startsWith(prefix)))) {
    await jar.clearCookies();
    if (cookie) {
      const [name, value] = cookie.split(/=(.*)/s);
      await jar.addCookies([{ name: name!, value: value!, url: app.url }]);
    }
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
      });
    } while (tries < 3 && (!result || result.lhr.runtimeError));
    if (!result) throw new Error(`lighthouse gave no result for ${path}`);
    const { categories, audits } = result.lhr;
    // A signed-in screen counts only if the run was signed in: its API calls were answered, none refused for want of a session.
    if (cookie) {
      const requests = (audits["network-requests"]?.details as { items?: { url: string; statusCode: number }[] } | undefined)?.items ?? [];
      const api = requests.filter((r) => new URL(r.url).pathname.startsWith("/api/"));
      if (!api.some((r) => r.statusCode === 200) || api.some((r) => r.statusCode === 401))
        throw new Error(
          `${path} was measured signed out: ${api.map((r) => `${new URL(r.url).pathname} ${r.statusCode}`).join(", ") || "no API call"}`,
        );
    }
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const [perf, a11y, seo] = [score("performance"), score("accessibility"), score("seo")];
    const met = perf >= 95 && a11y === 100 && (!withSeo || seo >= 95);
    const failing = Object.values(audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === "binary")
      .map((a) => a.id);
    // What to fix when a page misses: the elements that shifted most, and the LCP element.
    const nodeOf = (item: unknown) => (item as { node?: { selector?: string } } | undefined)?.node?.selector;
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
      `lighthouse: ${shown} performance ${perf}, accessibility ${a11y}${withSeo ? `, SEO ${seo}` : ""} (LCP ${Math.round(audits["largest-contentful-paint"]?.numericValue ?? 0)} ms, CLS ${(audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)}, TBT ${Math.round(audits["total-blocking-time"]?.numericValue ?? 0)} ms)${failing.length ? `, failing: ${failing.join(", ")}` : ""}${tries > 1 ? `, ${tries} tries` : ""}${cookie ? ", signed in" : ""}; budget ${withSeo ? "≥ 95 / 100 / ≥ 95" : "≥ 95 / 100"}: ${verdict(met)}${diagnosis}`,
    );
  }
} finally {
  await cdp.close();
  chrome.kill();
  await app.stop();
  remove();
}
