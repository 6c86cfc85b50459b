// The "we also offer a group plan" question, and the minimum class size rule it brings in,
// checked against the census headcounts with the same function the server uses.

import { checkClassSizes } from "@src/modules/compliance/class-size";
import type { EnrollmentRead } from "@src/modules/enrollments/model";
import { useMemo } from "react";
import { ClassRulesNotice } from "../../components/compliance/ClassRulesNotice";
import type { HeadingLevel } from "../../components/compliance/Heading";
import { useEnrollment } from "../../lib/use-enrollment";
import type { ClassDraft } from "../../state/enrollment";

export interface CensusHeadcounts {
  /** Census employees in all, counted on every class the census names. */
  total: number;
  byClass: ReadonlyMap<string, number>;
}

export const headcountsOf = (e: EnrollmentRead): CensusHeadcounts => ({
  total: e.census.count,
  byClass: new Map(e.employeeClasses.map((c) => [c.name, c.headcount])),
});

/** The census headcounts the server holds for this enrollment, once there is a census. */
export function useCensusHeadcounts(enrollmentId: number | null, hasCensus: boolean): CensusHeadcounts | null {
  const load = useEnrollment(enrollmentId && hasCensus ? enrollmentId : null);
  // Without the counts (not loaded, or the read failed) the server still checks on save; nothing to tell the person here.
  const enrollment = load.status === "ready" ? load.enrollment : null;
  return useMemo(() => (enrollment ? headcountsOf(enrollment) : null), [enrollment]);
}

export function classSizeShortfalls(classes: readonly ClassDraft[], counts: CensusHeadcounts | null, offersGroupPlan: boolean) {
  if (!counts) return [];
  return checkClassSizes(
    classes.map((c) => ({ name: c.name, bases: c.basis ?? [], headcount: counts.byClass.get(c.name) ?? 0 })),
    counts.total,
    offersGroupPlan,
  );
}

export function ClassRulesPanel(props: {
  classes: readonly ClassDraft[];
  offersGroupPlan: boolean;
  onChange: (offers: boolean) => void;
  counts: CensusHeadcounts | null;
  headingLevel?: HeadingLevel;
}) {
  const { classes, offersGroupPlan, onChange, counts, headingLevel = 3 } = props;
  const shortfalls = classSizeShortfalls(classes, counts, offersGroupPlan);
  return (
    <div class="class-rules-panel">
      <label for="offers-group-plan">
        <input
          type="checkbox"
          id="offers-group-plan"
          name="offersGroupPlan"
          checked={offersGroupPlan}
          aria-describedby="offers-group-plan-hint"
          onChange={(e) => onChange((e.currentTarget as HTMLInputElement).checked)}
        />
        We also offer a traditional group health plan to another class
      </label>
      <small id="offers-group-plan-hint">
        {offersGroupPlan && (!counts || counts.total === 0)
          ? "Classes based on full-time or part-time status, salaried or hourly pay, or an area smaller than a state then need a minimum number of employees. We check each class against your employee census once it is uploaded, and again when you submit."
          : "A class offered the ICHRA cannot also be offered the group plan."}
      </small>
      <div aria-live="polite">
        {counts && <ClassRulesNotice shortfalls={shortfalls} totalHeadcount={counts.total} headingLevel={headingLevel} />}
      </div>
    </div>
  );
}
