// A screen's first request, started with its route: the screen reads that answer once, and
// makes its own request when none was started or it never reached the server.
import { afterEach, describe, expect, test } from "bun:test";
import { ApiError } from "../api/errors";
import { fakeServer } from "../test/fake-server";
import { readEarly, startEarly } from "./early";

let server: ReturnType<typeof fakeServer> | null = null;
afterEach(() => {
  server?.restore();
  server = null;
});

describe("readEarly", () => {
  test("reads the started request once, without a request of its own; the next read makes its own", async () => {
    server = fakeServer({ "GET /api/benefits": { json: { from: "server" } } });
    let own = 0;
    const now = async () => {
      own += 1;
      return { from: "own" };
    };
    startEarly("/api/benefits");
    expect(await readEarly("/api/benefits", now)).toEqual({ from: "server" });
    expect(own).toBe(0);
    expect(await readEarly("/api/benefits", now)).toEqual({ from: "own" });
    expect(own).toBe(1);
    expect(server.callsTo("GET", "/api/benefits")).toHaveLength(1);
  });

  test("a refused early request throws the ApiError the typed client would", async () => {
    server = fakeServer({ "GET /api/benefits": { status: 403, json: { message: "Only a registered employee can open this." } } });
    startEarly("/api/benefits");
    const error = await readEarly("/api/benefits", async () => ({})).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(403);
    expect((error as ApiError).serverMessage).toBe("Only a registered employee can open this.");
  });

  test("an early request that never reached the server is made again by the screen", async () => {
    const original = globalThis.fetch;
    globalThis.fetch = (async () => {
      throw new TypeError("Failed to fetch");
    }) as unknown as typeof fetch;
    try {
      startEarly("/api/benefits");
      expect(await readEarly("/api/benefits", async () => ({ from: "own" }))).toEqual({ from: "own" });
    } finally {
      globalThis.fetch = original;
    }
  });
});
