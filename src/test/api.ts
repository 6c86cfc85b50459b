// API test helpers: a fresh app on a fresh SQLite file per call, driven through app.handle.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../app";
import { type Config, loadConfig } from "../config";
import { type OpenedDatabase, openDatabase } from "../db";
import { seedPlansIfEmpty } from "../modules/plans/service";

export interface TestApp {
  app: ReturnType<typeof createApp>;
  database: OpenedDatabase;
  config: Config;
  dir: string;
  /** Sends a request; `json` is sent as a JSON body. Answers the Response. */
  request(method: string, path: string, init?: { json?: unknown; headers?: Record<string, string>; body?: BodyInit }): Promise<Response>;
  close(): void;
}

type RequestOptions = Parameters<TestApp["request"]>[2];

/**
 * The fetch options for `request`'s arguments: `json` is sent as a JSON body. Like a browser
 * on the site's own page, it says the request comes from this site unless the test says otherwise.
 */
export function requestInit(method: string, init: RequestOptions = {}): RequestInit {
  const given = init.headers ?? {};
  const saysSite = Object.keys(given).some((name) => /^(origin|sec-fetch-site)$/i.test(name));
  const headers: Record<string, string> = { ...(saysSite ? {} : { "sec-fetch-site": "same-origin" }), ...given };
  let body = init.body;
  if (init.json !== undefined) {
    headers["content-type"] ??= "application/json";
    body = JSON.stringify(init.json);
  }
  return { method, headers, body };
}

/** The same `request`, over HTTP to a running server (a process, the binary). */
export const overHttp = (url: string): Pick<TestApp, "request"> => ({
  request: (method, path, init) => fetch(`${url}${path}`, requestInit(method, init)),
});

export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), "ichra-test-"));
  const config = loadConfig({ DATABASE_PATH: join(dir, "test.db"), LOG_REQUESTS: "0", ...env });
  const database = openDatabase(config.databasePath);
  await seedPlansIfEmpty(database.db);
  const app = createApp({ db: database.db, sqlite: database.sqlite, config }, { webDir: env.WEB_DIR ?? null });
  return {
    app,
    database,
    config,
    dir,
    request: (method, path, init) => app.handle(new Request(`http://localhost${path}`, requestInit(method, init))),
    close() {
      database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
