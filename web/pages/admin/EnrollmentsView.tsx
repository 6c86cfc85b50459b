import { type EnrollmentAction, type EnrollmentReviewItem as EnrollmentRow, stepFrom } from "@src/modules/enrollments/model";
import { useState } from "react";
import { answer, api, read } from "../../api/client";
import { ApiError, isUnauthorized } from "../../api/errors";
import { usePageTitle } from "../../components/chrome/page-title";
import { toast } from "../../components/toast/toast-store";
import { formatDay } from "../../lib/dates";
import { usePages } from "../../lib/use-pages";
import { enrollmentStatus } from "../dashboard/status";
import { PagedTable } from "./PagedTable";
import type { SectionProps } from "./sections";

// Which status each step applies to is the server's table (enrollmentSteps); only the words are here.
const stepWords: Record<EnrollmentAction, { label: string; done: string }> = {
  approve: { label: "Approve", done: "Enrollment Approved" },
  activate: { label: "Activate", done: "Enrollment Activated" },
};

function actionFor(status: string) {
  const action = stepFrom(status);
  return action ? { action, ...stepWords[action] } : undefined;
}

export function EnrollmentsView({ onUnauthorized }: SectionProps) {
  usePageTitle("Enrollments");
  const list = usePages((cursor) => answer(api.api.admin.enrollments.get({ query: { cursor } })), [], onUnauthorized);
  const [busyId, setBusyId] = useState<number | null>(null);

  async function act(row: EnrollmentRow) {
    const next = actionFor(row.status);
    if (!next) return;
    setBusyId(row.id);
    try {
      const moved = await read(api.api.admin.enrollments({ id: row.id })[next.action].post());
      list.setRows((shown) => shown?.map((r) => (r.id === row.id ? { ...r, status: moved.status } : r)) ?? null);
      toast({ title: next.done, description: `${row.businessName} is now ${moved.status}; its primary contact has been emailed.` });
    } catch (e) {
      if (isUnauthorized(e)) return onUnauthorized();
      toast({
        title: "Action Failed",
        description: e instanceof ApiError && e.serverMessage ? e.serverMessage : "Please try again.",
        variant: "destructive",
      });
    } finally {
      setBusyId(null);
    }
  }

  return (
    <article>
      <h1>Enrollments</h1>
      <PagedTable
        list={list}
        words={{
          failed: "The enrollments could not be loaded. Please try again.",
          loading: "Loading enrollments...",
          empty: "No enrollments yet.",
        }}
        label="Enrollments"
        columns={["Business", "Plan", "Status", "Effective Date", "Classes", "Employees Registered", "Action"]}
        row={(row) => {
          const next = actionFor(row.status);
          return (
            <tr key={row.id}>
              <th scope="row">{row.businessName}</th>
              <td data-label="Plan">{row.planName}</td>
              <td data-label="Status">
                <span class={`status-badge status-${row.status}`}>{enrollmentStatus(row.status).label}</span>
                {row.classSizeShortfalls.length > 0 && (
                  // A census uploaded after submitting: the employer is told too, and writes to us to restructure.
                  <small class="class-size-short">
                    Under the minimum class size:{" "}
                    {row.classSizeShortfalls.map((s) => `${s.className} (${s.headcount} of ${s.minimum})`).join(", ")}
                  </small>
                )}
              </td>
              <td class="nowrap" data-label="Effective Date">
                {formatDay(row.effectiveDate)}
              </td>
              <td data-label="Classes">{row.classes.length ? row.classes.join(", ") : "—"}</td>
              <td data-label="Employees Registered">
                {row.employeesRegistered} of {row.employeesTotal}
              </td>
              <td data-label="Action">
                {next ? (
                  <button
                    type="button"
                    class="small-button"
                    disabled={busyId === row.id}
                    aria-busy={busyId === row.id}
                    aria-label={`${next.label} ${row.businessName}`}
                    onClick={() => act(row)}
                  >
                    {next.label}
                  </button>
                ) : (
                  "—"
                )}
              </td>
            </tr>
          );
        }}
      />
    </article>
  );
}
