import { afterEach, describe, expect, spyOn, test } from "bun:test";
import { Type } from "@sinclair/typebox";
import { Elysia } from "elysia";
import { unanswerableError } from "../test/unanswerable-error";
import { errorHandling, found, HttpError } from "./errors";
import { requestContext } from "./request-context";

const restores: (() => void)[] = [];
afterEach(() => {
  while (restores.length) restores.pop()!();
});

/** What the error handler logs from now until the test ends. */
function errorLog(): string[] {
  const logged: string[] = [];
  const spy = spyOn(console, "error").mockImplementation((line: unknown) => void logged.push(String(line)));
  restores.push(() => spy.mockRestore());
  return logged;
}

/** The app's answer to a route that throws `error`. */
const answerThrowing = (error: unknown) =>
  new Elysia()
    .use(requestContext())
    .use(errorHandling)
    .get("/throws", () => {
      throw error;
    })
    .handle(new Request("http://localhost/throws"));

describe("error handling", () => {
  test("an answer that fails its own schema is our fault: logged, 500 with the request id", async () => {
    const logged = errorLog();
    const app = new Elysia()
      .use(requestContext())
      .use(errorHandling)
      .get("/broken", () => ({ count: "not a number" }) as unknown as { count: number }, {
        response: { 200: Type.Object({ count: Type.Integer() }) },
      });
    const res = await app.handle(new Request("http://localhost/broken"));
    expect(res.status).toBe(500);
    const requestId = res.headers.get("x-request-id");
    expect(requestId).toBeTruthy();
    expect(await res.json()).toEqual({ message: "Something went wrong on our side. Please try again.", requestId });
    expect(logged).toHaveLength(1);
    expect(JSON.parse(logged[0]!)).toMatchObject({ level: "error", requestId });
    expect(logged[0]).toContain("count");
  });

  test("an unexpected error without a stack or message is still logged as something", async () => {
    const logged = errorLog();
    const bare = new TypeError("");
    bare.stack = "";
    const res = await answerThrowing(bare);
    expect(res.status).toBe(500);
    expect(JSON.parse(logged.at(-1)!).message).toBe("TypeError");
  });

  test("a request that fails its schema is still the client's 400", async () => {
    const app = new Elysia().use(errorHandling).post("/things", ({ body }) => body, {
      body: Type.Object({ count: Type.Integer({ messages: { type: "Count must be a whole number" } }) }),
    });
    const res = await app.handle(
      new Request("http://localhost/things", { method: "POST", headers: { "content-type": "application/json" }, body: '{"count":"x"}' }),
    );
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual({ count: "Count must be a whole number" });
  });

  test("when answering the error fails too, the answer is still JSON: 500, the request id and the security headers", async () => {
    const logged = errorLog();
    const failing = unanswerableError();
    const res = await answerThrowing(failing);
    expect(res.status).toBe(500);
    const requestId = res.headers.get("x-request-id");
    expect(requestId).toBeTruthy();
    expect(await res.json()).toEqual({ message: "Something went wrong on our side. Please try again.", requestId });
    expect(res.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(JSON.parse(logged.at(-1)!)).toMatchObject({ level: "error", requestId });
  });
});

describe("found", () => {
  test("gives back what a lookup found, even a falsy value", () => {
    const row = { id: 7 };
    expect(found(row, "Row not found.")).toBe(row);
    expect(found(0, "Row not found.")).toBe(0);
    expect(found("", "Row not found.")).toBe("");
  });

  test.each([null, undefined])("answers 404 with the message when the lookup found %p", (missing) => {
    let thrown: unknown;
    try {
      found(missing, "Payroll run not found.");
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(HttpError);
    expect(thrown).toMatchObject({ status: 404, message: "Payroll run not found." });
  });
});
