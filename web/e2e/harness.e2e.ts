// The harness itself: a server that never starts fails the test in time and is not left
// running; a killed server leaves no temp folder behind.
import { expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { dirname } from "node:path";
import { waitForListening } from "@src/test/server-process";
import { startTestServer } from "./harness";

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
