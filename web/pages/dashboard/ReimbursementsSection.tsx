// The employer's Reimbursements tab: per employee, only what payroll must pay (approved,
// not yet paid) and what was paid. Claims, carriers and documents are health information
// that our administrators review; the employer never sees them. "Run payroll" gathers every
// approved amount through a day into a run, whose CSV goes to the payroll provider.
import "../../styles/stacked-tables.css";
import { formatDate, localToday } from "@src/lib/date-rules";
import { formatUsd } from "@src/lib/money";
import { type PayrollPreview, PayrollRunPayload, THROUGH_IN_FUTURE_MESSAGE } from "@src/modules/reimbursements/model";
import { useEffect, useRef, useState } from "react";
import { api, read } from "../../api/client";
import { ApiError, messageOf } from "../../api/errors";
import { SubmitButton, TextField } from "../../components/forms/Field";
import { focusFirstError } from "../../components/forms/focus-first-error";
import { refusal } from "../../components/forms/refusal";
import { AlertNotice, RetryNotice } from "../../components/notice/Alerts";
import { AskFirst } from "../../components/notice/AskFirst";
import { EmailAddress } from "../../components/text/EmailAddress";
import { toast } from "../../components/toast/toast-store";
import { shownDateTime } from "../../lib/dates";
import { focusLost, refocusIfLost } from "../../lib/focus-after";
import { plural } from "../../lib/plural";
import { browserTimeZone } from "../../lib/time-zone";
import { useLoad } from "../../lib/use-load";

/** A day after the employer's today, which the server refuses too: named on the field, which takes the focus. */
function laterThanToday(event: Event, through: string) {
  if (through <= localToday()) return null;
  const found = { through: THROUGH_IN_FUTURE_MESSAGE };
  focusFirstError(event.currentTarget as HTMLFormElement, found);
  return found;
}

export function ReimbursementsSection({ enrollmentId }: { enrollmentId: number }) {
  // The employer's own today: the day is read in their time zone, which the run sends.
  const [through, setThrough] = useState(localToday());
  const [error, setError] = useState<string | undefined>();
  const [runRefused, setRunRefused] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  // Asking the server what the run would pay, before the question.
  const [checking, setChecking] = useState(false);
  /** The latest question asked: answers to an earlier one are not for the day in the field. */
  const question = useRef(0);
  // A run marks amounts paid for good: the day and what it pays are confirmed before anything
  // is sent. The question holds the server's answer to what the run would pay.
  const [confirming, setConfirming] = useState<PayrollPreview | false>(false);
  // The question takes the Run payroll button's place (and the keyboard, on itself) and gives
  // it back: after it the keyboard goes on at Run payroll again (once, not at every render).
  const form = useRef<HTMLFormElement>(null);
  const asked = useRef(false);
  useEffect(() => {
    // Only when the question took the focus with it (Cancel, Yes): a day being typed keeps it.
    if (!confirming && asked.current && focusLost()) submitButton()?.focus();
    asked.current = confirming !== false;
  }, [confirming]);
  const submitButton = () => form.current?.querySelector<HTMLElement>("button[type=submit]");
  // A new run's CSV link takes the focus once the list shows it, in the middle of the window:
  // the newest run is the list's first row, often at the window's bottom, under the toast.
  const newRun = useRef<string | null>(null);
  const runsTable = useRef<HTMLTableElement>(null);
  const enrollment = api.api.enrollment({ enrollmentId: encodeURIComponent(String(enrollmentId)) });
  const [load, reload] = useLoad(
    () =>
      Promise.all([read(enrollment.reimbursements.get()), read(enrollment["payroll-runs"].get())]).then(([totals, runs]) => ({
        totals,
        runs,
      })),
    [enrollmentId],
  );
  useEffect(() => {
    const link = newRun.current && runsTable.current?.querySelector<HTMLElement>(`a[href="${newRun.current}"]`);
    if (!link) return;
    newRun.current = null;
    link.focus({ preventScroll: true });
    link.scrollIntoView({ block: "center" });
  }, [load]);

  async function askToRun(event: Event) {
    event.preventDefault();
    // A day after today here is refused before the question "This cannot be undone", not after it.
    const found = refusal(event, PayrollRunPayload, { through }) ?? laterThanToday(event, through);
    setRunRefused(null);
    if (found) return setError(found.through);
    setError(undefined);
    // The question states what the run pays as the server counts it now, not from the totals
    // loaded with the page: approvals made since are in it, and one after the day is not.
    setChecking(true);
    // A day typed while the answer was on its way makes the answer another day's: it is dropped.
    const mine = ++question.current;
    try {
      const preview = await read(enrollment["payroll-runs"].preview.get({ query: { through, timeZone: browserTimeZone() } }));
      if (mine !== question.current) return;
      // Nothing waits for payroll: said now, rather than asking to confirm a run that would be refused.
      if (preview.nothingToPay) return setRunRefused(preview.nothingToPay);
      setConfirming(preview);
    } catch (e) {
      if (mine !== question.current) return;
      if (e instanceof ApiError && e.fieldErrors.through) setError(e.fieldErrors.through);
      else setRunRefused(messageOf(e, "We couldn't work out what the run pays. Please try again."));
    } finally {
      if (mine === question.current) {
        setChecking(false);
        // Run payroll was disabled while asking, which dropped the focus: with no question
        // to answer (nothing to pay, a refusal), the keyboard goes on from it.
        refocusIfLost(submitButton);
      }
    }
  }

  async function runPayroll() {
    setRunning(true);
    try {
      if (!confirming) return;
      // The day and the total the question stated, together.
      const run = await read(
        enrollment["payroll-runs"].post({ through: confirming.through, timeZone: browserTimeZone(), expectedTotal: confirming.total }),
      );
      toast({
        title: "Payroll Run Created",
        description: `Run ${run.number}: ${formatUsd(run.total)} for ${plural(run.employees, "employee")}. Its CSV is in Payroll runs.`,
      });
      newRun.current = run.csvPath;
      setConfirming(false);
      reload();
    } catch (e) {
      setConfirming(false);
      if (e instanceof ApiError && e.fieldErrors.through) setError(e.fieldErrors.through);
      else setRunRefused(messageOf(e, "We couldn't run payroll. Please try again."));
      // A refusal may say the amounts changed: the totals above show them as they are now.
      if (e instanceof ApiError && e.status === 409) reload();
    } finally {
      setRunning(false);
    }
  }

  if (load.status === "loading") return <p aria-busy="true">Loading reimbursements...</p>;
  if (load.status === "error") return <RetryNotice message="We couldn't load the reimbursements. Please try again." onRetry={reload} />;

  const { totals, runs } = load.value;
  const payable = confirming ? ` It pays ${formatUsd(confirming.total)} to ${plural(confirming.employees, "employee")}.` : "";
  return (
    <div class="reimbursements-section">
      <p class="muted">
        Your employees' claims and documents are reviewed by Advantage ICHRA and stay private. You see only what payroll must pay each
        employee: approved reimbursements are non-taxable.
      </p>
      <h3 id="reimbursement-totals-title">Approved reimbursements</h3>
      {totals.employees.length === 0 ? (
        <p>No registered employee yet.</p>
      ) : (
        <table class="stacked" aria-labelledby="reimbursement-totals-title">
          <thead>
            <tr>
              <th scope="col">Employee</th>
              <th scope="col">Email</th>
              <th scope="col" class="amount">
                Approved, to be paid
              </th>
              <th scope="col" class="amount">
                Paid
              </th>
            </tr>
          </thead>
          <tbody>
            {totals.employees.map((e) => (
              <tr key={e.employeeId}>
                <th scope="row">{e.name}</th>
                <td data-label="Email" class="email-text">
                  <EmailAddress email={e.email} />
                </td>
                <td data-label="Approved, to be paid" class="amount">
                  {formatUsd(e.approvedUnpaid)}
                </td>
                <td data-label="Paid" class="amount">
                  {formatUsd(e.paid)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              <td />
              <td data-label="Approved, to be paid" class="amount">
                {formatUsd(totals.totals.approvedUnpaid)}
              </td>
              <td data-label="Paid" class="amount">
                {formatUsd(totals.totals.paid)}
              </td>
            </tr>
          </tfoot>
        </table>
      )}

      <form ref={form} class="payroll-form" onSubmit={askToRun} noValidate aria-labelledby="payroll-run-title">
        <h3 id="payroll-run-title">Run payroll</h3>
        <p>
          Gathers every amount approved on or before the day you choose and not yet paid into one run, and marks it paid. A premium an
          employee paid ahead for a later month is paid once approved. Add the CSV to your payroll as a non-taxable reimbursement; for a
          shareholder owning more than 2% of an S corporation it is taxable wages, so ask your tax adviser how to report theirs.
        </p>
        <TextField
          id="payroll-through"
          name="through"
          label="Approved through (the last day of approvals to pay)"
          type="date"
          required
          value={through}
          error={error}
          onInput={(v) => {
            setThrough(v);
            setError(undefined);
            setRunRefused(null);
            setConfirming(false);
            question.current += 1;
            setChecking(false);
          }}
        />
        <AlertNotice message={runRefused} tone="warning" />
        {confirming ? (
          <AskFirst
            id="payroll-confirm"
            question={
              <>
                Every amount approved on or before {formatDate(confirming.through)} and not yet paid goes into this run and is marked paid.
                {payable} This cannot be undone.
              </>
            }
            yes="Yes, run payroll"
            pendingYes="Running payroll..."
            pending={running}
            onYes={runPayroll}
            onCancel={() => setConfirming(false)}
          />
        ) : (
          <SubmitButton label="Run payroll" pendingLabel="Checking what it pays..." pending={checking} />
        )}
      </form>

      <h3 id="payroll-runs-title">Payroll runs</h3>
      {runs.length === 0 ? (
        <p>No payroll runs yet.</p>
      ) : (
        <table class="stacked" aria-labelledby="payroll-runs-title" ref={runsTable}>
          <thead>
            <tr>
              <th scope="col">Run</th>
              <th scope="col">Through</th>
              <th scope="col">Employees</th>
              <th scope="col" class="amount">
                Total
              </th>
              <th scope="col">File</th>
            </tr>
          </thead>
          <tbody>
            {runs.map((run) => (
              <tr key={run.id}>
                <th scope="row" data-label="Run">
                  Run {run.number} · {shownDateTime(run.createdAt)}
                </th>
                <td data-label="Through">{formatDate(run.through)}</td>
                <td data-label="Employees">{run.employees}</td>
                <td data-label="Total" class="amount">
                  {formatUsd(run.total)}
                </td>
                <td data-label="File">
                  <a href={run.csvPath} download>
                    Download CSV
                    <span class="visually-hidden">
                      {" "}
                      of run {run.number}, through {formatDate(run.through)}
                    </span>
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
