// What an employee class is based on: one of the permitted classes, or several ticked
// together for a combination class.
import { CLASS_BASES, CLASS_BASIS_LABELS, type ClassBasis as ClassBasisValue } from "@src/modules/compliance/rules";

export function basisText(basis: readonly string[] | undefined): string | null {
  if (!basis?.length) return null;
  const labels = basis.map((b) => CLASS_BASIS_LABELS[b as ClassBasisValue] ?? b);
  return labels.length === 1 ? labels[0] : `Combination: ${labels.join(" + ")}`;
}

export function BasisField({
  value,
  onChange,
  error,
}: {
  value: ClassBasisValue[];
  onChange: (next: ClassBasisValue[]) => void;
  error?: string;
}) {
  const toggle = (basis: ClassBasisValue, on: boolean) =>
    // Kept in the rule's order so a combination always reads the same way.
    onChange(CLASS_BASES.filter((b) => (b === basis ? on : value.includes(b))));
  return (
    <fieldset class="basis-field" aria-describedby={error ? "class-basis-hint class-basis-error" : "class-basis-hint"}>
      <legend>Class Based On (optional)</legend>
      <small id="class-basis-hint">
        Choose the permitted employee class this group is based on, or tick several for a combination class (for example full-time employees
        in one state).
      </small>
      <div class="basis-options">
        {CLASS_BASES.map((basis) => (
          <label key={basis} for={`class-basis-${basis}`}>
            <input
              type="checkbox"
              id={`class-basis-${basis}`}
              name="class-basis"
              value={basis}
              checked={value.includes(basis)}
              onChange={(e) => toggle(basis, (e.currentTarget as HTMLInputElement).checked)}
            />
            {CLASS_BASIS_LABELS[basis]}
          </label>
        ))}
      </div>
      {error && (
        <small id="class-basis-error" class="field-error">
          {error}
        </small>
      )}
    </fieldset>
  );
}
