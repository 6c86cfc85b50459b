import { expect, test } from "bun:test";
import { possessive } from "./possessive";

test("an apostrophe alone after a final s, 's otherwise", () => {
  expect(possessive("Walkabout Coffee Roasters")).toBe("Walkabout Coffee Roasters'");
  expect(possessive("ACME TOOLS")).toBe("ACME TOOLS'");
  expect(possessive("Summit Dental Group")).toBe("Summit Dental Group's");
  expect(possessive("Maria")).toBe("Maria's");
  // A name stored with a space at its end is written without it.
  expect(possessive("Acme ")).toBe("Acme's");
});
