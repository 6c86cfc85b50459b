// The server's one fetch handler: the request log records the status actually sent, for
// every request (refused early or late, answered by a route, by the error handler or by
// the server itself, finishing while the server shuts down), and a request may take as
// long as the census reader.
import { afterEach, describe, expect, spyOn, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Elysia } from "elysia";
import { loadConfig } from "../config";
import { type RunningServer, startServer } from "../server";
import { startServerProcess } from "../test/server-process";
import { unanswerableError } from "../test/unanswerable-error";
import { errorHandling } from "./errors";
import { requestContext } from "./request-context";
import { serveApp } from "./serve";

interface LogLine {
  level: string;
  requestId?: string;
  method: string;
  path: string;
  status: number;
  ms: number;
}

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** Captures the JSON lines written with console.log, from now until the test ends. */
function captureLog(): LogLine[] {
  const lines: LogLine[] = [];
  const spy = spyOn(console, "log").mockImplementation((text: unknown) => {
    const parsed = JSON.parse(String(text));
    if (parsed.path) lines.push(parsed);
  });
  cleanups.push(() => spy.mockRestore());
  return lines;
}

async function serve(env: Record<string, string> = {}): Promise<{ running: RunningServer; base: string }> {
  const dir = mkdtempSync(join(tmpdir(), "ichra-log-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const running = await startServer(
    loadConfig({
      DATABASE_PATH: join(dir, "log.db"),
      PORT: "0",
      HOST: "127.0.0.1",
      PUBLIC_URL: "http://localhost",
      LOG_REQUESTS: "1",
      ...env,
    }),
    { webDir: null },
  );
  cleanups.push(() => running.stop());
  return { running, base: running.url };
}

/** The log line of the answer `res` (found by its request id). */
const lineOf = (lines: LogLine[], res: Response) => {
  const found = lines.find((l) => l.requestId === res.headers.get("x-request-id"));
  if (!found) throw new Error(`no log line for ${res.status} ${res.headers.get("x-request-id")}: ${JSON.stringify(lines)}`);
  return { method: found.method, path: found.path, status: found.status };
};

describe("the request log", () => {
  test("records what the app's answers really were: 400s, 413s, 429s and 404s", async () => {
    const lines = captureLog();
    const { base } = await serve({ LEADS_PER_MINUTE: "1" });
    const post = (path: string, body: string, headers: Record<string, string> = {}) =>
      fetch(`${base}${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });
    const answers: [Response, { method: string; path: string; status: number }][] = [];
    const expectLogged = (res: Response, method: string, path: string, status: number) => {
      expect(res.status).toBe(status);
      answers.push([res, { method, path, status }]);
    };
    // Validation failures were logged as 422.
    expectLogged(await post("/api/business/register", JSON.stringify({ name: 1 })), "POST", "/api/business/register", 400);
    // A JSON body over 1 MB was logged as 400.
    expectLogged(await post("/api/auth/login-link", JSON.stringify({ email: "x".repeat(1_100_000) })), "POST", "/api/auth/login-link", 413);
    // A body past what any endpoint reads was refused by Bun itself, with no log line.
    expectLogged(
      await fetch(`${base}/api/business/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "x".repeat(27 * 1024 * 1024),
      }),
      "POST",
      "/api/business/register",
      413,
    );
    // Unknown routes: OPTIONS was logged as 200.
    expectLogged(await fetch(`${base}/api/nowhere`, { method: "OPTIONS" }), "OPTIONS", "/api/nowhere", 404);
    expectLogged(await fetch(`${base}/api/nowhere`), "GET", "/api/nowhere", 404);
    // The per-address limit, refused before the route reads the body.
    const lead = JSON.stringify({ name: "Ann Lee", email: "ann@acme.test", company: "Acme" });
    expectLogged(await post("/api/contact", lead), "POST", "/api/contact", 201);
    expectLogged(await post("/api/contact", lead), "POST", "/api/contact", 429);
    for (const [res, logged] of answers) expect(lineOf(lines, res)).toEqual(logged);
    // One line per request, no more.
    expect(lines).toHaveLength(answers.length);
    // The 413 of the server's own limit carries an id and the security headers like any answer.
    const [tooBig] = answers[2]!;
    expect(await tooBig.json()).toEqual({ message: "The request body is too large: no endpoint takes more than 26 MB." });
    expect(tooBig.headers.get("x-content-type-options")).toBe("nosniff");
  });

  test("records 500s, including an error the error handler could not answer", async () => {
    const lines = captureLog();
    const spy = spyOn(console, "error").mockImplementation(() => {});
    cleanups.push(() => spy.mockRestore());
    const unanswerable = unanswerableError();
    const app = new Elysia()
      .use(requestContext())
      .use(errorHandling)
      .get("/broken", () => {
        throw new Error("a bug");
      })
      .get("/unlucky", () => {
        throw unanswerable;
      });
    const server = serveApp(app, { port: 0, hostname: "127.0.0.1", log: true, trustProxy: false });
    cleanups.push(() => server.stop(true));
    for (const path of ["/broken", "/unlucky"]) {
      const res = await fetch(`http://127.0.0.1:${server.port}${path}`);
      expect(res.status).toBe(500);
      expect(lineOf(lines, res)).toEqual({ method: "GET", path, status: 500 });
    }
  });

  test("a request may take longer than Bun's default 10 s idle time (the census reader may take 20 s)", async () => {
    const app = new Elysia().use(requestContext()).get("/slow", async () => {
      // Bun checks idle connections every few seconds: 14 s is past its 10 s for sure.
      await Bun.sleep(14_000);
      return { done: true };
    });
    const server = serveApp(app, { port: 0, hostname: "127.0.0.1", log: false, trustProxy: false });
    cleanups.push(() => server.stop(true));
    const res = await fetch(`http://127.0.0.1:${server.port}/slow`);
    expect(await res.json()).toEqual({ done: true });
  }, 30_000);

  test("records a request still in flight when SIGTERM arrives, before the process exits", async () => {
    const server = await startServerProcess({ LOG_REQUESTS: "1", PUBLIC_URL: "http://localhost" });
    cleanups.push(() => server.close());
    const port = Number(new URL(server.url).port);
    // A lead whose body is still arriving when the signal comes, on a socket of our own.
    const body = JSON.stringify({ name: "Ann Lee", email: "ann@acme.test", company: "Acme", message: "Sent during shutdown" });
    const socket = connect(port, "127.0.0.1");
    let received = "";
    socket.on("data", (chunk) => {
      received += chunk.toString("latin1");
    });
    await new Promise((resolve) => socket.once("connect", resolve));
    const ourPort = socket.localPort!;
    socket.write(
      `POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 20)}`,
    );
    // In flight for sure: the server has taken every byte sent so far off the socket.
    await until(() => unreadBytes(server.pid, port, ourPort) === 0);
    const exited = server.signal("SIGTERM");
    await server.waitForLine(/received SIGTERM/);
    socket.write(body.slice(20));
    await until(() => received.includes("\r\n\r\n"));
    socket.destroy();
    expect(received).toStartWith("HTTP/1.1 201");
    const requestId = /^x-request-id: (\S+)$/im.exec(received)![1]!;
    expect(await exited).toBe(0);
    const line = server.lines().find((l) => l.includes(requestId));
    expect(JSON.parse(line!)).toMatchObject({ level: "info", method: "POST", path: "/api/contact", status: 201 });
  });
});

/** Resolves once `condition` holds, checking on every turn of the event loop (fails after 10 s). */
async function until(condition: () => boolean) {
  const deadline = performance.now() + 10_000;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error("condition not met within 10 s");
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Bytes waiting in the server's receive queue on the connection from `clientPort`, from /proc. */
function unreadBytes(pid: number, serverPort: number, clientPort: number): number | null {
  const hex = (port: number) => port.toString(16).toUpperCase().padStart(4, "0");
  for (const row of readFileSync(`/proc/${pid}/net/tcp`, "latin1").split("\n").slice(1)) {
    const [, local, remote, , queues] = row.trim().split(/\s+/);
    if (local?.endsWith(`:${hex(serverPort)}`) && remote?.endsWith(`:${hex(clientPort)}`))
      return Number.parseInt(queues!.split(":")[1]!, 16);
  }
  return null;
}
