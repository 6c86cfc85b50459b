// The screens' one way to read an enrollment from GET /api/enrollment/:id.

import type { EnrollmentRead } from "@src/modules/enrollments/model";
import { api, read } from "../api/client";
import { askWhenSignedIn } from "./signed-in-cookie";
import { type Idle, type Loaded, useLoad } from "./use-load";

/**
 * Loads one enrollment (the owner's or, for staff, any); with no id there is nothing to load
 * ("idle"), which a page given its id by its address never is.
 */
export function useEnrollment(enrollmentId: string | number): Loaded<EnrollmentRead>;
export function useEnrollment(enrollmentId: string | number | null): Loaded<EnrollmentRead> | Idle;
export function useEnrollment(enrollmentId: string | number | null): Loaded<EnrollmentRead> | Idle {
  const [load] = useLoad(
    enrollmentId === null
      ? null
      : () => askWhenSignedIn(() => read(api.api.enrollment({ enrollmentId: encodeURIComponent(String(enrollmentId)) }).get())),
    [enrollmentId],
  );
  return load;
}

/** Once finalized (submitted for review) an enrollment can no longer change; the server says when by finalizedAt. */
export const isFinalized = (e: EnrollmentRead) => e.finalizedAt !== null;
