// An enrollment's employees with their invitation and notice status, as the dashboard and
// the success page show them: read once, read again on request, and replaced at once by the
// fresh list every change (an invitation sent, an employee added) answers with.
import type { EmployeeListItem } from "@src/modules/employees/model";
import { api, read } from "../../api/client";
import { useLoad } from "../../lib/use-load";

/** The enrollment's employees, the endpoint it reads them from, and `reload` and `show` (see useLoad). */
export function useEmployeeList(enrollmentId: number | string) {
  const enrollment = api.api.enrollment({ enrollmentId: encodeURIComponent(String(enrollmentId)) });
  const [load, reload, show] = useLoad<EmployeeListItem[]>(
    () => read(enrollment.employees.get()).then((list) => list.employees),
    [enrollmentId],
  );
  return { enrollment, load, reload, show };
}
