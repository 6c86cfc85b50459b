// Field-level encryption for the few values that must never sit in the database in clear
// (an employee's SSN last four). AES-256-GCM from node:crypto; each value gets a fresh
// 96-bit IV, and the row it belongs to is bound in as associated data so a ciphertext
// copied onto another row does not open.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { ensurePrivateFile, ensurePrivateFolder, PRIVATE_FILE_MODE } from "../../private-files";

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

/** `iv.tag.ciphertext`, each base64url. */
export function seal(key: Buffer, plaintext: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(context, "utf8"));
  const data = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString("base64url")).join(".");
}

/** The plaintext, or null when the value was not sealed with this key and context. */
export function unseal(key: Buffer, sealed: string, context: string): string | null {
  const parts = sealed.split(".");
  if (parts.length !== 3) return null;
  try {
    const [iv, tag, data] = parts.map((p) => Buffer.from(p, "base64url"));
    const decipher = createDecipheriv("aes-256-gcm", key, iv);
    decipher.setAAD(Buffer.from(context, "utf8"));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
