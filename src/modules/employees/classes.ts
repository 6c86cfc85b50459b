// The allowance an employee is offered is the one of their class (rulings).
import type { StoredEmployeeClass } from "../../../db/schema";

const norm = (name: string) => name.trim().toLowerCase();

/** Monthly allowance in cents of the named class, or null when the enrollment has no such class. */
export function allowanceCentsOf(classes: StoredEmployeeClass[] | null | undefined, className: string | null | undefined): number | null {
  if (!classes || !className) return null;
  const found = classes.find((c) => norm(c.name) === norm(className));
  return found ? found.allowanceCents : null;
}
