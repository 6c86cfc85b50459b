import { afterEach, describe, expect, test } from "bun:test";
import { ApiError, api, messageOf } from "./api";
import { fakeServer } from "./test/fake-server";

let server: ReturnType<typeof fakeServer> | undefined;
// Every test that answers fetch itself puts the real one back, so no later test sees its fake.
const realFetch = globalThis.fetch;
afterEach(() => {
  server?.restore();
  server = undefined;
  globalThis.fetch = realFetch;
});

describe("api client", () => {
  test("a non-OK answer is an error whose message is status: body text, with the parsed body", async () => {
    server = fakeServer({
      "POST /api/x": {
        status: 400,
        json: { message: "Please correct the highlighted fields in the request.", errors: { name: "Company name is required" } },
      },
    });
    const error = (await api.post("/api/x", { a: 1 }).catch((e) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe(
      '400: {"message":"Please correct the highlighted fields in the request.","errors":{"name":"Company name is required"}}',
    );
    expect(error.status).toBe(400);
    expect(error.serverMessage).toBe("Please correct the highlighted fields in the request.");
    expect(error.fieldErrors).toEqual({ name: "Company name is required" });
    expect(messageOf(error, "fallback")).toBe("Please correct the highlighted fields in the request.");
  });

  test("an empty body falls back to the status text; nothing parsed means no field errors", async () => {
    globalThis.fetch = (async () => new Response("", { status: 503, statusText: "Service Unavailable" })) as unknown as typeof fetch;
    const error = (await api.get("/api/y").catch((e) => e)) as ApiError;
    expect(error.message).toBe("503: Service Unavailable");
    expect(error.body).toBeNull();
    expect(error.fieldErrors).toEqual({});
    expect(messageOf(error, "Failed to register business. Please try again.")).toBe("Failed to register business. Please try again.");
  });

  test("sends JSON with cookies and answers the parsed body", async () => {
    let init: RequestInit | undefined;
    globalThis.fetch = (async (_: unknown, i: RequestInit) => {
      init = i;
      return new Response(JSON.stringify({ businessId: 3 }), { status: 201 });
    }) as unknown as typeof fetch;
    expect(await api.post<{ businessId: number }>("/api/business/register", { name: "A" })).toEqual({ businessId: 3 });
    expect(init?.credentials).toBe("include");
    expect(((init?.headers ?? {}) as Record<string, string>)["content-type"]).toBe("application/json");
    expect(init?.body).toBe('{"name":"A"}');
  });

  test("the fetch a test replaced is the real one again afterwards", () => {
    expect(globalThis.fetch).toBe(realFetch);
  });
});
