import { describe, expect, test } from "bun:test";
import { plainText } from "./plain-text";

describe("plainText", () => {
  test("one line: control characters dropped, tabs and line breaks as spaces, ends trimmed", () => {
    expect(plainText("  Blue\tCross\r\nPPO \u0000\u001b[31m\u007f ")).toBe("Blue Cross PPO [31m");
    expect(plainText("\u0000\u0001\u001f")).toBe("");
    expect(plainText("Médica · 医療")).toBe("Médica · 医療");
  });
  test("several lines keep their tabs and line breaks, nothing else of the controls", () => {
    expect(plainText("Line one\r\n\tLine two\u0000\u0007", true)).toBe("Line one\r\n\tLine two");
    expect(plainText("\u0000\u001b", true)).toBe("");
  });
  test("C1 controls and the bidirectional overrides and isolates go; joiners and marks stay", () => {
    // Shown as "invoicefdp.jpg" beside a PDF label, were the override kept.
    expect(plainText("invoice\u202egpj.pdf")).toBe("invoicegpj.pdf");
    expect(plainText("a\u0085b\u009bc\u2066d\u2069\u202ae\u202c")).toBe("abcde");
    expect(plainText("one\u2028two")).toBe("one two");
    expect(plainText("👩\u200d👩\u200d👧 نام\u200f")).toBe("👩\u200d👩\u200d👧 نام\u200f");
  });
});
