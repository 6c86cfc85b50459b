import { Type } from "@sinclair/typebox";
import { validate } from "@src/lib/field-errors";
import { lastFourDigits } from "@src/lib/ssn";
import { statesAlphabetical } from "@src/lib/us-states";
import { EMAIL_IS_THE_INVITATIONS, registrationFields } from "@src/modules/employees/model";
import { FixedEmail, SelectField, StepActions, TextField } from "@web/components/forms/Field";
import { fieldErrors, form, type RegistrationFields, save, saving, ssnOnFile, updateField } from "@web/state/employee-registration";

const personalFields = ["firstName", "lastName", "email", "phone", "dateOfBirth", "ssn", "address", "city", "state", "zipCode"] as const;

export function PersonalInfoStep() {
  const values = form.value;
  const errors = fieldErrors.value;
  const onFile = ssnOnFile.value;
  // Every field here is needed: the intro says so once, instead of an asterisk on each.
  const text = (name: (typeof personalFields)[number]) => ({
    id: `field-${name}`,
    name,
    value: values[name],
    error: errors[name],
    showRequired: false,
    onInput: (v: string) => updateField(name, v),
  });

  const submit = (event: Event) => {
    event.preventDefault();
    // A saved SSN need not be typed again; leaving the box empty keeps it.
    const names = personalFields.filter((n) => !(n === "ssn" && onFile && values.ssn === ""));
    const payload = Object.fromEntries(names.map((n) => [n, values[n].trim()])) as Pick<
      RegistrationFields,
      (typeof personalFields)[number]
    >;
    const schema = Type.Object(Object.fromEntries(names.map((n) => [n, registrationFields[n]])));
    const problems = validate(schema, payload) ?? {};
    if (Object.keys(problems).length) {
      fieldErrors.value = problems;
      document.getElementById(`field-${Object.keys(problems)[0]}`)?.focus();
      return;
    }
    void save(payload, 2);
  };

  return (
    <form onSubmit={submit} noValidate>
      <p>Check the details your employer gave us and complete the rest: every field is needed.</p>
      <div class="grid-2">
        <TextField label="First name" autoComplete="given-name" required {...text("firstName")} />
        <TextField label="Last name" autoComplete="family-name" required {...text("lastName")} />
      </div>
      <FixedEmail id="field-email" label="Email" value={values.email} hint={EMAIL_IS_THE_INVITATIONS} error={errors.email} />
      <TextField label="Phone number" type="tel" autoComplete="tel" required {...text("phone")} />
      <div class="grid-2">
        <TextField label="Date of birth" type="date" autoComplete="bday" required {...text("dateOfBirth")} />
        <TextField
          label="Last 4 digits of your SSN"
          inputMode="numeric"
          autoComplete="off"
          pattern="\d{4}"
          required={!onFile}
          hint={onFile ? `On file: ${onFile}. Leave empty to keep it.` : "Only the last four digits; they are stored encrypted."}
          {...text("ssn")}
          onInput={(v: string) => updateField("ssn", lastFourDigits(v))}
        />
      </div>
      <TextField label="Address" autoComplete="street-address" required {...text("address")} />
      <div class="grid-3">
        <TextField label="City" autoComplete="address-level2" required {...text("city")} />
        <SelectField
          {...text("state")}
          label="State"
          required
          autoComplete="address-level1"
          placeholder={["", "Select a state"]}
          options={statesAlphabetical}
        />
        <TextField label="ZIP code" inputMode="numeric" autoComplete="postal-code" required {...text("zipCode")} />
      </div>
      <StepActions label="Continue" pendingLabel="Saving..." pending={saving.value} />
    </form>
  );
}
