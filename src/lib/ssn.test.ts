import { describe, expect, test } from "bun:test";
import { lastFourDigits } from "./ssn";

describe("lastFourDigits", () => {
  test("keeps the last four digits of a whole number, pasted or typed, with or without separators", () => {
    expect(lastFourDigits("123-45-6789")).toBe("6789");
    expect(lastFourDigits("123 45 6789")).toBe("6789");
    expect(lastFourDigits("123456789")).toBe("6789");
    expect(lastFourDigits("48215")).toBe("8215");
  });

  test("fewer digits stay as they are; anything else is dropped", () => {
    expect(lastFourDigits("12")).toBe("12");
    expect(lastFourDigits("4821")).toBe("4821");
    expect(lastFourDigits("ab-c")).toBe("");
    expect(lastFourDigits("")).toBe("");
  });
});
