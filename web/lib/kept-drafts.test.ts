import { afterEach, describe, expect, test } from "bun:test";
import { forgetAllDrafts, forgetDraft, keepTyping, withKeptDraft } from "./kept-drafts";

afterEach(() => sessionStorage.clear());

const start = { carrier: "Blue Cross", coveredPeople: "", files: [] as File[] };
const fields = ["carrier", "coveredPeople"] as const;

describe("kept drafts", () => {
  test("what differs from the start is kept and comes back over it, a cleared field too; files never", () => {
    keepTyping("proof", { ...start, carrier: "", coveredPeople: "Me and my son" }, start, fields);
    expect(withKeptDraft("proof", start, fields)).toEqual({ carrier: "", coveredPeople: "Me and my son", files: [] });
    // Only the fields the form names are read back.
    expect(withKeptDraft("proof", start, ["coveredPeople"])).toEqual({ ...start, coveredPeople: "Me and my son" });
  });

  test("typing undone keeps nothing; a sent form forgets its draft", () => {
    keepTyping("proof", { ...start, coveredPeople: "Me" }, start, fields);
    keepTyping("proof", start, start, fields);
    expect(sessionStorage.length).toBe(0);
    keepTyping("proof", { ...start, coveredPeople: "Me" }, start, fields);
    forgetDraft("proof");
    expect(withKeptDraft("proof", start, fields)).toEqual(start);
  });

  test("storage that refuses or holds something else never breaks the form", () => {
    sessionStorage.setItem("kept-draft:proof", "{not json");
    expect(withKeptDraft("proof", start, fields)).toEqual(start);
    sessionStorage.setItem("kept-draft:proof", JSON.stringify({ carrier: 42 }));
    expect(withKeptDraft("proof", start, fields)).toEqual(start);
    // A tab whose storage is full refuses every write.
    const real = Object.getOwnPropertyDescriptor(globalThis, "sessionStorage")!;
    const full = {
      getItem: () => null,
      removeItem: () => {},
      setItem: () => {
        throw new DOMException("full", "QuotaExceededError");
      },
    };
    Object.defineProperty(globalThis, "sessionStorage", { value: full, configurable: true });
    try {
      expect(() => sessionStorage.setItem("x", "y")).toThrow("full");
      expect(() => keepTyping("claim", { ...start, coveredPeople: "Me" }, start, fields)).not.toThrow();
    } finally {
      Object.defineProperty(globalThis, "sessionStorage", real);
    }
  });

  test("signing out forgets every draft and nothing else of the tab", () => {
    keepTyping("proof", { ...start, coveredPeople: "Me" }, start, fields);
    keepTyping("claim", { ...start, carrier: "Oscar" }, start, fields);
    sessionStorage.setItem("unrelated", "kept");
    forgetAllDrafts();
    expect(Object.keys({ ...sessionStorage })).toEqual(["unrelated"]);
  });
});
