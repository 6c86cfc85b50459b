import { useEffect, useState } from "react";
import type { EnrollmentRead } from "../../../src/modules/enrollments/model";
import { api } from "../../api";

export type EnrollmentLoad = { status: "loading" } | { status: "error" } | { status: "ready"; enrollment: EnrollmentRead };

/** Loads one enrollment (the owner's or, for staff, any). */
export function useEnrollment(enrollmentId: string): [EnrollmentLoad, (e: EnrollmentRead) => void] {
  const [load, setLoad] = useState<EnrollmentLoad>({ status: "loading" });
  useEffect(() => {
    let live = true;
    setLoad({ status: "loading" });
    api
      .get<EnrollmentRead>(`/api/enrollment/${encodeURIComponent(enrollmentId)}`)
      .then((enrollment) => live && setLoad({ status: "ready", enrollment }))
      .catch(() => live && setLoad({ status: "error" }));
    return () => {
      live = false;
    };
  }, [enrollmentId]);
  return [load, (enrollment) => setLoad({ status: "ready", enrollment })];
}

/** Once finalized (submitted for review) an enrollment can no longer change; the server says when by finalizedAt. */
export const isFinalized = (e: EnrollmentRead) => e.finalizedAt !== null;
