import { afterEach, describe, expect, test } from "bun:test";
import { fakeServer } from "../test/fake-server";
import { answer, api, read } from "./client";
import { ApiError, messageOf } from "./errors";

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
      "POST /api/auth/login-link": {
        status: 400,
        json: { message: "Please correct the highlighted fields in the request.", errors: { email: "Email is required" } },
      },
    });
    const error = (await read(api.api.auth["login-link"].post({ email: "" })).catch((e) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe(
      '400: {"message":"Please correct the highlighted fields in the request.","errors":{"email":"Email is required"}}',
    );
    expect(error.status).toBe(400);
    expect(error.serverMessage).toBe("Please correct the highlighted fields in the request.");
    expect(error.fieldErrors).toEqual({ email: "Email is required" });
    expect(messageOf(error, "fallback")).toBe("Please correct the highlighted fields in the request.");
  });

  test("an empty body falls back to the status text; nothing parsed means no field errors", async () => {
    globalThis.fetch = (async () => new Response("", { status: 503, statusText: "Service Unavailable" })) as unknown as typeof fetch;
    const error = (await read(api.api.plans.get()).catch((e) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe("503: Service Unavailable");
    expect(error.body).toBeNull();
    expect(error.fieldErrors).toEqual({});
    expect(messageOf(error, "Failed to register business. Please try again.")).toBe("Failed to register business. Please try again.");
  });

  test("a body that is not JSON is quoted as sent", async () => {
    globalThis.fetch = (async () =>
      new Response("123", { status: 502, headers: { "content-type": "text/plain" } })) as unknown as typeof fetch;
    const error = (await read(api.api.plans.get()).catch((e) => e)) as ApiError;
    expect(error.message).toBe("502: 123");
    expect(error.body).toBeNull();
  });

  test("a network failure is the fetch's own error, not an ApiError", async () => {
    const offline = new TypeError("Failed to fetch");
    globalThis.fetch = (async () => {
      throw offline;
    }) as unknown as typeof fetch;
    const error = await read(api.api.plans.get()).catch((e) => e);
    expect(error).toBe(offline);
    expect(messageOf(error, "Please try again.")).toBe("Please try again.");
  });

  test("sends JSON with cookies to the same origin and answers the parsed body", async () => {
    let url: unknown;
    let init: RequestInit | undefined;
    globalThis.fetch = (async (u: unknown, i: RequestInit) => {
      url = u;
      init = i;
      return Response.json({ role: "owner", redirect: "/dashboard/3", businessId: 3, employeeId: null });
    }) as unknown as typeof fetch;
    expect(await read(api.api.auth.callback.post({ token: "abc" }))).toEqual({
      role: "owner",
      redirect: "/dashboard/3",
      businessId: 3,
      employeeId: null,
    });
    expect(url).toBe("/api/auth/callback");
    expect(init?.method).toBe("POST");
    expect(init?.credentials).toBe("include");
    expect(((init?.headers ?? {}) as Record<string, string>)["content-type"]).toBe("application/json");
    expect(init?.body).toBe('{"token":"abc"}');
  });

  test("instants stay strings; path and query values are sent; the answer's headers are read", async () => {
    server = fakeServer({ "GET /api/admin/form-submissions": { json: [{ id: 1, submittedAt: "2026-11-20T15:04:05.000Z" }] } });
    const page = await answer(api.api.admin["form-submissions"].get({ query: { q: "Acme Co", cursor: undefined, limit: "50" } }));
    expect(page.data[0]!.submittedAt).toBe("2026-11-20T15:04:05.000Z");
    expect(page.headers.get("content-type")).toBe("application/json");
    expect(server.calls.map((c) => c.path)).toEqual(["/api/admin/form-submissions?q=Acme%20Co&limit=50"]);
  });

  test("the fetch a test replaced is the real one again afterwards", () => {
    expect(globalThis.fetch).toBe(realFetch);
  });
});
