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
import { LoadFailed, PageAlert, PageLoading } from "./PageStates";

type Load =
  | { status: "loading" }
  | { status: "invalid" }
  | { status: "unavailable"; message: string }
  | { status: "error" }
  | { status: "ready"; notice: NoticeView };

/** The link the notice was opened with: the employee's invite, or a preview link's token (the employer's read-only look). */
type Opened = { invite: string } | { preview: string };

function useEmployeeNotice(enrollmentId: string, opened: Opened): Load {
  const [load, setLoad] = useState<Load>({ status: "loading" });
  const token = "preview" in opened ? opened.preview : opened.invite;
  useEffect(() => {
    if (!token) {
      setLoad({ status: "invalid" });
      return;
    }
    let live = true;
    setLoad({ status: "loading" });
    const notice = api.api["employee-registration"]({ enrollmentId: encodeURIComponent(enrollmentId) }).notice;
    read("preview" in opened ? notice.preview.get({ query: { preview: token } }) : notice.get({ query: { invite: token } }))
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
  }, [enrollmentId, token]);
  return load;
}

export default function EmployeeNoticePage() {
  usePageTitle("Your ICHRA Notice");
  const { enrollmentId = "" } = useParams<{ enrollmentId: string }>();
  const query = new URLSearchParams(useSearch());
  const preview = query.get("preview");
  const opened: Opened = preview !== null ? { preview } : { invite: query.get("invite") ?? "" };
  const load = useEmployeeNotice(enrollmentId, opened);
  const back = "preview" in opened ? `?preview=${encodeURIComponent(opened.preview)}` : `?invite=${encodeURIComponent(opened.invite)}`;

  switch (load.status) {
    case "invalid":
      return <InvalidInvite what={preview !== null ? "preview" : "notice"} />;
    case "unavailable":
      return <PageAlert title="Your notice is not available yet" message={load.message} />;
    case "error":
      return <LoadFailed what="notice" />;
    case "loading":
      return <PageLoading what="notice" />;
  }
  const { notice } = load;
  return (
    <div class="registration-card notice-card">
      <p class="no-print">
        <a href={`${registrationPath(encodeURIComponent(enrollmentId))}${back}`}>Go to your registration</a>
      </p>
      <EmployeeNotice notice={notice} />
    </div>
  );
}
