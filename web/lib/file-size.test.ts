import { describe, expect, test } from "bun:test";
import { fileSizeText } from "./file-size";

describe("fileSizeText", () => {
  test("kilobytes rounded up below a megabyte, megabytes to one decimal from there", () => {
    expect([0, 1, 1024, 1025, 9_000, 1024 * 1024 - 1].map(fileSizeText)).toEqual(["0 KB", "1 KB", "1 KB", "2 KB", "9 KB", "1024 KB"]);
    expect([1024 * 1024, 2_400_000, 5 * 1024 * 1024].map(fileSizeText)).toEqual(["1.0 MB", "2.3 MB", "5.0 MB"]);
  });
});
