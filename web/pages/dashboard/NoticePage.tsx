// /enrollment/{id}/notice/{classIndex}: one class's ICHRA notice, ready to print, for the
// business's owner or an admin (the same access as the enrollment itself). The text is the
// server's, the same its emails to employees carry.
import "./dashboard.css";
import type { NoticeView } from "@src/modules/employees/model";
import { Link } from "wouter";
import { api, read } from "../../api/client";
import { ApiError } from "../../api/errors";
import { usePageTitle } from "../../components/chrome/page-title";
import { EmployeeNotice } from "../../components/compliance/EmployeeNotice";
import { askWhenSignedIn } from "../../lib/signed-in-cookie";
import { useEnrollment } from "../../lib/use-enrollment";
import { useLoad } from "../../lib/use-load";
import { EnrollmentLoadError } from "./EnrollmentDetailsPage";

/** The class's notice, or null when the enrollment has no such class (the address or the server says so). */
function readClassNotice(enrollmentId: string, classIndex: string): Promise<NoticeView | null> {
  if (!/^\d{1,3}$/.test(classIndex)) return Promise.resolve(null);
  return askWhenSignedIn(() => read(api.api.enrollment({ enrollmentId }).notices({ classIndex }).get())).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  });
}

export default function NoticePage({ params }: { params: { enrollmentId: string; classIndex: string } }) {
  usePageTitle("ICHRA Notice");
  const enrollment = useEnrollment(params.enrollmentId);
  const [notice] = useLoad(() => readClassNotice(params.enrollmentId, params.classIndex), [params.enrollmentId, params.classIndex]);

  if (enrollment.status === "error") return <EnrollmentLoadError error={enrollment.error} />;
  if (notice.status === "error") return <EnrollmentLoadError error={notice.error} />;
  if (enrollment.status !== "ready" || notice.status === "loading") {
    return (
      <section class="dashboard-page">
        <h1>ICHRA Notice</h1>
        <p aria-busy="true">Loading notice...</p>
      </section>
    );
  }
  const back = (
    <p class="no-print">
      <Link href={`/dashboard/${enrollment.value.businessId}`}>← Back to dashboard</Link>
    </p>
  );
  if (notice.value === null) {
    return (
      <section class="dashboard-page">
        {back}
        <h1>Notice Not Found</h1>
        <p>This enrollment has no such employee class. Choose a notice from the Documents tab of your dashboard.</p>
      </section>
    );
  }
  return (
    <section class="notice-page">
      {back}
      <EmployeeNotice notice={notice.value} />
    </section>
  );
}
