// Nothing acknowledged is lost: concurrent lead submissions against the real server
// process, SIGKILL in the middle, restart; every submission that got a 201 is there and no
// row is half-written. SIGTERM: requests in flight finish, new ones are refused, the
// process exits cleanly.
import { afterAll, describe, expect, test } from "bun:test";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { dbQuery, startTestServer, type TestServer } from "./harness";

const dir = mkdtempSync(join(tmpdir(), "ichra-durability-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const unlimited = { LEADS_PER_MINUTE: "1000000", LEADS_PER_DAY: "10000000" };

/** Posts lead number `n` (its email names it); answers `n` once acknowledged (201), else null. */
async function submit(url: string, n: number): Promise<number | null> {
  try {
    const res = await fetch(`${url}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: url },
      body: JSON.stringify({
        name: `Durable ${n}`,
        company: "Crash Test Co",
        email: `durable${n}@example.com`,
        message: `submission ${n}`,
      }),
    });
    // The answer carries no id (counting leads is nobody's business): the lead is known by its number.
    return res.status === 201 ? n : null;
  } catch {
    return null; // connection dropped: not acknowledged
  }
}

/** Polls `condition` until it holds; fails after `ms`. */
async function until(condition: () => boolean | Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(5);
  }
}

/** Reads from a raw connection: `read(done)` answers what arrived once `done(text)` holds or the connection closed. */
function collect(socket: Socket) {
  let text = "";
  let closed = false;
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const w of waiters) w();
  };
  socket.on("data", (d) => {
    text += d;
    wake();
  });
  socket.on("close", () => {
    closed = true;
    wake();
  });
  return (done: (text: string) => boolean) =>
    new Promise<string>((resolve) => {
      const check = () => {
        if (!done(text) && !closed) return;
        resolve(text);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });
}

/**
 * A contact submission on its own connection whose body is held back: once the server has
 * answered "100 Continue" its handler is running, and the request cannot finish until
 * `finish()` sends the body. Answers `n` once acknowledged, or null.
 */
async function heldSubmission(url: string, n: number) {
  const { hostname, port } = new URL(url);
  const body = JSON.stringify({
    name: `Durable ${n}`,
    company: "Crash Test Co",
    email: `durable${n}@example.com`,
    message: `submission ${n}`,
  });
  const socket = connect(Number(port), hostname);
  socket.on("error", () => {});
  const read = collect(socket);
  await once(socket, "connect");
  socket.write(
    `POST /api/contact HTTP/1.1\r\nHost: ${hostname}:${port}\r\nOrigin: ${url}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`,
  );
  expect(await read((t) => t.includes("\r\n\r\n"))).toStartWith("HTTP/1.1 100 Continue\r\n");
  return {
    async finish(): Promise<number | null> {
      socket.write(body);
      // "Connection: close": the whole answer is there when the server closes.
      const answer = await read(() => false);
      const final = answer.slice(answer.lastIndexOf("HTTP/1.1 "));
      return final.startsWith("HTTP/1.1 201 ") ? n : null;
    },
  };
}

/**
 * A health request on a new connection: its status, "refused" when nothing listens, or
 * "dropped" when a connection queued as the listener closed is reset without an answer.
 */
async function probe(url: string): Promise<number | "refused" | "dropped"> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  const read = collect(socket);
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", resolve);
      socket.once("error", reject);
    });
  } catch (error) {
    // Refused outright, or reset while the connection waited in the queue of a listener that closed.
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ECONNREFUSED" || code === "ECONNRESET") return "refused";
    throw error;
  }
  socket.on("error", () => {});
  socket.write(`GET /api/health HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n\r\n`);
  const answer = await read((t) => /^HTTP\/1\.1 \d{3} /.test(t));
  socket.destroy();
  if (!answer) return "dropped";
  return Number(answer.slice(9, 12));
}

function readRows(databasePath: string) {
  const [{ integrity_check: integrity }] = dbQuery<{ integrity_check: string }>({ databasePath }, "pragma integrity_check");
  const rows = dbQuery<{ id: number; form_type: string; name: string; email: string; message: string; submitted_at: number }>(
    { databasePath },
    "select id, form_type, name, email, message, submitted_at from form_submissions",
  );
  return { integrity, rows };
}

/** The number each stored lead was sent with, read from its email (durable{n}@example.com). */
const numbersOf = (rows: { email: string }[]) => rows.map((r) => Number(r.email.match(/^durable(\d+)@/)?.[1]));

describe("durability", () => {
  test("SIGKILL mid-load loses no acknowledged submission and leaves no half-written row", async () => {
    const databasePath = join(dir, "kill.db");
    const server = await startTestServer(unlimited, { databasePath });
    let again: TestServer | undefined;
    try {
      const acked: number[] = [];
      let next = 0;
      let stop = false;
      const worker = async () => {
        while (!stop && next < 20_000) {
          const id = await submit(server.url, next++);
          if (id !== null) acked.push(id);
        }
      };
      const workers = Array.from({ length: 16 }, worker);
      while (acked.length < 300) await Bun.sleep(5);
      const exit = server.kill("SIGKILL");
      await exit;
      stop = true;
      await Promise.all(workers);

      const { integrity, rows } = readRows(databasePath);
      expect(integrity).toBe("ok");
      const stored = new Set(numbersOf(rows));
      expect(acked.filter((id) => !stored.has(id))).toEqual([]);
      for (const r of rows) {
        expect(r.form_type).toBe("contact");
        expect(r.name).toMatch(/^Durable \d+$/);
        expect(r.email).toMatch(/^durable\d+@example.com$/);
        expect(r.message).toMatch(/^submission \d+$/);
        expect(r.submitted_at).toBeGreaterThan(0);
      }

      // The restarted server opens the same file and serves what was stored.
      again = await startTestServer(unlimited, { databasePath });
      expect((await fetch(`${again.url}/api/health`)).status).toBe(200);
      const id = await submit(again.url, 999_999);
      expect(id).not.toBeNull();
      await again.kill("SIGTERM");
      expect(readRows(databasePath).rows.length).toBe(rows.length + 1);
    } finally {
      await server.kill("SIGKILL");
      await again?.kill("SIGKILL");
    }
  }, 90_000);

  test("SIGTERM: requests in flight finish, new ones are refused while shutting down, exit is clean", async () => {
    const databasePath = join(dir, "term.db");
    const server = await startTestServer(unlimited, { databasePath });
    let exited = false;
    try {
      const acked: number[] = [];
      let open = 0;
      let next = 0;
      const worker = async () => {
        for (;;) {
          open++;
          const id = await submit(server.url, next++);
          open--;
          if (id === null) return; // refused: the server is shutting down
          acked.push(id);
        }
      };
      const workers = Array.from({ length: 8 }, worker);
      await until(() => acked.length > 0, "a first acknowledged submission");
      // Requests the server is handling for sure (it asked for their bodies) and that
      // cannot finish before we let them: shutdown must wait for these.
      const held = await Promise.all([0, 1, 2].map((i) => heldSubmission(server.url, 100_000 + i)));
      expect(open).toBeGreaterThan(0);

      const exit = server.kill("SIGTERM");
      exit.then(() => (exited = true));
      await server.waitForOutput(/received SIGTERM, shutting down/);
      // The line is printed just before the listener closes; probe until it has, then once more.
      const refused = async () => ["refused", 503].includes(await probe(server.url));
      await until(refused, "a refused request");
      expect(await probe(server.url)).toBeOneOf(["refused", 503]);
      expect(exited).toBe(false);

      // The held requests complete and are acknowledged although shutdown has begun.
      const heldIds = await Promise.all(held.map((h) => h.finish()));
      expect(heldIds).toEqual(held.map(() => expect.any(Number)));
      acked.push(...(heldIds as number[]));
      await Promise.all(workers);
      expect(await exit).toBe(0);

      // Every acknowledged submission is stored, and nothing was stored without an answer.
      const { integrity, rows } = readRows(databasePath);
      expect(integrity).toBe("ok");
      expect(acked.length).toBeGreaterThan(held.length);
      expect(numbersOf(rows).sort((a, b) => a - b)).toEqual(acked.sort((a, b) => a - b));
    } finally {
      if (!exited) await server.kill("SIGKILL");
    }
  }, 60_000);
});
