import { Checkbox, StepActions } from "@web/components/forms/Field";
import { fieldErrors, form, goToStep, save, saving, updateField } from "@web/state/employee-registration";

export function TermsStep() {
  const accepted = form.value.acceptTerms;
  const error = fieldErrors.value.acceptTerms;
  const submit = (event: Event) => {
    event.preventDefault();
    if (!accepted) return;
    void save({ acceptTerms: true }, 7, { submit: true });
  };
  return (
    <form onSubmit={submit} noValidate>
      <div class="terms-text" role="region" aria-label="Terms" tabIndex={0}>
        <p>By registering you confirm that:</p>
        <ul>
          <li>the information you gave is true and complete;</li>
          <li>you will enroll in individual health coverage and keep proof of it, as reimbursements require;</li>
          <li>your employer's plan administrator may use these details to set up your reimbursements;</li>
          <li>you may opt out of the ICHRA and waive reimbursements, which may let you claim a premium tax credit instead.</li>
        </ul>
      </div>
      <Checkbox
        id="field-acceptTerms"
        name="acceptTerms"
        label="I accept the terms and conditions"
        required
        showRequired={false}
        checked={accepted}
        error={error}
        onInput={(checked) => updateField("acceptTerms", checked)}
      />
      <StepActions
        back={{ label: "Back", onClick: () => goToStep(5) }}
        label="Submit registration"
        pendingLabel="Submitting..."
        pending={saving.value}
        disabled={!accepted}
      />
    </form>
  );
}
