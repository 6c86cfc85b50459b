import { describe, expect, test } from "bun:test";
import { randomBytes } from "node:crypto";
import { seal, unseal } from "./sealed-field";

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
});
