// Login throttling, counted in attempts that have not succeeded within 15 minutes:
// 5 for one username from one address, 20 for one username from any address (a guess
// spread over many machines), 50 from one address whatever the usernames. Past a limit,
// further attempts get 429 until the oldest counted attempt leaves the window.
// An attempt counts from the moment it is admitted, before its password is checked, so
// attempts sent in parallel are limited exactly as attempts sent one after another; a
// successful one is then taken back. Counted on the rate limits' event log, which never
// drops a live count here (so no flood of other names can erase a username's failures).
// In memory: one server process, and a restart only forgets attempts. The clock is
// injectable for tests.
import { EventLog } from "../../http/rate-limit";

export interface ThrottleOptions {
  perUserAndIp?: number;
  perUser?: number;
  perIp?: number;
  windowMs?: number;
  now?: () => number;
}

export type Attempt = { admitted: true; succeeded(): void } | { admitted: false; retryAfter: number };

export class LoginThrottle {
  private readonly log: EventLog;
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
    this.log = new EventLog(this.windowMs);
  }

  private keys(username: string, ip: string): [string, number][] {
    const user = username.trim().toLowerCase();
    return [
      [`u:${user}|${ip}`, this.perUserAndIp],
      [`u:${user}`, this.perUser],
      [`ip:${ip}`, this.perIp],
    ];
  }

  /** Seconds to wait before another attempt, or 0 when an attempt may go ahead. */
  retryAfter(username: string, ip: string): number {
    const now = this.now();
    const wait = Math.max(...this.keys(username, ip).map(([key, limit]) => this.log.wait(key, [{ limit, ms: this.windowMs }], now)));
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
    this.log.clear(this.keys(username, ip)[0][0]);
  }

  private record(username: string, ip: string, at: number) {
    for (const [key] of this.keys(username, ip)) this.log.add(key, at);
  }

  /** Takes a successful attempt back out of the counts it was added to. */
  private settle(username: string, ip: string, at: number) {
    this.recordSuccess(username, ip);
    for (const [key] of this.keys(username, ip).slice(1)) this.log.remove(key, at);
  }
}
