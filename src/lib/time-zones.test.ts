import { expect, test } from "bun:test";
import { knownTimeZone } from "./time-zones";

test("a time zone is a name the platform knows, never an offset, which could make a day no place has", () => {
  expect(knownTimeZone("America/Chicago")).toBe("America/Chicago");
  expect(knownTimeZone("UTC")).toBe("UTC");
  // The furthest real zones, written as IANA names.
  expect(knownTimeZone("Etc/GMT+12")).toBe("Etc/GMT+12");
  expect(knownTimeZone("Pacific/Kiritimati")).toBe("Pacific/Kiritimati");
  for (const offset of ["-23:59", "+23:59", "+0530", "-08", "+14:00"]) expect(knownTimeZone(offset)).toBeNull();
  expect(knownTimeZone("Mars/Olympus_Mons")).toBeNull();
});
