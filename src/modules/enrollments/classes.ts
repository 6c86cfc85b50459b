// Class names are matched one way everywhere: ignoring case and surrounding spaces, so a
// census row's "full-time " is the class "Full-time", and a class renamed only in case
// keeps its employees.

export const sameClassName = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The values kept under any spelling of a class name (e.g. census counts keyed by the name stored on the rows). */
export function underClassName<T>(byName: ReadonlyMap<string, T>, name: string): T[] {
  return [...byName].filter(([key]) => sameClassName(key, name)).map(([, value]) => value);
}

/** How many of `counts` belong to the class `name`. */
export const countForClass = (counts: ReadonlyMap<string, number>, name: string): number =>
  underClassName(counts, name).reduce((a, b) => a + b, 0);

/** How many in all, over every class of `counts`. */
export const totalCount = (counts: ReadonlyMap<string, number>): number => [...counts.values()].reduce((a, b) => a + b, 0);
