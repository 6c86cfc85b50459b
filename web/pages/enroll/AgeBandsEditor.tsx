// Optional age bands for a class: rows of from age / to age / monthly allowance. The
// oldest band has no upper age. Problems are keyed like the server's (`ageBands.N...`).
import { type AgeBand, AgeBands } from "@src/modules/compliance/model";
import { AGE_BAND_MAX_RATIO, MAX_AGE } from "@src/modules/compliance/rules";
import { TextField } from "../../components/forms/Field";
import type { BandFormDraft } from "../../state/enrollment";

/** As many bands as the shared schema accepts. */
const MAX_BANDS = AgeBands.maxItems ?? Number.POSITIVE_INFINITY;

export const emptyBand = (previous?: BandFormDraft): BandFormDraft => {
  const next = previous && previous.maxAge.trim() !== "" ? String(Number(previous.maxAge) + 1) : "";
  return { minAge: previous ? next : "0", maxAge: "", allowance: "" };
};

const num = (text: string): number | undefined => (text.trim() === "" ? undefined : Number(text));

/** Bands as typed → bands as the API takes them (dollars); blanks stay undefined so the schema names them. */
export function bandsFromForm(rows: readonly BandFormDraft[]): AgeBand[] {
  return rows.map((row) => {
    // A blank field is left out (not set to undefined) so the schema says it is required.
    const band: Partial<AgeBand> = {};
    const [minAge, maxAge, allowanceAmount] = [num(row.minAge), num(row.maxAge), num(row.allowance)];
    if (minAge !== undefined) band.minAge = minAge;
    if (maxAge !== undefined) band.maxAge = maxAge;
    if (allowanceAmount !== undefined) band.allowanceAmount = allowanceAmount;
    return band as AgeBand;
  });
}

/** One band's messages: its fields', its own, and (for the last band) the list's. */
function bandErrors(errors: Record<string, string>, index: number) {
  const at = (field: string) => errors[`ageBands.${index}.${field}`];
  return { minAge: at("minAge"), maxAge: at("maxAge"), allowance: at("allowanceAmount"), band: errors[`ageBands.${index}`] };
}

export function AgeBandsEditor({
  rows,
  onChange,
  errors,
}: {
  rows: BandFormDraft[];
  onChange: (rows: BandFormDraft[]) => void;
  errors: Record<string, string>;
}) {
  const set = (index: number, field: keyof BandFormDraft) => (value: string) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, [field]: value } : row)));
  return (
    <fieldset class="age-bands" aria-describedby="age-bands-hint">
      <legend>Age Bands (optional)</legend>
      <small id="age-bands-hint">
        Give older employees a larger allowance. Start at age 0 and leave the oldest band's "To age" empty; the oldest band's allowance may
        be at most {AGE_BAND_MAX_RATIO.value} times the youngest's. Without bands everyone in the class gets the monthly allowance above.
      </small>
      {rows.length > 0 && (
        <ol class="band-rows">
          {rows.map((row, index) => {
            const e = bandErrors(errors, index);
            return (
              <li key={index} class="band-row">
                <div class="grid">
                  <TextField
                    id={`band-${index}-min`}
                    label={`Band ${index + 1}: From age`}
                    type="number"
                    inputMode="numeric"
                    min="0"
                    step="1"
                    value={row.minAge}
                    error={e.minAge}
                    onInput={set(index, "minAge")}
                  />
                  <TextField
                    id={`band-${index}-max`}
                    label={`Band ${index + 1}: To age`}
                    type="number"
                    inputMode="numeric"
                    min="0"
                    step="1"
                    value={row.maxAge}
                    error={e.maxAge}
                    hint={index === rows.length - 1 ? "Empty: and over" : undefined}
                    onInput={set(index, "maxAge")}
                  />
                  <TextField
                    id={`band-${index}-allowance`}
                    label={`Band ${index + 1}: Monthly Allowance ($)`}
                    type="number"
                    inputMode="decimal"
                    min="1"
                    step="0.01"
                    value={row.allowance}
                    error={e.allowance}
                    onInput={set(index, "allowance")}
                  />
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
      <button
        type="button"
        class="secondary outline add-band"
        disabled={rows.length >= MAX_BANDS}
        onClick={() => onChange([...rows, emptyBand(rows[rows.length - 1])])}
      >
        Add age band
      </button>
      <small class="muted"> Ages run from 0 to {MAX_AGE}.</small>
    </fieldset>
  );
}
