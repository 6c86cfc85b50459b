// Field schemas several payloads share, so a rule and its wording live in one place.
import { FormatRegistry, Kind, type TLiteral, type TSchema, type TUnion, type TUnsafe, Type, TypeRegistry } from "@sinclair/typebox";
import { isBirthDate, isIsoDate, localToday } from "./date-rules";
import { formatUsdWhole, isWholeCents } from "./money";
import { EMAIL_PATTERN, ID_PATTERN } from "./patterns";
import { isPersonName, personNameMessage } from "./person-name";
import { isStateCode } from "./us-states";

/**
 * Formats of text that goes into emails under our name, checked by the schema so a form and
 * the server name every bad field at once: a person's name (person-name.ts), and a name of
 * something else (a company) that may hold digits and symbols but no link, markup or
 * formula: whoever registers a company makes us email its name to an address nobody has
 * confirmed yet.
 */
const PERSON_NAME = "person-name";
const REAL_DATE = "real-date";
const BIRTH_DAY = "birth-day";
const STATE_CODE = "us-state";
const PLAIN_NAME = "plain-name";
// A scheme, "www.", a name.tld a mail reader would make a link of, a path after a dot, markup,
// or a formula's first character. A legal name like "Overstock.com, Inc." is refused with the
// rest: written without its domain it is the same company.
const LINK_MARKUP_OR_FORMULA =
  /\b(?:https?|ftp|mailto|javascript|data|file|tel|sms):|\bwww\.|[\p{L}\d-]\.(?:com|net|org|info|biz|io|co|us|me|ly|app|dev|xyz|site|online|link|click|top|shop)\b|\.[\p{L}\d-]+\/|[<>]|^\s*[=+@-]/iu;
if (!FormatRegistry.Has(PERSON_NAME)) FormatRegistry.Set(PERSON_NAME, isPersonName);
if (!FormatRegistry.Has(REAL_DATE)) FormatRegistry.Set(REAL_DATE, isIsoDate);
// YYYY-MM-DD strings order like the days they name; today is the reader's own (the browser's or the server's).
if (!FormatRegistry.Has(BIRTH_DAY)) FormatRegistry.Set(BIRTH_DAY, (value) => isIsoDate(value) && isBirthDate(value, localToday()));
if (!FormatRegistry.Has(STATE_CODE)) FormatRegistry.Set(STATE_CODE, isStateCode);
if (!FormatRegistry.Has(PLAIN_NAME)) FormatRegistry.Set(PLAIN_NAME, (value) => !LINK_MARKUP_OR_FORMULA.test(value));

/** A person's name: required (not blank), at most `maxLength`, of the letters and marks names carry. */
export const personNameField = (label: string, options: { minLength?: number; maxLength?: number; required?: string } = {}) => {
  const required = options.required ?? `${label} is required`;
  return Type.String({
    minLength: options.minLength ?? 1,
    maxLength: options.maxLength ?? 200,
    pattern: "\\S",
    format: PERSON_NAME,
    messages: {
      required,
      type: required,
      pattern: required,
      maxLength: `${label} must be at most ${options.maxLength ?? 200} characters`,
      format: personNameMessage(label),
    },
  });
};

/**
 * A day written YYYY-MM-DD that the calendar has (not February 30), checked with the schema's
 * other rules so it is named with them; `invalid` is said of a malformed or impossible one.
 */
export const dayField = (required: string, invalid = required, format = REAL_DATE) =>
  Type.String({
    minLength: 1,
    maxLength: 10,
    pattern: "^\\d{4}-\\d{2}-\\d{2}$",
    format,
    messages: { required, type: required, pattern: invalid, maxLength: invalid, format: invalid },
  });

/** A date of birth: a real day, from 1900 to yesterday (isBirthDate, the census's rule too). */
export const birthDayField = (required: string, invalid = required) => dayField(required, invalid, BIRTH_DAY);

/** A state's two-letter code (or DC's), one that exists. */
export const stateCodeField = (message: string) =>
  Type.String({
    minLength: 2,
    maxLength: 2,
    pattern: "^[A-Z]{2}$",
    format: STATE_CODE,
    messages: { required: message, type: message, pattern: message, maxLength: message, format: message },
  });

/** A company's (or another thing's) name: required, not blank, with no link, markup or formula in it. */
export const plainNameField = (label: string, required = `${label} is required`, maxLength = 200) =>
  Type.String({
    minLength: 1,
    maxLength,
    pattern: "\\S",
    format: PLAIN_NAME,
    messages: {
      required,
      type: required,
      pattern: required,
      maxLength: `${label} must be at most ${maxLength} characters`,
      format: `${label} cannot hold a web address, markup or a formula`,
    },
  });

/** An email address (at most 254 characters, security.md) with the form's own wording. */
export function emailField(messages: { required: string; invalid: string; tooLong?: string }) {
  return Type.String({
    minLength: 1,
    maxLength: 254,
    pattern: EMAIL_PATTERN,
    messages: {
      required: messages.required,
      type: messages.required,
      pattern: messages.invalid,
      maxLength: messages.tooLong ?? messages.invalid,
    },
  });
}

/**
 * One of a fixed list of values: the one way to build an enum. A single message serves
 * missing, unknown and mistyped values alike; an object names the message per rule. An
 * answer's enum needs no message. Typed as one literal of the values' union: Elysia, and so
 * the browser's typed client, reads a union over an array of literals (a list not written
 * as a tuple) as `never`.
 */
export function oneOf<const T extends readonly (string | number)[]>(
  values: T,
  messages?: string | { enum: string; required?: string },
): TUnion<[TLiteral<T[number]>]> {
  const options =
    messages === undefined
      ? {}
      : { messages: typeof messages === "string" ? { required: messages, enum: messages, type: messages } : messages };
  return Type.Union(
    values.map((value) => Type.Literal(value)),
    options,
  ) as TUnion<[TLiteral<T[number]>]>;
}

/** The most any dollar amount may be: far above any real allowance, budget, premium or income; it only keeps nonsense out. */
const MAX_DOLLARS = 10_000_000;

/**
 * The schema kind of a dollar amount. JSON Schema's `multipleOf: 0.01` cannot be checked on
 * binary floats (1.1 % 0.01 is not 0), so whole cents are checked by this kind's own rule,
 * which TypeBox's compiler (Elysia's validation) and Value.Check (the forms) both consult.
 */
export const DOLLARS_KIND = "Dollars";

interface DollarsSchema {
  minimum: number;
  maximum: number;
}

if (!TypeRegistry.Has(DOLLARS_KIND))
  TypeRegistry.Set<DollarsSchema>(
    DOLLARS_KIND,
    (schema, value) =>
      typeof value === "number" && Number.isFinite(value) && value >= schema.minimum && value <= schema.maximum && isWholeCents(value),
  );

/**
 * A dollar amount (the JSON edge; cents inside), from `minimum` (default $1) to MAX_DOLLARS,
 * with at most two decimals: `1.005` is refused, never rounded. Messages default to
 * "<label> is required / must be a number / must be at least $1 / must be at most
 * $10,000,000 / can have at most two decimals (whole cents)".
 */
export function dollarsField(
  label: string,
  options: {
    minimum?: number;
    messages?: { required?: string; type?: string; minimum?: string; maximum?: string; decimals?: string };
  } = {},
): TUnsafe<number> {
  const minimum = options.minimum ?? 1;
  const messages = options.messages ?? {};
  return Type.Unsafe<number>({
    [Kind]: DOLLARS_KIND,
    type: "number",
    minimum,
    maximum: MAX_DOLLARS,
    // For readers of the published document; the kind's rule above is what checks it.
    multipleOf: 0.01,
    messages: {
      required: messages.required ?? `${label} is required`,
      type: messages.type ?? `${label} must be a number`,
      minimum: messages.minimum ?? `${label} must be at least ${formatUsdWhole(minimum)}`,
      maximum: messages.maximum ?? `${label} must be at most ${formatUsdWhole(MAX_DOLLARS)}`,
      decimals: messages.decimals ?? `${label} can have at most two decimals (whole cents)`,
    },
  });
}

/** An answer's field that may be null. */
export const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** The `:id` of a path: a positive integer written plainly. */
export const IdParams = Type.Object({ id: Type.String({ pattern: ID_PATTERN, messages: { pattern: "Not a valid id" } }) });

/**
 * The `:enrollmentId` of a path. Here rather than in the enrollments model so the features
 * whose routes sit under an enrollment (payroll runs) share it without loading that model.
 */
export const EnrollmentParams = Type.Object({
  enrollmentId: Type.String({ pattern: ID_PATTERN, messages: { pattern: "Invalid enrollment ID", required: "Invalid enrollment ID" } }),
});
