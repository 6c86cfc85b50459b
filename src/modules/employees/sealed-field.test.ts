import { describe, expect, test } from "bun:test";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DataKeyError, loadDataKey, parseDataKey, seal, unseal } from "./sealed-field";

describe("sealed fields", () => {
  const key = randomBytes(32);

  test("round-trips, with a fresh IV each time", () => {
    const a = seal(key, "4821", "row:1");
    const b = seal(key, "4821", "row:1");
    expect(a).not.toBe(b);
    expect(a).not.toContain("4821");
    expect(unseal(key, a, "row:1")).toBe("4821");
  });

  test("does not open with another key, another row, or altered bytes", () => {
    const sealed = seal(key, "4821", "row:1");
    expect(unseal(randomBytes(32), sealed, "row:1")).toBeNull();
    expect(unseal(key, sealed, "row:2")).toBeNull();
    const [iv, tag, data] = sealed.split(".");
    const flipped = Buffer.from(data, "base64url");
    flipped[0] ^= 1;
    expect(unseal(key, [iv, tag, flipped.toString("base64url")].join("."), "row:1")).toBeNull();
    expect(unseal(key, "garbage", "row:1")).toBeNull();
  });

  test("DATA_KEY as hex or base64, 32 bytes only", () => {
    expect(parseDataKey(key.toString("hex")).equals(key)).toBe(true);
    expect(parseDataKey(key.toString("base64")).equals(key)).toBe(true);
    expect(() => parseDataKey("abcd")).toThrow(DataKeyError);
  });

  test("without DATA_KEY a 0600 key file is created beside the database and reused", () => {
    const dir = mkdtempSync(join(tmpdir(), "ichra-key-"));
    const databasePath = join(dir, "app.db");
    const first = loadDataKey({ dataKey: null, databasePath });
    expect(statSync(join(dir, "data.key")).mode & 0o777).toBe(0o600);
    expect(loadDataKey({ dataKey: null, databasePath }).equals(first)).toBe(true);
    expect(readFileSync(join(dir, "data.key"), "utf8").trim()).toBe(first.toString("hex"));
  });
});
