// /enroll: the six-step employer wizard. It resumes where this browser's session left off.
import "./enroll.css";
import { useEffect, useState } from "react";
import { Link } from "wouter";
import { usePageTitle } from "../../components/chrome/page-title";
import { RetryNotice } from "../../components/notice/Alerts";
import { ProgressIndicator } from "../../components/progress/ProgressIndicator";
import { useLoad } from "../../lib/use-load";
import { persistDraft, resetWizard, stepLabels, wizard } from "../../state/enrollment";
import { resumeWizard } from "../../state/resume";
import { CensusStep } from "./CensusStep";
import { CompanyInfoStep } from "./CompanyInfoStep";
import { EffectiveDateStep } from "./EffectiveDateStep";
import { EmployeeClassesStep } from "./EmployeeClassesStep";
import { followWizardHistory } from "./navigation";
import { PlanDesignStep } from "./PlanDesignStep";
import { ReviewStep } from "./ReviewStep";

const stepScreens = [CompanyInfoStep, PlanDesignStep, EmployeeClassesStep, CensusStep, EffectiveDateStep, ReviewStep];

/** What the wizard is, shown at once: the screen's first words do not wait for the resume check. */
function Intro() {
  return (
    <>
      <h1>Enroll Your Business</h1>
      <p class="enroll-intro">
        Six steps: your company, your ICHRA plan, employee classes, the employee census, the start date, and a review before you submit.
        Everything is saved as you go, so you can stop and come back.
      </p>
    </>
  );
}

export default function EnrollPage() {
  usePageTitle("Employer Enrollment");
  const [load, retry] = useLoad(resumeWizard);
  // "Enroll another company" leaves a submitted enrollment for a fresh wizard in this visit.
  const [another, setAnother] = useState(false);
  // Mirror what is typed from now on (the draft was loaded first, so nothing is lost).
  useEffect(() => (load.status === "ready" ? persistDraft() : undefined), [load.status]);
  // Once the steps are shown, the browser's Back moves between them.
  useEffect(() => (load.status === "ready" ? followWizardHistory() : undefined), [load.status]);

  if (load.status === "loading") {
    return (
      <section class="enroll-page">
        <Intro />
        <p aria-busy="true">Loading your enrollment...</p>
      </section>
    );
  }
  if (load.status === "error") {
    return (
      <section class="enroll-page">
        <h1>Enroll Your Business</h1>
        <RetryNotice message="We couldn't load your enrollment. Please check your connection and try again." onRetry={retry} />
      </section>
    );
  }
  if (load.value.kind === "submitted" && !another) {
    const { businessId, enrollmentId } = load.value;
    return (
      <section class="enroll-page">
        <h1>Enroll Your Business</h1>
        <div class="notice notice-success">
          <strong>Your enrollment has been submitted.</strong>
          <p>Our team is reviewing it. You can follow its progress on your dashboard.</p>
        </div>
        <p class="actions">
          <Link href={`/dashboard/${businessId}`} role="button">
            Go to Dashboard
          </Link>
          <Link href={`/success/${enrollmentId}`} role="button" class="secondary outline">
            View Enrollment Summary
          </Link>
          <button
            type="button"
            class="secondary outline"
            onClick={() => {
              resetWizard();
              setAnother(true);
            }}
          >
            Enroll another company
          </button>
        </p>
      </section>
    );
  }

  const step = wizard.step.value;
  const Screen = stepScreens[step - 1];
  return (
    <section class="enroll-page">
      <Intro />
      <ProgressIndicator steps={stepLabels} current={step} />
      <div class="wizard-step">
        <Screen key={step} />
      </div>
    </section>
  );
}
