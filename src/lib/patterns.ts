// Text patterns shared by several forms and endpoints (TypeBox `pattern` strings).

/**
 * Something@something.tld, no spaces: what a person means by "a valid email address", in
 * plain ASCII. The domain's dot-separated labels are none empty, so "a@b..c" and a trailing
 * "a@b.c." are refused; and no character has another form (a full-width "ｅ" or "．") that
 * would make two spellings of one mailbox, or turn into a refused address once normalised.
 */
export const EMAIL_PATTERN = "^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)+$";
/** A calendar date as the API speaks it; whether the day exists is checked by date-rules. */
export const ISO_DATE_PATTERN = "^\\d{4}-\\d{2}-\\d{2}$";
/** A US ZIP code, five digits or ZIP+4. */
export const ZIP_PATTERN = "^\\d{5}(-\\d{4})?$";
/** A phone number: 10 to 15 digits, with whatever spaces, dashes, dots, brackets or plus people write (a plain space: no line break or other blank). */
export const PHONE_PATTERN = "^[ ()+.\\-]*(?:\\d[ ()+.\\-]*){10,15}$";
/** What a phone number that is not one is told (the spec's words for the employee's). */
export const PHONE_DIGITS_MESSAGE = "Phone number must be at least 10 digits";
/**
 * Characters no one types and that can only hide or mislead, as a regular expression
 * character class body: the C0 and C1 controls and DEL, and the bidirectional embeddings,
 * overrides and isolates, which make text read in another order than it is stored
 * ("invoice\u202egpj.pdf" shows as "invoicefdp.jpg"). The joiners and the left-to-right
 * and right-to-left marks stay: scripts and emoji need them, and they reorder nothing.
 */
export const CONTROL_CHARACTERS = "\\u0000-\\u001f\\u007f-\\u009f\\u202a-\\u202e\\u2066-\\u2069";
/** Ids in paths: a positive integer written plainly. */
export const ID_PATTERN = "^[1-9]\\d{0,14}$";
