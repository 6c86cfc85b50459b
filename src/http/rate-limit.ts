// Every limit on how often something may happen: the per-address limits of the public
// endpoints (this file's plugin) and the admin sign-in throttle (modules/admin) count on one
// core, a log of recent events per key. A limit is any number of sliding windows at once,
// e.g. 5 a minute and 50 a day: an event fits when every window holds fewer than its limit,
// and a refusal says how long until the oldest event that blocks it leaves its window.
// In memory: one process serves the site, and a restart that forgets the counts only
// forgives a few requests.
import { Elysia } from "elysia";
import type { Config } from "../config";
import { clientIp } from "./client-ip";
import { tooMany } from "./errors";

export interface Window {
  limit: number;
  ms: number;
}

/**
 * Recent events per key, oldest first. Keys are kept in least-recently-used order; a new
 * key first drops the coldest keys whose events have all expired and, past `maxKeys`, the
 * coldest key even when it is live (an address sweep must not grow memory without end).
 * Each key is looked at once more than it is dropped, so an insert costs O(1) amortised.
 */
export class EventLog {
  private readonly events = new Map<string, number[]>();

  /** `keepMs`: the longest window asked about; `maxKeys`: Infinity never drops a live key. */
  constructor(
    private readonly keepMs: number,
    private readonly maxKeys = Number.POSITIVE_INFINITY,
  ) {}

  /** Milliseconds until one more event for `key` fits every window; 0 when it fits now. */
  wait(key: string, windows: readonly Window[], at: number): number {
    const list = this.events.get(key);
    if (!list) return 0;
    let wait = 0;
    for (const w of windows) {
      let inWindow = 0;
      for (let i = list.length - 1; i >= 0 && list[i]! > at - w.ms; i--) inWindow++;
      if (inWindow >= w.limit) wait = Math.max(wait, list[list.length - w.limit]! + w.ms - at);
    }
    return wait;
  }

  /** Marks the key as just used (a refused request keeps its address warm). */
  touch(key: string): void {
    const list = this.events.get(key);
    if (!list) return;
    this.events.delete(key);
    this.events.set(key, list);
  }

  add(key: string, at: number): void {
    const list = this.events.get(key);
    if (list) {
      this.events.delete(key);
      this.events.set(key, [...list.filter((t) => t > at - this.keepMs), at]);
      return;
    }
    this.makeRoom(at);
    this.events.set(key, [at]);
  }

  /** Takes one event back (an attempt that turned out to be allowed). */
  remove(key: string, at: number): void {
    const list = this.events.get(key);
    const index = list?.indexOf(at) ?? -1;
    if (!list || index < 0) return;
    list.splice(index, 1);
    if (!list.length) this.events.delete(key);
  }

  clear(key: string): void {
    this.events.delete(key);
  }

  size(): number {
    return this.events.size;
  }

  private makeRoom(at: number) {
    for (const [key, list] of this.events) {
      const expired = list[list.length - 1]! <= at - this.keepMs;
      if (this.events.size < this.maxKeys && !expired) return;
      this.events.delete(key);
    }
  }
}

export type Decision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  /** Counts one request for `key` and says whether it may go ahead; refusals are not counted. */
  take(key: string): Decision;
  /** Whether one more would fit, counting nothing (for a count of what succeeded: `record` it then). */
  check(key: string): Decision;
  /** Counts one event for `key` that already happened. */
  record(key: string): void;
  /** How many keys are tracked (for tests of the pruning). */
  size(): number;
}

export function createRateLimiter(windows: Window[], now: () => number = Date.now, maxKeys = 100_000): RateLimiter {
  const log = new EventLog(Math.max(...windows.map((w) => w.ms)), maxKeys);
  return {
    take(key) {
      const t = now();
      const wait = log.wait(key, windows, t);
      if (wait > 0) {
        log.touch(key);
        return { allowed: false, retryAfterSeconds: Math.ceil(wait / 1000) };
      }
      log.add(key, t);
      return { allowed: true };
    },
    check(key) {
      const wait = log.wait(key, windows, now());
      return wait > 0 ? { allowed: false, retryAfterSeconds: Math.ceil(wait / 1000) } : { allowed: true };
    },
    record(key) {
      log.add(key, now());
    },
    size: () => log.size(),
  };
}

export interface RateLimitRule {
  /** The route limited, e.g. POST /api/contact. */
  method: string;
  path: string;
  /** What one count belongs to: the client's address (X-Forwarded-For only behind TRUST_PROXY). */
  key: "ip";
  windows: Window[];
  /**
   * Requests without a client address come from inside the process (tests, tools), never
   * over the network: true leaves them uncounted; otherwise they share one count.
   */
  exemptUnaddressed?: boolean;
}

/**
 * The rate-limit plugin, mounted beside the route it limits. It counts when the request
 * arrives, before the body is read or validated, so a flood costs no parsing, and answers
 * 429 with Retry-After past any window.
 */
export function rateLimit(rule: RateLimitRule, trustProxy: boolean, now: () => number = Date.now) {
  const limiter = createRateLimiter(rule.windows, now);
  return new Elysia({ name: "rate-limit", seed: `${rule.method} ${rule.path}` }).onRequest(({ request, server }) => {
    if (request.method !== rule.method) return;
    const path = new URL(request.url).pathname.replace(/\/+$/, "");
    if (path !== rule.path) return;
    const ip = clientIp(request, server, trustProxy);
    if (ip === null && rule.exemptUnaddressed) return;
    const decision = limiter.take(ip ?? "unknown");
    if (!decision.allowed) throw tooMany(decision.retryAfterSeconds);
  });
}

/** The public forms' per-address limit (LEADS_PER_MINUTE, LEADS_PER_DAY) on one POST route. */
export const publicFormLimit = (path: string, config: Pick<Config, "leadsPerMinute" | "leadsPerDay" | "trustProxy">) =>
  rateLimit({ method: "POST", path, key: "ip", windows: perMinuteAndDay(config.leadsPerMinute, config.leadsPerDay) }, config.trustProxy);

/** Per-minute and per-day windows, the shape of every public limit. */
export const perMinuteAndDay = (perMinute: number, perDay: number): Window[] => [
  { limit: perMinute, ms: 60_000 },
  { limit: perDay, ms: 86_400_000 },
];

/**
 * A limit counted per account rather than per address (e.g. uploads per signed-in
 * employee), on the routes named `METHOD /route/:pattern`. It counts once the session is
 * known and before the handler reads the body; a request `key` gives no account for (no
 * session) is not counted, and its route refuses it anyway.
 */
export function rateLimitPerAccount<Context>(
  rule: {
    routes: readonly string[];
    windows: Window[];
    key: (context: Context) => string | null;
    /**
     * "arrivals" (the default) counts each request before its handler runs; "successes" counts
     * only the requests answered without an error (what an email went out for), and refuses
     * once those fill a window: a mistyped form refused with a 400 uses up nothing.
     */
    counts?: "arrivals" | "successes";
  },
  now: () => number = Date.now,
) {
  const limiter = createRateLimiter(rule.windows, now);
  const routes = new Set(rule.routes);
  const successes = rule.counts === "successes";
  /** The count's key for a request to one of the routes, or null (another route, or no account). */
  const keyOf = (context: { request: Request; route: string }) =>
    routes.has(`${context.request.method} ${context.route}`) ? rule.key(context as unknown as Context) : null;
  return new Elysia({ name: "rate-limit-account", seed: `${rule.counts ?? "arrivals"} ${rule.routes.join(" ")}` })
    .onBeforeHandle({ as: "scoped" }, (context) => {
      // The routes this plugin is mounted beside derive what `key` reads (the session).
      const key = keyOf(context);
      if (key === null) return;
      const decision = successes ? limiter.check(key) : limiter.take(key);
      if (!decision.allowed) throw tooMany(decision.retryAfterSeconds);
    })
    .onAfterHandle({ as: "scoped" }, (context) => {
      if (!successes) return;
      const key = keyOf(context);
      if (key !== null) limiter.record(key);
    });
}
