// The one allowance rule: what an employee of a class is offered a month. Within a class
// the amount may differ only by age (on the first day of the plan year) and by how many
// people the employee covers, and new hires may be given the terms of the class's new-hire
// subclass (54.9802-4(c)(3), (d)(5)). Every screen, email and payment reads it from here.
import { ageOn } from "./age-bands";

export const COVERAGE_LEVELS = ["individual", "individualPlus1", "family"] as const;
export type CoverageLevel = (typeof COVERAGE_LEVELS)[number];

export const COVERAGE_LEVEL_LABELS: Readonly<Record<CoverageLevel, string>> = {
  individual: "Self only",
  individualPlus1: "Self + one",
  family: "Family",
};

/** Monthly amounts in cents for each family size; the larger ones absent when the class does not vary by family size. */
export interface TierCents {
  /** Self-only. */
  allowanceCents: number;
  individualPlus1Cents?: number;
  familyCents?: number;
}

export interface BandTerms extends TierCents {
  /** First age in the band, inclusive. */
  minAge: number;
  /** Last age, inclusive; absent on the oldest band, which is open-ended. */
  maxAge?: number;
}

/** The allowance terms of a class, or of its new-hire subclass. */
export interface AllowanceTerms extends TierCents {
  ageBands?: readonly BandTerms[];
}

/** A class as stored: its terms, and optionally different terms for employees hired on or after a date. */
export interface AllowanceClass extends AllowanceTerms {
  newHires?: AllowanceTerms & { hiredOnOrAfter: string };
}

/** The amount of one family size, falling back to the next smaller one the terms state. */
export function tierCents(amounts: TierCents, level: CoverageLevel): number {
  if (level === "family") return amounts.familyCents ?? amounts.individualPlus1Cents ?? amounts.allowanceCents;
  if (level === "individualPlus1") return amounts.individualPlus1Cents ?? amounts.allowanceCents;
  return amounts.allowanceCents;
}

/** Whether an employee hired on `hireDate` is in the class's new-hire subclass. */
export function isNewHire(cls: Pick<AllowanceClass, "newHires">, hireDate: string | null | undefined): boolean {
  return Boolean(cls.newHires && hireDate && hireDate >= cls.newHires.hiredOnOrAfter);
}

/** The terms that apply to an employee: the new-hire subclass's when they belong to it, else the class's. */
export function termsFor(cls: AllowanceClass, hireDate: string | null | undefined): AllowanceTerms {
  return isNewHire(cls, hireDate) && cls.newHires ? cls.newHires : cls;
}

/** The band covering an age, or undefined when the terms have no bands (or none covers it). */
export function bandFor(terms: AllowanceTerms, age: number): BandTerms | undefined {
  return terms.ageBands?.find((b) => age >= b.minAge && (b.maxAge === undefined || age <= b.maxAge));
}

/**
 * The monthly allowance in cents of an employee of this class:
 * - `dateOfBirth` ('YYYY-MM-DD'): their age on `planYearStart` picks the age band (a safe
 *   harbor: one amount for the whole plan year); unknown, or a class without bands, takes
 *   the class's own amounts;
 * - `coverageLevel`: self only, self + one, or family, when the class varies by family size;
 * - `planYearStart` ('YYYY-MM-DD'): the first day of the plan year (the enrollment's
 *   effective date, or its anniversary);
 * - `hireDate` ('YYYY-MM-DD', optional): places new hires in the class's new-hire subclass.
 */
export function monthlyAllowanceCents(
  cls: AllowanceClass,
  dateOfBirth: string | null | undefined,
  coverageLevel: CoverageLevel,
  planYearStart: string,
  hireDate?: string | null,
): number {
  const terms = termsFor(cls, hireDate);
  const band = dateOfBirth ? bandFor(terms, ageOn(dateOfBirth, planYearStart)) : undefined;
  return tierCents(band ?? terms, coverageLevel);
}

/** Whether the terms vary by family size. */
export const hasTiers = (amounts: TierCents): boolean => amounts.individualPlus1Cents !== undefined || amounts.familyCents !== undefined;
