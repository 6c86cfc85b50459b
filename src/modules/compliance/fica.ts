// Employer payroll tax (FICA) saved by paying health dollars as ICHRA reimbursements,
// which are free of payroll tax, instead of as the same amount of taxable wages.
import { FICA_RULE_OF_THUMB_PER_EMPLOYEE_CENTS, MEDICARE_RATE_BP, SOCIAL_SECURITY_RATE_BP, socialSecurityWageBaseCents } from "./rules";

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
}

/** Half-up rounding of cents × basis points, in integers. */
const applyRate = (cents: number, bp: number) => Math.round((cents * bp) / 10_000);

/**
 * The exact estimate: per employee, Social Security (6.2%) on the part of the
 * reimbursement that would have fallen under the plan year's wage base, plus Medicare
 * (1.45%, no cap) on all of it.
 */
export function ficaSavingsExact({ planYear, employees }: { planYear: number; employees: readonly FicaEmployee[] }): FicaSavings {
  const wageBase = socialSecurityWageBaseCents(planYear);
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
  };
}

/** The product's rule of thumb: 826 dollars per employee per year. */
export const ficaSavingsRuleOfThumb = (employeeCount: number): number => employeeCount * FICA_RULE_OF_THUMB_PER_EMPLOYEE_CENTS.value;
