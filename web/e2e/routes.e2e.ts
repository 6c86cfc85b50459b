// Every route of the table, at phone and desktop size, signed out: it renders with its status,
// the right chrome (the site's, none for the employee flow, the admin area's own), and the
// active nav link marked. The sweep (sweep.e2e.ts) checks each screen's layout and axe.
import { describe, expect, test } from "bun:test";
import { routePatterns } from "@src/lib/site-routes";
import { expectNoAxeViolations, useE2E, type ViewportName, withPage } from "./harness";

const isAdminArea = (path: string) => path === "/admin" || path.startsWith("/admin/");

const e2e = useE2E();

const concrete = (pattern: string) => pattern.replace(/:[A-Za-z]+/g, "1");
const navFor: Record<string, string> = {
  "/employers": "Employers",
  "/brokers": "Brokers/Consultants",
  "/platforms": "Platforms/Administrators",
};

for (const viewport of ["phone", "desktop"] as ViewportName[]) {
  describe(`every route at ${viewport} size`, () => {
    test("renders with the right chrome and status", async () => {
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
          const admin = isAdminArea(path);
          expect({ path, header: await page.locator("body > header").count() }).toEqual({ path, header: chromeless ? 0 : 1 });
          expect({ path, footer: await page.locator("body > footer").count() }).toEqual({ path, footer: chromeless || admin ? 0 : 1 });
          if (admin) {
            // Signed out, every admin address lands on its login, under the admin area's own header.
            await page.waitForURL("**/admin/login");
            await page.getByRole("heading", { name: "Admin Login" }).waitFor();
            expect(await page.getByRole("navigation", { name: "Admin" }).isVisible()).toBe(true);
            expect({ path, publicNav: await page.getByRole("navigation", { name: "Main" }).count() }).toEqual({ path, publicNav: 0 });
            expect({ path, logIn: await page.getByRole("link", { name: "Log in" }).count() }).toEqual({ path, logIn: 0 });
          } else if (chromeless) {
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
