// Starts the HTTP server on an opened database and shuts it down cleanly: on SIGTERM or
// SIGINT it stops accepting, lets in-flight requests finish, stops background work (the
// outbox sender, the hourly cleanup of expired sessions and sign-in tokens, the hourly
// reimbursement upkeep and notice reminders) and closes the database.
import { createApp } from "./app";
import type { Config } from "./config";
import { openDatabase } from "./db";
import { siteOrigin } from "./http/origin";
import { serveApp } from "./http/serve";
import { ensureFirstAdmin } from "./modules/admin/accounts";
import { startCredentialCleanup } from "./modules/auth/cleanup";
import { startNoticeReminders } from "./modules/employees/notice-reminders";
import { startOutboxSender } from "./modules/outbox/sender";
import { seedPlansIfEmpty } from "./modules/plans/service";
import { startReimbursementUpkeep } from "./modules/reimbursements/upkeep";

export interface RunningServer {
  url: string;
  /** The admin this start created from ADMIN_USERNAME and ADMIN_PASSWORD, or null when none was. */
  createdAdmin: string | null;
  stop(): Promise<void>;
}

/**
 * An address a browser on this machine reaches the server at. Listening on every interface
 * (0.0.0.0 or ::) is not an address to open; "localhost" may resolve to ::1, where a server
 * on 0.0.0.0 does not listen. So the loopback of the family it listens on is printed.
 */
export function listenUrl(host: string, port: number): string {
  const shown = host === "0.0.0.0" ? "127.0.0.1" : host === "::" ? "[::1]" : host.includes(":") ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}

export async function startServer(config: Config, options: { webDir?: string | null } = {}): Promise<RunningServer> {
  const database = openDatabase(config.databasePath);
  await seedPlansIfEmpty(database.db);
  let createdAdmin: string | null = null;
  try {
    if (await ensureFirstAdmin(database.db, config)) createdAdmin = config.adminUsername;
  } catch (error) {
    database.close();
    throw error;
  }
  // The app gets its own copy, so the address filled in below is this server's alone.
  const appConfig: Config = { ...config };
  const app = createApp({ db: database.db, sqlite: database.sqlite, config: appConfig }, { webDir: options.webDir });
  const server = serveApp(app, { port: config.port, hostname: config.host, log: config.logRequests, trustProxy: config.trustProxy });
  const cleanup = startCredentialCleanup(database.db);
  // Without SMTP the emails stay in the outbox for admins to read.
  const sender = config.smtpUrl ? startOutboxSender(database.db, { smtpUrl: config.smtpUrl, from: config.mailFrom }) : null;
  const url = listenUrl(config.host, server.port!);
  if (createdAdmin) {
    console.log(
      JSON.stringify({
        level: "info",
        message: `Created the admin "${createdAdmin}" from ADMIN_USERNAME and ADMIN_PASSWORD; sign in at ${url}/admin/login.`,
      }),
    );
  }
  if (!appConfig.publicUrl) {
    // Emailed links never come from request headers; without PUBLIC_URL they point here.
    appConfig.publicUrl = url;
    console.warn(
      JSON.stringify({
        level: "warn",
        message: `PUBLIC_URL is not set: emailed links and the sitemap use ${url}. Set PUBLIC_URL to the site's address in production.`,
      }),
    );
  }
  const reminders = startNoticeReminders(database.db, () => siteOrigin(appConfig));
  const upkeep = startReimbursementUpkeep(database.db, () => siteOrigin(appConfig));
  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      await server.stop(false);
      await cleanup.stop();
      await upkeep.stop();
      await reminders.stop();
      await sender?.stop();
      database.close();
    })());
  return { url, createdAdmin, stop };
}

export function stopOnSignals(running: RunningServer) {
  const handler = (signal: string) => {
    console.log(JSON.stringify({ level: "info", message: `received ${signal}, shutting down` }));
    running.stop().then(() => process.exit(0));
  };
  process.once("SIGTERM", () => handler("SIGTERM"));
  process.once("SIGINT", () => handler("SIGINT"));
}
