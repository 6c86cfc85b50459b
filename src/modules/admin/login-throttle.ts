// Login throttling, counted in attempts that have not succeeded within 15 minutes:
// 5 for one username from one address, 20 for one username from any address (a guess
// spread over many machines), 50 from one address whatever the usernames. Past a limit,
// further attempts get 429 until the oldest counted attempt leaves the window.
// An attempt counts from the moment it is admitted, before its password is checked, so
// attempts sent in parallel are limited exactly as attempts sent one after another; a
// successful one is then taken back. In memory: one server process, and a restart only
// forgets attempts. The clock is injectable for tests.
export interface ThrottleOptions {
  perUserAndIp?: number;
  perUser?: number;
  perIp?: number;
  windowMs?: number;
  now?: () => number;
}

export type Attempt = { admitted: true; succeeded(): void } | { admitted: false; retryAfter: number };

export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();
  private readonly perUserAndIp: number;
  private readonly perUser: number;
  private readonly perIp: number;
  private readonly windowMs: number;
  private readonly now: () => number;

  constructor(options: ThrottleOptions = {}) {
    this.perUserAndIp = options.perUserAndIp ?? 5;
    this.perUser = options.perUser ?? 20;
    this.perIp = options.perIp ?? 50;
    this.windowMs = options.windowMs ?? 15 * 60 * 1000;
    this.now = options.now ?? Date.now;
  }

  private keys(username: string, ip: string): [string, number][] {
    const user = username.trim().toLowerCase();
    return [
      [`u:${user}|${ip}`, this.perUserAndIp],
      [`u:${user}`, this.perUser],
      [`ip:${ip}`, this.perIp],
    ];
  }

  private recent(key: string, now: number): number[] {
    const kept = (this.failures.get(key) ?? []).filter((at) => at > now - this.windowMs);
    if (kept.length) this.failures.set(key, kept);
    else this.failures.delete(key);
    return kept;
  }

  /** Seconds to wait before another attempt, or 0 when an attempt may go ahead. */
  retryAfter(username: string, ip: string): number {
    const now = this.now();
    let wait = 0;
    for (const [key, limit] of this.keys(username, ip)) {
      const recent = this.recent(key, now);
      if (recent.length >= limit) wait = Math.max(wait, recent[recent.length - limit] + this.windowMs - now);
    }
    return Math.ceil(wait / 1000);
  }

  /**
   * Admits an attempt and counts it as failed until `succeeded()` says otherwise, or
   * refuses it with the seconds to wait. Check the password only for an admitted attempt.
   */
  begin(username: string, ip: string): Attempt {
    const retryAfter = this.retryAfter(username, ip);
    if (retryAfter > 0) return { admitted: false, retryAfter };
    const at = this.now();
    this.record(username, ip, at);
    return { admitted: true, succeeded: () => this.settle(username, ip, at) };
  }

  recordFailure(username: string, ip: string): void {
    this.record(username, ip, this.now());
  }

  /** A successful login clears that username's failures from that address. */
  recordSuccess(username: string, ip: string): void {
    this.failures.delete(this.keys(username, ip)[0][0]);
  }

  private record(username: string, ip: string, at: number) {
    if (this.failures.size > 100_000) this.sweep(at);
    for (const [key] of this.keys(username, ip)) this.failures.set(key, [...this.recent(key, at), at]);
  }

  /** Takes a successful attempt back out of the counts it was added to. */
  private settle(username: string, ip: string, at: number) {
    this.recordSuccess(username, ip);
    for (const [key] of this.keys(username, ip).slice(1)) {
      const list = this.failures.get(key);
      const index = list?.indexOf(at) ?? -1;
      if (list && index >= 0) list.splice(index, 1);
      if (list && !list.length) this.failures.delete(key);
    }
  }

  private sweep(now: number) {
    for (const key of [...this.failures.keys()]) this.recent(key, now);
  }
}
