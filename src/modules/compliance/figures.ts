// The yearly figures the rules use, as the table of the server holds them (figures/service.ts)
// and the browser receives them (GET /api/figures): each with its year and source. For a
// year not yet published the latest published year's figure is used, and the answer says so
// in words the screens show ("2027 not yet published; using 2026's 9.96%"), never silently.
import { formatUsdWhole, toDollars } from "../../lib/money";

export const FIGURE_NAMES = [
  "affordability-percent",
  "social-security-wage-base",
  "poverty-line",
  "penalty-4980h-a",
  "penalty-4980h-b",
] as const;
export type FigureName = (typeof FIGURE_NAMES)[number];

/** Percentages are basis points (9.96% = 996); amounts are cents. */
export const FIGURE_UNITS: Readonly<Record<FigureName, "percent" | "dollars">> = {
  "affordability-percent": "percent",
  "social-security-wage-base": "dollars",
  "poverty-line": "dollars",
  "penalty-4980h-a": "dollars",
  "penalty-4980h-b": "dollars",
};

export const FIGURE_LABELS: Readonly<Record<FigureName, string>> = {
  "affordability-percent": "required contribution percentage (affordability), by plan year",
  "social-security-wage-base": "Social Security wage base, by calendar year",
  "poverty-line": "federal poverty line for one person, 48 contiguous states and DC, by guideline year",
  "penalty-4980h-a": "§4980H(a) penalty per full-time employee a year, by calendar year",
  "penalty-4980h-b": "§4980H(b) penalty per employee a year, by calendar year",
};

export interface YearlyFigure {
  year: number;
  name: FigureName;
  value: number;
  source: string;
}

export interface ResolvedFigure {
  value: number;
  source: string;
  /** The year whose figure is used. */
  year: number;
  /** The year asked for. */
  requestedYear: number;
  /** False when the requested year is not published and an earlier year's figure stands in. */
  published: boolean;
  /** What the screens say when an earlier year stands in; null when the year is published. */
  note: string | null;
}

/** Formats basis points as a percentage: 996 → "9.96%". */
export const percentLabel = (bp: number): string => `${(bp / 100).toFixed(2).replace(/\.?0+$/, "")}%`;

/** A figure as people read it: "9.96%" or "$184,500". */
export const formatFigure = (name: FigureName, value: number): string =>
  FIGURE_UNITS[name] === "percent" ? percentLabel(value) : formatUsdWhole(toDollars(value));

/**
 * The figure for a year: its own when published, else the latest published year before it
 * (with a note saying so); null when no year up to it is on file.
 */
export function resolveFigure(figures: readonly YearlyFigure[], name: FigureName, year: number): ResolvedFigure | null {
  const candidates = figures.filter((f) => f.name === name && f.year <= year).sort((a, b) => b.year - a.year);
  const found = candidates[0];
  if (!found) return null;
  const published = found.year === year;
  return {
    value: found.value,
    source: found.source,
    year: found.year,
    requestedYear: year,
    published,
    note: published ? null : `${year} not yet published; using ${found.year}'s ${formatFigure(name, found.value)}`,
  };
}

/** The years a figure is published for, ascending. */
export const yearsOf = (figures: readonly YearlyFigure[], name: FigureName): number[] =>
  figures
    .filter((f) => f.name === name)
    .map((f) => f.year)
    .sort((a, b) => a - b);

/** The latest published figure of a name, or null. */
export function latestFigure(figures: readonly YearlyFigure[], name: FigureName): YearlyFigure | null {
  const years = yearsOf(figures, name);
  return years.length ? (figures.find((f) => f.name === name && f.year === years[years.length - 1]) ?? null) : null;
}

/** The figure's value from what a person types: "9.96" or "9.96%" → 996 basis points; "184500" or "$184,500" → cents. Null when it is not one. */
export function parseFigureValue(name: FigureName, text: string): number | null {
  const cleaned = text.trim().replace(/^\$/, "").replace(/%$/, "").replaceAll(",", "");
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const hundredths = Math.round(Number(cleaned) * 100);
  if (FIGURE_UNITS[name] === "percent" && (hundredths <= 0 || hundredths >= 10_000)) return null;
  if (hundredths <= 0) return null;
  return hundredths;
}
