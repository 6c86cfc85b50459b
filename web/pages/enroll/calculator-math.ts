// The plan step's calculators (spec §5 and §9).

export const DEFAULT_EMPLOYEES = 10;
export const MAX_EMPLOYEES = 100_000;
export const SLIDER_MAX = 500;

/** Employee count as typed: digits only, empty → 0, capped at 100,000. */
export function employeeCount(typed: string): number {
  const digits = typed.replace(/\D/g, "");
  if (!digits) return 0;
  return Math.min(Number.parseInt(digits, 10), MAX_EMPLOYEES);
}

/** Contribution per employee as typed: a decimal number, empty → 0. */
export function contribution(typed: string): number {
  const n = Number.parseFloat(typed);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/** Monthly cost in dollars, rounded to cents. */
export const monthlyCost = (employees: number, perEmployee: number) => Math.round(employees * perEmployee * 100) / 100;
export const annualCost = (employees: number, perEmployee: number) => Math.round(employees * perEmployee * 12 * 100) / 100;

/** Mean allowance of the classes, no decimals (the Average row). */
export function averageAllowance(amounts: number[]): number {
  if (amounts.length === 0) return 0;
  return Math.round(amounts.reduce((a, b) => a + b, 0) / amounts.length);
}
