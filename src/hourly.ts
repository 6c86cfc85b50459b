// Work that follows the calendar rather than a request: run at start, then every hour, one
// run at a time. A failed run is logged and tried again at the next.

/** A running schedule: `stop` ends the timer and waits for a run in progress (the database closes next). */
export interface Hourly {
  stop(): Promise<void>;
}

const HOUR_MS = 60 * 60 * 1000;

/** Runs `work` now and every `intervalMs`; `name` says in the log which work failed. */
export function runHourly(name: string, work: () => Promise<unknown>, intervalMs = HOUR_MS): Hourly {
  let current: Promise<void> | null = null;
  const run = () => {
    current ??= work()
      .then(() => {})
      .catch((error: unknown) => {
        console.error(JSON.stringify({ level: "error", message: `${name} failed: ${String((error as Error)?.message ?? error)}` }));
      })
      .finally(() => {
        current = null;
      });
  };
  run();
  const timer = setInterval(run, intervalMs);
  return {
    async stop() {
      clearInterval(timer);
      await current;
    },
  };
}

/** Lets requests in between the batches of a long run: the database calls themselves never yield. */
export const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));
