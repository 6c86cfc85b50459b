/**
 * A labelled dollar amount typed into a calculator. Nothing is submitted, so it has no name
 * and no error of its own; a hint, when given, describes it.
 */
export function AmountInput({
  id,
  label,
  value,
  onInput,
  step = "0.01",
  hint,
}: {
  id: string;
  label: string;
  value: string;
  onInput: (value: string) => void;
  /** "1" for whole dollars. */
  step?: string;
  hint?: string;
}) {
  return (
    <>
      <label for={id}>{label}</label>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        min="0"
        step={step}
        value={value}
        onInput={(e) => onInput((e.currentTarget as HTMLInputElement).value)}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      {hint && <small id={`${id}-hint`}>{hint}</small>}
    </>
  );
}
