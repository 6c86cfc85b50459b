// The projected monthly cost of the allowances: each class's amounts × its census headcount,
// band by band, and the new-hire subclass apart. Employees choose their coverage level only
// when they register, so the cost is given for everyone at self only and for everyone at
// the family amount: the range the budget must cover.
import { toCents, toDollars } from "../../lib/money";
import type { CoverageLevel } from "./allowance";

interface Amounts {
  allowanceAmount: number;
  individualPlus1Amount?: number;
  familyAmount?: number;
}
interface Band extends Amounts {
  headcount: number;
}
export interface CostedClass extends Amounts {
  headcount: number;
  ageBands?: readonly Band[];
  newHires?: Amounts & { headcount: number; ageBands?: readonly Band[] };
}

const amountAt = (a: Amounts, level: CoverageLevel) =>
  level === "family"
    ? (a.familyAmount ?? a.individualPlus1Amount ?? a.allowanceAmount)
    : level === "individualPlus1"
      ? (a.individualPlus1Amount ?? a.allowanceAmount)
      : a.allowanceAmount;

function termsCost(terms: Amounts & { ageBands?: readonly Band[] }, members: number, level: CoverageLevel): number {
  if (terms.ageBands?.length) return terms.ageBands.reduce((sum, b) => sum + toCents(amountAt(b, level)) * b.headcount, 0);
  return toCents(amountAt(terms, level)) * members;
}

/** The monthly cost in dollars if every employee chose `level`. */
export function projectedMonthlyCost(classes: readonly CostedClass[], level: CoverageLevel = "individual"): number {
  const total = classes.reduce((sum, c) => {
    const newHires = c.newHires?.headcount ?? 0;
    return sum + termsCost(c, c.headcount - newHires, level) + (c.newHires ? termsCost(c.newHires, newHires, level) : 0);
  }, 0);
  return toDollars(total);
}
