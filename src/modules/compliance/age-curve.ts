// The federal default age curve (45 CFR 147.102(d); CMS default curve for plan years from
// 2018), as a one-click band set: each band's allowance is the class's age-21 amount times
// the curve's factor at the band's first age. The curve runs from 0.765 (ages 0–14) to
// 3.000 (64 and over), a ratio of 3.92; an ICHRA's oldest allowance may be at most 3 times
// its youngest (54.9802-4(c)(3)(iii)), so factors below a third of the oldest are raised to
// it, which changes only the bands under age 21.
import type { BandTerms, TierCents } from "./allowance";
import { AGE_BAND_MAX_RATIO } from "./rules";

export const FEDERAL_AGE_CURVE_SOURCE =
  "45 CFR 147.102(d); CMS, Guidance Regarding Age Curves and State Reporting (default federal standard age curve, from 2018)";

/** Factor in thousandths (1.000 = 1000) by age; 64 stands for 64 and over. */
export const FEDERAL_AGE_CURVE: Readonly<Record<number, number>> = {
  ...Object.fromEntries(Array.from({ length: 15 }, (_, age) => [age, 765])),
  15: 833,
  16: 859,
  17: 885,
  18: 913,
  19: 941,
  20: 970,
  21: 1000,
  22: 1000,
  23: 1000,
  24: 1000,
  25: 1004,
  26: 1024,
  27: 1048,
  28: 1087,
  29: 1119,
  30: 1135,
  31: 1159,
  32: 1183,
  33: 1198,
  34: 1214,
  35: 1222,
  36: 1230,
  37: 1238,
  38: 1246,
  39: 1262,
  40: 1278,
  41: 1302,
  42: 1325,
  43: 1357,
  44: 1397,
  45: 1444,
  46: 1500,
  47: 1563,
  48: 1635,
  49: 1706,
  50: 1786,
  51: 1865,
  52: 1952,
  53: 2040,
  54: 2135,
  55: 2230,
  56: 2333,
  57: 2437,
  58: 2548,
  59: 2603,
  60: 2714,
  61: 2810,
  62: 2873,
  63: 2952,
  64: 3000,
};

/** The first age of each band of the one-click set: ten bands, five years wide in working ages. */
export const FEDERAL_CURVE_BAND_STARTS = [0, 25, 30, 35, 40, 45, 50, 55, 60, 64] as const;

const factorAt = (age: number) => FEDERAL_AGE_CURVE[Math.min(age, 64)];

/** The band factors (thousandths), the young ones raised so the oldest is at most 3× the youngest. */
export function federalCurveFactors(): number[] {
  const raw = FEDERAL_CURVE_BAND_STARTS.map(factorAt);
  const floor = Math.ceil(Math.max(...raw) / AGE_BAND_MAX_RATIO.value);
  return raw.map((f) => Math.max(f, floor));
}

/** cents × factor/1000, rounded half up to the cent. */
const scale = (cents: number, factor: number) => Math.round((cents * factor) / 1000);

/**
 * The band set for a class whose age-21 amounts are `base` (self only, and the family sizes
 * when the class has them): youngest first, the oldest open-ended.
 */
export function federalCurveBands(base: TierCents): BandTerms[] {
  const factors = federalCurveFactors();
  return FEDERAL_CURVE_BAND_STARTS.map((minAge, i) => {
    const next = FEDERAL_CURVE_BAND_STARTS[i + 1];
    const band: BandTerms = { minAge, allowanceCents: scale(base.allowanceCents, factors[i]) };
    if (next !== undefined) band.maxAge = next - 1;
    if (base.individualPlus1Cents !== undefined) band.individualPlus1Cents = scale(base.individualPlus1Cents, factors[i]);
    if (base.familyCents !== undefined) band.familyCents = scale(base.familyCents, factors[i]);
    return band;
  });
}
