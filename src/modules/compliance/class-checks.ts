// One call for a classes endpoint or form: every compliance problem in a list of employee
// classes as `{ field: message }`, in the shape the 400 answers and the forms show.
import { type AgeBand, ageBandFieldErrors } from "./age-bands";
import { checkClassSizes } from "./class-size";
import type { ClassBasis } from "./rules";

export interface ClassToCheck {
  name: string;
  /** What the class is based on: one basis, or several for a combination. */
  basis?: readonly ClassBasis[];
  ageBands?: readonly AgeBand[];
  /** Employees in this class from the census (0 when there is no census yet). */
  headcount: number;
}

/**
 * Age-band problems under `prefix.N.ageBands[.M]`, class size shortfalls under
 * `prefix.N.basis`. Empty when the classes comply.
 */
export function classComplianceErrors(
  classes: readonly ClassToCheck[],
  { totalHeadcount, offersGroupPlan, prefix = "employeeClasses" }: { totalHeadcount: number; offersGroupPlan: boolean; prefix?: string },
): Record<string, string> {
  const errors: Record<string, string> = {};
  classes.forEach((cls, i) => {
    if (cls.ageBands?.length) Object.assign(errors, ageBandFieldErrors(cls.ageBands, `${prefix}.${i}.ageBands`));
  });
  const sized = classes.map((cls) => ({ name: cls.name, bases: cls.basis ?? [], headcount: cls.headcount }));
  for (const shortfall of checkClassSizes(sized, totalHeadcount, offersGroupPlan))
    errors[`${prefix}.${shortfall.index}.basis`] = shortfall.message;
  return errors;
}
