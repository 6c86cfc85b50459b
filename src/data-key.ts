// The server's one secret: a 32-byte key from DATA_KEY, else from `data.key` beside the
// database (created 0600 on first use; back it up with the database). It seals SSN digits
// (modules/employees) and, through keys derived from it, signs the admins' trusted-device
// tokens (modules/admin).
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { ensurePrivateFile, ensurePrivateFolder, PRIVATE_FILE_MODE } from "./private-files";

export class DataKeyError extends Error {}

/** Reads a 32-byte key written as 64 hex characters or as base64. */
export function parseDataKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed) ? Buffer.from(trimmed, "hex") : Buffer.from(trimmed, "base64");
  if (key.length !== 32) throw new DataKeyError("DATA_KEY must be 32 bytes, written as 64 hex characters or base64");
  return key;
}

/**
 * The data key: DATA_KEY when set, else `data.key` beside the database, created on first
 * use with mode 0600. An in-memory database gets a key that lives as long as the process.
 */
export function loadDataKey(options: { dataKey: string | null; databasePath: string }): Buffer {
  if (options.dataKey) return parseDataKey(options.dataKey);
  if (options.databasePath === ":memory:") return randomBytes(32);
  const path = join(dirname(options.databasePath), "data.key");
  if (!existsSync(path)) {
    ensurePrivateFolder(dirname(path));
    try {
      // "wx": never overwrite a key another process wrote a moment ago.
      writeFileSync(path, `${randomBytes(32).toString("hex")}\n`, { mode: PRIVATE_FILE_MODE, flag: "wx" });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  ensurePrivateFile(path, { create: false });
  return parseDataKey(readFileSync(path, "utf8"));
}
