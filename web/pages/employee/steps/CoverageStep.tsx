import { formatUsd, formatUsdWhole } from "@src/lib/money";
import { statesAlphabetical } from "@src/lib/us-states";
import type { CoverageLevel } from "@src/modules/employees/model";
import type { StatePremium } from "@src/modules/premiums/model";
import { SelectField, StepActions } from "@web/components/forms/Field";
import { fieldErrors, form, goToStep, loadPremiums, premiums, premiumsFailed, saving, updateField } from "@web/state/employee-registration";
import { useEffect, useState } from "react";
import { coverageLabel, coverageOptions, premiumLevelKey } from "../figures";
import { submitChoice } from "./submit-choice";

/** What the premium table holds, said on its disclosure: how many states have a published figure (one at least). */
function premiumTableSummary(states: readonly StatePremium[]): string {
  const published = states.filter((s) => !s.usesNationalDefault).length;
  if (published === states.length) return `Average annual premium in every state, ranked (${states.length})`;
  return `Average annual premium in every state: ${published} published and ranked, the others at the national average`;
}

export function CoverageStep() {
  const values = form.value;
  const error = fieldErrors.value.coverageLevel;
  const [state, setState] = useState(values.state);
  useEffect(() => {
    void loadPremiums();
  }, []);
  const level = (values.coverageLevel || "individual") as CoverageLevel;
  const table = premiums.value;
  // No state has a figure of its own yet: every row would be the national average.
  const nationalOnly = (table?.states.length ?? 0) > 0 && table?.states.every((s) => s.usesNationalDefault);
  const chosen = table?.states.find((s) => s.state === state);
  // A phone shows the state, the chosen level's annual premium and the paycheck share: the rank
  // and the other levels would not fit beside them.
  const levelColumn = (column: CoverageLevel) => (column === level ? "num" : "num phone-hidden");

  return (
    <form onSubmit={submitChoice("coverageLevel", 5)} noValidate>
      <fieldset aria-invalid={error ? "true" : undefined} aria-describedby={error ? "coverage-error" : undefined}>
        <legend>Coverage level</legend>
        {coverageOptions.map((option) => (
          <label key={option.value} class="choice">
            <input
              type="radio"
              name="coverageLevel"
              value={option.value}
              checked={values.coverageLevel === option.value}
              aria-invalid={error ? "true" : undefined}
              onChange={() => updateField("coverageLevel", option.value)}
            />
            {option.label}
          </label>
        ))}
        {error && (
          <small id="coverage-error" class="field-error">
            {error}
          </small>
        )}
      </fieldset>

      <SelectField
        id="premium-state"
        label="State"
        value={state}
        placeholder={["", "Select a state"]}
        options={statesAlphabetical}
        onInput={setState}
      />

      {chosen && (
        <p class="premium-summary" aria-live="polite">
          {/* A state without a published figure is given the national average, said as such, not as the state's. */}
          {/* With no state's figure loaded, the note below says so once: this line gives only the amounts. */}
          {nationalOnly
            ? `The national average premium for ${coverageLabel(level)} coverage: `
            : chosen.usesNationalDefault
              ? `No published figure for ${chosen.name} yet. The national average premium for ${coverageLabel(level)} coverage: `
              : `Average premium in ${chosen.name} for ${coverageLabel(level)} coverage: `}
          <strong>{formatUsdWhole(chosen.annual[premiumLevelKey[level]])}</strong> a year,{" "}
          <strong>{formatUsd(chosen.perPaycheck[premiumLevelKey[level]])}</strong> per paycheck (24 paychecks a year).
        </p>
      )}

      {premiumsFailed.value && <p role="alert">The state premium table could not be loaded. Please try again later.</p>}
      {!table && !premiumsFailed.value && <p aria-busy="true">Loading state premiums...</p>}
      {table && nationalOnly && (
        // No state has a figure of its own yet: fifty-one identical rows would say less than one sentence.
        <div class="premium-national">
          <p>
            No state's average premium is loaded yet, so every state uses the national average:{" "}
            {coverageOptions.map((option, i) => (
              <span key={option.value}>
                {i > 0 && (i === coverageOptions.length - 1 ? " and " : ", ")}
                {formatUsdWhole(table.states[0]!.annual[premiumLevelKey[option.value]])} a year for {option.label}
              </span>
            ))}
            .
          </p>
          <p class="source-line">
            <small>{table.sourceLine}</small>
          </p>
        </div>
      )}
      {table && table.states.length > 0 && !nationalOnly && (
        // Fifty-one rows make the step several screens long: the table opens on request, the
        // chosen state's figures being the sentence above it.
        <details class="premium-details">
          <summary>{premiumTableSummary(table.states)}</summary>
          <div class="table-scroll" role="region" aria-labelledby="premium-caption" tabIndex={0}>
            <table class="striped premium-table">
              <caption id="premium-caption">Average annual premium by state</caption>
              <thead>
                <tr>
                  <th scope="col">State</th>
                  <th scope="col" class="num phone-hidden">
                    Rank
                  </th>
                  {coverageOptions.map((option) => (
                    <th key={option.value} scope="col" class={levelColumn(option.value)}>
                      {option.label}
                    </th>
                  ))}
                  <th scope="col" class="num">
                    Per paycheck ({coverageLabel(level)})
                  </th>
                </tr>
              </thead>
              <tbody>
                {table.states.map((row) => (
                  <tr
                    key={row.state}
                    class={row.state === state ? "row-selected" : undefined}
                    aria-current={row.state === state ? "true" : undefined}
                  >
                    <th scope="row">
                      {row.name}
                      {row.usesNationalDefault && <span class="muted"> (national average)</span>}
                    </th>
                    <td class="num phone-hidden">{row.rank ?? "—"}</td>
                    {coverageOptions.map((option) => (
                      <td key={option.value} class={levelColumn(option.value)}>
                        {formatUsdWhole(row.annual[premiumLevelKey[option.value]])}
                      </td>
                    ))}
                    <td class="num">{formatUsd(row.perPaycheck[premiumLevelKey[level]])}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p class="source-line">
            <small>
              Rank 1 is the highest individual premium among states with a published figure; per paycheck is the annual average ÷ 24.{" "}
              {table.sourceLine}
            </small>
          </p>
        </details>
      )}

      <StepActions back={{ label: "Back", onClick: () => goToStep(3) }} label="Continue" pendingLabel="Saving..." pending={saving.value} />
    </form>
  );
}
