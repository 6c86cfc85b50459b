// Saves a full-page screenshot of a URL: `bun scripts/screenshot.ts URL OUT.png [width] [height]`.
// SCREENSHOT_COOKIE="name=value" sends a session cookie, for the signed-in screens.
import { launchBrowser, signInAs } from "@web/e2e/harness";

const [url, out, width = "1280", height = "800"] = process.argv.slice(2);
if (!url || !out) {
  console.error("usage: [SCREENSHOT_COOKIE=name=value] bun scripts/screenshot.ts URL OUT.png [width] [height]");
  process.exit(2);
}
const browser = await launchBrowser();
const context = await browser.newContext({ viewport: { width: Number(width), height: Number(height) } });
const cookie = process.env.SCREENSHOT_COOKIE;
if (cookie) await signInAs(context, url, cookie);
const page = await context.newPage();
await page.goto(url);
await page.waitForLoadState("networkidle");
await page.screenshot({ path: out, fullPage: true });
await browser.close();
