import { describe, expect, test } from "bun:test";
import { Type } from "@sinclair/typebox";
import { fieldOf, validate } from "./field-errors";

const schema = Type.Object({
  taxId: Type.String({
    minLength: 1,
    pattern: "^\\d{2}-\\d{7}$",
    messages: { required: "Tax ID is required", pattern: "Tax ID must be in XX-XXXXXXX format" },
  }),
  count: Type.Integer({ minimum: 1, error: "Count is required" }),
  note: Type.Optional(Type.String({ maxLength: 3 })),
});

describe("validate", () => {
  test("valid input has no errors", () => {
    expect(validate(schema, { taxId: "12-3456789", count: 2 })).toBeNull();
  });
  test("a missing field gets its required message", () => {
    expect(validate(schema, { count: 1 })).toEqual({ taxId: "Tax ID is required" });
  });
  test("an empty string counts as missing", () => {
    expect(validate(schema, { taxId: "", count: 1 })).toEqual({ taxId: "Tax ID is required" });
  });
  test("a malformed value gets its format message", () => {
    expect(validate(schema, { taxId: "123456789", count: 1 })).toEqual({ taxId: "Tax ID must be in XX-XXXXXXX format" });
  });
  test("the fallback message covers rules without their own", () => {
    expect(validate(schema, { taxId: "12-3456789", count: 0 })).toEqual({ count: "Count is required" });
  });
  test("default messages name the limit", () => {
    expect(validate(schema, { taxId: "12-3456789", count: 1, note: "long" })).toEqual({ note: "Must be at most 3 characters" });
  });
  test("every bad field is named", () => {
    expect(Object.keys(validate(schema, {}) ?? {}).sort()).toEqual(["count", "taxId"]);
  });
  test("a body that is no object names every field it lacks, each with its own message", () => {
    for (const value of [undefined, null, "taxId=12-3456789", [1], 7]) {
      expect(validate(schema, value)).toEqual({ taxId: "Tax ID is required", count: "Count is required" });
    }
  });
  test("paths become dotted field names", () => {
    expect(fieldOf("/employeeClasses/0/name")).toBe("employeeClasses.0.name");
    expect(fieldOf("")).toBe("_");
  });
});
