// What every feature module is built with: the database and the configuration.
import type { Database } from "bun:sqlite";
import type { Config } from "./config";
import type { DB } from "./db";

export interface AppDeps {
  db: DB;
  sqlite: Database;
  config: Config;
}
