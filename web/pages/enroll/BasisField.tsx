// What an employee class is based on: one of the permitted classes, or several ticked
// together for a combination class. Every class needs at least one (26 CFR 54.9802-4(d)(2)).
import { CLASS_BASES, CLASS_BASIS_LABELS, type ClassBasis as ClassBasisValue } from "@src/modules/compliance/rules";
import { RequiredMark } from "../../components/forms/FieldLabel";

export function basisText(basis: readonly string[] | undefined): string | null {
  if (!basis?.length) return null;
  const labels = basis.map((b) => CLASS_BASIS_LABELS[b as ClassBasisValue] ?? b);
  return labels.length === 1 ? labels[0] : `Combination: ${labels.join(" + ")}`;
}

export function BasisField({
  value,
  onChange,
  error,
  idPrefix = "class-basis",
  legend = "Class Based On",
}: {
  value: ClassBasisValue[];
  onChange: (next: ClassBasisValue[]) => void;
  error?: string;
  /** Ids of the checkboxes, hint and error start with it (several basis fields on one page). */
  idPrefix?: string;
  legend?: string;
}) {
  const toggle = (basis: ClassBasisValue, on: boolean) =>
    // Kept in the rule's order so a combination always reads the same way.
    onChange(CLASS_BASES.filter((b) => (b === basis ? on : value.includes(b))));
  return (
    <fieldset
      class="basis-field"
      aria-describedby={error ? `${idPrefix}-hint ${idPrefix}-error` : `${idPrefix}-hint`}
      aria-invalid={error ? "true" : undefined}
    >
      <legend>
        {legend}
        <RequiredMark />
      </legend>
      <small id={`${idPrefix}-hint`}>
        Choose the permitted employee class this group is based on, or tick several for a combination class (for example full-time employees
        in one state). Only these classes are permitted.
      </small>
      <div class="basis-options">
        {CLASS_BASES.map((basis) => (
          <label key={basis} for={`${idPrefix}-${basis}`}>
            <input
              type="checkbox"
              id={`${idPrefix}-${basis}`}
              name={idPrefix}
              value={basis}
              checked={value.includes(basis)}
              onChange={(e) => toggle(basis, (e.currentTarget as HTMLInputElement).checked)}
            />
            {CLASS_BASIS_LABELS[basis]}
          </label>
        ))}
      </div>
      {error && (
        <small id={`${idPrefix}-error`} class="field-error">
          {error}
        </small>
      )}
    </fieldset>
  );
}
