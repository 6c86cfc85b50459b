import { describe, expect, test } from "bun:test";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DataKeyError, loadDataKey, parseDataKey } from "./data-key";

describe("the data key", () => {
  const key = randomBytes(32);

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
