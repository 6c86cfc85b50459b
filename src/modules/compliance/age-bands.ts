// Age-banded allowances: every employee in a class gets the same allowance except that it
// may rise with age, the oldest band at most three times the youngest.
import { formatCents, toCents, toDollars } from "../../lib/money";
import type { BandTerms } from "./allowance";
import { AGE_BAND_MAX_RATIO, MAX_AGE } from "./rules";

/** A band: its ages and its monthly amounts (self only, and by family size when the class varies by it). */
export type AgeBand = BandTerms;

/** The family sizes an amount can be for, with how a message names them. */
const TIER_COLUMNS = [
  { key: "allowanceCents", label: "" },
  { key: "individualPlus1Cents", label: "self + one " },
  { key: "familyCents", label: "family " },
] as const;

export interface AgeBandProblem {
  /** Index of the band the problem is on, or null for the bands as a whole. */
  band: number | null;
  message: string;
}

const missingAges = (from: number, to: number) => (from === to ? `Age ${from} is not` : `Ages ${from}–${to} are not`);
const ageRange = (band: AgeBand) => (band.maxAge === undefined ? `${band.minAge} and over` : `${band.minAge}–${band.maxAge}`);

/**
 * Checks a class's bands, given youngest first: they must start at age 0, follow one
 * another with no gap or overlap, end with an open band, never fall with age, and the
 * oldest band's allowance may be at most 3 times the youngest's.
 */
export function checkAgeBands(bands: readonly AgeBand[]): AgeBandProblem[] {
  const problems: AgeBandProblem[] = [];
  if (bands.length === 0) return problems;

  if (bands[0].minAge !== 0)
    problems.push({ band: 0, message: "The first age band must start at age 0, so every employee has an allowance." });
  bands.forEach((band, i) => {
    const last = i === bands.length - 1;
    if (band.maxAge !== undefined && band.maxAge < band.minAge)
      problems.push({ band: i, message: `Age band ${i + 1} ends (${band.maxAge}) before it starts (${band.minAge}).` });
    if (!last && band.maxAge === undefined)
      problems.push({ band: i, message: `Age band ${i + 1} needs a last age; only the oldest band is open-ended.` });
    if (last && band.maxAge !== undefined && band.maxAge < MAX_AGE)
      problems.push({
        band: i,
        message: `The oldest age band must have no upper age ("${band.minAge} and over"), so every employee has an allowance.`,
      });
    if (i > 0) {
      const previous = bands[i - 1];
      if (previous.maxAge !== undefined) {
        if (band.minAge <= previous.maxAge)
          problems.push({ band: i, message: `Age band ${i + 1} (${ageRange(band)}) overlaps age band ${i} (${ageRange(previous)}).` });
        else if (band.minAge > previous.maxAge + 1)
          problems.push({
            band: i,
            message: `${missingAges(previous.maxAge + 1, band.minAge - 1)} in any age band; band ${i + 1} must start at ${previous.maxAge + 1}.`,
          });
      }
      for (const { key, label } of TIER_COLUMNS) {
        const [now, before] = [band[key], previous[key]];
        if (now !== undefined && before !== undefined && now < before)
          problems.push({
            band: i,
            message: `Age band ${i + 1} has a lower ${label}allowance than the younger band before it; allowances may only rise with age.`,
          });
      }
    }
  });

  const ratio = AGE_BAND_MAX_RATIO.value;
  for (const { key, label } of TIER_COLUMNS) {
    const youngest = bands[0][key];
    const oldest = bands[bands.length - 1][key];
    if (youngest === undefined || oldest === undefined) continue;
    if (oldest > youngest * ratio)
      problems.push({
        band: bands.length - 1,
        message: `The oldest band's ${label}allowance may be at most ${ratio} times the youngest band's (${formatCents(youngest * ratio)} here); it is ${formatCents(oldest)}.`,
      });
  }
  return problems;
}

/** Index of the band covering this age, or -1 when none does. */
function bandIndexForAge(bands: readonly Pick<AgeBand, "minAge" | "maxAge">[], age: number): number {
  return bands.findIndex((b) => age >= b.minAge && (b.maxAge === undefined || age <= b.maxAge));
}

/**
 * How many of these employees fall in each band, by their age on the first day of the
 * plan year (`planStart`), so each gets that band's allowance.
 */
export function bandHeadcounts(
  bands: readonly Pick<AgeBand, "minAge" | "maxAge">[],
  datesOfBirth: readonly string[],
  planStart: string,
): number[] {
  const counts = bands.map(() => 0);
  for (const dob of datesOfBirth) {
    const index = bandIndexForAge(bands, ageOn(dob, planStart));
    if (index !== -1) counts[index] += 1;
  }
  return counts;
}

/**
 * Age in whole years on a date ('YYYY-MM-DD' both). Allowances use the age on the first
 * day of the plan year (a safe harbor), so one allowance holds for the whole year.
 */
export function ageOn(dateOfBirth: string, onDate: string): number {
  const [by, bm, bd] = dateOfBirth.split("-").map(Number);
  const [y, m, d] = onDate.split("-").map(Number);
  const hadBirthday = m > bm || (m === bm && d >= bd);
  return y - by - (hadBirthday ? 0 : 1);
}

/** Amounts as the API and forms carry them (dollars) → cents, leaving out the family sizes not given. */
export function amountsInCents(amounts: { allowanceAmount: number; individualPlus1Amount?: number; familyAmount?: number }) {
  return {
    allowanceCents: toCents(amounts.allowanceAmount),
    ...(amounts.individualPlus1Amount === undefined ? {} : { individualPlus1Cents: toCents(amounts.individualPlus1Amount) }),
    ...(amounts.familyAmount === undefined ? {} : { familyCents: toCents(amounts.familyAmount) }),
  };
}

/** Cents → the dollars the API and forms carry, leaving out the family sizes not set. */
export function amountsInDollars(amounts: { allowanceCents: number; individualPlus1Cents?: number; familyCents?: number }) {
  return {
    allowanceAmount: toDollars(amounts.allowanceCents),
    ...(amounts.individualPlus1Cents === undefined ? {} : { individualPlus1Amount: toDollars(amounts.individualPlus1Cents) }),
    ...(amounts.familyCents === undefined ? {} : { familyAmount: toDollars(amounts.familyCents) }),
  };
}

/** Bands as the API and forms carry them (dollars) → bands in cents. */
export const ageBandsInCents = (
  bands: readonly { minAge: number; maxAge?: number; allowanceAmount: number; individualPlus1Amount?: number; familyAmount?: number }[],
): AgeBand[] => bands.map((b) => ({ minAge: b.minAge, ...(b.maxAge === undefined ? {} : { maxAge: b.maxAge }), ...amountsInCents(b) }));

/**
 * The problems as `{ field: message }` for a 400 answer or a form, under `prefix`
 * (e.g. `employeeClasses.0.ageBands`): `prefix.N` for one band, `prefix` for the whole.
 */
export function ageBandFieldErrors(bands: readonly AgeBand[], prefix: string): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const problem of checkAgeBands(bands)) {
    const field = problem.band === null ? prefix : `${prefix}.${problem.band}`;
    errors[field] = errors[field] ? `${errors[field]} ${problem.message}` : problem.message;
  }
  return errors;
}
