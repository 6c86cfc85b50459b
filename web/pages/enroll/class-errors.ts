// The classes endpoint names problems by position (`employeeClasses.N.basis`,
// `employeeClasses.N.ageBands.M`); these helpers pick out one class's messages so each
// is shown beside the class it is about.

export const CLASSES_PREFIX = "employeeClasses";

/** The messages about class `index`, in the order the server gave them, without repeats. */
export function classErrorMessages(errors: Record<string, string>, index: number): string[] {
  const own = `${CLASSES_PREFIX}.${index}`;
  const messages = Object.entries(errors)
    .filter(([field]) => field === own || field.startsWith(`${own}.`))
    .map(([, message]) => message);
  return [...new Set(messages)];
}
