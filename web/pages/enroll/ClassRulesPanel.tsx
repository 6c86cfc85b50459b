// The employer's size and the classes that keep a traditional group plan: the two facts the
// minimum class size rule needs (54.9802-4(d)(3)). The size floor is checked here against
// the census headcounts with the same function the server uses.

import { fullTimeLeftOut } from "@src/modules/compliance/class-checks";
import { checkClassSizes } from "@src/modules/compliance/class-size";
import { ALE_FTE_THRESHOLD, ALE_OFFER_SHARE_BP, percentLabel } from "@src/modules/compliance/rules";
import type { EnrollmentRead } from "@src/modules/enrollments/model";
import { useMemo } from "react";
import { ClassRulesNotice } from "../../components/compliance/ClassRulesNotice";
import { Heading, type HeadingLevel } from "../../components/compliance/Heading";
import { TextField } from "../../components/forms/Field";
import { useEnrollment } from "../../lib/use-enrollment";
import type { ClassDraft, GroupPlanDraft } from "../../state/enrollment";
import { BasisField } from "./BasisField";

/**
 * What the minimum class size counts, as the server does: the census employees employed on the
 * plan year's first day, in all and by class (someone hired later is not counted), and how
 * many rows the census has (none: nothing to measure).
 */
export interface CensusHeadcounts {
  rows: number;
  total: number;
  byClass: ReadonlyMap<string, number>;
}

export const headcountsOf = (e: EnrollmentRead): CensusHeadcounts => ({
  rows: e.census.count,
  total: e.census.firstDay,
  byClass: new Map(e.employeeClasses.map((c) => [c.name, c.firstDayHeadcount])),
});

/** The census headcounts the server holds for this enrollment, once there is a census. */
export function useCensusHeadcounts(enrollmentId: number | null, hasCensus: boolean): CensusHeadcounts | null {
  const load = useEnrollment(enrollmentId && hasCensus ? enrollmentId : null);
  // Without the counts (not loaded, or the read failed) the server still checks on save; nothing to tell the person here.
  const enrollment = load.status === "ready" ? load.value : null;
  return useMemo(() => (enrollment ? headcountsOf(enrollment) : null), [enrollment]);
}

/** The size floor measured on the employer's expected headcount (not the census's) and each class's census headcount. */
export function classSizeShortfalls(
  classes: readonly ClassDraft[],
  counts: CensusHeadcounts | null,
  totalEmployees: number,
  offersGroupPlan: boolean,
) {
  if (!counts || counts.rows === 0 || !(totalEmployees > 0)) return [];
  return checkClassSizes(
    classes.map((c) => ({ name: c.name, bases: c.basis ?? [], headcount: counts.byClass.get(c.name) ?? 0 })),
    totalEmployees,
    offersGroupPlan,
  );
}

const emptyGroup = (): GroupPlanDraft => ({ name: "", basis: [], headcount: "" });

/** The size brackets of registration as a first guess at the headcount: the bracket's top. */
export function sizeGuess(size: string): string {
  const match = /^(\d+)-(\d+)$/.exec(size) ?? /^(\d+)\+$/.exec(size);
  return match ? (match[2] ?? match[1]) : "";
}

export function ClassRulesPanel(props: {
  classes: readonly ClassDraft[];
  totalEmployees: string;
  onTotalEmployees: (value: string) => void;
  groupPlanClasses: readonly GroupPlanDraft[];
  onGroupPlanClasses: (groups: GroupPlanDraft[]) => void;
  counts: CensusHeadcounts | null;
  /** The server's field errors (`totalEmployees`, `groupPlanClasses.N...`). */
  errors?: Record<string, string>;
  /** The registration's size bracket, shown as a first guess. */
  sizeBracket?: string;
  headingLevel?: HeadingLevel;
}) {
  const { classes, totalEmployees, groupPlanClasses, counts, errors = {}, headingLevel = 3 } = props;
  const total = Number(totalEmployees);
  const shortfalls = classSizeShortfalls(classes, counts, total, groupPlanClasses.length > 0);
  const setGroup = (index: number, change: Partial<GroupPlanDraft>) =>
    props.onGroupPlanClasses(groupPlanClasses.map((g, i) => (i === index ? { ...g, ...change } : g)));
  const guess = props.sizeBracket ? sizeGuess(props.sizeBracket) : "";
  const censusNote = counts && counts.total > 0 ? ` Your census lists ${counts.total} employed that day; the total cannot be fewer.` : "";
  return (
    <div class="class-rules-panel">
      <Heading level={headingLevel} id="employer-size-title">
        Your employees and any group plan
      </Heading>
      <TextField
        id="total-employees"
        label="Employees on the first day of the plan year"
        type="number"
        inputMode="numeric"
        min="1"
        step="1"
        required
        value={totalEmployees}
        error={errors.totalEmployees}
        hint={`Everyone you reasonably expect to employ that day, in any class, on a group plan or in none.${guess ? ` You registered as ${props.sizeBracket} employees${totalEmployees === guess ? `, so ${guess} is filled in to start from: put your own count` : ""}.` : ""}${censusNote}`}
        onInput={props.onTotalEmployees}
      />
      <fieldset class="group-plan-classes" aria-describedby="group-plan-hint">
        <legend>Classes that keep a traditional group health plan</legend>
        <small id="group-plan-hint">
          If some employees stay on a group health plan, list their classes. A class offered the ICHRA cannot also be offered the group
          plan, and ICHRA classes based on full-time or part-time status, pay type or an area smaller than a state then need a minimum
          number of employees.
        </small>
        {groupPlanClasses.length > 0 && (
          <ol class="group-plan-rows">
            {groupPlanClasses.map((group, index) => (
              <li key={index} class="group-plan-row">
                <div class="grid">
                  <TextField
                    id={`group-${index}-name`}
                    label={`Group-plan class ${index + 1}: name`}
                    required
                    value={group.name}
                    error={errors[`groupPlanClasses.${index}.name`]}
                    onInput={(name) => setGroup(index, { name })}
                    maxLength={200}
                  />
                  <TextField
                    id={`group-${index}-headcount`}
                    label={`Group-plan class ${index + 1}: employees`}
                    type="number"
                    inputMode="numeric"
                    min="0"
                    step="1"
                    required
                    value={group.headcount}
                    error={errors[`groupPlanClasses.${index}.headcount`]}
                    onInput={(headcount) => setGroup(index, { headcount })}
                  />
                </div>
                <BasisField
                  idPrefix={`group-${index}-basis`}
                  legend={`Group-plan class ${index + 1}: based on`}
                  value={group.basis}
                  error={errors[`groupPlanClasses.${index}.basis`]}
                  onChange={(basis) => setGroup(index, { basis })}
                />
                <button
                  type="button"
                  class="secondary outline remove-group"
                  onClick={() => props.onGroupPlanClasses(groupPlanClasses.filter((_, i) => i !== index))}
                >
                  Remove group-plan class {index + 1}
                </button>
              </li>
            ))}
          </ol>
        )}
        <div class="band-actions">
          <button
            type="button"
            class="secondary outline add-group"
            onClick={() => props.onGroupPlanClasses([...groupPlanClasses, emptyGroup()])}
          >
            Add a group-plan class
          </button>
        </div>
      </fieldset>
      <div aria-live="polite">
        {total >= ALE_FTE_THRESHOLD.value && fullTimeLeftOut(classes, groupPlanClasses) && (
          <p class="notice notice-warning ale-warning">
            No class offers your full-time employees anything. With {total} employees you may be an applicable large employer (
            {ALE_FTE_THRESHOLD.value} or more full-time equivalents): one that does not offer coverage to at least{" "}
            {percentLabel(ALE_OFFER_SHARE_BP.value)} of its full-time employees owes the §4980H(a) penalty (26 CFR 54.4980H-4(a)). Add a
            class for them, on the ICHRA or a group plan.
          </p>
        )}
        {counts && (
          <ClassRulesNotice shortfalls={shortfalls} totalHeadcount={total} headingLevel={Math.min(headingLevel + 1, 4) as HeadingLevel} />
        )}
      </div>
    </div>
  );
}
