// /enrollment/{id}: the enrollment's details for its owner or an admin.
import "../enroll/enroll.css";
import "./dashboard.css";
import { Link } from "wouter";
import { usePageTitle } from "../../components/chrome/page-title";
import { EmployerSizeRows } from "../../components/enrollment/EmployerSizeRows";
import { SummaryRows } from "../../components/enrollment/SummaryRows";
import { useEnrollment } from "../../lib/use-enrollment";
import { ClassTable } from "../enroll/ClassTable";
import { ClassesLink } from "./ClassesLink";
import { ClassSizeShortfalls } from "./ClassSizeShortfalls";
import { EnrollmentBadge } from "./EnrollmentBadge";
import { LoadError } from "./LoadError";

/** An enrollment page that could not be loaded: refused or missing, or a failure that can be tried again (the page reloads). */
export function EnrollmentLoadError({ error }: { error?: unknown }) {
  return <LoadError title="Enrollment Not Found" what="enrollment" error={error} onRetry={() => window.location.reload()} />;
}

export default function EnrollmentDetailsPage({ params }: { params: { enrollmentId: string } }) {
  usePageTitle("Enrollment Details");
  const load = useEnrollment(params.enrollmentId);
  if (load.status === "loading") {
    return (
      <section class="dashboard-page">
        <h1>Enrollment Details</h1>
        <p aria-busy="true">Loading enrollment...</p>
      </section>
    );
  }
  if (load.status === "error") return <EnrollmentLoadError error={load.error} />;
  const e = load.value;
  return (
    <section class="dashboard-page">
      <p>
        <Link href={`/dashboard/${e.businessId}`}>← Back to dashboard</Link>
      </p>
      <div class="dashboard-head">
        <div>
          <p class="eyebrow">{e.business.name}</p>
          <h1>Enrollment Details</h1>
        </div>
        <EnrollmentBadge status={e.status} />
      </div>
      <article class="summary-card">
        <dl class="summary-list">
          <dt>Plan</dt>
          <dd>
            {e.plan.name} — {e.plan.description}
          </dd>
          <SummaryRows enrollment={e} census />
          <EmployerSizeRows enrollment={e} />
          {e.additionalNotes && (
            <>
              <dt>Notes</dt>
              <dd>{e.additionalNotes}</dd>
            </>
          )}
        </dl>
      </article>
      {e.employeeClasses.length > 0 ? (
        <>
          <ClassSizeShortfalls shortfalls={e.classSizeShortfalls} />
          <ClassTable classes={e.employeeClasses} caption="Employee classes and census headcount" showHeadcount />
        </>
      ) : (
        <p>No employee classes defined yet.</p>
      )}
      <p class="actions">
        <ClassesLink enrollment={e} />
      </p>
    </section>
  );
}
