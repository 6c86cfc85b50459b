// Field-level encryption for the few values that must never sit in the database in clear
// (an employee's SSN last four). AES-256-GCM from node:crypto; each value gets a fresh
// 96-bit IV, and the row it belongs to is bound in as associated data so a ciphertext
// copied onto another row does not open. The key is the data key (src/data-key.ts).
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

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
