// An enrollment can be changed only until it is submitted. The row a request loaded may be
// stale by the time it writes (another request may have submitted it meanwhile), so the
// write itself carries the condition: it changes the row only while `finalized_at` is
// null, inside the caller's transaction, and everything checked alongside it reads the
// row it answers.

import { enrollments } from "@db/schema";
import { and, eq, isNull } from "drizzle-orm";
import type { Tx } from "../../db";
import { conflict } from "../../http/errors";
import type { EnrollmentRow } from "../businesses/access";
import { FINALIZED_MESSAGE } from "./model";

/** A quick refusal before any work (parsing a file, checking rules); the write still decides. */
export function assertOpen(enrollment: Pick<EnrollmentRow, "finalizedAt">) {
  if (enrollment.finalizedAt !== null) throw conflict(FINALIZED_MESSAGE);
}

/** Updates the enrollment if it is still open and answers the row as written; 409 when it was submitted. */
export function updateOpenEnrollment(tx: Tx, enrollmentId: number, values: Partial<typeof enrollments.$inferInsert>): EnrollmentRow {
  const row = tx
    .update(enrollments)
    .set(values)
    .where(and(eq(enrollments.id, enrollmentId), isNull(enrollments.finalizedAt)))
    .returning()
    .get();
  if (!row) throw conflict(FINALIZED_MESSAGE);
  return row;
}
