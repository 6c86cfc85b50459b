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
