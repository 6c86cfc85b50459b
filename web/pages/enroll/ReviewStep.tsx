// Step 6: a summary of what the server holds, optional notes, and the final submit.

import { formatDate, localToday } from "@src/lib/date-rules";
import { formatUsd } from "@src/lib/money";
import { projectedMonthlyCost } from "@src/modules/compliance/budget";
import { firstOnTimeStart, noticeIsLate } from "@src/modules/compliance/notice-dates";
import { type EnrollmentRead, lateNoticeMessage, NO_CLASSES_MESSAGE } from "@src/modules/enrollments/model";
import { useState } from "react";
import { useLocation } from "wouter";
import { api, read } from "../../api/client";
import { ApiError, messageOf } from "../../api/errors";
import { refusedRows } from "../../components/census/refused-rows";
import { ClassRulesNotice } from "../../components/compliance/ClassRulesNotice";
import { NoticeDeadlineWarning } from "../../components/compliance/NoticeDeadlineWarning";
import { EmployerSizeRows } from "../../components/enrollment/EmployerSizeRows";
import { SummaryRows } from "../../components/enrollment/SummaryRows";
import { Checkbox, StepActions, TextArea } from "../../components/forms/Field";
import { AlertNotice } from "../../components/notice/Alerts";
import { EmailAddress } from "../../components/text/EmailAddress";
import { toast } from "../../components/toast/toast-store";
import { plural } from "../../lib/plural";
import { useEnrollment } from "../../lib/use-enrollment";
import { clearDraft, toClassDraft, wizard } from "../../state/enrollment";
import { classSizeShortfalls, headcountsOf } from "./ClassRulesPanel";
import { ClassTable } from "./ClassTable";
import { failed, goToStep, previousStep, savedBefore } from "./navigation";

/** The class size rule checked on what the server holds, with the census now known; a way back to fix it. */
function ClassRulesAtReview({ enrollment, refused }: { enrollment: EnrollmentRead; refused: boolean }) {
  const counts = headcountsOf(enrollment);
  const total = enrollment.totalEmployees ?? counts.total;
  const shortfalls = classSizeShortfalls(
    enrollment.employeeClasses.map(toClassDraft),
    counts,
    total,
    enrollment.groupPlanClasses.length > 0,
  );
  if (shortfalls.length === 0 && !refused) return null;
  return (
    <div class="notice notice-error review-class-rules">
      <ClassRulesNotice shortfalls={shortfalls} totalHeadcount={total} headingLevel={3} />
      <button type="button" class="secondary" onClick={() => goToStep(3)}>
        Define Employee Classes
      </button>
    </div>
  );
}

/** The allowances × headcount beside the budget, with a warning when they exceed it (13.11). */
export function BudgetCheck({ enrollment }: { enrollment: EnrollmentRead }) {
  const selfOnly = projectedMonthlyCost(enrollment.employeeClasses);
  const family = projectedMonthlyCost(enrollment.employeeClasses, "family");
  const budget = enrollment.monthlyBudget;
  const over = budget !== null && selfOnly > budget;
  const familyOver = budget !== null && !over && family > budget;
  return (
    <div class={over ? "notice notice-error budget-check" : "notice budget-check"} role={over ? "alert" : undefined}>
      <p>
        Projected monthly cost of the allowances: <strong>{formatUsd(selfOnly)}</strong>
        {family !== selfOnly && <> (up to {formatUsd(family)} if every employee covers their family)</>}, for{" "}
        {plural(enrollment.census.count, "census employee")}, against a monthly budget of{" "}
        <strong>{budget === null ? "not set" : formatUsd(budget)}</strong>.
      </p>
      {over && (
        <p>
          <strong>The allowances exceed your monthly budget by {formatUsd(selfOnly - budget)}.</strong> Lower the allowances, or raise the
          budget on the Plan Design step.
        </p>
      )}
      {familyOver && <p>If employees cover their families, the allowances could exceed your monthly budget.</p>}
    </div>
  );
}

const INCOMPLETE_MESSAGE = "Invalid enrollment ID. Please complete all previous steps first.";

/**
 * Which rows were refused and in which columns, when this browser holds that upload's answer
 * (the server keeps only how many): "Refused: row 3 (Email), row 4 (Class)."
 */
function RefusedRowNumbers({ rejected, count }: { rejected: number; count: number }) {
  const kept = wizard.census.value;
  if (!kept || kept.rejected !== rejected || kept.accepted !== count || kept.errors.length === 0) return null;
  const columns = new Map<number, string[]>();
  for (const e of kept.errors) columns.set(e.row, [...(columns.get(e.row) ?? []), e.field]);
  const rows = [...columns].map(([row, fields]) => `row ${row} (${fields.join(", ")})`);
  return (
    <p>
      Refused: {rows.join(", ")}
      {rows.length < rejected ? ", and more" : ""}.
    </p>
  );
}

export function ReviewStep() {
  const enrollmentId = wizard.enrollmentId.value;
  const load = useEnrollment(enrollmentId);
  const [pending, setPending] = useState(false);
  const [classErrors, setClassErrors] = useState<Record<string, string>>({});
  // Fewer than 90 days before the plan starts, only an employer that did not yet exist 120 days
  // before it may submit (its notices are due by the day coverage begins): it says so here.
  const [newEmployer, setNewEmployer] = useState(false);
  const [, navigate] = useLocation();

  const enrollment = load.status === "ready" ? load.value : null;
  const late = enrollment !== null && noticeIsLate(enrollment.effectiveDate, localToday());
  const classCount = enrollment ? enrollment.employeeClasses.length : wizard.classes.value.length;

  async function submit(event: Event) {
    event.preventDefault();
    if (!savedBefore(enrollmentId, "Enrollment Failed", INCOMPLETE_MESSAGE)) return;
    if (classCount === 0) {
      failed("Incomplete Enrollment", NO_CLASSES_MESSAGE);
      return;
    }
    // The server's rule, said before sending: fewer than 90 days ahead, only a new business submits.
    if (late && !newEmployer) {
      setClassErrors({ newEmployer: lateNoticeMessage(enrollment.effectiveDate, firstOnTimeStart(localToday())) });
      document.getElementById("new-employer")?.focus();
      return;
    }
    setPending(true);
    try {
      const notes = wizard.notes.value.trim();
      await read(
        api.api
          .enrollment({ enrollmentId })
          .finalize.put({ ...(notes ? { additionalNotes: notes } : {}), ...(late && newEmployer ? { newEmployer: true } : {}) }),
      );
      toast({ title: "Enrollment Complete", description: "Your enrollment has been submitted for review." });
      clearDraft();
      navigate(`/success/${enrollmentId}`);
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      if (apiError?.status === 400) setClassErrors(apiError.fieldErrors);
      failed("Enrollment Failed", messageOf(error, "Failed to finalize enrollment. Please try again."));
      // The statement asked for takes the keyboard, with the server's words under it.
      if (apiError?.fieldErrors.newEmployer) requestAnimationFrame(() => document.getElementById("new-employer")?.focus());
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <h2 tabIndex={-1}>Review & Submit</h2>
      <p>Check your enrollment before you submit it. Our team reviews it within 1-2 business days.</p>
      {!enrollmentId && (
        <div class="notice notice-error" role="alert">
          <strong>Incomplete Enrollment</strong>
          <p>Please complete all previous steps before submitting your enrollment.</p>
        </div>
      )}
      {enrollmentId && load.status !== "loading" && classCount === 0 && (
        <div class="notice notice-error" role="alert">
          <strong>Missing Employee Classes</strong>
          <p>{NO_CLASSES_MESSAGE}</p>
          <button type="button" class="secondary" onClick={() => goToStep(3)}>
            Define Employee Classes
          </button>
        </div>
      )}
      {load.status === "loading" && <p aria-busy="true">Loading your enrollment...</p>}
      {load.status === "error" && (
        <AlertNotice message={`We couldn't load your enrollment: ${messageOf(load.error, "Please try again.")}`} />
      )}
      {enrollment && (
        <article class="summary-card">
          <h3>Enrollment Summary</h3>
          <dl class="summary-list">
            <dt>Company</dt>
            <dd>{enrollment.business.name}</dd>
            <dt>Contact email</dt>
            <dd>
              <EmailAddress email={enrollment.business.email} />
            </dd>
            <dt>Plan</dt>
            <dd>{enrollment.plan.name}</dd>
            <SummaryRows enrollment={enrollment} annual census />
            <EmployerSizeRows enrollment={enrollment} />
          </dl>
          {enrollment.employeeClasses.length > 0 && (
            <ClassTable classes={enrollment.employeeClasses} caption="Employee classes" showHeadcount errors={classErrors} />
          )}
        </article>
      )}
      {enrollment && enrollment.census.rejected > 0 && (
        <div class="notice notice-warning" role="status">
          <strong>Census Rows Refused</strong>
          <p>
            {refusedRows(enrollment.census.rejected, "your census file")} not on your census and will not be invited. You can submit now and
            add them from your dashboard, or correct the file and upload it again.
          </p>
          <RefusedRowNumbers rejected={enrollment.census.rejected} count={enrollment.census.count} />
          <button type="button" class="secondary" onClick={() => goToStep(4)}>
            Correct the census
          </button>
        </div>
      )}
      {enrollment && <BudgetCheck enrollment={enrollment} />}
      {enrollment && <NoticeDeadlineWarning effectiveDate={enrollment.effectiveDate} today={localToday()} />}
      {late && (
        <Checkbox
          id="new-employer"
          label={`My business did not yet exist 120 days before ${formatDate(enrollment.effectiveDate)}, so my employees' notices are due by the day their coverage begins.`}
          hint="Otherwise go back to Effective Date and choose a later date."
          checked={newEmployer}
          error={classErrors.newEmployer}
          onInput={(checked) => {
            setNewEmployer(checked);
            setClassErrors(({ newEmployer: _, ...rest }) => rest);
          }}
        />
      )}
      {enrollment && <ClassRulesAtReview enrollment={enrollment} refused={Object.keys(classErrors).length > 0} />}
      <TextArea
        id="additional-notes"
        label="Additional Notes (optional)"
        value={wizard.notes.value}
        maxLength={5000}
        onInput={(v) => (wizard.notes.value = v)}
        hint="Anything our team should know when reviewing your enrollment."
      />
      <StepActions
        back={previousStep()}
        label="Submit Enrollment"
        pendingLabel="Submitting..."
        pending={pending}
        disabled={!enrollmentId || classCount === 0 || load.status === "loading"}
      />
    </form>
  );
}
