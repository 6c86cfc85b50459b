// A field's label with the red asterisk of a required field (the asterisk is decoration;
// the input carries the requirement for assistive technology).
export function RequiredMark() {
  return (
    <span class="required-mark" aria-hidden="true">
      {" "}
      *
    </span>
  );
}

export function FieldLabel({ id, label, required }: { id: string; label: string; required?: boolean }) {
  return (
    <label htmlFor={id}>
      {label}
      {required && <RequiredMark />}
    </label>
  );
}
