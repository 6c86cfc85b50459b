// Every route of the table, at phone and desktop size: it renders, the chrome is there (or
// hidden where the spec says), the active nav link is marked, and axe finds nothing.
import { describe, expect, test } from "bun:test";
import { routePatterns } from "@src/lib/site-routes";
import { expectNoAxeViolations, useE2E, type ViewportName, withPage } from "./harness";

const e2e = useE2E();

const concrete = (pattern: string) => pattern.replace(/:[A-Za-z]+/g, "1");
const navFor: Record<string, string> = {
  "/employers": "Employers",
  "/brokers": "Brokers/Consultants",
  "/platforms": "Platforms/Administrators",
};

for (const viewport of ["phone", "desktop"] as ViewportName[]) {
  describe(`every route at ${viewport} size`, () => {
    test("renders with the right chrome, status and no axe violations", async () => {
      await withPage(e2e.browser, viewport, "routes", async (page) => {
        for (const pattern of [...routePatterns, "/nope/not-a-page"]) {
          const path = concrete(pattern);
          const response = await page.goto(e2e.server.url + path);
          const known = pattern !== "/nope/not-a-page";
          expect({ path, status: response!.status() }).toEqual({ path, status: known ? 200 : 404 });
          await page.locator("main").waitFor();
          // Screens load on demand: check the screen, not its loading placeholder.
          await page.waitForFunction(() => !document.querySelector("main [aria-busy='true']"), undefined, { timeout: 10_000 });
          const chromeless = pattern.startsWith("/employee-registration/");
          expect({ path, header: await page.locator("body > header").count() }).toEqual({ path, header: chromeless ? 0 : 1 });
          expect({ path, footer: await page.locator("body > footer").count() }).toEqual({ path, footer: chromeless ? 0 : 1 });
          if (chromeless) {
            const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
            expect(bg).toBe("rgb(243, 244, 246)");
          } else {
            const active = page.locator("nav[aria-label='Main'] a[aria-current='page']");
            if (navFor[path] && viewport === "desktop") expect(await active.textContent()).toBe(navFor[path]);
            else if (!navFor[path]) expect(await active.count()).toBe(0);
            const login = page.locator("nav[aria-label='Main'] a[href='/login']");
            expect({ path, loginVisible: await login.isVisible() }).toEqual({ path, loginVisible: viewport === "desktop" });
            expect(await page.getByRole("button", { name: "Open menu" }).isVisible()).toBe(viewport === "phone");
          }
          if (!known) expect(await page.getByRole("heading", { name: "Page not found" }).isVisible()).toBe(true);
          await expectNoAxeViolations(page, `${path} (${viewport})`);
        }
      });
    }, 120_000);

    if (viewport === "phone") {
      test("the menu toggle opens the three links plus Log in, and a link closes it", async () => {
        await withPage(e2e.browser, viewport, "menu", async (page) => {
          await page.goto(`${e2e.server.url}/`);
          await page.getByRole("button", { name: "Open menu" }).click();
          const menu = page.getByRole("navigation", { name: "Mobile" });
          expect(await menu.locator("a").allTextContents()).toEqual([
            "Employers",
            "Brokers/Consultants",
            "Platforms/Administrators",
            "Log in",
          ]);
          await expectNoAxeViolations(page, "open menu");
          await menu.getByRole("link", { name: "Brokers/Consultants" }).click();
          await page.waitForURL("**/brokers");
          expect(await menu.count()).toBe(0);
        });
      }, 60_000);
    }
  });
}
