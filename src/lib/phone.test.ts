import { describe, expect, test } from "bun:test";
import { shownPhone } from "./phone";

describe("a phone number as shown", () => {
  test("a US number, however it was typed, is written one way", () => {
    for (const typed of ["5125550100", "512-555-0100", "512.555.0100", "(512) 555-0100", "+1 512 555 0100", "1-512-555-0100"])
      expect(shownPhone(typed)).toBe("(512) 555-0100");
  });

  test("anything else stays as it was typed: an extension, a toll-free word, another country's number", () => {
    for (const typed of ["512-555-0100 ext. 12", "1-800-FLOWERS", "+44 20 7946 0958", "555-12"]) expect(shownPhone(typed)).toBe(typed);
  });
});
