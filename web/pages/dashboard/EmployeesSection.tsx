// The employer's Employees section: each census employee with class, invitation status,
// ICHRA notice and registration (or opt-out); invite everyone not yet invited, or send,
// resend or revoke one invitation; send the notice to everyone not yet sent one; record the
// last day of someone who leaves.

import { formatDate, localToday } from "@src/lib/date-rules";
import { formatUsd } from "@src/lib/money";
import { formatMonth } from "@src/lib/months";
import type { CensusUploadAnswer } from "@src/modules/census/model";
import {
  type EmployeeListItem,
  type InviteStatus,
  type OptedOut,
  SEND_BEFORE_SUBMIT_MESSAGE,
  takeBackUntil,
} from "@src/modules/employees/model";
import { useRef, useState } from "react";
import { read } from "../../api/client";
import { ApiError } from "../../api/errors";
import { CensusUpload } from "../../components/census/CensusUpload";
import { RetryNotice } from "../../components/notice/Alerts";
import { AskFirst } from "../../components/notice/AskFirst";
import { ScrollTable } from "../../components/table/ScrollTable";
import { toast } from "../../components/toast/toast-store";
import { plural } from "../../lib/plural";
import { coverageLabel } from "../employee/figures";
import { AddEmployeeForm } from "./AddEmployeeForm";
import { EmploymentEndForm } from "./EmploymentEndForm";
import "./employees-section.css";
import { StatusBadge } from "../../components/status-badge/StatusBadge";
import type { Tone } from "../../components/status-badge/tones";
import { EmailAddress } from "../../components/text/EmailAddress";
import { focusLost, refocusIfLost } from "../../lib/focus-after";
import { useEmployeeList } from "./use-employee-list";

export const inviteStatusLabels: Record<InviteStatus, string> = {
  not_sent: "Not sent",
  sent: "Sent",
  opened: "Opened",
  registered: "Registered",
  revoked: "Revoked",
};

const inviteTone: Record<InviteStatus, Tone> = {
  not_sent: "gray",
  sent: "blue",
  opened: "yellow",
  registered: "green",
  revoked: "red",
};

const hasOrHave = (n: number) => (n === 1 ? "has" : "have");

/**
 * What has and has not been sent to the employees, plainly: finalizing sends nothing, and
 * only an invitation the employer sends (an email in the outbox) makes an employee "Sent".
 */
export function invitationSummary(employees: EmployeeListItem[]): string {
  const total = employees.length;
  const waiting = employees.filter((e) => e.inviteStatus === "not_sent").length;
  const revoked = employees.filter((e) => e.inviteStatus === "revoked").length;
  const invited = total - waiting - revoked;
  const revokedNote = revoked ? ` ${revoked} ${revoked === 1 ? "invitation was" : "invitations were"} revoked.` : "";
  if (invited === 0 && revoked === 0)
    return `No invitations have been sent yet: your ${plural(total, "employee")} ${hasOrHave(total)} received nothing from us. Each gets a personal invitation only when you send it.`;
  if (waiting === 0) return `Invitations sent to ${invited} of ${plural(total, "employee")}.${revokedNote}`;
  return `Invitations sent to ${invited} of ${plural(total, "employee")}; ${waiting} ${hasOrHave(waiting)} not been sent one yet.${revokedNote}`;
}

/** What revoking an invitation does, asked before it is done: the link stops working at once. */
export const revokeQuestion = (name: string) =>
  `Revoke the invitation of ${name}? Their personal link stops working at once. Resend sends them a new one.`;

/** What sending every invitation not yet sent does, asked before it is done. */
export const inviteAllQuestion = (waiting: number) =>
  `${waiting === 1 ? "The 1 employee" : `Each of the ${waiting} employees`} not yet invited will get an email with a personal link to register. An email cannot be called back once sent.`;

/** The day of a timestamp, in the employer's own time zone, written as every other date on the dashboard ("November 23, 2026"). */
const dateOnly = (iso: string) => formatDate(localToday(new Date(iso)));

/** An employee's opting out, with the window in which they can still take it back. */
export const optedOutLabel = (optedOut: OptedOut, today = localToday()) => {
  const until = takeBackUntil(optedOut.waivedFrom);
  return `Opted out on ${formatDate(optedOut.on)}: reimbursements waived from ${formatMonth(optedOut.waivedFrom)} on${
    today <= until ? ` (they can take it back until ${formatDate(until)})` : ""
  }`;
};

/** A recorded last day, as gone by or to come: an employee leaving next month has not left. */
export const lastDayLabel = (endedOn: string, today = localToday()) =>
  `${endedOn < today ? "Left" : "Leaving"}: last day ${formatDate(endedOn)}`;

const failure = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.serverMessage && error.status !== 500 ? error.serverMessage : fallback;

/** Nothing has gone out to anyone yet: after submitting, the census can still be uploaded or replaced. */
const nothingSent = (employees: EmployeeListItem[]) => employees.every((e) => e.inviteSentAt === null && e.noticeSentAt === null);

export function EmployeesSection({
  enrollmentId,
  classNames,
  submitted = false,
  onHeadcountChanged,
}: {
  enrollmentId: number | string;
  /** The enrollment's classes, for adding an employee after submitting. */
  classNames?: readonly string[];
  /** Submitted: employees who become eligible now are added one by one. */
  submitted?: boolean;
  /** A census uploaded, or an employee added, here changed the headcounts shown elsewhere on the page. */
  onHeadcountChanged?: () => void;
}) {
  const [busy, setBusy] = useState<string | null>(null);
  /** Sending every invitation not yet sent is asked first: emails cannot be called back. */
  const [askingAll, setAskingAll] = useState(false);
  const allButton = useRef<HTMLButtonElement>(null);
  /** The employee whose invitation is asked about before it is revoked. */
  const [revoking, setRevoking] = useState<number | null>(null);
  /** The employee whose last day of employment is being recorded. */
  const [ending, setEnding] = useState<number | null>(null);
  const { enrollment, load, reload, show } = useEmployeeList(enrollmentId);
  const employees = load.status === "ready" ? load.value : null;
  /** What a census uploaded here answered: its refused rows stay listed until it is replaced. */
  const [census, setCensus] = useState<CensusUploadAnswer | null>(null);
  // An employer who skipped the census uploads it here; it stays replaceable (to correct the
  // rows it refused) until an invitation or notice goes out.
  const replaceable = submitted && employees !== null && nothingSent(employees);
  const canUploadCensus = replaceable && (employees.length === 0 || census !== null);
  const canReplaceCensus = replaceable && !canUploadCensus;
  const censusUpload = (
    <>
      <p>
        {employees?.length ? "A new upload replaces every employee listed. " : ""}The census can be uploaded until an invitation or ICHRA
        notice has gone out; after that, employees are added one at a time below.
      </p>
      <CensusUpload
        enrollmentId={enrollmentId}
        classNames={classNames ?? []}
        result={census}
        onUploaded={(answer) => {
          setCensus(answer);
          reload();
          onHeadcountChanged?.();
        }}
      />
    </>
  );

  /** Calls one invitation endpoint; its answer carries the fresh list, and `done` says what happened. */
  const act = async <A extends { employees: EmployeeListItem[] }>(
    key: string,
    call: () => Promise<A>,
    done: (answer: A) => string,
    fallback: string,
  ) => {
    // Every button is disabled while one acts, which drops the keyboard's focus to the page:
    // it comes back to the button pressed, or, when that one is gone (a revoked invitation's
    // Revoke), to what its row offers now.
    const pressed = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const row = pressed?.closest<HTMLElement>("tr[data-employee-id]")?.dataset.employeeId;
    setBusy(key);
    try {
      const answer = await call();
      show(answer.employees);
      toast({ title: done(answer) });
    } catch (error) {
      toast({ title: "Invitation Failed", description: failure(error, fallback), variant: "destructive" });
    } finally {
      setBusy(null);
      refocusIfLost(() =>
        pressed?.isConnected ? pressed : document.querySelector<HTMLElement>(`tr[data-employee-id="${row}"] button:not([disabled])`),
      );
    }
  };

  /** Sends every invitation not yet sent, once the question was answered Yes. */
  const sendAll = async () => {
    await act(
      "all",
      () => read(enrollment.invitations.post()),
      ({ sent }) => `Invitations Sent (${sent})`,
      "The invitations could not be sent. Please try again.",
    );
    setAskingAll(false);
    // The question is gone, and with everyone invited so is its button: the summary of who was sent one takes the keyboard.
    refocusIfLost(() => allButton.current ?? document.getElementById("invitation-summary"));
  };

  const notInvited = employees?.filter((e) => e.inviteStatus === "not_sent").length ?? 0;
  const noNotice = employees?.filter((e) => e.noticeSentAt === null).length ?? 0;
  const registered = employees?.filter((e) => e.inviteStatus === "registered").length ?? 0;

  return (
    <section class="employees-section" aria-labelledby="employees-title">
      <div class="employees-head">
        <h2 id="employees-title">Employees</h2>
        {submitted && employees && notInvited > 0 && !askingAll && (
          <button type="button" ref={allButton} disabled={busy !== null} onClick={() => setAskingAll(true)}>
            {`Send invitations to all not yet invited (${notInvited})`}
          </button>
        )}
        {submitted && employees && noNotice > 0 && (
          <button
            type="button"
            class="secondary"
            disabled={busy !== null}
            aria-busy={busy === "notices" ? "true" : undefined}
            onClick={() =>
              act(
                "notices",
                () => read(enrollment.notices.post()),
                ({ sent }) => `ICHRA Notices Sent (${sent})`,
                "The notices could not be sent. Please try again.",
              )
            }
          >
            Send the ICHRA notice to all not yet sent ({noNotice})
          </button>
        )}
      </div>
      {employees && askingAll && (
        <AskFirst
          id="invite-all"
          question={inviteAllQuestion(notInvited)}
          yes={`Yes, send ${plural(notInvited, "invitation")}`}
          pendingYes="Sending invitations..."
          pending={busy === "all"}
          onYes={sendAll}
          onCancel={() => {
            setAskingAll(false);
            requestAnimationFrame(() => allButton.current?.focus());
          }}
        />
      )}
      {!submitted && employees && employees.length > 0 && (
        <p class="notice-missing" role="status">
          {SEND_BEFORE_SUBMIT_MESSAGE}
        </p>
      )}
      {submitted && employees && noNotice > 0 && (
        <p class="notice-missing" role="status">
          {noNotice === 1 ? "1 employee has" : `${noNotice} employees have`} not been sent their ICHRA notice. Each plan year has its own,
          due by the day shown beside each employee.
        </p>
      )}

      {load.status === "error" && <RetryNotice message="The employee list could not be loaded." onRetry={reload} />}
      {load.status === "loading" && <p aria-busy="true">Loading employees...</p>}
      {employees && employees.length === 0 && <p>No employees yet. Upload your employee census to invite your employees.</p>}
      {canUploadCensus && (
        <section class="census-upload" aria-labelledby="census-upload-title">
          <h3 id="census-upload-title">Upload your employee census</h3>
          {censusUpload}
        </section>
      )}
      {employees && employees.length > 0 && (
        <>
          <p class="invitation-summary" id="invitation-summary" tabIndex={-1}>
            {invitationSummary(employees)}
          </p>
          <p>
            {registered} of {employees.length} registered.
          </p>
          <ScrollTable
            label="Employees and invitations"
            className="striped stacked card-rows employees-table"
            columns={["Employee", "Class", "Invitation", "Registration", { hidden: "Actions" }]}
          >
            {employees.map((e) => {
              const name = `${e.firstName} ${e.lastName}`;
              const revocable = e.inviteStatus === "sent" || e.inviteStatus === "opened";
              const invited = revocable || e.inviteStatus === "registered";
              const invitation = enrollment.employees({ employeeId: e.id }).invitation;
              return (
                <tr key={e.id} data-employee-id={e.id}>
                  <th scope="row">
                    {name}
                    <br />
                    <small class="email-text">
                      <EmailAddress email={e.email} />
                    </small>
                  </th>
                  <td data-label="Class">
                    {e.className}
                    {e.allowance !== null && (
                      <>
                        <br />
                        <small>{formatUsd(e.allowance)}/month</small>
                      </>
                    )}
                  </td>
                  <td data-label="Invitation">
                    <StatusBadge tone={inviteTone[e.inviteStatus]}>{inviteStatusLabels[e.inviteStatus]}</StatusBadge>
                    {e.inviteSentAt && e.inviteStatus !== "revoked" && (
                      <>
                        <br />
                        <small class="nowrap">sent {dateOnly(e.inviteSentAt)}</small>
                      </>
                    )}
                    <br />
                    {e.noticeSentAt ? (
                      <small class="nowrap">Notice sent {dateOnly(e.noticeSentAt)}</small>
                    ) : (
                      <small class="field-error">
                        Notice for the plan year from {formatDate(e.noticePlanYearStart)} not sent (
                        {e.noticeDueBy < localToday()
                          ? `overdue: it was due by ${formatDate(e.noticeDueBy)}`
                          : `due by ${formatDate(e.noticeDueBy)}`}
                        )
                      </small>
                    )}
                  </td>
                  <td data-label="Registration">
                    {e.employmentEndedOn && (
                      <>
                        <strong class="employment-ended">{lastDayLabel(e.employmentEndedOn)}</strong>
                        <br />
                      </>
                    )}
                    {e.declinedAt ? (
                      <>
                        {/* A badge, as the invitation's status beside it: the row's answer, read first. */}
                        <StatusBadge tone="red">Opted out</StatusBadge>
                        <br />
                        <small class="nowrap">on {dateOnly(e.declinedAt)}</small>
                      </>
                    ) : e.registration?.submittedAt ? (
                      <>
                        {coverageLabel(e.registration.coverageLevel)}
                        <br />
                        <small class="nowrap">on {dateOnly(e.registration.submittedAt)}</small>
                        {e.optedOut && (
                          <>
                            <br />
                            <small>{optedOutLabel(e.optedOut)}</small>
                          </>
                        )}
                      </>
                    ) : (
                      <span class="muted">Not yet</span>
                    )}
                  </td>
                  <td class="employee-actions">
                    {submitted && e.inviteStatus !== "registered" && (
                      <button
                        type="button"
                        class="secondary outline"
                        disabled={busy !== null}
                        aria-label={`${invited ? "Resend" : "Send"} invitation to ${name}`}
                        onClick={() =>
                          act(
                            `send-${e.id}`,
                            () => read(invitation.post()),
                            () => (invited ? "Invitation Resent" : "Invitation Sent"),
                            "The invitation could not be sent. Please try again.",
                          )
                        }
                      >
                        {invited ? "Resend" : "Send"}
                      </button>
                    )}
                    {revocable && revoking !== e.id && (
                      <button
                        type="button"
                        class="secondary outline"
                        disabled={busy !== null}
                        aria-label={`Revoke invitation of ${name}`}
                        data-revoke={e.id}
                        onClick={() => setRevoking(e.id)}
                      >
                        Revoke
                      </button>
                    )}
                    {revocable && revoking === e.id && (
                      <AskFirst
                        id={`revoke-${e.id}`}
                        question={revokeQuestion(name)}
                        yes="Yes, revoke"
                        yesClass="danger"
                        pendingYes="Revoking..."
                        pending={busy === `revoke-${e.id}`}
                        onYes={async () => {
                          await act(
                            `revoke-${e.id}`,
                            () => read(invitation.delete()),
                            () => "Invitation Revoked",
                            "The invitation could not be revoked. Please try again.",
                          );
                          setRevoking(null);
                          // The question is gone: Revoke takes the keyboard back when revoking failed,
                          // the row's Send once it is revoked (unless the person moved on meanwhile).
                          requestAnimationFrame(() => {
                            const row = document.querySelector(`tr[data-employee-id="${e.id}"]`);
                            if (!focusLost() && !row?.contains(document.activeElement)) return;
                            (
                              document.querySelector<HTMLElement>(`[data-revoke="${e.id}"]`) ??
                              row?.querySelector<HTMLElement>("button:not([disabled])")
                            )?.focus();
                          });
                        }}
                        onCancel={() => {
                          setRevoking(null);
                          requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-revoke="${e.id}"]`)?.focus());
                        }}
                      />
                    )}
                    {submitted && ending !== e.id && (
                      <button
                        type="button"
                        class="secondary outline"
                        disabled={busy !== null}
                        // The name starts with the words shown (WCAG 2.5.3), then says whose.
                        aria-label={
                          e.employmentEndedOn ? `Change last day of employment of ${name}` : `Record last day of employment of ${name}`
                        }
                        data-employment-end={e.id}
                        onClick={() => setEnding(e.id)}
                      >
                        {e.employmentEndedOn ? "Change last day" : "Record last day"}
                      </button>
                    )}
                    {ending === e.id && (
                      <EmploymentEndForm
                        enrollmentId={enrollmentId}
                        employee={e}
                        onSaved={show}
                        onClose={() => {
                          setEnding(null);
                          // The row's own button takes the focus back, as a closed dialog returns it.
                          requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-employment-end="${e.id}"]`)?.focus());
                        }}
                      />
                    )}
                  </td>
                </tr>
              );
            })}
          </ScrollTable>
        </>
      )}
      {canReplaceCensus && (
        <details class="census-upload">
          <summary>Replace the employee census</summary>
          {censusUpload}
        </details>
      )}
      {submitted && classNames && classNames.length > 0 && (
        <AddEmployeeForm
          enrollmentId={enrollmentId}
          classNames={classNames}
          onAdded={(list) => {
            show(list);
            // The page's headcounts (the classes, the active plan) count the new employee too.
            onHeadcountChanged?.();
          }}
        />
      )}
    </section>
  );
}
