import { expect, test } from "bun:test";
import { trimmedFields } from "./trimmed";

test("trims every text, and leaves what is not text as it is", () => {
  expect(trimmedFields({ taxId: " 93-1234567 ", zip: "97205 ", size: 12, terms: true, none: null })).toEqual({
    taxId: "93-1234567",
    zip: "97205",
    size: 12,
    terms: true,
    none: null,
  });
});
