import { describe, expect, test } from "bun:test";
import { LoginThrottle } from "./login-throttle";

describe("LoginThrottle", () => {
  test("blocks the 6th attempt within 15 minutes and frees it when the oldest failure ages out", () => {
    let now = 1_000_000;
    const throttle = new LoginThrottle({ now: () => now });
    for (let i = 0; i < 5; i++) {
      expect(throttle.retryAfter("Ops", "10.0.0.1")).toBe(0);
      throttle.recordFailure("ops", "10.0.0.1");
      now += 60_000;
    }
    // Oldest failure at 1,000,000; now = 1,300,000: free at 1,900,000.
    expect(throttle.retryAfter("ops", "10.0.0.1")).toBe(600);
    expect(throttle.retryAfter("ops", "10.0.0.2")).toBe(0);
    expect(throttle.retryAfter("other", "10.0.0.1")).toBe(0);
    now = 1_900_001;
    expect(throttle.retryAfter("ops", "10.0.0.1")).toBe(0);
  });

  test("a success clears that username's failures", () => {
    const throttle = new LoginThrottle({ now: () => 5 });
    for (let i = 0; i < 4; i++) throttle.recordFailure("ops", "ip");
    throttle.recordSuccess("ops", "ip");
    throttle.recordFailure("ops", "ip");
    expect(throttle.retryAfter("ops", "ip")).toBe(0);
  });

  test("one address trying many usernames is blocked too", () => {
    const throttle = new LoginThrottle({ now: () => 0, perIp: 3 });
    for (const name of ["a", "b", "c"]) throttle.recordFailure(name, "ip");
    expect(throttle.retryAfter("d", "ip")).toBe(900);
  });
});

describe("LoginThrottle attempts", () => {
  test("an attempt counts before its password is checked: the 6th concurrent one is refused", () => {
    const throttle = new LoginThrottle({ now: () => 0 });
    const attempts = Array.from({ length: 8 }, () => throttle.begin("ops", "ip"));
    expect(attempts.map((a) => a.admitted)).toEqual([true, true, true, true, true, false, false, false]);
    expect(attempts[5].admitted ? 0 : attempts[5].retryAfter).toBe(900);
  });

  test("a successful attempt is settled: it no longer counts, and that username's failures from that address clear", () => {
    const throttle = new LoginThrottle({ now: () => 0, perIp: 5 });
    for (let i = 0; i < 3; i++) throttle.begin("ops", "ip");
    const good = throttle.begin("ops", "ip");
    if (!good.admitted) throw new Error("refused");
    good.succeeded();
    // Failures of other usernames from the address still count; the success does not.
    for (let i = 0; i < 2; i++) expect(throttle.begin(`u${i}`, "ip").admitted).toBe(true);
    expect(throttle.begin("u9", "ip").admitted).toBe(false);
    expect(throttle.retryAfter("ops", "ip")).toBe(900);
    expect(throttle.retryAfter("ops", "other-ip")).toBe(0);
  });

  test("a guess spread over many addresses slows the username, it does not lock it", () => {
    let now = 0;
    const throttle = new LoginThrottle({ now: () => now, perUser: 4 });
    for (const ip of ["a", "b", "c", "d"]) expect(throttle.begin("Ops", ip).admitted).toBe(true);
    // An address that already failed for the username waits for its failure to age out.
    expect(throttle.retryAfter("ops", "a")).toBe(900);
    // A clean address takes the slow lane's slot; the next clean one waits 10 seconds.
    const clean = throttle.begin("ops ", "e");
    expect(clean.admitted).toBe(true);
    const next = throttle.begin("ops", "f");
    expect(next.admitted ? 0 : next.retryAfter).toBe(10);
    now += 10_000;
    expect(throttle.begin("ops", "f").admitted).toBe(true);
    // Other usernames are not slowed.
    expect(throttle.retryAfter("other", "g")).toBe(0);
  });

  test("a spread guess from fresh addresses gets about 90 tries in 15 minutes, not more", () => {
    let now = 0;
    const throttle = new LoginThrottle({ now: () => now });
    let admitted = 0;
    for (let second = 0; second < 15 * 60; second++) {
      now = second * 1000;
      // Ten fresh addresses every second.
      for (let i = 0; i < 10; i++) if (throttle.begin("ops", `10.${second}.${i}`).admitted) admitted++;
    }
    expect(admitted).toBeGreaterThanOrEqual(20);
    expect(admitted).toBeLessThanOrEqual(20 + 90);
  });

  test("a trusted device gets in while the username is under attack, until it fails 5 times itself", () => {
    let now = 0;
    const throttle = new LoginThrottle({ now: () => now });
    for (let i = 0; i < 20; i++) throttle.begin("ops", `spread-${i}`);
    for (let i = 0; i < 5; i++) throttle.begin("ops", "office");
    // The office address is blocked for untrusted attempts; the admin's browser is not.
    expect(throttle.retryAfter("ops", "office")).toBeGreaterThan(0);
    expect(throttle.retryAfter("ops", "office", "device-1")).toBe(0);
    const good = throttle.begin("ops", "office", "device-1");
    if (!good.admitted) throw new Error("refused");
    good.succeeded();
    // A device that keeps failing stops vouching and meets the address's limits.
    for (let i = 0; i < 5; i++) expect(throttle.begin("ops", "office", "device-2").admitted).toBe(true);
    expect(throttle.begin("ops", "office", "device-2").admitted).toBe(false);
    now += 15 * 60 * 1000 + 1;
    expect(throttle.begin("ops", "office", "device-2").admitted).toBe(true);
  });
});
