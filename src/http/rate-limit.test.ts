import { describe, expect, test } from "bun:test";
import { createRateLimiter } from "./rate-limit";

describe("rate limiter", () => {
  test("allows the limit per window, then answers how long to wait", () => {
    let t = 1_000_000;
    const limiter = createRateLimiter([{ limit: 2, ms: 60_000 }], () => t);
    expect(limiter.take("a")).toEqual({ allowed: true });
    expect(limiter.take("a")).toEqual({ allowed: true });
    t += 15_000;
    expect(limiter.take("a")).toEqual({ allowed: false, retryAfterSeconds: 45 });
    // Another key has its own count.
    expect(limiter.take("b")).toEqual({ allowed: true });
    t += 45_000;
    expect(limiter.take("a")).toEqual({ allowed: true });
  });

  test("the longest exhausted window decides the wait, and refusals are not counted", () => {
    let t = 0;
    const limiter = createRateLimiter(
      [
        { limit: 2, ms: 60_000 },
        { limit: 3, ms: 86_400_000 },
      ],
      () => t,
    );
    expect(limiter.take("ip").allowed).toBe(true);
    expect(limiter.take("ip").allowed).toBe(true);
    expect(limiter.take("ip")).toEqual({ allowed: false, retryAfterSeconds: 60 });
    t = 60_000;
    expect(limiter.take("ip").allowed).toBe(true);
    // Three used today: the day window now decides.
    expect(limiter.take("ip")).toEqual({ allowed: false, retryAfterSeconds: 86_400 - 60 });
    t = 86_400_000;
    expect(limiter.take("ip").allowed).toBe(true);
  });

  test("forgets expired keys and never tracks more than its cap", () => {
    let t = 0;
    const limiter = createRateLimiter([{ limit: 1, ms: 1000 }], () => t, 3);
    for (const key of ["a", "b", "c"]) limiter.take(key);
    t = 5000;
    limiter.take("d");
    expect(limiter.size()).toBe(1);
    for (const key of ["e", "f", "g", "h", "i"]) {
      limiter.take(key);
      expect(limiter.size()).toBeLessThanOrEqual(3);
    }
    expect(limiter.size()).toBe(3);
  });

  test("at the cap the least recently used key is forgotten, not a busy one", () => {
    const t = 0;
    const limiter = createRateLimiter([{ limit: 1, ms: 60_000 }], () => t, 3);
    for (const key of ["a", "b", "c"]) limiter.take(key);
    expect(limiter.take("a").allowed).toBe(false); // a is used again: now the most recent
    limiter.take("d"); // full: b, the least recently used, goes
    expect(limiter.size()).toBe(3);
    expect(limiter.take("a").allowed).toBe(false);
    expect(limiter.take("c").allowed).toBe(false);
    expect(limiter.take("d").allowed).toBe(false);
    expect(limiter.take("b").allowed).toBe(true); // forgotten, so counted afresh
  });

  test("a full limiter does not rescan every key on each take", () => {
    let t = 0;
    const limiter = createRateLimiter([{ limit: 5, ms: 60_000 }], () => t, 20_000);
    for (let i = 0; i < 20_000; i++) limiter.take(`sweep-${i}`);
    const started = performance.now();
    for (let i = 0; i < 5_000; i++) {
      t += 1;
      limiter.take(`more-${i}`);
    }
    expect(limiter.size()).toBe(20_000);
    // A scan of all 20,000 keys per take would be 100 million steps; this is 5,000 small ones.
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
