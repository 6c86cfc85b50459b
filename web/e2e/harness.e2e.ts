// The harness itself: a server that never starts fails the test in time and is not left
// running; a killed server leaves no temp folder behind; the fit check sees a cut placeholder.
import { expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { dirname } from "node:path";
import { waitForListening } from "@src/test/server-process";
import { expectFitsWindow, sharedBrowser, startTestServer } from "./harness";

test("a process that never says it is listening fails within the deadline and is killed", async () => {
  const proc = Bun.spawn([process.execPath, "-e", "setInterval(() => {}, 1000)"], { stdout: "pipe", stderr: "inherit" });
  const started = Date.now();
  await expect(waitForListening(proc, 300)).rejects.toThrow(/did not print/);
  expect(Date.now() - started).toBeLessThan(5_000);
  expect(proc.killed).toBe(true);
  expect(proc.signalCode).toBe("SIGKILL");
}, 10_000);

test("a process that exits before listening fails with its output", async () => {
  const proc = Bun.spawn([process.execPath, "-e", "console.log('bad config')"], { stdout: "pipe", stderr: "inherit" });
  await expect(waitForListening(proc, 10_000)).rejects.toThrow(/exited without printing[\s\S]*bad config/);
}, 15_000);

test("killing a test server removes its temp folder", async () => {
  const server = await startTestServer();
  const dir = dirname(server.databasePath);
  expect(existsSync(dir)).toBe(true);
  expect(await server.kill("SIGTERM")).toBe(0);
  expect(existsSync(dir)).toBe(false);
}, 30_000);

test("the fit check names a placeholder cut off by its input, and passes one that fits", async () => {
  const browser = await sharedBrowser();
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    const words = "Enter your current provider or 'None' if not using ICHRA";
    await page.setContent(`<input id="narrow" style="width: 200px; font: 16px sans-serif" placeholder="${words}">`);
    await expect(expectFitsWindow(page, "narrow")).rejects.toThrow(/placeholder "Enter your current provider[^"]*" of #narrow is cut off/);
    await page.setContent(`<input id="wide" style="width: 380px; font: 12px sans-serif" placeholder="Name, email or company">`);
    await expectFitsWindow(page, "wide");
  } finally {
    await context.close();
  }
}, 30_000);
