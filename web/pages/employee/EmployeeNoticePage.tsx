// /employee-registration/{enrollmentId}/notice?invite=TOKEN: the ICHRA notice of the
// employee's own class, opened with their personal invite. Without a valid one it shows
// nothing of the enrollment.

import { type NoticeView, registrationPath } from "@src/modules/employees/model";
import { useEffect, useState } from "react";
import { useParams, useSearch } from "wouter";
import { api, read } from "../../api/client";
import { ApiError } from "../../api/errors";
import { usePageTitle } from "../../components/chrome/page-title";
import { EmployeeNotice } from "../../components/compliance/EmployeeNotice";
import "./employee.css";
import { InvalidInvite } from "./InvalidInvite";

type Load =
  | { status: "loading" }
  | { status: "invalid" }
  | { status: "unavailable"; message: string }
  | { status: "error" }
  | { status: "ready"; notice: NoticeView };

function useEmployeeNotice(enrollmentId: string, invite: string): Load {
  const [load, setLoad] = useState<Load>({ status: "loading" });
  useEffect(() => {
    if (!invite) {
      setLoad({ status: "invalid" });
      return;
    }
    let live = true;
    setLoad({ status: "loading" });
    read(api.api["employee-registration"]({ enrollmentId: encodeURIComponent(enrollmentId) }).notice.get({ query: { invite } }))
      .then((notice) => live && setLoad({ status: "ready", notice }))
      .catch((error: unknown) => {
        if (!live) return;
        if (error instanceof ApiError && (error.status === 404 || error.status === 400)) setLoad({ status: "invalid" });
        else if (error instanceof ApiError && error.status === 409 && error.serverMessage)
          setLoad({ status: "unavailable", message: error.serverMessage });
        else setLoad({ status: "error" });
      });
    return () => {
      live = false;
    };
  }, [enrollmentId, invite]);
  return load;
}

export default function EmployeeNoticePage() {
  usePageTitle("Your ICHRA Notice");
  const { enrollmentId = "" } = useParams<{ enrollmentId: string }>();
  const invite = new URLSearchParams(useSearch()).get("invite") ?? "";
  const load = useEmployeeNotice(enrollmentId, invite);

  switch (load.status) {
    case "invalid":
      return <InvalidInvite what="notice" />;
    case "unavailable":
      return (
        <section class="registration-card centered-page" role="alert">
          <h1>Your notice is not available yet</h1>
          <p>{load.message}</p>
        </section>
      );
    case "error":
      return (
        <section class="registration-card centered-page" role="alert">
          <h1>We could not load your notice</h1>
          <p>Please check your connection and reload the page.</p>
        </section>
      );
    case "loading":
      return (
        <p class="registration-card" aria-busy="true">
          Loading your notice...
        </p>
      );
  }
  const { notice } = load;
  return (
    <div class="registration-card notice-card">
      <p class="no-print">
        <a href={`${registrationPath(encodeURIComponent(enrollmentId))}?invite=${encodeURIComponent(invite)}`}>Go to your registration</a>
      </p>
      <EmployeeNotice notice={notice} />
    </div>
  );
}
