// Money is integer cents inside and dollars at the edges; these are the conversions and the
// one way amounts are written.
import { describe, expect, test } from "bun:test";
import { formatCents, formatUsd, formatUsdWhole, isWholeCents, toCents, toDollars, typedDollars } from "./money";

describe("cents and dollars", () => {
  test("convert both ways, rounding the float product to the cent", () => {
    expect(toCents(412.5)).toBe(41_250);
    expect(toCents(0.07)).toBe(7);
    expect(toCents(19.99)).toBe(1_999);
    expect(toDollars(41_250)).toBe(412.5);
  });

  test("a whole number of cents has at most two decimals", () => {
    expect(isWholeCents(0.07)).toBe(true);
    expect(isWholeCents(412.5)).toBe(true);
    expect(isWholeCents(1.005)).toBe(false);
    expect(isWholeCents(0.001)).toBe(false);
  });
});

describe("written amounts", () => {
  test("dollars with cents, with thousands separators", () => {
    expect(formatUsd(1234.5)).toBe("$1,234.50");
    expect(formatUsd(0)).toBe("$0.00");
  });

  test("whole dollars where cents would be noise", () => {
    expect(formatUsdWhole(184_500)).toBe("$184,500");
  });

  test("an amount held in cents is written as its dollars", () => {
    expect(formatCents(123_450)).toBe("$1,234.50");
    expect(formatCents(45_000)).toBe("$450.00");
    expect(formatCents(7)).toBe("$0.07");
  });
});

describe("typedDollars", () => {
  test("drops a leading $ and thousands commas; leaves a decimal comma in, to be refused", () => {
    expect(typedDollars(" $1,234.56 ")).toBe("1234.56");
    expect(typedDollars("12,345")).toBe("12345");
    expect(typedDollars("412.37")).toBe("412.37");
    expect(typedDollars("412,37")).toBe("412,37");
    expect(typedDollars("1,23")).toBe("1,23");
    expect(typedDollars("1,2345")).toBe("1,2345");
  });
});
