// The sender against a real SMTP peer (smtp-server on loopback), with a fake clock for
// the retry schedule.
import { afterEach, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SMTPServer } from "smtp-server";
import { loadConfig } from "../../config";
import { type OpenedDatabase, openDatabase } from "../../db";
import { type RunningServer, startServer } from "../../server";
import { retryDelay, startOutboxSender } from "./sender";
import { enqueueEmail } from "./service";

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on a free loopback port; `reject` makes it refuse recipients. */
async function startSmtp() {
  const received: Received[] = [];
  const state = { reject: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (state.reject) {
        const error = new Error("Mailbox unavailable") as Error & { responseCode: number };
        error.responseCode = 450;
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

function tempDatabase(): OpenedDatabase {
  const dir = mkdtempSync(join(tmpdir(), "ichra-outbox-"));
  const database = openDatabase(join(dir, "outbox.db"));
  cleanups.push(() => {
    database.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return database;
}

const rowsOf = (database: OpenedDatabase) =>
  database.sqlite.query("select id, status, attempts, next_attempt_at, last_error, sent_at from outbox order by id").all() as {
    id: number;
    status: string;
    attempts: number;
    next_attempt_at: number;
    last_error: string | null;
    sent_at: number | null;
  }[];

describe("outbox sender", () => {
  test("delivers a pending email over SMTP and marks it sent", async () => {
    const smtp = await startSmtp();
    cleanups.push(smtp.close);
    const database = tempDatabase();
    enqueueEmail(database.db, { kind: "lead_notification", to: "sales@example.com", subject: "New lead: Dana", text: "Name: Dana Ruiz" });
    const sender = startOutboxSender(database.db, { smtpUrl: smtp.url, from: "Advantage ICHRA <no-reply@example.com>", pollMs: 60_000 });
    cleanups.push(() => sender.stop());
    await sender.flush();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.from).toBe("no-reply@example.com");
    expect(smtp.received[0]!.to).toEqual(["sales@example.com"]);
    expect(smtp.received[0]!.raw).toContain("Subject: New lead: Dana");
    expect(smtp.received[0]!.raw).toContain("Name: Dana Ruiz");
    const [row] = rowsOf(database);
    expect(row).toMatchObject({ status: "sent", attempts: 1, last_error: null });
    expect(row!.sent_at).toBeGreaterThan(0);
    // Sent once only.
    await sender.flush();
    expect(smtp.received).toHaveLength(1);
  });

  test("retries with exponential backoff, then marks the email failed", async () => {
    const smtp = await startSmtp();
    cleanups.push(smtp.close);
    smtp.state.reject = true;
    const database = tempDatabase();
    let clock = 1_000_000_000_000;
    database.sqlite.run(
      "insert into outbox (kind, to_address, subject, text_body, next_attempt_at) values ('x', 'a@example.com', 'Hi', 'Body', ?)",
      [clock],
    );
    const sender = startOutboxSender(database.db, {
      smtpUrl: smtp.url,
      from: "no-reply@example.com",
      pollMs: 60_000,
      maxAttempts: 3,
      backoffMs: 1000,
      now: () => clock,
    });
    cleanups.push(() => sender.stop());

    await sender.flush();
    expect(rowsOf(database)[0]).toMatchObject({ status: "pending", attempts: 1, next_attempt_at: clock + 1000 });
    expect(rowsOf(database)[0]!.last_error).toContain("Mailbox unavailable");
    // Not due yet: nothing is tried.
    await sender.flush();
    expect(rowsOf(database)[0]!.attempts).toBe(1);

    clock += 1000;
    await sender.flush();
    expect(rowsOf(database)[0]).toMatchObject({ status: "pending", attempts: 2, next_attempt_at: clock + 2000 });

    clock += 2000;
    await sender.flush();
    expect(rowsOf(database)[0]).toMatchObject({ status: "failed", attempts: 3 });
    expect(smtp.received).toHaveLength(0);
  });

  test("a retry succeeds once the SMTP server accepts again", async () => {
    const smtp = await startSmtp();
    cleanups.push(smtp.close);
    smtp.state.reject = true;
    const database = tempDatabase();
    let clock = 5_000_000;
    database.sqlite.run(
      "insert into outbox (kind, to_address, subject, text_body, next_attempt_at) values ('x', 'b@example.com', 'Hello', 'Body', ?)",
      [clock],
    );
    const sender = startOutboxSender(database.db, {
      smtpUrl: smtp.url,
      from: "no-reply@example.com",
      pollMs: 60_000,
      backoffMs: 500,
      now: () => clock,
    });
    cleanups.push(() => sender.stop());
    await sender.flush();
    smtp.state.reject = false;
    clock += 500;
    await sender.flush();
    expect(rowsOf(database)[0]).toMatchObject({ status: "sent", attempts: 2 });
    expect(smtp.received.map((r) => r.to)).toEqual([["b@example.com"]]);
  });

  test("backoff doubles and is capped", () => {
    expect([1, 2, 3, 4].map((n) => retryDelay(n, 30_000))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelay(30, 30_000)).toBe(6 * 60 * 60 * 1000);
  });
});

describe("the running server and the outbox", () => {
  async function serve(env: Record<string, string>): Promise<{ running: RunningServer; database: () => OpenedDatabase }> {
    const dir = mkdtempSync(join(tmpdir(), "ichra-outbox-server-"));
    const path = join(dir, "server.db");
    const running = await startServer(loadConfig({ DATABASE_PATH: path, PORT: "0", HOST: "127.0.0.1", LOG_REQUESTS: "0", ...env }), {
      webDir: null,
    });
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    cleanups.push(() => running.stop());
    return {
      running,
      database: () => {
        const db = openDatabase(path, { migrate: false });
        cleanups.push(() => db.close());
        return db;
      },
    };
  }
  const lead = (url: string) =>
    fetch(`${url.replace("localhost", "127.0.0.1")}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Dana Ruiz", email: "dana@example.com", company: "Acme" }),
    });

  test("with SMTP_URL a lead's staff notification is delivered in the background", async () => {
    const smtp = await startSmtp();
    cleanups.push(smtp.close);
    const { running, database } = await serve({ SMTP_URL: smtp.url, LEADS_NOTIFY_TO: "sales@example.com" });
    expect((await lead(running.url)).status).toBe(201);
    const deadline = Date.now() + 10_000;
    while (smtp.received.length === 0 && Date.now() < deadline) await Bun.sleep(50);
    expect(smtp.received[0]!.to).toEqual(["sales@example.com"]);
    expect(smtp.received[0]!.raw).toContain("Subject: New lead: Contact message from Dana Ruiz (Acme)");
    await running.stop();
    expect(rowsOf(database())[0]).toMatchObject({ status: "sent", attempts: 1 });
  });

  test("an unreachable SMTP server neither delays nor fails storing a lead", async () => {
    const smtp = await startSmtp();
    const deadUrl = smtp.url;
    await smtp.close();
    const { running, database } = await serve({ SMTP_URL: deadUrl, LEADS_NOTIFY_TO: "sales@example.com" });
    const started = performance.now();
    const res = await lead(running.url);
    expect(res.status).toBe(201);
    expect(performance.now() - started).toBeLessThan(1000);
    await running.stop();
    const db = database();
    expect(db.sqlite.query("select count(*) as n from form_submissions").get()).toEqual({ n: 1 });
    expect(rowsOf(db)[0]!.status).toBe("pending");
  });

  test("without SMTP_URL the email stays pending in the outbox", async () => {
    const { running, database } = await serve({ LEADS_NOTIFY_TO: "sales@example.com" });
    expect((await lead(running.url)).status).toBe(201);
    await running.stop();
    expect(rowsOf(database())).toMatchObject([{ status: "pending", attempts: 0 }]);
  });
});
