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

  test("one username tried from many addresses is blocked too", () => {
    const throttle = new LoginThrottle({ now: () => 0, perUser: 4 });
    for (const ip of ["a", "b", "c", "d"]) expect(throttle.begin("Ops", ip).admitted).toBe(true);
    const fifth = throttle.begin("ops ", "e");
    expect(fifth.admitted).toBe(false);
    expect(throttle.retryAfter("ops", "f")).toBe(900);
    expect(throttle.retryAfter("other", "f")).toBe(0);
  });
});
