// The minimum class size rule: when an employer also offers a traditional group plan to
// another class, small ICHRA classes built on work status, pay type or a sub-state area
// could be used to sort sicker employees out of the group plan, so they need a floor.

import { plural } from "../../lib/plural";
import { CLASS_BASIS_LABELS, CLASS_SIZE_BASES, CLASS_SIZE_EXEMPT_COMBINATION, type ClassBasis, MINIMUM_CLASS_SIZE as RULE } from "./rules";

/** The minimum number of employees a class needs, by the employer's total headcount. */
export function minimumClassSize(headcount: number): number {
  if (headcount < RULE.smallEmployerBelow) return RULE.smallEmployerMinimum;
  if (headcount <= RULE.midEmployerUpTo) return Math.floor((headcount * RULE.midEmployerShareBp) / 10_000);
  return RULE.largeEmployerMinimum;
}

/** How the minimum was worked out, in words, for the headcount given. */
function minimumClassSizeReason(headcount: number): string {
  if (headcount < RULE.smallEmployerBelow)
    return `employers with fewer than ${RULE.smallEmployerBelow} employees need at least ${RULE.smallEmployerMinimum} in each such class`;
  if (headcount <= RULE.midEmployerUpTo)
    return `employers with ${RULE.smallEmployerBelow} to ${RULE.midEmployerUpTo} employees need 10% of their headcount, rounded down (${minimumClassSize(headcount)} for ${headcount})`;
  return `employers with more than ${RULE.midEmployerUpTo} employees need at least ${RULE.largeEmployerMinimum} in each such class`;
}

/**
 * Whether the minimum applies to a class with these bases: only when a group plan is
 * offered to another class, only to classes built (wholly or in part) on full-time,
 * part-time, salaried, non-salaried or a sub-state area, and never when combined with
 * the waiting-period class.
 */
export function classSizeApplies(bases: readonly ClassBasis[], offersGroupPlan: boolean): boolean {
  if (!offersGroupPlan) return false;
  if (bases.includes(CLASS_SIZE_EXEMPT_COMBINATION)) return false;
  return bases.some((basis) => CLASS_SIZE_BASES.includes(basis));
}

export interface ClassForSizeCheck {
  name: string;
  bases: readonly ClassBasis[];
  /** Employees in this class from the census. */
  headcount: number;
}

export interface ClassSizeShortfall {
  /** Position of the class in the list checked. */
  index: number;
  className: string;
  headcount: number;
  minimum: number;
  message: string;
}

const describeBases = (bases: readonly ClassBasis[]) =>
  bases
    .filter((basis) => CLASS_SIZE_BASES.includes(basis))
    .map((basis) => CLASS_BASIS_LABELS[basis].toLowerCase())
    .join(" and ");

/**
 * Every class that falls short of the minimum, each with a plain-English explanation.
 * Sizes are measured on the census: with no census yet (a total of 0) there is nothing to
 * measure, so nothing falls short (finalize checks again once there is one).
 */
export function checkClassSizes(
  classes: readonly ClassForSizeCheck[],
  totalHeadcount: number,
  offersGroupPlan: boolean,
): ClassSizeShortfall[] {
  if (totalHeadcount === 0) return [];
  const minimum = minimumClassSize(totalHeadcount);
  const shortfalls: ClassSizeShortfall[] = [];
  classes.forEach((cls, index) => {
    if (!classSizeApplies(cls.bases, offersGroupPlan) || cls.headcount >= minimum) return;
    shortfalls.push({
      index,
      className: cls.name,
      headcount: cls.headcount,
      minimum,
      message:
        `The class "${cls.name}" has ${plural(cls.headcount, "employee")} but needs at least ${minimum}. ` +
        `Because you also offer a group health plan to another class, a class based on ${describeBases(cls.bases)} must meet the minimum class size: ` +
        `${minimumClassSizeReason(totalHeadcount)}. Merge it with another class, or define it differently.`,
    });
  });
  return shortfalls;
}
