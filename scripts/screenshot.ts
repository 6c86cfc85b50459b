// Saves a full-page screenshot of a URL: `bun scripts/screenshot.ts URL OUT.png [width] [height]`.
import { launchBrowser } from "@web/e2e/harness";

const [url, out, width = "1280", height = "800"] = process.argv.slice(2);
if (!url || !out) {
  console.error("usage: bun scripts/screenshot.ts URL OUT.png [width] [height]");
  process.exit(2);
}
const browser = await launchBrowser();
const page = await browser.newPage({ viewport: { width: Number(width), height: Number(height) } });
await page.goto(url);
await page.waitForLoadState("networkidle");
await page.screenshot({ path: out, fullPage: true });
await browser.close();
