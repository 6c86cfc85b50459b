import type { EnrollmentRead } from "@src/modules/enrollments/model";
import { Link } from "wouter";
import { isFinalized } from "../../lib/use-enrollment";

/** The way to an enrollment's classes: to edit them until it is submitted, to look at them after. */
export function ClassesLink({ enrollment, class: className = "secondary" }: { enrollment: EnrollmentRead; class?: string }) {
  return (
    <Link href={`/enrollment/${enrollment.id}/classes`} role="button" class={className}>
      {isFinalized(enrollment) ? "View Classes" : "Add or Edit Classes"}
    </Link>
  );
}
