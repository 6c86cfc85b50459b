import { expect, spyOn, test } from "bun:test";
import { runHourly } from "./hourly";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test("runs at start and then at each interval, never two runs at once; stop waits for the run in progress", async () => {
  let runs = 0;
  let running = 0;
  let most = 0;
  let release: () => void = () => {};
  const schedule = runHourly(
    "test work",
    async () => {
      runs += 1;
      running += 1;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      running -= 1;
    },
    10,
  );
  expect(runs).toBe(1);
  // Several intervals pass while the first run is held: no second run starts beside it.
  await wait(50);
  expect(runs).toBe(1);
  release();
  await wait(100);
  expect(runs).toBeGreaterThanOrEqual(2);
  const stopped = schedule.stop();
  let done = false;
  void stopped.then(() => {
    done = true;
  });
  await wait(5);
  expect(done).toBe(false);
  release();
  await stopped;
  expect(most).toBe(1);
});

test("a failed run is logged by name and the next one still runs", async () => {
  const errors = spyOn(console, "error").mockImplementation(() => {});
  let runs = 0;
  const schedule = runHourly(
    "flaky work",
    async () => {
      runs += 1;
      if (runs === 1) throw new Error("disk full");
    },
    10,
  );
  await wait(100);
  await schedule.stop();
  expect(runs).toBeGreaterThanOrEqual(2);
  expect(errors.mock.calls[0]?.[0]).toBe(JSON.stringify({ level: "error", message: "flaky work failed: disk full" }));
  errors.mockRestore();
});
