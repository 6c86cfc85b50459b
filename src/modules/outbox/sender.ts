// Delivers queued emails over SMTP in the background: every poll it takes the due pending
// rows, sends each through nodemailer, and marks it sent, or schedules a retry with
// exponential backoff, or gives up (`failed`) after the last attempt. Without SMTP_URL it
// does not run, so emails stay pending in the outbox where admins can read them.

import { outbox } from "@db/schema";
import { and, asc, eq, lte } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { DB } from "../../db";

export interface SenderOptions {
  smtpUrl: string;
  from: string;
  /** How often to look for due emails. */
  pollMs?: number;
  /** Attempts before an email is marked failed. */
  maxAttempts?: number;
  /** Wait before the first retry; each further retry waits twice as long. */
  backoffMs?: number;
  batchSize?: number;
  now?: () => number;
}

export interface OutboxSender {
  /** Sends what is due now, without waiting for the next poll; resolves when done. */
  flush(): Promise<void>;
  /** Stops polling, lets the batch in flight finish, closes the SMTP connection. */
  stop(): Promise<void>;
}

const maxBackoffMs = 6 * 60 * 60 * 1000;

export function retryDelay(attempts: number, backoffMs: number): number {
  return Math.min(backoffMs * 2 ** Math.max(0, attempts - 1), maxBackoffMs);
}

export function startOutboxSender(db: DB, options: SenderOptions): OutboxSender {
  const pollMs = options.pollMs ?? 2000;
  const maxAttempts = options.maxAttempts ?? 8;
  const backoffMs = options.backoffMs ?? 30_000;
  const batchSize = options.batchSize ?? 20;
  const now = options.now ?? Date.now;
  const transport = nodemailer.createTransport(options.smtpUrl);

  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | null = null;

  async function deliverDue() {
    const due = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.status, "pending"), lte(outbox.nextAttemptAt, now())))
      .orderBy(asc(outbox.nextAttemptAt), asc(outbox.id))
      .limit(batchSize);
    for (const email of due) {
      const attempts = email.attempts + 1;
      try {
        await transport.sendMail({
          from: options.from,
          to: email.toAddress,
          subject: email.subject,
          text: email.textBody,
          ...(email.htmlBody ? { html: email.htmlBody } : {}),
        });
        await db.update(outbox).set({ status: "sent", attempts, sentAt: now(), lastError: null }).where(eq(outbox.id, email.id));
      } catch (error) {
        const lastError = String((error as Error)?.message ?? error).slice(0, 1000);
        const failed = attempts >= maxAttempts;
        await db
          .update(outbox)
          .set({
            status: failed ? "failed" : "pending",
            attempts,
            lastError,
            nextAttemptAt: now() + retryDelay(attempts, backoffMs),
          })
          .where(eq(outbox.id, email.id));
        console.error(JSON.stringify({ level: "warn", message: "email delivery failed", outboxId: email.id, attempts, failed }));
      }
      if (stopped) break;
    }
  }

  function run(): Promise<void> {
    running ??= deliverDue()
      .catch((error) => console.error(JSON.stringify({ level: "error", message: "outbox sender", error: String(error) })))
      .finally(() => {
        running = null;
      });
    return running;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => run().then(schedule), pollMs);
  }
  schedule();

  return {
    async flush() {
      if (running) await running;
      await run();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      if (running) await running;
      transport.close();
    },
  };
}
