// A field's error goes as soon as the person changes the field: they are fixing it, and the
// next submit says again whatever is still wrong.
import type { FieldErrors } from "@src/lib/field-errors";

/** An update of a form's errors that drops the one of `name`. */
export const withoutError =
  (name: string) =>
  ({ [name]: _gone, ...rest }: FieldErrors): FieldErrors =>
    rest;
