import { describe, expect, test } from "bun:test";
import { stateOfZip } from "./zip-states";

describe("stateOfZip", () => {
  test("known ZIP codes, five digits, ZIP+4 and prefixes", () => {
    expect(stateOfZip("78701")).toBe("TX"); // Austin
    expect(stateOfZip("30301")).toBe("GA"); // Atlanta
    expect(stateOfZip("02134-1234")).toBe("MA"); // Boston
    expect(stateOfZip("10001")).toBe("NY");
    expect(stateOfZip("94105")).toBe("CA");
    expect(stateOfZip("20500")).toBe("DC");
    expect(stateOfZip("73301")).toBe("TX"); // Austin's IRS prefix inside Oklahoma's range
    expect(stateOfZip("73102")).toBe("OK");
    expect(stateOfZip("05501")).toBe("MA"); // Andover, inside Vermont's range
    expect(stateOfZip("998")).toBe("AK");
  });

  test("military mail, territories and nonsense are in no state", () => {
    expect(stateOfZip("09001")).toBeNull(); // APO Europe
    expect(stateOfZip("00901")).toBeNull(); // Puerto Rico
    expect(stateOfZip("96910")).toBeNull(); // Guam
    expect(stateOfZip("abcde")).toBeNull();
  });
});
