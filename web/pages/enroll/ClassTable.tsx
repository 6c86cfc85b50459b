// Employee classes as a table, with the Average row (mean allowance, no decimals) when
// there is more than one class. Used by the review step, the dashboard and the details page.

import { formatUsdWhole } from "@src/lib/money";
import { headlineAmountsText, selfOnlyAllowanceOf } from "@src/modules/compliance/model";
import { Fragment } from "react";
import { BandList, ClassDetails } from "./BandList";
import { basisText } from "./BasisField";
import { averageAllowance } from "./calculator-math";
import { classErrorMessages } from "./class-errors";

export interface ClassRow {
  name: string;
  allowanceAmount: number;
  individualPlus1Amount?: number;
  familyAmount?: number;
  states?: string[];
  ratingAreaZips?: string[];
  newHires?: { hiredOnOrAfter: string; allowanceAmount: number; individualPlus1Amount?: number; familyAmount?: number; headcount?: number };
  eligibilityRequirements?: string;
  headcount?: number;
  basis?: string[];
  /** Age bands, each with its census headcount when the server counted it. */
  ageBands?: {
    minAge: number;
    maxAge?: number;
    allowanceAmount: number;
    individualPlus1Amount?: number;
    familyAmount?: number;
    headcount?: number;
  }[];
}

export function ClassTable({
  classes,
  caption,
  showHeadcount = false,
  errors = {},
}: {
  classes: ClassRow[];
  caption: string;
  showHeadcount?: boolean;
  /** The server's field errors (`employeeClasses.N...`), shown under class N. */
  errors?: Record<string, string>;
}) {
  const columns = showHeadcount ? 4 : 3;
  return (
    <div class="table-scroll" role="region" aria-label={caption} tabIndex={0}>
      <table class="class-table stacked">
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
          {classes.map((c, i) => {
            const basis = basisText(c.basis);
            const messages = classErrorMessages(errors, i);
            return (
              <Fragment key={`${c.name}-${i}`}>
                <tr>
                  <th scope="row">
                    {c.name}
                    {basis && <small class="class-basis">Based on: {basis}</small>}
                    <ClassDetails cls={c} />
                  </th>
                  <td data-label="Monthly Allowance">
                    {headlineAmountsText(c)}
                    {c.ageBands && c.ageBands.length > 0 && <BandList bands={c.ageBands} />}
                  </td>
                  <td data-label="Eligibility">{c.eligibilityRequirements || "—"}</td>
                  {showHeadcount && <td data-label="Employees">{c.headcount ?? 0}</td>}
                </tr>
                {messages.length > 0 && (
                  <tr class="class-error-row">
                    <td colSpan={columns}>
                      <ul class="class-errors field-error" aria-label={`Problems with ${c.name}`}>
                        {messages.map((m) => (
                          <li key={m}>{m}</li>
                        ))}
                      </ul>
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
        {classes.length > 1 && (
          <tfoot>
            <tr class="average-row">
              <th scope="row">Average</th>
              <td data-label="Monthly Allowance">{formatUsdWhole(averageAllowance(classes.map(selfOnlyAllowanceOf)))}/month</td>
              <td />
              {showHeadcount && <td data-label="Employees">{classes.reduce((n, c) => n + (c.headcount ?? 0), 0)} total</td>}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}
