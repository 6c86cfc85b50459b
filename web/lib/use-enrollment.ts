// The screens' one way to read an enrollment from GET /api/enrollment/:id.

import type { EnrollmentRead } from "@src/modules/enrollments/model";
import { useEffect, useState } from "react";
import { api, read } from "../api/client";

export type EnrollmentLoad =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "error"; error: unknown }
  | { status: "ready"; enrollment: EnrollmentRead };

/** Loads one enrollment (the owner's or, for staff, any); with no id there is nothing to load ("idle"). */
export function useEnrollment(enrollmentId: string | number | null): EnrollmentLoad {
  const [load, setLoad] = useState<EnrollmentLoad>(enrollmentId === null ? { status: "idle" } : { status: "loading" });
  useEffect(() => {
    if (enrollmentId === null) {
      setLoad({ status: "idle" });
      return;
    }
    let live = true;
    setLoad({ status: "loading" });
    read(api.api.enrollment({ enrollmentId: encodeURIComponent(String(enrollmentId)) }).get())
      .then((enrollment) => live && setLoad({ status: "ready", enrollment }))
      .catch((error: unknown) => live && setLoad({ status: "error", error }));
    return () => {
      live = false;
    };
  }, [enrollmentId]);
  return load;
}

/** Once finalized (submitted for review) an enrollment can no longer change; the server says when by finalizedAt. */
export const isFinalized = (e: EnrollmentRead) => e.finalizedAt !== null;
