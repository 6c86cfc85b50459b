// Loads the state premium table from a CSV (state, single, plusOne, family, source, year):
// every row checked first, then the whole table replaced in one transaction.

import { statePremiums } from "@db/schema";
import Papa from "papaparse";
import type { DB } from "../../db";
import { toCents } from "../../lib/money";
import { isStateCode } from "../../lib/us-states";

export const PREMIUM_COLUMNS = ["state", "single", "plusOne", "family", "source", "year"] as const;
const MAX_ROWS = 51;

export class PremiumImportError extends Error {
  constructor(readonly problems: string[]) {
    super(`The premium file was not loaded:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  }
}

type Row = typeof statePremiums.$inferInsert;

function amount(raw: string | undefined, column: string, line: number, problems: string[]): number {
  const text = (raw ?? "").trim().replaceAll(",", "").replace(/^\$/, "");
  const value = Number(text);
  if (text === "" || !Number.isFinite(value) || value <= 0) {
    problems.push(`Line ${line}: ${column} must be a positive amount in dollars (got "${raw ?? ""}")`);
    return 0;
  }
  return toCents(value);
}

/** Parses and checks the file; throws PremiumImportError naming every problem. */
export function parsePremiumCsv(text: string, thisYear = new Date().getUTCFullYear()): Row[] {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ""), { header: true, skipEmptyLines: "greedy" });
  const problems: string[] = [];
  const fields = parsed.meta.fields ?? [];
  const missing = PREMIUM_COLUMNS.filter((c) => !fields.includes(c));
  if (missing.length)
    throw new PremiumImportError([`The header must name the columns ${PREMIUM_COLUMNS.join(", ")}; missing: ${missing.join(", ")}`]);
  for (const error of parsed.errors) problems.push(`Line ${(error.row ?? 0) + 2}: ${error.message}`);
  if (parsed.data.length > MAX_ROWS) problems.push(`At most ${MAX_ROWS} rows (50 states and DC); the file has ${parsed.data.length}`);
  const seen = new Set<string>();
  const rows: Row[] = parsed.data.map((record, index) => {
    const line = index + 2;
    const state = (record.state ?? "").trim().toUpperCase();
    if (!isStateCode(state)) problems.push(`Line ${line}: "${record.state ?? ""}" is not a state code (two letters, DC included)`);
    else if (seen.has(state)) problems.push(`Line ${line}: ${state} appears more than once`);
    seen.add(state);
    const source = (record.source ?? "").trim();
    if (!source) problems.push(`Line ${line}: source is required`);
    const year = Number((record.year ?? "").trim());
    if (!Number.isInteger(year) || year < 1996 || year > thisYear)
      problems.push(`Line ${line}: year must be a year from 1996 to ${thisYear} (got "${record.year ?? ""}")`);
    return {
      state,
      singleCents: amount(record.single, "single", line, problems),
      plusOneCents: amount(record.plusOne, "plusOne", line, problems),
      familyCents: amount(record.family, "family", line, problems),
      source,
      year,
    };
  });
  if (problems.length) throw new PremiumImportError(problems);
  return rows;
}

/** Replaces the table with the file's rows; answers how many were loaded. */
export function importPremiums(db: DB, text: string): number {
  const rows = parsePremiumCsv(text);
  db.transaction((tx) => {
    tx.delete(statePremiums).run();
    if (rows.length) tx.insert(statePremiums).values(rows).run();
  });
  return rows.length;
}
