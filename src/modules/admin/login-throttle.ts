// Admin sign-in throttling, in failed attempts within 15 minutes. Brute force must stay
// impossible without handing attackers a way to lock the admins out:
// - From a trusted device (a browser the admin signed in from before, ./trusted-devices):
//   5 failures for that device, after which it counts as untrusted for the window.
// - Otherwise: 5 failures for one username from one address, or 50 from one address
//   whatever the usernames, and that address waits. A username with 20 untrusted failures
//   from any addresses (a guess spread over many machines) is not locked: it is slowed.
//   Only addresses with no failure for it may try, one attempt every 10 seconds in all,
//   so a distributed guess gets about 90 tries in 15 minutes while the admin, from their
//   trusted browser or from any clean address, still gets in.
// An attempt counts from the moment it is admitted, before its password is checked, so
// attempts sent in parallel meet the limits exactly as attempts sent one after another; a
// successful one is then taken back. Counted on the rate limits' event log, which never
// drops a live count here. In memory: one server process, and a restart only forgets
// attempts. The clock is injectable for tests.
import { EventLog } from "../../http/rate-limit";

export interface ThrottleOptions {
  perUserAndIp?: number;
  perUser?: number;
  perIp?: number;
  perDevice?: number;
  /** While a username is slowed, at most one attempt for it in this many milliseconds. */
  slowedSpacingMs?: number;
  windowMs?: number;
  now?: () => number;
}

export type Attempt = { admitted: true; succeeded(): void } | { admitted: false; retryAfter: number };

export class LoginThrottle {
  private readonly log: EventLog;
  private readonly perUserAndIp: number;
  private readonly perUser: number;
  private readonly perIp: number;
  private readonly perDevice: number;
  private readonly slowedSpacingMs: number;
  private readonly windowMs: number;
  private readonly now: () => number;

  constructor(options: ThrottleOptions = {}) {
    this.perUserAndIp = options.perUserAndIp ?? 5;
    this.perUser = options.perUser ?? 20;
    this.perIp = options.perIp ?? 50;
    this.perDevice = options.perDevice ?? 5;
    this.slowedSpacingMs = options.slowedSpacingMs ?? 10_000;
    this.windowMs = options.windowMs ?? 15 * 60 * 1000;
    this.now = options.now ?? Date.now;
    this.log = new EventLog(this.windowMs);
  }

  private keys(username: string, ip: string) {
    const user = username.trim().toLowerCase();
    return { pair: `u:${user}|${ip}`, user: `u:${user}`, ip: `ip:${ip}`, slowed: `slow:${user}` };
  }

  private waitFor(key: string, limit: number, at: number, ms = this.windowMs): number {
    return this.log.wait(key, [{ limit, ms }], at);
  }

  private deviceKey = (device: string) => `d:${device}`;

  /** Whether this device may still vouch for its attempts (fewer than `perDevice` failures in the window). */
  private deviceTrusted(device: string | null, at: number): device is string {
    return device !== null && this.waitFor(this.deviceKey(device), this.perDevice, at) === 0;
  }

  /** Milliseconds an untrusted attempt must wait; `slowed` when only the username's slow lane can admit it. */
  private untrustedWait(username: string, ip: string, at: number): { wait: number; slowed: boolean } {
    const k = this.keys(username, ip);
    const wait = Math.max(this.waitFor(k.pair, this.perUserAndIp, at), this.waitFor(k.ip, this.perIp, at));
    if (wait > 0 || this.waitFor(k.user, this.perUser, at) === 0) return { wait, slowed: false };
    // The username is under a spread guess: an address that already failed for it waits
    // until its failures leave the window; a clean one takes the next slot of the slow lane.
    const ownFailures = this.waitFor(k.pair, 1, at);
    if (ownFailures > 0) return { wait: ownFailures, slowed: true };
    return { wait: this.waitFor(k.slowed, 1, at, this.slowedSpacingMs), slowed: true };
  }

  /** Seconds to wait before another attempt, or 0 when an attempt may go ahead. */
  retryAfter(username: string, ip: string, device: string | null = null): number {
    const at = this.now();
    if (this.deviceTrusted(device, at)) return 0;
    return Math.ceil(this.untrustedWait(username, ip, at).wait / 1000);
  }

  /**
   * Admits an attempt and counts it as failed until `succeeded()` says otherwise, or
   * refuses it with the seconds to wait. Check the password only for an admitted attempt.
   * `device`: the id of a valid trusted-device token for this username, if one came.
   */
  begin(username: string, ip: string, device: string | null = null): Attempt {
    const at = this.now();
    if (this.deviceTrusted(device, at)) {
      const key = this.deviceKey(device);
      this.log.add(key, at);
      return { admitted: true, succeeded: () => this.log.clear(key) };
    }
    const { wait, slowed } = this.untrustedWait(username, ip, at);
    if (wait > 0) return { admitted: false, retryAfter: Math.ceil(wait / 1000) };
    const k = this.keys(username, ip);
    if (slowed) this.log.add(k.slowed, at);
    for (const key of [k.pair, k.user, k.ip]) this.log.add(key, at);
    return {
      admitted: true,
      succeeded: () => {
        // A success clears that username's failures from that address, and no longer counts.
        this.log.clear(k.pair);
        for (const key of [k.user, k.ip]) this.log.remove(key, at);
      },
    };
  }

  /** A failure that did not go through `begin` (tests, tools). */
  recordFailure(username: string, ip: string): void {
    const at = this.now();
    const k = this.keys(username, ip);
    for (const key of [k.pair, k.user, k.ip]) this.log.add(key, at);
  }

  /** A successful login clears that username's failures from that address. */
  recordSuccess(username: string, ip: string): void {
    this.log.clear(this.keys(username, ip).pair);
  }
}
