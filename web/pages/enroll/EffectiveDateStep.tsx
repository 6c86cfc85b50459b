// Step 5: when the ICHRA starts: the first of a month (rulings). Defaults to 90 days ahead,
// then the first of the following month; no past dates.

import { isBefore, localToday, quickEffectiveDate } from "@src/lib/date-rules";
import { validate } from "@src/lib/field-errors";
import { EffectiveDatePayload, effectiveDateError, latestEffectiveDate } from "@src/modules/enrollments/model";
import { useEffect, useState } from "react";
import { api, read } from "../../api/client";
import { NoticeDeadlineWarning } from "../../components/compliance/NoticeDeadlineWarning";
import { StepActions, TextField } from "../../components/forms/Field";
import { formatDay } from "../../lib/dates";
import { focusFirstInvalid } from "../../lib/focus-after";
import { changeEffectiveDate, defaultEffectiveDate, wizard } from "../../state/enrollment";
import { failed, goNext, saveAndContinue, savedBefore, saveStep } from "./navigation";

export function EffectiveDateStep() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);

  useEffect(() => {
    if (!wizard.effectiveDate.value) wizard.effectiveDate.value = defaultEffectiveDate();
  }, []);

  const setDate = (value: string) => {
    changeEffectiveDate(value);
    setErrors({});
  };

  async function submit(event: Event) {
    event.preventDefault();
    const enrollmentId = wizard.enrollmentId.value;
    if (!savedBefore(enrollmentId, "Cannot Proceed", "Please complete plan design step first.")) return;
    const payload = { effectiveDate: wizard.effectiveDate.value };
    const ruleError = effectiveDateError(payload.effectiveDate, localToday());
    const found = validate(EffectiveDatePayload, payload) ?? (ruleError ? { effectiveDate: ruleError } : null);
    if (found) {
      setErrors(found);
      focusFirstInvalid(".wizard-step");
      const description =
        found.effectiveDate === "Effective date is required" || !found.effectiveDate
          ? "Please select an effective date."
          : found.effectiveDate;
      failed("Cannot Proceed", description);
      return;
    }
    await saveStep(
      async () => {
        await read(api.api.enrollment({ enrollmentId })["effective-date"].put(payload));
        wizard.effectiveDateSaved.value = true;
        goNext();
      },
      { title: "Save Failed", fallback: "Failed to save the effective date. Please try again.", setPending, setErrors },
    );
  }

  const in60 = quickEffectiveDate(localToday(), 60);
  const in90 = quickEffectiveDate(localToday(), 90);
  const current = wizard.effectiveDate.value;
  // A date the server would refuse (not the 1st, too far) is said at once, not described first as the start.
  const refused = errors.effectiveDate ?? (current ? effectiveDateError(current, localToday()) : null) ?? undefined;

  return (
    <form onSubmit={submit} noValidate>
      <h2 tabIndex={-1}>Choose Your Effective Date</h2>
      <p>The date your ICHRA coverage begins.</p>
      <p class="notice">
        Individual health coverage starts on the first day of a month, so your effective date is the 1st of a month. We recommend allowing
        at least 90 days before it: employees must get their ICHRA notice 90 days ahead, and need time to register and choose their
        coverage.
      </p>
      <div class="quick-dates" role="group" aria-label="Quick options">
        <button
          type="button"
          class={current === in60 ? "" : "secondary outline"}
          aria-pressed={current === in60}
          onClick={() => setDate(in60)}
        >
          60 days, then the 1st ({formatDay(in60)})
        </button>
        <button
          type="button"
          class={current === in90 ? "" : "secondary outline"}
          aria-pressed={current === in90}
          onClick={() => setDate(in90)}
        >
          90 days, then the 1st ({formatDay(in90)}) <span class="badge">Recommended</span>
        </button>
      </div>
      <TextField
        id="effective-date"
        label="Effective Date"
        type="date"
        required
        min={localToday()}
        max={latestEffectiveDate(localToday())}
        value={current}
        error={refused}
        onInput={setDate}
      />
      {current && !refused && <p>Your ICHRA will start on {formatDay(current)}.</p>}
      {current && !refused && !isBefore(current, localToday()) && <NoticeDeadlineWarning effectiveDate={current} today={localToday()} />}
      <StepActions {...saveAndContinue(pending)} />
    </form>
  );
}
