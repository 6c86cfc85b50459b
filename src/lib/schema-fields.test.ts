import { describe, expect, test } from "bun:test";
import { Type } from "@sinclair/typebox";
import { validate } from "./field-errors";
import { oneOf } from "./schema-fields";

describe("oneOf", () => {
  const Form = Type.Object({
    size: oneOf(["small", "large"], "Size is required"),
    year: Type.Optional(oneOf([2025, 2026], { enum: "Pick a year" })),
  });

  test("one message serves a missing, unknown or mistyped value", () => {
    expect(validate(Form, {})).toEqual({ size: "Size is required" });
    expect(validate(Form, { size: "huge" })).toEqual({ size: "Size is required" });
    expect(validate(Form, { size: 3 })).toEqual({ size: "Size is required" });
    expect(validate(Form, { size: "small" })).toBeNull();
  });

  test("numbers are values too; a message per rule applies to its rule", () => {
    expect(validate(Form, { size: "large", year: 2026 })).toBeNull();
    expect(validate(Form, { size: "large", year: 2027 })).toEqual({ year: "Pick a year" });
    expect(validate(Form, { size: "large", year: "2026" })).toEqual({ year: "Pick a year" });
  });

  test("an answer's enum carries no message keyword", () => {
    const schema = oneOf(["ok", "degraded"]);
    expect(schema.anyOf.map((s) => s.const)).toEqual(["ok", "degraded"]);
    expect("messages" in schema).toBe(false);
  });
});
