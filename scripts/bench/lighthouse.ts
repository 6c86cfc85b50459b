// Lighthouse (mobile emulation, simulated throttling) on the marketing pages, driving
// Debian's Chromium (CHROMIUM_PATH or /usr/bin/chromium; never a downloaded browser).
// Budgets: performance ≥ 95, accessibility 100, SEO ≥ 95 on each page.

import { existsSync } from "node:fs";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { ensureWebBuild, startApp, verdict } from "./_support";

const pages = ["/", "/employers", "/brokers", "/platforms", "/contact", "/enrollment-form"];
const chromePath = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => p && existsSync(p));
if (!chromePath) throw new Error("Chromium not found: install Debian's chromium package or set CHROMIUM_PATH");

await ensureWebBuild();
const app = await startApp();
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
  for (const path of pages) {
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
      });
    } while (tries < 3 && (!result || result.lhr.runtimeError));
    if (!result) throw new Error(`lighthouse gave no result for ${path}`);
    const { categories, audits } = result.lhr;
    if (result.lhr.runtimeError) console.error(path, result.lhr.runtimeError.message);
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const [perf, a11y, seo] = [score("performance"), score("accessibility"), score("seo")];
    const met = perf >= 95 && a11y === 100 && seo >= 95;
    const failing = Object.values(audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === "binary")
      .map((a) => a.id);
    console.log(
      `lighthouse: ${path} performance ${perf}, accessibility ${a11y}, SEO ${seo} (LCP ${Math.round(audits["largest-contentful-paint"]?.numericValue ?? 0)} ms, CLS ${(audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)}, TBT ${Math.round(audits["total-blocking-time"]?.numericValue ?? 0)} ms)${failing.length ? `, failing: ${failing.join(", ")}` : ""}${tries > 1 ? `, ${tries} tries` : ""}; budget ≥ 95 / 100 / ≥ 95: ${verdict(met)}`,
    );
  }
} finally {
  chrome.kill();
  await app.stop();
}
