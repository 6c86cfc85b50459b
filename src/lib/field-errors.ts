// Turns TypeBox validation errors into `{ field: message }` with the spec's wording. The
// server's error plugin and the browser's forms both use it, so a field shows the same
// message whether the browser or the server caught the problem.
import { Kind, type TSchema } from "@sinclair/typebox";
import { Value, type ValueError, ValueErrorType } from "@sinclair/typebox/value";

export type FieldErrors = Record<string, string>;

/** Messages a schema can carry, keyed by the rule that failed; `error` is the fallback. */
export interface Messages {
  required?: string;
  type?: string;
  pattern?: string;
  /** A string of a registered format (schema-fields.ts) that does not hold; the pattern's message when absent. */
  format?: string;
  minimum?: string;
  maximum?: string;
  maxLength?: string;
  enum?: string;
  /** A dollar amount with more than two decimals. */
  decimals?: string;
}

const ruleOf: Partial<Record<ValueErrorType, keyof Messages>> = {
  [ValueErrorType.ObjectRequiredProperty]: "required",
  [ValueErrorType.StringMinLength]: "required",
  [ValueErrorType.StringPattern]: "pattern",
  [ValueErrorType.StringFormat]: "format",
  [ValueErrorType.StringMaxLength]: "maxLength",
  [ValueErrorType.NumberMinimum]: "minimum",
  [ValueErrorType.NumberExclusiveMinimum]: "minimum",
  [ValueErrorType.IntegerMinimum]: "minimum",
  [ValueErrorType.IntegerExclusiveMinimum]: "minimum",
  [ValueErrorType.NumberMaximum]: "maximum",
  [ValueErrorType.IntegerMaximum]: "maximum",
  [ValueErrorType.NumberExclusiveMaximum]: "maximum",
  [ValueErrorType.IntegerExclusiveMaximum]: "maximum",
  [ValueErrorType.ArrayMinItems]: "required",
  [ValueErrorType.Literal]: "enum",
  [ValueErrorType.Union]: "enum",
  [ValueErrorType.String]: "type",
  [ValueErrorType.Number]: "type",
  [ValueErrorType.Integer]: "type",
  [ValueErrorType.Boolean]: "type",
};

function defaultMessage(error: ValueError): string {
  const rule = ruleOf[error.type];
  const schema = error.schema as Record<string, unknown>;
  if (rule === "required") return "Required";
  if (rule === "maxLength") return `Must be at most ${schema.maxLength} characters`;
  if (rule === "minimum") return `Must be at least ${schema.minimum ?? schema.exclusiveMinimum}`;
  if (rule === "maximum") return `Must be at most ${schema.maximum ?? schema.exclusiveMaximum}`;
  return "Invalid input";
}

/**
 * A dollar field fails as a whole (its own kind, see schema-fields.ts): say which of its
 * rules the value breaks.
 */
function dollarsRule(schema: { minimum?: number; maximum?: number }, value: unknown): keyof Messages {
  if (typeof value !== "number" || !Number.isFinite(value)) return "type";
  if (schema.minimum !== undefined && value < schema.minimum) return "minimum";
  if (schema.maximum !== undefined && value > schema.maximum) return "maximum";
  return "decimals";
}

export function messageOf(error: ValueError): string {
  const schema = error.schema as { messages?: Messages; error?: unknown; minimum?: number; maximum?: number; [Kind]?: string };
  // A missing value fails its type check too; it is missing, not mistyped.
  if (error.value === undefined && schema.messages?.required) return schema.messages.required;
  if (error.type === ValueErrorType.Kind && schema[Kind] === "Dollars") {
    const message = schema.messages?.[dollarsRule(schema, error.value)];
    if (message) return message;
  }
  const rule = ruleOf[error.type];
  const specific = rule ? (schema.messages?.[rule] ?? (rule === "format" ? schema.messages?.pattern : undefined)) : undefined;
  if (specific) return specific;
  if (typeof schema.error === "string") return schema.error;
  return defaultMessage(error);
}

/** `/employeeClasses/0/name` → `employeeClasses.0.name`; the object itself → `_`. */
export function fieldOf(path: string): string {
  const field = path.replace(/^\//, "").replaceAll("/", ".").replaceAll("~1", "/").replaceAll("~0", "~");
  return field === "" ? "_" : field;
}

const isRecord = (value: unknown) => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * A body that is no object at all (none was sent, or not as JSON) lacks every field it
 * needs: those fields' own errors, as for an empty object, rather than one nameless error.
 */
function errorsOfMissingObject(error: ValueError): ValueError[] {
  const schema = error.schema as TSchema;
  if (error.path !== "" || schema[Kind] !== "Object" || isRecord(error.value)) return [error];
  const missing = [...Value.Errors(schema, {})];
  return missing.length ? missing : [error];
}

export function toFieldErrors(errors: Iterable<ValueError>): FieldErrors {
  const out: FieldErrors = {};
  for (const error of [...errors].flatMap(errorsOfMissingObject)) {
    const field = fieldOf(error.path);
    // The first failure of a field is the most basic one (missing before malformed).
    if (!(field in out)) out[field] = messageOf(error);
  }
  return out;
}

/** Validates a value against a schema: null when valid, else the message per field. */
export function validate(schema: TSchema, value: unknown): FieldErrors | null {
  if (Value.Check(schema, value)) return null;
  return toFieldErrors(Value.Errors(schema, value));
}
