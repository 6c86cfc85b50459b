// Step 1: the company and its primary contact. Continue registers the business for real
// (rulings) and starts the owner's session; the same schema checks the form and the server.

import { validate } from "@src/lib/field-errors";
import { shownPhone } from "@src/lib/phone";
import { trimmedFields } from "@src/lib/trimmed";
import { CompanyRegistration, CompanyUpdate, DUPLICATE_EMAIL_MESSAGE } from "@src/modules/businesses/model";
import {
  companySizes,
  INDUSTRY_PLACEHOLDER,
  industries,
  SIZE_PLACEHOLDER,
  STATE_PLACEHOLDER,
  states,
} from "@src/modules/businesses/options";
import { useState } from "react";
import { Link } from "wouter";
import { api, read } from "../../api/client";
import { ApiError, messageOf } from "../../api/errors";
import { Checkbox, SelectField, StepActions, TextField } from "../../components/forms/Field";
import { withoutError } from "../../components/forms/field-errors";
import { EmailAddress } from "../../components/text/EmailAddress";
import { toast } from "../../components/toast/toast-store";
import { focusFirstInvalid } from "../../lib/focus-after";
import { companyRenamed, refreshSession } from "../../lib/session";
import { type CompanyDraft, rememberBusinessId, wizard } from "../../state/enrollment";
import { applyBusiness } from "../../state/resume";
import { failed, fieldsToFix, focusStepHeading, goNext, previousStep } from "./navigation";

const pairs = (options: readonly { value: string; label: string }[]) => options.map((o) => [o.value, o.label] as [string, string]);
const stateOptions = pairs(states);
const industryOptions = pairs(industries);
const sizeOptions = pairs(companySizes);

/** The selects' "Select ..." values: a field left on one is missing, not wrong. */
const selectPlaceholders = [INDUSTRY_PLACEHOLDER, SIZE_PLACEHOLDER, STATE_PLACEHOLDER];

export function CompanyInfoStep() {
  const company = wizard.company.value;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const [loginUrl, setLoginUrl] = useState<string | null>(null);
  const registered = wizard.businessId.value !== null;

  const set = <K extends keyof CompanyDraft>(key: K, value: CompanyDraft[K]) => {
    wizard.company.value = { ...wizard.company.value, [key]: value };
    if (errors[key]) setErrors(withoutError(key));
  };

  async function submit(event: Event) {
    event.preventDefault();
    const payload = trimmedFields(wizard.company.value);
    const found = validate(CompanyRegistration, payload);
    if (found) {
      setErrors(found);
      fieldsToFix(payload, found, selectPlaceholders);
      focusFirstInvalid(".wizard-step");
      return;
    }
    setPending(true);
    setLoginUrl(null);
    try {
      // The schema check above has seen the terms accepted.
      const answer = await read(api.api.business.register.post({ ...payload, termsAccepted: true }));
      if (!answer?.businessId) {
        failed("Registration Error", "The server did not return a business ID. Please try again.");
        return;
      }
      rememberBusinessId(answer.businessId);
      wizard.businessId.value = answer.businessId;
      // Registering signed the owner in: the header says so without a page change.
      void refreshSession();
      toast({ title: "Business Registration Complete", description: "Your business information has been saved successfully." });
      goNext();
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      if (apiError) {
        const taken = apiError.status === 409 && typeof apiError.body?.loginUrl === "string";
        // The address that has an account is the field to look at: marked, and given the focus.
        setErrors(taken ? { ...apiError.fieldErrors, email: apiError.serverMessage ?? DUPLICATE_EMAIL_MESSAGE } : apiError.fieldErrors);
        if (taken) setLoginUrl(apiError.body!.loginUrl as string);
      }
      failed("Registration Failed", messageOf(error, "Failed to register business. Please try again."));
      focusFirstInvalid(".wizard-step");
    } finally {
      setPending(false);
    }
  }

  if (registered) return <RegisteredCompany />;

  return (
    <form onSubmit={submit} noValidate>
      <h2 tabIndex={-1}>Company Information</h2>
      <p>
        Tell us about your business. Fields marked with <span class="required-mark">*</span> are required.
      </p>
      {loginUrl && (
        <p class="notice notice-warning" role="alert">
          This email already has an account. <Link href={loginUrl}>Sign in</Link> to continue your enrollment.
        </p>
      )}
      <CompanyFields values={company} errors={errors} set={set} withEmail />
      <Checkbox
        id="company-termsAccepted"
        label="I agree to the terms and conditions"
        hint={
          <>
            Read the{" "}
            <a href="/terms" target="_blank" rel="noopener">
              terms and conditions
            </a>{" "}
            (opens in a new tab).
          </>
        }
        required
        checked={company.termsAccepted}
        error={errors.termsAccepted}
        onInput={(checked) => set("termsAccepted", checked)}
      />
      <StepActions back={previousStep()} label="Continue to Next Step" pendingLabel="Submitting..." pending={pending} />
    </form>
  );
}

type CompanyText = Exclude<keyof CompanyDraft, "termsAccepted">;

/** The company's fields and its contact's, as registering asks them and editing corrects them (without the email, which signs in). */
function CompanyFields({
  values,
  errors,
  set,
  withEmail = false,
}: {
  values: CompanyDraft;
  errors: Record<string, string>;
  set: (key: CompanyText, value: string) => void;
  withEmail?: boolean;
}) {
  const field = (key: CompanyText) => ({
    id: `company-${key}`,
    error: errors[key],
    required: true,
    value: values[key],
    onInput: (v: string) => set(key, v),
  });
  return (
    <>
      <TextField {...field("name")} label="Company Name" autoComplete="organization" />
      <div class="grid">
        <TextField {...field("taxId")} label="EIN/Tax ID" placeholder="XX-XXXXXXX" />
        <SelectField
          {...field("industry")}
          label="Industry"
          placeholder={[INDUSTRY_PLACEHOLDER, "Select industry"]}
          options={industryOptions}
        />
      </div>
      <TextField {...field("address")} label="Business Address" autoComplete="street-address" />
      <div class="grid">
        <TextField {...field("city")} label="City" autoComplete="address-level2" />
        <SelectField {...field("state")} label="State" placeholder={[STATE_PLACEHOLDER, "Select state"]} options={stateOptions} />
        <TextField {...field("zip")} label="ZIP/Postal Code" autoComplete="postal-code" inputMode="numeric" />
      </div>
      <SelectField {...field("size")} label="Number of Employees" placeholder={[SIZE_PLACEHOLDER, "Select range"]} options={sizeOptions} />
      <fieldset>
        <legend class="section-legend">Primary Contact Information</legend>
        <div class="grid">
          <TextField {...field("firstName")} label="First Name" autoComplete="given-name" />
          <TextField {...field("lastName")} label="Last Name" autoComplete="family-name" />
        </div>
        {withEmail ? (
          <div class="grid">
            <TextField {...field("email")} label="Email" type="email" autoComplete="email" />
            <TextField {...field("phone")} label="Phone" type="tel" autoComplete="tel" />
          </div>
        ) : (
          <TextField {...field("phone")} label="Phone" type="tel" autoComplete="tel" />
        )}
      </fieldset>
    </>
  );
}

/**
 * A registered company: what was saved, and an editor to correct it until the enrollment
 * is submitted (the server refuses after). The email is the owner's sign-in and stays.
 */
function RegisteredCompany() {
  const company = wizard.company.value;
  // What is being corrected, apart from what was saved: Cancel leaves the saved details as they were.
  const [draft, setDraft] = useState<CompanyDraft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);

  const startEditing = () => {
    setErrors({});
    setDraft({ ...company });
    requestAnimationFrame(() => document.getElementById("company-name")?.focus());
  };
  const stopEditing = () => {
    setDraft(null);
    focusStepHeading();
  };

  async function save(event: Event) {
    event.preventDefault();
    if (!draft || pending) return;
    const { email: _email, termsAccepted: _terms, ...typed } = draft;
    const payload = trimmedFields(typed);
    const found = validate(CompanyUpdate, payload);
    if (found) {
      setErrors(found);
      fieldsToFix(payload, found, selectPlaceholders);
      focusFirstInvalid(".wizard-step");
      return;
    }
    const businessId = wizard.businessId.value;
    if (businessId === null) return;
    setPending(true);
    try {
      const saved = await read(api.api.business({ businessId }).put(payload));
      if (saved) {
        applyBusiness(saved);
        companyRenamed(businessId, saved.name);
      }
      toast({ title: "Company Details Saved", description: "Your company information has been updated." });
      stopEditing();
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fieldErrors);
      failed("Save Failed", messageOf(error, "Failed to save your company details. Please try again."));
      focusFirstInvalid(".wizard-step");
    } finally {
      setPending(false);
    }
  }

  if (draft) {
    const set = (key: CompanyText, value: string) => {
      setDraft((shown) => (shown ? { ...shown, [key]: value } : shown));
      if (errors[key]) setErrors(withoutError(key));
    };
    return (
      <form onSubmit={save} noValidate>
        <h2 tabIndex={-1}>Company Information</h2>
        <p>
          Correct your company's details. Fields marked with <span class="required-mark">*</span> are required.
        </p>
        <CompanyFields values={draft} errors={errors} set={set} />
        <p class="field-hint">You sign in with {company.email}; it cannot be changed here.</p>
        <div class="step-actions">
          <button type="button" class="secondary outline" onClick={stopEditing} disabled={pending}>
            Cancel
          </button>
          <button type="submit" disabled={pending} aria-busy={pending ? "true" : undefined}>
            {pending ? "Saving..." : "Save Company Details"}
          </button>
        </div>
      </form>
    );
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        goNext();
      }}
      noValidate
    >
      <h2 tabIndex={-1}>Company Information</h2>
      <p>Your company is registered. Its details are saved; continue with your plan.</p>
      <article class="summary-card">
        <dl class="summary-list">
          <dt>Company name</dt>
          <dd>{company.name}</dd>
          <dt>Tax ID</dt>
          <dd>{company.taxId}</dd>
          <dt>Address</dt>
          <dd>
            {company.address}, {company.city}, {company.state} {company.zip}
          </dd>
          <dt>Primary contact</dt>
          <dd>
            {company.firstName} {company.lastName} · <EmailAddress email={company.email} />
            {company.phone ? ` · ${shownPhone(company.phone)}` : ""}
          </dd>
        </dl>
        <button type="button" class="secondary outline small-button" onClick={startEditing}>
          Edit company details
        </button>
      </article>
      <StepActions back={previousStep()} label="Continue to Next Step" />
    </form>
  );
}
