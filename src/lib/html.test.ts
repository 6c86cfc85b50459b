import { describe, expect, test } from "bun:test";
import { escapeHtml } from "./html";

describe("escapeHtml", () => {
  test("escapes the characters that end text or a quoted attribute, ampersands first", () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;");
    expect(escapeHtml("&amp;")).toBe("&amp;amp;");
    expect(escapeHtml("plain text")).toBe("plain text");
  });
});
