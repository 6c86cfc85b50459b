// One call for a classes endpoint or form: every compliance problem in a list of employee
// classes (and the classes that keep a traditional group plan) as `{ field: message }`, in
// the shape the 400 answers and the forms show. Each rule cites its paragraph of
// 26 CFR 54.9802-4 in ichra-rules.md.
import { stateOfZip } from "../../lib/zip-states";
import { sameClassName } from "../enrollments/classes";
import { ageBandFieldErrors } from "./age-bands";
import { type AllowanceTerms, hasTiers, type TierCents } from "./allowance";
import { checkClassSizes } from "./class-size";
import { CLASS_BASIS_LABELS, type ClassBasis, GEOGRAPHIC_BASES } from "./rules";

/** Where a class's employees work, for classes based on a state, a region of states or a rating area. */
export interface ClassGeography {
  /** The state (one) or the states of a multi-state region. */
  states?: readonly string[];
  /** A rating area's three-digit ZIP prefixes (all in one state). */
  ratingAreaZips?: readonly string[];
}

/** A census employee's place of work, for the geographic checks. */
export interface Workplace {
  /** Spreadsheet row. */
  row: number;
  workZip: string;
}

export interface ClassToCheck extends AllowanceTerms, ClassGeography {
  name: string;
  /** What the class is based on: one basis, or several for a combination. */
  basis?: readonly ClassBasis[];
  newHires?: AllowanceTerms & { hiredOnOrAfter: string };
  /** Employees in this class from the census (0 when there is no census yet). */
  headcount: number;
  /** The census employees of this class and where they work (none when there is no census yet). */
  workplaces?: readonly Workplace[];
}

/** A class that keeps the traditional group plan: never also offered the ICHRA. */
export interface GroupPlanClassToCheck extends ClassGeography {
  name: string;
  basis?: readonly ClassBasis[];
  headcount: number;
}

export const MISSING_BASIS_MESSAGE = (name: string) =>
  `The class "${name}" must be based on at least one of the permitted employee classes (26 CFR 54.9802-4(d)(2)), or a combination of them. Choose what it is based on.`;

const listed = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;

/** Amounts may rise with family size only: self only ≤ self + one ≤ family. */
function tierProblem(amounts: TierCents, what: string): string | null {
  const plusOne = amounts.individualPlus1Cents;
  const family = amounts.familyCents;
  if (plusOne !== undefined && plusOne < amounts.allowanceCents)
    return `${what}: the self + one allowance may not be less than the self-only allowance; amounts may only rise with the number of people covered.`;
  if (family !== undefined && family < (plusOne ?? amounts.allowanceCents))
    return `${what}: the family allowance may not be less than the ${plusOne === undefined ? "self-only" : "self + one"} allowance; amounts may only rise with the number of people covered.`;
  return null;
}

/** The family-size and age rules of one set of terms (a class's, or its new-hire subclass's). */
function termsErrors(terms: AllowanceTerms, what: string, prefix: string): Record<string, string> {
  const errors: Record<string, string> = {};
  const own = tierProblem(terms, what);
  if (own) errors[`${prefix}.allowanceAmount`] = own;
  const bands = terms.ageBands ?? [];
  if (bands.length === 0) return errors;
  Object.assign(errors, ageBandFieldErrors(bands, `${prefix}.ageBands`));
  const tiered = hasTiers(terms);
  bands.forEach((band, i) => {
    const field = `${prefix}.ageBands.${i}`;
    const add = (message: string) => {
      errors[field] = errors[field] ? `${errors[field]} ${message}` : message;
    };
    if (tiered !== hasTiers(band) || (band.individualPlus1Cents === undefined) !== (terms.individualPlus1Cents === undefined))
      add(
        tiered
          ? `Age band ${i + 1} needs the same family sizes as the class (self + one and family amounts), since the class's allowance varies by family size.`
          : `Age band ${i + 1} has family-size amounts, but the class does not vary by family size; set them on the class too.`,
      );
    const problem = tierProblem(band, `Age band ${i + 1}`);
    if (problem) add(problem);
  });
  return errors;
}

/** A geographic class names where its employees work, and they all work there. */
function geographyErrors(cls: ClassToCheck, prefix: string): Record<string, string> {
  const errors: Record<string, string> = {};
  const bases = cls.basis ?? [];
  const states = cls.states ?? [];
  const zips = cls.ratingAreaZips ?? [];
  const field = `${prefix}.basis`;
  if (bases.includes("state") && states.length !== 1)
    errors[field] = `The class "${cls.name}" is based on a state: name the one state its employees work in.`;
  else if (bases.includes("multi-state-region") && states.length < 2)
    errors[field] = `The class "${cls.name}" is based on a multi-state region: name the states of the region (at least two).`;
  else if (bases.includes("rating-area")) {
    const areaStates = [...new Set(zips.map((z) => stateOfZip(z)))];
    if (zips.length === 0)
      errors[field] = `The class "${cls.name}" is based on a rating area: list the three-digit ZIP prefixes of the rating area.`;
    else if (areaStates.includes(null) || areaStates.length > 1)
      errors[field] =
        `The class "${cls.name}" is based on a rating area, which lies within one state; its ZIP prefixes ${listed(zips)} are not all in one state.`;
  }
  if (errors[field] || !bases.some((b) => GEOGRAPHIC_BASES.includes(b))) return errors;

  const outside = (cls.workplaces ?? []).filter((w) => workplaceProblem(cls, w.workZip) !== null);
  if (outside.length > 0) {
    const shown = outside
      .slice(0, 5)
      .map((w) => `row ${w.row} (work ZIP ${w.workZip}${stateOfZip(w.workZip) ? `, ${stateOfZip(w.workZip)}` : ""})`);
    errors[field] =
      `The class "${cls.name}" is for employees whose primary site of employment is in ${placeOf(cls)}, but ${outside.length === 1 ? "one census employee works" : `${outside.length} census employees work`} elsewhere: ${listed(shown)}${outside.length > 5 ? " and more" : ""}. Correct their work ZIP in the census, or move them to another class.`;
  }
  return errors;
}

const placeOf = (cls: ClassGeography & { basis?: readonly ClassBasis[] }) =>
  cls.basis?.includes("rating-area") ? `the rating area of ZIP prefixes ${listed(cls.ratingAreaZips ?? [])}` : listed(cls.states ?? []);

/**
 * Why a work ZIP does not belong in a geographic class (its state, region or rating area),
 * or null when it does or the class is not geographic.
 */
export function workplaceProblem(cls: ClassGeography & { name: string; basis?: readonly ClassBasis[] }, workZip: string): string | null {
  const bases = cls.basis ?? [];
  if (!bases.some((b) => GEOGRAPHIC_BASES.includes(b))) return null;
  const inside = bases.includes("rating-area")
    ? (cls.ratingAreaZips ?? []).some((prefix) => workZip.startsWith(prefix))
    : (cls.states ?? []).includes(stateOfZip(workZip) ?? "");
  if (inside) return null;
  const state = stateOfZip(workZip);
  return `Work ZIP ${workZip}${state ? ` (${state})` : ""} is outside ${placeOf(cls)}, where the class "${cls.name}" works`;
}

/** Two classes are the same class when they share a name, or are built on the same bases in the same place. */
/** Where a class is: its states (a rating area's is the one its ZIP prefixes are in) and a rating area's prefixes; null for anywhere. */
function whereOf(
  cls: { basis?: readonly ClassBasis[] } & ClassGeography,
): { states: readonly string[]; zips: readonly string[] | null } | null {
  const bases = cls.basis ?? [];
  if (!bases.some((b) => GEOGRAPHIC_BASES.includes(b))) return null;
  if (bases.includes("rating-area")) {
    const zips = cls.ratingAreaZips ?? [];
    return { states: zips.map((z) => stateOfZip(z)).filter((s): s is string => s !== null), zips };
  }
  return { states: cls.states ?? [], zips: null };
}

/** Whether some place is in both: the same rating-area prefix, a rating area in the other's state, a state in both. */
function placesMeet(a: NonNullable<ReturnType<typeof whereOf>>, b: NonNullable<ReturnType<typeof whereOf>>): boolean {
  if (a.zips && b.zips) return a.zips.some((z) => b.zips!.includes(z));
  return a.states.some((s) => b.states.includes(s));
}

/**
 * Whether two classes take in some of the same employees, as far as the product can tell: the
 * same name; or the same categories apart from where (a class of a place alone has everyone
 * there), in places that meet (a class with no place is everywhere, so "Full-time" meets
 * "Full-time in Texas", "Texas" meets "Full-time in Texas", and a Texas class meets a rating
 * area in Texas). An employee in both could be offered either's terms.
 */
function sameClass(a: { name: string; basis?: readonly ClassBasis[] } & ClassGeography, b: typeof a): boolean {
  if (sameClassName(a.name, b.name)) return true;
  const categories = (cls: typeof a) =>
    (cls.basis ?? [])
      .filter((basis) => !GEOGRAPHIC_BASES.includes(basis))
      .sort()
      .join();
  if (!a.basis?.length || !b.basis?.length) return false;
  // A class of a place alone ("Texas") is everyone there, whatever their category.
  if (categories(a) !== categories(b) && categories(a) !== "" && categories(b) !== "") return false;
  const whereA = whereOf(a);
  const whereB = whereOf(b);
  return !whereA || !whereB || placesMeet(whereA, whereB);
}

/** How two classes found the same are said to be so: the same name, the same bases, or places that meet. */
function sameness(a: { name: string; basis?: readonly ClassBasis[] }, b: typeof a): string {
  if (sameClassName(a.name, b.name)) return "same name";
  const same = [...(a.basis ?? [])].sort().join() === [...(b.basis ?? [])].sort().join();
  return same
    ? `both are ${basesText(a.basis)}`
    : `${basesText(a.basis)} and ${basesText(b.basis)} take in the same employees where both apply`;
}

const basesText = (bases: readonly ClassBasis[] | undefined) => (bases ?? []).map((b) => CLASS_BASIS_LABELS[b].toLowerCase()).join(" + ");

/**
 * Every problem, keyed like the payload: `prefix.N.basis` (basis, geography, size floor,
 * offered both), `prefix.N.allowanceAmount` and `prefix.N.ageBands[.M]` (same terms
 * within a class), `prefix.N.newHires...`, and `groupPlanClasses.N...`. Empty when the
 * classes comply.
 */
export function classComplianceErrors(
  classes: readonly ClassToCheck[],
  {
    totalEmployees,
    groupPlanClasses = [],
    censusCount,
    prefix = "employeeClasses",
  }: {
    /** The employees the employer expects on the first day of the plan year, all of them. */
    totalEmployees: number;
    groupPlanClasses?: readonly GroupPlanClassToCheck[];
    /** Employees on the census: with none yet, class sizes cannot be measured (finalize measures them). */
    censusCount: number;
    prefix?: string;
  },
): Record<string, string> {
  const errors: Record<string, string> = {};
  classes.forEach((cls, i) => {
    const at = `${prefix}.${i}`;
    if (!cls.basis?.length) errors[`${at}.basis`] = MISSING_BASIS_MESSAGE(cls.name);
    else Object.assign(errors, geographyErrors(cls, at));
    Object.assign(errors, termsErrors(cls, `The class "${cls.name}"`, at));
    if (cls.newHires) Object.assign(errors, termsErrors(cls.newHires, `The new-hire terms of "${cls.name}"`, `${at}.newHires`));
  });

  // Two ICHRA classes on the same bases in the same place are one permitted class split in two:
  // the employer would choose who gets which terms (54.9802-4(d)(2), and (c)(3)'s same terms).
  classes.forEach((cls, i) => {
    if (!cls.basis?.length) return;
    const twin = classes.findIndex((other, j) => j < i && sameClass(other, cls));
    if (twin === -1) return;
    errors[`${prefix}.${i}.basis`] ??=
      `The classes "${classes[twin]!.name}" and "${cls.name}" are the same class (${sameness(classes[twin]!, cls)}): everyone in a class is offered the ICHRA on the same terms, so make them one class, or base one on another category or another place (26 CFR 54.9802-4(d)(2)).`;
  });

  groupPlanClasses.forEach((group, g) => {
    const at = `groupPlanClasses.${g}`;
    if (!group.basis?.length) {
      errors[`${at}.basis`] = MISSING_BASIS_MESSAGE(group.name);
      return;
    }
    const twin = classes.findIndex((cls) => sameClass(cls, group));
    if (twin !== -1) {
      const cls = classes[twin];
      const message = `The class "${cls.name}" cannot be offered both the ICHRA and the group plan: the group-plan class "${group.name}" is the same class (${sameness(cls, group)}). A class offered the ICHRA cannot also be offered the group plan (26 CFR 54.9802-4(c)(2)).`;
      errors[`${at}.basis`] = message;
      errors[`${prefix}.${twin}.basis`] ??= message;
    }
  });

  if (censusCount === 0) return errors;
  const sized = classes.map((cls) => ({ name: cls.name, bases: cls.basis ?? [], headcount: cls.headcount }));
  for (const shortfall of checkClassSizes(sized, totalEmployees, groupPlanClasses.length > 0))
    errors[`${prefix}.${shortfall.index}.basis`] ??= shortfall.message;
  return errors;
}

/**
 * Whether every class, on the ICHRA or a group plan, is a part-time one: nothing is offered to
 * full-time employees, which for an applicable large employer brings the §4980H(a) penalty
 * unless 95% of them are offered coverage (26 CFR 54.4980H-4(a)). Said, not refused: the
 * headcount asked is not full-time equivalents, and coverage may come from elsewhere.
 */
export function fullTimeLeftOut(
  classes: readonly { basis?: readonly ClassBasis[] }[],
  groupPlanClasses: readonly { basis?: readonly ClassBasis[] }[],
): boolean {
  const all = [...classes, ...groupPlanClasses];
  return all.length > 0 && all.every((c) => c.basis?.includes("part-time"));
}
