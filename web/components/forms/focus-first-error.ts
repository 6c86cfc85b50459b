// After a refused submit, focus goes to the first field to fix, in the order the person sees
// the fields, so a keyboard or screen-reader user lands on it rather than on the button.

/** Focuses the first control of `form` whose name has an error and that can take the focus (a disabled choice cannot). */
export function focusFirstError(form: HTMLFormElement, errors: Readonly<Record<string, unknown>>): void {
  const first = Array.from(form.elements).find((el) => (el as HTMLInputElement).name in errors && !(el as HTMLInputElement).disabled);
  (first as HTMLElement | undefined)?.focus();
}
