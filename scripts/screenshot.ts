// Saves a full-page screenshot of a URL: `bun scripts/screenshot.ts URL OUT.png [width] [height]`.
// SCREENSHOT_COOKIE="name=value" sends a session cookie, for the signed-in screens.
import { launchBrowser } from "@web/e2e/harness";

const [url, out, width = "1280", height = "800"] = process.argv.slice(2);
if (!url || !out) {
  console.error("usage: [SCREENSHOT_COOKIE=name=value] bun scripts/screenshot.ts URL OUT.png [width] [height]");
  process.exit(2);
}
const browser = await launchBrowser();
const context = await browser.newContext({ viewport: { width: Number(width), height: Number(height) } });
const cookie = process.env.SCREENSHOT_COOKIE;
if (cookie) {
  const at = cookie.indexOf("=");
  // For the whole site: a cookie set for the page's URL would get that URL's folder as its
  // path, and the API calls under /api would go without it.
  await context.addCookies([{ name: cookie.slice(0, at), value: cookie.slice(at + 1), url: new URL(url).origin }]);
}
const page = await context.newPage();
await page.goto(url);
await page.waitForLoadState("networkidle");
await page.screenshot({ path: out, fullPage: true });
await browser.close();
