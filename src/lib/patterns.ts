// Text patterns shared by several forms and endpoints (TypeBox `pattern` strings).

/** Something@something.tld, no spaces: what a person means by "a valid email address". */
export const EMAIL_PATTERN = "^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$";
/** A calendar date as the API speaks it; whether the day exists is checked by date-rules. */
export const ISO_DATE_PATTERN = "^\\d{4}-\\d{2}-\\d{2}$";
/** A US ZIP code, five digits or ZIP+4. */
export const ZIP_PATTERN = "^\\d{5}(-\\d{4})?$";
/** C0 controls and DEL, as a regular expression character class body. */
export const CONTROL_CHARACTERS = "\\u0000-\\u001f\\u007f";
/** Ids in paths: a positive integer written plainly. */
export const ID_PATTERN = "^[1-9]\\d{0,14}$";
