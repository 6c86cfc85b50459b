// The employer's size and the classes that keep a traditional group plan, as dt/dd pairs
// for a summary-list: the facts the minimum class size rule is measured on.
import type { EnrollmentRead } from "@src/modules/enrollments/model";
import { plural } from "../../lib/plural";
import { basisText } from "../../pages/enroll/BasisField";

export function EmployerSizeRows({ enrollment }: { enrollment: Pick<EnrollmentRead, "totalEmployees" | "groupPlanClasses"> }) {
  return (
    <>
      <dt>Employees on the first day of the plan year</dt>
      <dd>{enrollment.totalEmployees === null ? "Not given yet" : enrollment.totalEmployees}</dd>
      <dt>Classes keeping a group health plan</dt>
      <dd>
        {enrollment.groupPlanClasses.length === 0
          ? "None"
          : enrollment.groupPlanClasses
              .map((g) => `${g.name} (${basisText(g.basis) ?? "basis not given"}; ${plural(g.headcount, "employee")})`)
              .join("; ")}
      </dd>
    </>
  );
}
