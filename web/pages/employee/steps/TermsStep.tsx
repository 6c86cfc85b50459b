import { fieldErrors, form, goToStep, save, saving, updateField } from "@web/state/employee-registration";
import { StepActions } from "../Field";

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
      <label class="choice">
        <input
          type="checkbox"
          name="acceptTerms"
          checked={accepted}
          aria-invalid={error ? "true" : undefined}
          aria-describedby={error ? "terms-error" : undefined}
          onChange={(e) => updateField("acceptTerms", (e.currentTarget as HTMLInputElement).checked)}
        />
        I accept the terms and conditions
      </label>
      {error && (
        <small id="terms-error" class="field-error">
          {error}
        </small>
      )}
      <StepActions back={() => goToStep(5)}>
        <button type="submit" disabled={!accepted || saving.value} aria-busy={saving.value ? "true" : undefined}>
          {saving.value ? "Submitting..." : "Submit registration"}
        </button>
      </StepActions>
    </form>
  );
}
