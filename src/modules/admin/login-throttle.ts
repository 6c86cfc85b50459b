// Login throttling: after 5 failures for one username from one address within 15 minutes
// (or 50 from one address, whatever the usernames), further attempts get 429 until the
// oldest failure leaves the window. In memory: one server process, and a restart only
// forgets failures. The clock is injectable for tests.
export interface ThrottleOptions {
  perUserAndIp?: number;
  perIp?: number;
  windowMs?: number;
  now?: () => number;
}

export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();
  private readonly perUserAndIp: number;
  private readonly perIp: number;
  private readonly windowMs: number;
  private readonly now: () => number;

  constructor(options: ThrottleOptions = {}) {
    this.perUserAndIp = options.perUserAndIp ?? 5;
    this.perIp = options.perIp ?? 50;
    this.windowMs = options.windowMs ?? 15 * 60 * 1000;
    this.now = options.now ?? Date.now;
  }

  private keys(username: string, ip: string): [string, number][] {
    return [
      [`u:${username.trim().toLowerCase()}|${ip}`, this.perUserAndIp],
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

  recordFailure(username: string, ip: string): void {
    const now = this.now();
    if (this.failures.size > 100_000) this.sweep(now);
    for (const [key] of this.keys(username, ip)) this.failures.set(key, [...this.recent(key, now), now]);
  }

  /** A successful login clears that username's failures from that address. */
  recordSuccess(username: string, ip: string): void {
    this.failures.delete(this.keys(username, ip)[0][0]);
  }

  private sweep(now: number) {
    for (const key of [...this.failures.keys()]) this.recent(key, now);
  }
}
