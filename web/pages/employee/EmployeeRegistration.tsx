// /employee-registration/{enrollmentId}?invite=TOKEN: the seven-step registration, reached
// only through a personal invite. Without a valid one it shows nothing of the enrollment.
// ?preview=TOKEN (the success page's preview tool) shows the same steps read-only: the
// answers cannot be changed, nothing is saved, and its own buttons move between the steps.
import { useEffect, useRef } from "react";
import { useParams, useSearch } from "wouter";
import { usePageTitle } from "../../components/chrome/page-title";
import { ProgressIndicator } from "../../components/progress/ProgressIndicator";
import {
  currentStep,
  employeeSteps,
  followRegistrationHistory,
  goToStep,
  loadPreview,
  loadRegistration,
  loadState,
  previewing,
  registration,
  saveError,
} from "../../state/employee-registration";
import "./employee.css";
import { possessive } from "@src/lib/possessive";
import { InvalidInvite } from "./InvalidInvite";
import { LoadFailed, PageLoading } from "./PageStates";
import { AboutIchraStep } from "./steps/AboutIchraStep";
import { ConfirmStep } from "./steps/ConfirmStep";
import { CoverageStep } from "./steps/CoverageStep";
import { PersonalInfoStep } from "./steps/PersonalInfoStep";
import { PlanDetailsStep } from "./steps/PlanDetailsStep";
import { ShopStep } from "./steps/ShopStep";
import { TermsStep } from "./steps/TermsStep";

/** Opting out at Plan Details passes over Coverage, Shop and Terms: the progress says so, not that they were done. */
const optingOutSkips = [4, 5, 6];
const stepScreens = [PersonalInfoStep, AboutIchraStep, PlanDetailsStep, CoverageStep, ShopStep, TermsStep, ConfirmStep];
/** The steps that ask for answers: a preview shows their fields disabled. */
const asksForAnswers = new Set([1, 4, 5, 6]);

function PreviewNote() {
  const view = registration.value!;
  const name = `${view.prefill.firstName} ${view.prefill.lastName}`;
  return (
    <p class="preview-note">
      <strong>Preview, read-only.</strong> This is {possessive(name)} registration as they see it. Nothing here can be changed or saved, and
      this link is not an invitation: it sent {view.prefill.firstName} nothing.
    </p>
  );
}

function PreviewSteps() {
  const step = currentStep.value;
  return (
    <div class="step-actions preview-actions">
      <button type="button" class="secondary outline" disabled={step === 1} onClick={() => goToStep(step - 1)}>
        Previous step
      </button>
      <button type="button" disabled={step === employeeSteps.length} onClick={() => goToStep(step + 1)}>
        Next step
      </button>
    </div>
  );
}

export function RegistrationSteps() {
  const step = currentStep.value;
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  useEffect(followRegistrationHistory, []);
  useEffect(() => {
    // Moving between steps puts the reader at the top of the new step.
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo?.(0, 0);
    heading.current?.focus();
  }, [step]);
  const Screen = stepScreens[step - 1];
  const view = registration.value!;
  const preview = previewing.value;
  const optedOut = Boolean(view.registration?.declinedAt && !view.registration.submittedAt);
  return (
    <div class={preview ? "registration-card previewing" : "registration-card"}>
      {preview && <PreviewNote />}
      <p class="eyebrow">{view.businessName}</p>
      <h1>Employee Registration</h1>
      {/* Skipped only as the opting out's confirmation shows: "Register instead" goes through them again. */}
      <ProgressIndicator steps={employeeSteps} current={step} skipped={optedOut && step === employeeSteps.length ? optingOutSkips : []} />
      <h2 ref={heading} tabIndex={-1} class="step-title">
        {employeeSteps[step - 1]}
      </h2>
      {saveError.value && (
        <p role="alert" class="save-error">
          {saveError.value}
        </p>
      )}
      {preview && asksForAnswers.has(step) ? (
        <fieldset disabled class="preview-answers">
          <legend class="visually-hidden">{employeeSteps[step - 1]} (read-only preview)</legend>
          <Screen />
        </fieldset>
      ) : (
        <Screen />
      )}
      {preview && <PreviewSteps />}
    </div>
  );
}

export default function EmployeeRegistration() {
  usePageTitle("Employee Registration");
  const { enrollmentId = "" } = useParams<{ enrollmentId: string }>();
  const search = useSearch();
  const query = new URLSearchParams(search);
  const invite = query.get("invite") ?? "";
  const preview = query.get("preview");
  useEffect(() => {
    if (preview !== null) void loadPreview(enrollmentId, preview);
    else void loadRegistration(enrollmentId, invite);
  }, [enrollmentId, invite, preview]);

  switch (loadState.value) {
    case "invalid":
      return <InvalidInvite what={preview !== null ? "preview" : "registration"} />;
    case "error":
      return <LoadFailed what="registration" />;
    case "ready":
      return <RegistrationSteps />;
    default:
      return <PageLoading what="registration" />;
  }
}
