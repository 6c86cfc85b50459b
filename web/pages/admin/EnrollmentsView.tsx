import { possessive } from "@src/lib/possessive";
import {
  classSizeShortfallsOf,
  type EnrollmentAction,
  type EnrollmentReviewItem as EnrollmentRow,
  stepFrom,
} from "@src/modules/enrollments/model";
import { useState } from "react";
import { Link } from "wouter";
import { answer, api, read } from "../../api/client";
import { ApiError, isUnauthorized } from "../../api/errors";
import { usePageTitle } from "../../components/chrome/page-title";
import { AskFirst } from "../../components/notice/AskFirst";
import { toast } from "../../components/toast/toast-store";
import { formatDay, shownDay } from "../../lib/dates";
import { refocusIfLost } from "../../lib/focus-after";
import { usePages } from "../../lib/use-pages";
import { EnrollmentBadge } from "../dashboard/EnrollmentBadge";
import { ClassSizeApproval } from "./ClassSizeApproval";
import { PagedTable } from "./PagedTable";
import type { SectionProps } from "./sections";

// Which status each step applies to is the server's table (enrollmentSteps); only the words are here.
const stepWords: Record<EnrollmentAction, { label: string; done: string; pending: string; question: (business: string) => string }> = {
  approve: {
    label: "Approve",
    done: "Enrollment Approved",
    pending: "Approving...",
    question: (business) =>
      `Approve ${possessive(business)} enrollment? Its primary contact is emailed, and its employees' claims can be approved from then on.`,
  },
  activate: {
    label: "Activate",
    done: "Enrollment Activated",
    pending: "Activating...",
    question: (business) => `Activate ${possessive(business)} plan? Its primary contact is emailed that it is active.`,
  },
};

function actionFor(status: string) {
  const action = stepFrom(status);
  return action ? { action, ...stepWords[action] } : undefined;
}

export function EnrollmentsView({ onUnauthorized }: SectionProps) {
  usePageTitle("Enrollments");
  const list = usePages((cursor) => answer(api.api.admin.enrollments.get({ query: { cursor } })), [], onUnauthorized);
  const [busyId, setBusyId] = useState<number | null>(null);
  // The row whose step is being asked about: an approval emails the employer and cannot be called back.
  const [confirming, setConfirming] = useState<number | null>(null);

  // An approval that needs a reason: the row, and the classes the server (or the list) named short.
  const [asking, setAsking] = useState<{ row: EnrollmentRow; shortfalls: EnrollmentRow["classSizeShortfalls"] } | null>(null);

  async function act(row: EnrollmentRow, classSizeReason?: string) {
    const next = actionFor(row.status);
    if (!next) return;
    // A class under the minimum size: the reason is asked for before anything is sent.
    if (next.action === "approve" && classSizeReason === undefined && row.classSizeShortfalls.length > 0)
      return setAsking({ row, shortfalls: row.classSizeShortfalls });
    setBusyId(row.id);
    try {
      const step = api.api.admin.enrollments({ id: row.id });
      const moved = await read(
        next.action === "approve" ? step.approve.post(classSizeReason ? { classSizeReason } : {}) : step.activate.post(),
      );
      // The reason an approval under the minimum class size was given with shows with the row.
      const override = moved.classSizeOverride ?? row.classSizeOverride;
      list.setRows(
        (shown) => shown?.map((r) => (r.id === row.id ? { ...r, status: moved.status, classSizeOverride: override } : r)) ?? null,
      );
      setAsking(null);
      toast({ title: next.done, description: `${row.businessName} is now ${moved.status}; its primary contact has been emailed.` });
      // The button pressed (or the dialog's) is gone: the keyboard goes on from the row's next step.
      refocusIfLost(() => document.querySelector<HTMLElement>(`tr[data-enrollment-id="${row.id}"] button`));
    } catch (e) {
      if (isUnauthorized(e)) return onUnauthorized();
      // The census changed since the list was read: the server names the short classes, and the reason is asked for.
      const short = e instanceof ApiError ? classSizeShortfallsOf(e.body) : null;
      if (short?.length && classSizeReason === undefined) return setAsking({ row, shortfalls: short });
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
            <tr key={row.id} data-enrollment-id={row.id}>
              <th scope="row">
                {/* What is approved is read first: the plan, classes, census and the owner's notes. */}
                <Link href={`/enrollment/${row.id}`}>{row.businessName}</Link>
              </th>
              <td data-label="Plan">{row.planName}</td>
              <td data-label="Status">
                <EnrollmentBadge status={row.status} />
                {row.classSizeShortfalls.length > 0 && (
                  // A census uploaded after submitting: the employer is told too, and writes to us to restructure.
                  <small class="class-size-short">
                    Under the minimum class size:{" "}
                    {row.classSizeShortfalls.map((s) => `${s.className} (${s.headcount} of ${s.minimum})`).join(", ")}
                  </small>
                )}
                {row.classSizeOverride && (
                  <small class="class-size-override">
                    Approved under the minimum class size by {row.classSizeOverride.by} on {shownDay(row.classSizeOverride.at)}:{" "}
                    {row.classSizeOverride.reason}
                  </small>
                )}
              </td>
              <td data-label="Effective Date">
                <span class="nowrap">{formatDay(row.effectiveDate)}</span>
                {row.newEmployer && (
                  // The late notice rests on the employer's word: the reviewer checks it.
                  <small class="new-employer">
                    Under 90 days' notice: the employer states the business did not exist 120 days before the plan starts.
                  </small>
                )}
              </td>
              <td data-label="Classes">{row.classes.length ? row.classes.join(", ") : "—"}</td>
              <td data-label="Employees Registered">
                {row.employeesRegistered} of {row.employeesTotal}
              </td>
              <td data-label="Action" class={next && confirming === row.id ? "asking" : undefined}>
                {next && confirming === row.id ? (
                  <AskFirst
                    id={`step-${row.id}`}
                    question={next.question(row.businessName)}
                    yes={`Yes, ${next.label.toLowerCase()}`}
                    pendingYes={next.pending}
                    pending={busyId === row.id}
                    onYes={async () => {
                      await act(row);
                      setConfirming(null);
                    }}
                    onCancel={() => {
                      setConfirming(null);
                      requestAnimationFrame(() =>
                        document.querySelector<HTMLElement>(`tr[data-enrollment-id="${row.id}"] button`)?.focus(),
                      );
                    }}
                  />
                ) : next ? (
                  <button
                    type="button"
                    class="small-button"
                    disabled={busyId === row.id}
                    aria-busy={busyId === row.id}
                    aria-label={`${next.label} ${row.businessName}`}
                    // Under the minimum class size the reason's dialog is the question.
                    onClick={() => (next.action === "approve" && row.classSizeShortfalls.length > 0 ? act(row) : setConfirming(row.id))}
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
      {asking && (
        <ClassSizeApproval
          businessName={asking.row.businessName}
          shortfalls={asking.shortfalls}
          pending={busyId === asking.row.id}
          onApprove={(reason) => act(asking.row, reason)}
          onClose={() => setAsking(null)}
        />
      )}
    </article>
  );
}
