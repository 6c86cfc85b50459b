// Employer payroll tax (FICA) saved by paying health dollars as ICHRA reimbursements,
// which are free of payroll tax, instead of as the same amount of taxable wages.
import { resolveFigure, type YearlyFigure } from "./figures";
import { FICA_RULE_OF_THUMB_PER_EMPLOYEE_CENTS, MEDICARE_RATE_BP, MissingFigureError, SOCIAL_SECURITY_RATE_BP } from "./rules";

export interface FicaEmployee {
  /** Taxable wages for the year, without the reimbursements. */
  annualWagesCents: number;
  annualReimbursementCents: number;
}

export interface FicaSavings {
  totalCents: number;
  socialSecurityCents: number;
  medicareCents: number;
  wageBaseCents: number;
  wageBaseSource: string;
  /** The year whose wage base is used. */
  wageBaseYear: number;
  /** Said on screen when an earlier year's wage base stands in for one not yet published. */
  note: string | null;
}

/** Half-up rounding of cents × basis points, in integers. */
const applyRate = (cents: number, bp: number) => Math.round((cents * bp) / 10_000);

/**
 * The exact estimate: per employee, Social Security (6.2%) on the part of the
 * reimbursement that would have fallen under the plan year's wage base, plus Medicare
 * (1.45%, no cap) on all of it.
 */
export function ficaSavingsExact(
  { planYear, employees }: { planYear: number; employees: readonly FicaEmployee[] },
  figures: readonly YearlyFigure[],
): FicaSavings {
  const wageBase = resolveFigure(figures, "social-security-wage-base", planYear);
  if (!wageBase) throw new MissingFigureError(`No Social Security wage base is on file for ${planYear} or any year before it.`);
  let socialSecurityCents = 0;
  let medicareCents = 0;
  for (const { annualWagesCents: wages, annualReimbursementCents: reimbursement } of employees) {
    const underCap = Math.min(wages + reimbursement, wageBase.value) - Math.min(wages, wageBase.value);
    socialSecurityCents += applyRate(underCap, SOCIAL_SECURITY_RATE_BP.value);
    medicareCents += applyRate(reimbursement, MEDICARE_RATE_BP.value);
  }
  return {
    totalCents: socialSecurityCents + medicareCents,
    socialSecurityCents,
    medicareCents,
    wageBaseCents: wageBase.value,
    wageBaseSource: wageBase.source,
    wageBaseYear: wageBase.year,
    note: wageBase.note && `Wage base: ${wageBase.note}`,
  };
}

/** The product's rule of thumb: 826 dollars per employee per year. */
export const ficaSavingsRuleOfThumb = (employeeCount: number): number => employeeCount * FICA_RULE_OF_THUMB_PER_EMPLOYEE_CENTS.value;
