// Optional age bands for a class: rows of from age / to age / monthly allowance (and the
// family-size amounts when the class varies by family size). The oldest band has no upper
// age. "Use the federal age curve" fills the bands in one click from the class's amounts.
// Problems are keyed like the server's (`ageBands.N...`).
import { formatUsd, toCents, toDollars } from "@src/lib/money";
import { federalCurveBands } from "@src/modules/compliance/age-curve";
import { type AgeBand, AgeBands } from "@src/modules/compliance/model";
import { AGE_BAND_MAX_RATIO, MAX_AGE } from "@src/modules/compliance/rules";
import { MoneyField, TextField } from "../../components/forms/Field";
import type { BandFormDraft } from "../../state/enrollment";
import { TierFields, tierAmounts, typedNumber, typedNumbers } from "./TierFields";

/** As many bands as the shared schema accepts. */
const MAX_BANDS = AgeBands.maxItems ?? Number.POSITIVE_INFINITY;

export const emptyBand = (previous?: BandFormDraft, tiered = false): BandFormDraft => {
  const next = previous && previous.maxAge.trim() !== "" ? String(Number(previous.maxAge) + 1) : "";
  return { minAge: previous ? next : "0", maxAge: "", allowance: "", ...(tiered ? { plusOne: "", family: "" } : {}) };
};

/** Bands as typed → bands as the API takes them (dollars); blanks stay undefined so the schema names them. */
export function bandsFromForm(rows: readonly BandFormDraft[]): AgeBand[] {
  return rows.map(
    (row) =>
      ({
        ...typedNumbers({ minAge: row.minAge, maxAge: row.maxAge, allowanceAmount: row.allowance }),
        ...tierAmounts(row),
      }) as AgeBand,
  );
}

/** The federal default curve's bands for these age-21 amounts (dollars as typed), as form rows; null when the self-only amount is not a number. */
export function federalCurveRows(amounts: { allowance: string; plusOne: string; family: string }): BandFormDraft[] | null {
  const [self, plusOne, family] = [typedNumber(amounts.allowance), typedNumber(amounts.plusOne), typedNumber(amounts.family)];
  if (self === undefined || !Number.isFinite(self) || self <= 0) return null;
  const tiered = plusOne !== undefined || family !== undefined;
  return federalCurveBands({
    allowanceCents: toCents(self),
    ...(plusOne !== undefined && Number.isFinite(plusOne) ? { individualPlus1Cents: toCents(plusOne) } : {}),
    ...(family !== undefined && Number.isFinite(family) ? { familyCents: toCents(family) } : {}),
  }).map((b) => ({
    minAge: String(b.minAge),
    maxAge: b.maxAge === undefined ? "" : String(b.maxAge),
    allowance: String(toDollars(b.allowanceCents)),
    ...(tiered
      ? {
          plusOne: b.individualPlus1Cents === undefined ? "" : String(toDollars(b.individualPlus1Cents)),
          family: b.familyCents === undefined ? "" : String(toDollars(b.familyCents)),
        }
      : {}),
  }));
}

/** A band's two ages: id suffix, form key, label. */
const ageFields = [
  ["min", "minAge", "From age"],
  ["max", "maxAge", "To age"],
] as const;

/** One band's messages: its fields', its own, and (for the last band) the list's. */
function bandErrors(errors: Record<string, string>, index: number) {
  const at = (field: string) => errors[`ageBands.${index}.${field}`];
  return { minAge: at("minAge"), maxAge: at("maxAge"), allowance: at("allowanceAmount"), band: errors[`ageBands.${index}`] };
}

export function AgeBandsEditor({
  rows,
  onChange,
  errors,
  tiered,
  classAmounts,
}: {
  rows: BandFormDraft[];
  onChange: (rows: BandFormDraft[]) => void;
  errors: Record<string, string>;
  /** The class varies by family size: each band has self + one and family amounts too. */
  tiered: boolean;
  /** The class's amounts as typed: the age-21 amounts the federal curve scales. */
  classAmounts: { allowance: string; plusOne: string; family: string };
}) {
  const set = (index: number, field: keyof BandFormDraft) => (value: string) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, [field]: value } : row)));
  const curve = federalCurveRows(classAmounts);
  return (
    <fieldset class="age-bands" aria-describedby="age-bands-hint">
      <legend>Age Bands (optional)</legend>
      <small id="age-bands-hint">
        Give older employees a larger allowance. Start at age 0 and leave the oldest band's "To age" empty (ages run from 0 to {MAX_AGE});
        the oldest band's allowance may be at most {AGE_BAND_MAX_RATIO.value} times the youngest's. Without bands everyone in the class gets
        the monthly allowance above.
      </small>
      <div class="band-actions">
        <button
          type="button"
          class="secondary outline use-federal-curve"
          disabled={!curve}
          aria-describedby="federal-curve-hint"
          onClick={() => curve && onChange(curve)}
        >
          Use the federal age curve
        </button>
        <small id="federal-curve-hint" class="field-hint">
          {curve
            ? `Ten bands from the federal default age curve (45 CFR 147.102), with ${formatUsd(typedNumber(classAmounts.allowance)!)} as the age-21 amount and the oldest at ${AGE_BAND_MAX_RATIO.value} times the youngest.`
            : "Enter the monthly allowance above first: it becomes the age-21 amount of the curve."}
        </small>
      </div>
      {rows.length > 0 && (
        <ol class="band-rows">
          {rows.map((row, index) => {
            const e = bandErrors(errors, index);
            return (
              <li key={index} class="band-row">
                <div class="grid">
                  {ageFields.map(([id, key, name]) => (
                    <TextField
                      key={key}
                      id={`band-${index}-${id}`}
                      label={`Band ${index + 1}: ${name}`}
                      type="number"
                      inputMode="numeric"
                      min="0"
                      step="1"
                      value={row[key]}
                      error={e[key]}
                      hint={key === "maxAge" && index === rows.length - 1 ? "Empty: and over" : undefined}
                      onInput={set(index, key)}
                    />
                  ))}
                  <MoneyField
                    id={`band-${index}-allowance`}
                    label={`Band ${index + 1}: ${tiered ? "Self only" : "Monthly Allowance"} ($)`}
                    value={row.allowance}
                    error={e.allowance}
                    onInput={set(index, "allowance")}
                  />
                  {tiered && (
                    <TierFields
                      idPrefix={`band-${index}`}
                      label={(name) => `Band ${index + 1}: ${name} ($)`}
                      values={row}
                      errors={errors}
                      errorPrefix={`ageBands.${index}.`}
                      onInput={(tier, value) => set(index, tier)(value)}
                    />
                  )}
                </div>
                {e.band && (
                  <p class="field-error" role="alert">
                    {e.band}
                  </p>
                )}
                <button type="button" class="secondary outline remove-band" onClick={() => onChange(rows.filter((_, i) => i !== index))}>
                  Remove band {index + 1}
                </button>
              </li>
            );
          })}
        </ol>
      )}
      {errors.ageBands && (
        <p class="field-error" role="alert">
          {errors.ageBands}
        </p>
      )}
      <div class="band-actions">
        <button
          type="button"
          class="secondary outline add-band"
          disabled={rows.length >= MAX_BANDS}
          onClick={() => onChange([...rows, emptyBand(rows[rows.length - 1], tiered)])}
        >
          Add age band
        </button>
      </div>
    </fieldset>
  );
}
