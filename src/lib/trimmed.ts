// What a form sends: every typed text without the spaces a paste brings at its ends, so a
// correct value copied with a space around it is not refused for a space nobody can see.
export const trimmedFields = <T extends object>(fields: T): T =>
  Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, typeof value === "string" ? value.trim() : value])) as T;
