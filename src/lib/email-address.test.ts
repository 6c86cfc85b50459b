import { describe, expect, test } from "bun:test";
import { normaliseEmail } from "./email-address";
import { EMAIL_PATTERN } from "./patterns";

describe("email addresses", () => {
  test("compare as one whatever their case, spaces or full-width letters", () => {
    expect(normaliseEmail("  Eve@Attack.Example ")).toBe("eve@attack.example");
    expect(normaliseEmail("ｅve@attack.example")).toBe("eve@attack.example");
  });

  test("a domain with an empty label (a trailing or doubled dot) is not an address", () => {
    const valid = new RegExp(EMAIL_PATTERN);
    expect(valid.test("eve@attack.example")).toBe(true);
    expect(valid.test("eve.o@mail.attack.example")).toBe(true);
    expect(valid.test("eve@attack.example.")).toBe(false);
    expect(valid.test("eve@attack..example")).toBe(false);
    expect(valid.test("eve@.example")).toBe(false);
    expect(valid.test("eve@example")).toBe(false);
    // Plain ASCII only: no second spelling of a mailbox, and nothing that normalises into a refused one.
    expect(valid.test("o'brien+tag@mail.example.com")).toBe(true);
    expect(valid.test("ｅve@attack.example")).toBe(false);
    expect(valid.test("eve@attack.example．")).toBe(false);
    expect(valid.test("eve＠x@attack.example")).toBe(false);
  });
});
