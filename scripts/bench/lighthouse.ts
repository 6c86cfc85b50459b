// Lighthouse (mobile emulation, simulated throttling) on the marketing pages and on the
// employee's /benefits (signed in as a demo employee with claims), driving Debian's
// Chromium (CHROMIUM_PATH or /usr/bin/chromium; never a downloaded browser).
// Budgets: performance ≥ 95, accessibility 100 on each page; SEO ≥ 95 on the public ones.

import { existsSync } from "node:fs";
import { join } from "node:path";
import { openDatabase } from "@src/db";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { cookieFor } from "./_reimbursements";
import { ensureWebBuild, root, scratch, startApp, verdict } from "./_support";

/** Each page, and the session it is seen with (the public pages with none). */
const pages: { path: string; cookie?: string }[] = ["/", "/employers", "/brokers", "/platforms", "/contact", "/enrollment-form"].map(
  (path) => ({ path }),
);
const chromePath = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => p && existsSync(p));
if (!chromePath) throw new Error("Chromium not found: install Debian's chromium package or set CHROMIUM_PATH");

await ensureWebBuild();
// The demo data (`seed --demo`) gives /benefits what an employee sees mid-year: an approved
// proof of coverage and claims in several statuses.
const { databasePath, remove } = scratch("lighthouse");
const seed = Bun.spawn([process.execPath, join(root, "src", "index.ts"), "seed", "--demo", "1"], {
  cwd: root,
  env: { ...process.env, DATABASE_PATH: databasePath },
  stdout: "ignore",
  stderr: "inherit",
});
if ((await seed.exited) !== 0) throw new Error("seed --demo failed");
const app = await startApp({ DATABASE_PATH: databasePath });
{
  const database = openDatabase(databasePath, { migrate: false });
  const [busiest] = database.sqlite
    .query("select employee_id as id from reimbursement_claims group by employee_id order by count(*) desc, employee_id limit 1")
    .all() as { id: number }[];
  if (!busiest) throw new Error("the demo seed made no claims");
  pages.push({ path: "/benefits", cookie: await cookieFor(database.db, { kind: "employee", employeeId: busiest.id }) });
  database.close();
}
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
  // `bun scripts/bench/lighthouse.ts /benefits /` measures only the paths named.
  const only = process.argv.slice(2);
  for (const { path, cookie } of pages.filter((p) => only.length === 0 || only.includes(p.path))) {
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
        onlyCategories: ["performance", "accessibility", "seo"],
        ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
      });
    } while (tries < 3 && (!result || result.lhr.runtimeError));
    if (!result) throw new Error(`lighthouse gave no result for ${path}`);
    const { categories, audits } = result.lhr;
    if (result.lhr.runtimeError) console.error(path, result.lhr.runtimeError.message);
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const [perf, a11y, seo] = [score("performance"), score("accessibility"), score("seo")];
    // A signed-in screen is not for search engines (robots.txt keeps them out): SEO is shown, not budgeted.
    const met = perf >= 95 && a11y === 100 && (cookie !== undefined || seo >= 95);
    const failing = Object.values(audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === "binary")
      .map((a) => a.id);
    console.log(
      `lighthouse: ${path} performance ${perf}, accessibility ${a11y}, SEO ${seo} (LCP ${Math.round(audits["largest-contentful-paint"]?.numericValue ?? 0)} ms, CLS ${(audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)}, TBT ${Math.round(audits["total-blocking-time"]?.numericValue ?? 0)} ms)${failing.length ? `, failing: ${failing.join(", ")}` : ""}${tries > 1 ? `, ${tries} tries` : ""}${cookie ? ", signed in" : ""}; budget ≥ 95 / 100${cookie ? "" : " / ≥ 95"}: ${verdict(met)}`,
    );
  }
} finally {
  chrome.kill();
  await app.stop();
  remove();
}
