// Text as a person typed it. Control characters cannot be typed into a form, only sent by a
// client: they mean nothing in a name or a reason, show as nothing (a reason of a NUL and an
// escape sequence looked given but said nothing), and are dropped before anything is
// checked or stored. So are the bidirectional overrides, which can make a file name read
// backwards (patterns.ts).
import { CONTROL_CHARACTERS } from "./patterns";

const controls = new RegExp(`[${CONTROL_CHARACTERS}]`, "g");
/** Every control character but the tab and the line breaks a text area keeps. */
const controlsButLines = new RegExp(`(?![\\t\\n\\r])[${CONTROL_CHARACTERS}]`, "g");

/**
 * The text with control characters dropped and its ends trimmed; one line (`multiline`
 * false) also has its tabs and line breaks turned to spaces.
 */
export function plainText(text: string, multiline = false): string {
  return plainTextKeepingEnds(text, multiline).trim();
}

/** The same, with the ends kept as sent: what each field's own check and trim then read. */
export function plainTextKeepingEnds(text: string, multiline = false): string {
  return multiline ? text.replace(controlsButLines, "") : text.replace(/[\t\n\r\u2028\u2029]+/g, " ").replace(controls, "");
}
