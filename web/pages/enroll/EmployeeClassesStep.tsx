// Step 3: define the employee classes and their monthly allowances.
import { useEffect, useState } from "react";
import { StepActions } from "../../components/forms/Field";
import { planYearOf } from "../../lib/dates";
import { wizard } from "../../state/enrollment";
import { AddClassForm, ClassCards, saveClasses } from "./ClassEditor";
import { ClassRulesPanel, sizeGuess, useCensusHeadcounts } from "./ClassRulesPanel";
import { failed, goNext, goToStep, saveAndContinue, savedBefore } from "./navigation";

const enrollmentIdOf = () => wizard.enrollmentId.value;

export function EnrollmentNotFound() {
  return (
    <div class="notice notice-error" role="alert">
      <strong>Enrollment Not Found</strong>
      <p>Please return to Plan Selection and select a plan first.</p>
      <button type="button" class="secondary" onClick={() => goToStep(2)}>
        Return to Plan Selection
      </button>
    </div>
  );
}

export function EmployeeClassesStep() {
  const [saving, setSaving] = useState(false);
  const [notFound, setNotFound] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const counts = useCensusHeadcounts(enrollmentIdOf(), (wizard.censusCount.value ?? 0) > 0);
  const enrollmentId = wizard.enrollmentId.value;
  const classes = wizard.classes.value;
  const missingEnrollment = !enrollmentId || notFound;

  // The registration's size bracket is the first guess at the headcount, until the employer says.
  useEffect(() => {
    if (!wizard.totalEmployees.value) wizard.totalEmployees.value = sizeGuess(wizard.company.value.size);
  }, []);

  const update = (next: typeof classes) => {
    wizard.classes.value = next;
    wizard.classesSaved.value = false;
    setServerErrors({}); // they named classes by position, which no longer holds
  };

  async function submit(event: Event) {
    event.preventDefault();
    if (!savedBefore(enrollmentId, "Save Failed", "Invalid enrollment ID. Please complete the plan selection step first.")) return;
    if (classes.length === 0) {
      failed("Validation Error", "Please add at least one employee class before continuing.");
      return;
    }
    // A class typed into the form but not added would be left behind without a word: the
    // keyboard goes to its Add Class button instead, and the draft stays as typed.
    const typed = wizard.classForm.value;
    const typedSomething = [typed.name, typed.allowance, typed.plusOne, typed.family, typed.eligibility].some((v) => v.trim() !== "");
    if (typedSomething) {
      failed(
        "Class Not Added",
        `Press Add Class to add ${typed.name.trim() ? `"${typed.name.trim()}"` : "the class you typed"}, or clear its fields, before continuing.`,
      );
      document.querySelector<HTMLElement>(".add-class-form button[type=submit]")?.focus();
      return;
    }
    setSaving(true);
    const outcome = await saveClasses(enrollmentId, classes, {
      totalEmployees: wizard.totalEmployees.value,
      groupPlanClasses: wizard.groupPlanClasses.value,
    });
    setSaving(false);
    if (outcome.ok) {
      setServerErrors({});
      wizard.classesSaved.value = true;
      goNext();
    } else {
      setServerErrors(outcome.fieldErrors);
      if (outcome.notFound) setNotFound(true);
    }
  }

  return (
    <div>
      <h2 tabIndex={-1}>Define Employee Classes</h2>
      <p>Group employees into classes (for example full-time, part-time or by location) and set each class's monthly allowance.</p>
      {missingEnrollment && <EnrollmentNotFound />}
      <ClassCards
        classes={classes}
        errors={serverErrors}
        planYear={planYearOf(wizard.effectiveDate.value)}
        workZip={wizard.company.value.zip || undefined}
        onDelete={(index) => update(classes.filter((_, i) => i !== index))}
      />
      <AddClassForm draft={wizard.classForm} existing={classes} plan={wizard.plan.value} onAdd={(c) => update([...classes, c])} />
      <form onSubmit={submit} noValidate>
        <ClassRulesPanel
          classes={classes}
          counts={counts}
          errors={serverErrors}
          sizeBracket={wizard.company.value.size}
          totalEmployees={wizard.totalEmployees.value}
          onTotalEmployees={(value) => {
            wizard.totalEmployees.value = value;
            wizard.classesSaved.value = false;
          }}
          groupPlanClasses={wizard.groupPlanClasses.value}
          onGroupPlanClasses={(groups) => {
            wizard.groupPlanClasses.value = groups;
            wizard.classesSaved.value = false;
            setServerErrors({});
          }}
        />
        {serverErrors.employeeClasses && (
          <p class="field-error" role="alert">
            {serverErrors.employeeClasses}
          </p>
        )}
        {classes.length === 0 && !missingEnrollment && (
          // The spec disables Continue with no class: beside it, why, for a class typed and not yet added.
          <p class="muted step-hint" id="classes-needed">
            Add at least one class with Add Class above to continue.
          </p>
        )}
        <StepActions {...saveAndContinue(saving, classes.length === 0 || missingEnrollment)} />
      </form>
    </div>
  );
}
