// /employee-registration/{enrollmentId}/notice?invite=TOKEN: the ICHRA notice of the
// employee's own class, opened with their personal invite. Without a valid one it shows
// nothing of the enrollment.

import { type NoticeView, registrationPath } from "@src/modules/employees/model";
import { useParams, useSearch } from "wouter";
import { api, read } from "../../api/client";
import { ApiError } from "../../api/errors";
import { usePageTitle } from "../../components/chrome/page-title";
import { EmployeeNotice } from "../../components/compliance/EmployeeNotice";
import { useLoad } from "../../lib/use-load";
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

/** What the server's answer lets the page show: the notice, or why not. */
type Answer = Exclude<Load, { status: "loading" | "error" }>;

function useEmployeeNotice(enrollmentId: string, opened: Opened): Load {
  const token = "preview" in opened ? opened.preview : opened.invite;
  const [load] = useLoad(async (): Promise<Answer> => {
    if (!token) return { status: "invalid" };
    const notice = api.api["employee-registration"]({ enrollmentId: encodeURIComponent(enrollmentId) }).notice;
    const pending = "preview" in opened ? notice.preview.get({ query: { preview: token } }) : notice.get({ query: { invite: token } });
    try {
      return { status: "ready", notice: await read(pending) };
    } catch (error) {
      if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return { status: "invalid" };
      if (error instanceof ApiError && error.status === 409 && error.serverMessage)
        return { status: "unavailable", message: error.serverMessage };
      throw error;
    }
  }, [enrollmentId, "preview" in opened, token]);
  return load.status === "ready" ? load.value : load;
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
