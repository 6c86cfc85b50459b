// Employee classes as a table, with the Average row (mean allowance, no decimals) when
// there is more than one class. Used by the review step, the dashboard and the details page.
import { formatUsd, formatUsdWhole } from "../../../src/lib/money";
import { averageAllowance } from "./calculator-math";

export interface ClassRow {
  name: string;
  allowanceAmount: number;
  eligibilityRequirements?: string;
  headcount?: number;
}

export function ClassTable({ classes, caption, showHeadcount = false }: { classes: ClassRow[]; caption: string; showHeadcount?: boolean }) {
  return (
    <div class="table-scroll" role="region" aria-label={caption} tabIndex={0}>
      <table class="class-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Class</th>
            <th scope="col">Monthly Allowance</th>
            <th scope="col">Eligibility</th>
            {showHeadcount && <th scope="col">Employees</th>}
          </tr>
        </thead>
        <tbody>
          {classes.map((c, i) => (
            <tr key={`${c.name}-${i}`}>
              <th scope="row">{c.name}</th>
              <td>{formatUsd(c.allowanceAmount)}/month</td>
              <td>{c.eligibilityRequirements || "—"}</td>
              {showHeadcount && <td>{c.headcount ?? 0}</td>}
            </tr>
          ))}
        </tbody>
        {classes.length > 1 && (
          <tfoot>
            <tr class="average-row">
              <th scope="row">Average</th>
              <td>{formatUsdWhole(averageAllowance(classes.map((c) => c.allowanceAmount)))}/month</td>
              <td />
              {showHeadcount && <td>{classes.reduce((n, c) => n + (c.headcount ?? 0), 0)} total</td>}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}
