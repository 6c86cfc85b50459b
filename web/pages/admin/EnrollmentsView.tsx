import { type EnrollmentAction, type EnrollmentReviewItem as EnrollmentRow, stepFrom } from "@src/modules/enrollments/model";
import { useState } from "react";
import { answer, api, read } from "../../api/client";
import { ApiError, isUnauthorized } from "../../api/errors";
import { usePageTitle } from "../../components/chrome/page-title";
import { toast } from "../../components/toast/toast-store";
import { usePages } from "../../lib/use-pages";
import { enrollmentStatus } from "../dashboard/status";
import { LoadMore } from "./LoadMore";
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
  const { rows, setRows, failed, hasMore, loadingMore, loadMore } = usePages(
    (cursor) => answer(api.api.admin.enrollments.get({ query: { cursor } })),
    [],
    onUnauthorized,
  );
  const [busyId, setBusyId] = useState<number | null>(null);

  async function act(row: EnrollmentRow) {
    const next = actionFor(row.status);
    if (!next) return;
    setBusyId(row.id);
    try {
      const moved = await read(api.api.admin.enrollments({ id: row.id })[next.action].post());
      setRows((list) => list?.map((r) => (r.id === row.id ? { ...r, status: moved.status } : r)) ?? null);
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
      {failed && <p role="alert">The enrollments could not be loaded. Please try again.</p>}
      {!rows && !failed && <p aria-busy="true">Loading enrollments...</p>}
      {rows && rows.length === 0 && <p>No enrollments yet.</p>}
      {rows && rows.length > 0 && (
        <div class="table-scroll" role="region" aria-label="Enrollments" tabIndex={0}>
          <table class="striped stacked">
            <thead>
              <tr>
                {["Business", "Plan", "Status", "Effective Date", "Classes", "Employees Registered", "Action"].map((h) => (
                  <th key={h} scope="col">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const next = actionFor(row.status);
                return (
                  <tr key={row.id}>
                    <th scope="row">{row.businessName}</th>
                    <td data-label="Plan">{row.planName}</td>
                    <td data-label="Status">
                      <span class={`status-badge status-${row.status}`}>{enrollmentStatus(row.status).label}</span>
                    </td>
                    <td class="nowrap" data-label="Effective Date">
                      {row.effectiveDate}
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
              })}
            </tbody>
          </table>
        </div>
      )}
      {rows && rows.length > 0 && hasMore && <LoadMore busy={loadingMore} onClick={loadMore} />}
    </article>
  );
}
