// Fixed-window counters per key (a client IP) for any number of windows at once, e.g.
// 5 a minute and 50 a day. In memory: one process serves the site, and a restart that
// forgets the counts only forgives a few requests.

export interface Window {
  limit: number;
  ms: number;
}

export type Decision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

interface Count {
  start: number;
  used: number;
}

export interface RateLimiter {
  /** Counts one request for `key` and says whether it may go ahead. */
  take(key: string): Decision;
  /** How many keys are tracked (for tests of the pruning). */
  size(): number;
}

export function createRateLimiter(windows: Window[], now: () => number = Date.now, maxKeys = 100_000): RateLimiter {
  // Insertion order is kept as least recently used first: every take moves its key to the end.
  const counts = new Map<string, Count[]>();
  const expired = (list: Count[], t: number) => list.every((c, i) => t - c.start >= windows[i]!.ms);

  /**
   * Makes room for one more key. The coldest key goes (expired or not: an address sweep
   * fills the map with live keys), and so does every expired key right behind it. Each key
   * is looked at once more than it is deleted, so a take costs O(1) amortised.
   */
  const makeRoom = (t: number) => {
    for (const [key, list] of counts) {
      if (counts.size < maxKeys && !expired(list, t)) return;
      counts.delete(key);
    }
  };

  return {
    take(key) {
      const t = now();
      let list = counts.get(key);
      if (list) counts.delete(key);
      else {
        if (counts.size >= maxKeys) makeRoom(t);
        list = windows.map(() => ({ start: t, used: 0 }));
      }
      counts.set(key, list);
      let wait = 0;
      windows.forEach((w, i) => {
        const c = list[i]!;
        if (t - c.start >= w.ms) {
          c.start = t;
          c.used = 0;
        }
        if (c.used >= w.limit) wait = Math.max(wait, c.start + w.ms - t);
      });
      if (wait > 0) return { allowed: false, retryAfterSeconds: Math.ceil(wait / 1000) };
      for (const c of list) c.used += 1;
      return { allowed: true };
    },
    size: () => counts.size,
  };
}
