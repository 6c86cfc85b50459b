import { describe, expect, test } from "bun:test";
import { Type } from "@sinclair/typebox";
import { Elysia } from "elysia";
import { badRequest, errorHandling } from "./errors";
import { createRateLimiter, perMinuteAndDay, rateLimit, rateLimitPerAccount } from "./rate-limit";

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

describe("windows slide", () => {
  test("a burst at the end of one minute does not buy a second one at the start of the next", () => {
    let t = 0;
    const limiter = createRateLimiter([{ limit: 2, ms: 60_000 }], () => t);
    expect(limiter.take("a").allowed).toBe(true);
    t = 59_000;
    expect(limiter.take("a").allowed).toBe(true);
    t = 60_000; // the first request has left the window, the second has not
    expect(limiter.take("a").allowed).toBe(true);
    expect(limiter.take("a")).toEqual({ allowed: false, retryAfterSeconds: 59 });
  });
});

describe("the rate-limit plugin", () => {
  const app = (exemptUnaddressed: boolean) =>
    new Elysia()
      .use(errorHandling)
      .use(rateLimit({ method: "POST", path: "/limited", key: "ip", windows: [{ limit: 1, ms: 60_000 }], exemptUnaddressed }, false))
      .post("/limited", ({ body }) => body, { body: Type.Object({ n: Type.Integer() }) })
      .post("/other", () => "ok");
  const post = (server: ReturnType<typeof app>, path: string, body: string) =>
    server.handle(new Request(`http://localhost${path}`, { method: "POST", headers: { "content-type": "application/json" }, body }));

  test("counts the route's requests before their body is read: past the limit even a broken body gets 429 with Retry-After", async () => {
    const server = app(false);
    expect((await post(server, "/limited", '{"n":1}')).status).toBe(200);
    const refused = await post(server, "/limited", "{broken");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("60");
    expect(await refused.json()).toEqual({ message: "Too many requests. Please try again later." });
    // Other routes and other methods are not counted.
    expect((await post(server, "/other", "{}")).status).toBe(200);
    expect((await server.handle(new Request("http://localhost/limited"))).status).toBe(404);
  });

  test("a route may leave requests without a client address (from inside the process) uncounted", async () => {
    const server = app(true);
    for (let i = 0; i < 3; i++) expect((await post(server, "/limited", '{"n":1}')).status).toBe(200);
  });
});

describe("the per-account limit counting what succeeded", () => {
  let clock = 0;
  const app = () =>
    new Elysia()
      .use(errorHandling)
      .derive(({ request }) => ({ account: request.headers.get("x-account") }))
      .use(
        rateLimitPerAccount<{ account: string | null }>(
          { routes: ["POST /send"], windows: perMinuteAndDay(2, 3), key: ({ account }) => account, counts: "successes" },
          () => clock,
        ),
      )
      .post(
        "/send",
        ({ body }) => {
          if (body.n < 0) throw badRequest("No.", { n: "No." });
          return "sent";
        },
        { body: Type.Object({ n: Type.Integer() }) },
      );
  const send = (server: ReturnType<typeof app>, account: string, n: number) =>
    server.handle(
      new Request("http://localhost/send", {
        method: "POST",
        headers: { "content-type": "application/json", "x-account": account },
        body: JSON.stringify({ n }),
      }),
    );

  test("refusals are not counted; past a minute's limit it waits for the minute, past the day's for the day; accounts apart", async () => {
    const server = app();
    for (let i = 0; i < 5; i++) expect((await send(server, "a", -1)).status).toBe(400);
    expect((await send(server, "a", 1)).status).toBe(200);
    expect((await send(server, "a", 1)).status).toBe(200);
    const minute = await send(server, "a", 1);
    expect(minute.status).toBe(429);
    expect(minute.headers.get("retry-after")).toBe("60");
    // Another account has its own count.
    expect((await send(server, "b", 1)).status).toBe(200);
    clock += 61_000;
    expect((await send(server, "a", 1)).status).toBe(200);
    clock += 61_000;
    // Three sent today: the day's window, not the minute's, holds it back, until the first ages out.
    const day = await send(server, "a", 1);
    expect(day.status).toBe(429);
    expect(Number(day.headers.get("retry-after"))).toBe(86_400 - 122);
    clock += 86_400_000;
    expect((await send(server, "a", 1)).status).toBe(200);
  });
});
