// The rows every enrollment summary shares (review step, success page, dashboard, details
// page), worded one way: effective date, budget, and the census.

import { formatUsd } from "@src/lib/money";
import type { EnrollmentRead } from "@src/modules/enrollments/model";
import { formatDay } from "../../lib/dates";
import { plural } from "../../lib/plural";

type Facts = Pick<EnrollmentRead, "effectiveDate" | "monthlyBudget" | "census">;

const usd = (amount: number | null) => (amount === null ? "—" : formatUsd(amount));

export function censusText(census: EnrollmentRead["census"]): string {
  if (census.count > 0)
    // "On file", not "uploaded": employees added by hand after submitting are counted too.
    return `${plural(census.count, "employee")} on file${census.rejected > 0 ? `; ${plural(census.rejected, "row")} of the last uploaded file refused` : ""}`;
  return census.skipped ? "Skipped for now" : "Not uploaded";
}

/** dt/dd pairs for a summary-list: the annual budget and the census only where asked for. */
export function SummaryRows({ enrollment, annual = false, census = false }: { enrollment: Facts; annual?: boolean; census?: boolean }) {
  return (
    <>
      <dt>Effective date</dt>
      <dd>{formatDay(enrollment.effectiveDate)}</dd>
      <dt>Monthly budget</dt>
      <dd>{usd(enrollment.monthlyBudget)}</dd>
      {annual && (
        <>
          <dt>Annual budget</dt>
          <dd>{usd(enrollment.monthlyBudget === null ? null : enrollment.monthlyBudget * 12)}</dd>
        </>
      )}
      {census && (
        <>
          <dt>Employee census</dt>
          <dd>{censusText(enrollment.census)}</dd>
        </>
      )}
    </>
  );
}
