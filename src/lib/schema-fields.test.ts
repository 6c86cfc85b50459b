import { describe, expect, test } from "bun:test";
import { Type } from "@sinclair/typebox";
import { localToday } from "./date-rules";
import { validate } from "./field-errors";
import { birthDayField, dollarsField, oneOf, personNameField, plainNameField, stateCodeField } from "./schema-fields";

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

describe("dollarsField", () => {
  const Form = Type.Object({ amount: dollarsField("Amount") });

  test("at most two decimals: 1.005 is refused by name, not rounded", () => {
    expect(validate(Form, { amount: 1.005 })).toEqual({ amount: "Amount can have at most two decimals (whole cents)" });
    expect(validate(Form, { amount: 19.999 })).toEqual({ amount: "Amount can have at most two decimals (whole cents)" });
  });

  test("whole cents pass, including the ones binary floats cannot hold exactly", () => {
    for (const amount of [1, 1.1, 1.07, 0.07 + 1, 10.01, 1234.56, 9_999_999.99]) expect(validate(Form, { amount })).toBeNull();
  });

  test("each other rule keeps its own message", () => {
    expect(validate(Form, {})).toEqual({ amount: "Amount is required" });
    expect(validate(Form, { amount: "5" })).toEqual({ amount: "Amount must be a number" });
    expect(validate(Form, { amount: 0.5 })).toEqual({ amount: "Amount must be at least $1" });
    expect(validate(Form, { amount: 10_000_001 })).toEqual({ amount: "Amount must be at most $10,000,000" });
  });
});

describe("the formats of text that goes into our emails, and of days", () => {
  const Form = Type.Object({
    company: plainNameField("Company name"),
    first: personNameField("First name"),
    born: birthDayField("Date of birth is required", "Date of birth must be a past date after 1900"),
    state: stateCodeField("Please enter your state"),
  });
  const ok = { company: "Ben & Jerry's", first: "Zoë O'Brien-Núñez", born: "1990-02-28", state: "TX" };

  test("what a person or a company is called passes; a link, markup or formula does not", () => {
    expect(validate(Form, ok)).toBeNull();
    expect(validate(Form, { ...ok, company: "Overstock.com, Inc.", first: "Eve<script>" })).toEqual({
      company: "Company name cannot hold a web address, markup or a formula",
      first: "First name can hold only letters, spaces, hyphens, apostrophes and periods",
    });
  });

  test("a date of birth is a real day from 1900 to yesterday; a state is one that exists", () => {
    for (const born of ["1990-02-30", "1899-12-31", localToday(), "2999-01-01"])
      expect(validate(Form, { ...ok, born })).toEqual({ born: "Date of birth must be a past date after 1900" });
    expect(validate(Form, { ...ok, state: "ZZ" })).toEqual({ state: "Please enter your state" });
    expect(validate(Form, { ...ok, state: "DC" })).toBeNull();
  });
});
