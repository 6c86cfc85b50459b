// CSV cells any export writes (the leads, the payroll runs, the census template): RFC 4180
// through csv-stringify (CRLF records). A cell is quoted when it holds any list separator a
// spreadsheet may split on (a comma, or the semicolon of locales that use a decimal comma,
// or a tab), a quote or a line break; and a formula character is neutralised wherever a
// cell could start: at its start and after each of those separators and line breaks, in
// case a program splits the cell anyway (security.md).
import { stringify } from "csv-stringify/sync";

/**
 * A cell a spreadsheet would run as a formula gets a leading single quote, and so does a
 * formula character that follows a separator inside the cell (`x;=1+1` → `x;'=1+1`).
 */
export function neutralise(value: string | null): string {
  if (!value) return "";
  const inner = value.replace(/([,;\t\r\n]\s*)([=+\-@])/g, "$1'$2");
  return /^[=+\-@\t\r]/.test(inner) ? `'${inner}` : inner;
}

// csv-stringify quotes commas, quotes and line breaks itself; semicolons and tabs are added.
const options = { record_delimiter: "windows" as const, quoted_match: /[\r\n;\t]/ };

/** Records of any export (the payroll file too), each cell neutralised and quoted as above. */
export function csvRecords(rows: readonly (readonly (string | null)[])[]): string {
  return stringify(
    rows.map((cells) => cells.map(neutralise)),
    options,
  );
}
