// /employee-registration/{enrollmentId}?invite=TOKEN: the seven-step registration, reached
// only through a personal invite. Without a valid one it shows nothing of the enrollment.
import { useEffect, useRef } from "react";
import { useParams, useSearch } from "wouter";
import { usePageTitle } from "../../components/chrome/page-title";
import { ProgressIndicator } from "../../components/progress/ProgressIndicator";
import { currentStep, employeeSteps, loadRegistration, loadState, registration, saveError } from "../../state/employee-registration";
import "./employee.css";
import { InvalidInvite } from "./InvalidInvite";
import { AboutIchraStep } from "./steps/AboutIchraStep";
import { ConfirmStep } from "./steps/ConfirmStep";
import { CoverageStep } from "./steps/CoverageStep";
import { PersonalInfoStep } from "./steps/PersonalInfoStep";
import { PlanDetailsStep } from "./steps/PlanDetailsStep";
import { ShopStep } from "./steps/ShopStep";
import { TermsStep } from "./steps/TermsStep";

const stepScreens = [PersonalInfoStep, AboutIchraStep, PlanDetailsStep, CoverageStep, ShopStep, TermsStep, ConfirmStep];

export function RegistrationSteps() {
  const step = currentStep.value;
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
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
  return (
    <div class="registration-card">
      <p class="eyebrow">{view.businessName}</p>
      <h1>Employee Registration</h1>
      <ProgressIndicator steps={employeeSteps} current={step} />
      <h2 ref={heading} tabIndex={-1} class="step-title">
        {employeeSteps[step - 1]}
      </h2>
      {saveError.value && (
        <p role="alert" class="save-error">
          {saveError.value}
        </p>
      )}
      <Screen />
    </div>
  );
}

export default function EmployeeRegistration() {
  usePageTitle("Employee Registration");
  const { enrollmentId = "" } = useParams<{ enrollmentId: string }>();
  const search = useSearch();
  const invite = new URLSearchParams(search).get("invite") ?? "";
  useEffect(() => {
    void loadRegistration(enrollmentId, invite);
  }, [enrollmentId, invite]);

  switch (loadState.value) {
    case "invalid":
      return <InvalidInvite />;
    case "error":
      return (
        <section class="registration-card centered-page" role="alert">
          <h1>We could not load your registration</h1>
          <p>Please check your connection and reload the page.</p>
        </section>
      );
    case "ready":
      return <RegistrationSteps />;
    default:
      return (
        <p class="registration-card" aria-busy="true">
          Loading your registration...
        </p>
      );
  }
}
