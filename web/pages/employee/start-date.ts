import { formatDate } from "@src/lib/date-rules";
import type { RegistrationView } from "@src/modules/employees/model";

/**
 * The start the registration states: the plan's, or a later hire's own (the first of a month
 * on or after their hire date), since telling a late hire their allowance began with the
 * plan months ago would be untrue.
 */
export function startOf(view: Pick<RegistrationView, "planStartDate" | "coverageStartDate">) {
  return view.coverageStartDate > view.planStartDate
    ? {
        label: "Your start date",
        date: formatDate(view.coverageStartDate),
        note: `Your coverage and allowance begin on this date; the plan began on ${formatDate(view.planStartDate)}.`,
      }
    : { label: "Plan start date", date: formatDate(view.planStartDate), note: "Your coverage and allowance begin on this date." };
}
