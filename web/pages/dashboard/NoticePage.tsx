// /enrollment/{id}/notice/{classIndex}: one class's ICHRA notice, ready to print, for the
// business's owner or an admin (the same access as the enrollment itself).
import "./dashboard.css";
import type { BusinessRead } from "@src/modules/businesses/model";
import type { EnrollmentRead } from "@src/modules/enrollments/model";
import { useEffect, useState } from "react";
import { Link } from "wouter";
import { api, read } from "../../api/client";
import { usePageTitle } from "../../components/chrome/page-title";
import { EmployeeNotice } from "../../components/compliance/EmployeeNotice";
import { planYearEnd } from "../../lib/dates";
import { useEnrollment } from "../../lib/use-enrollment";
import { EnrollmentLoadError } from "./EnrollmentDetailsPage";

type BusinessLoad = { status: "loading" } | { status: "error" } | { status: "ready"; business: BusinessRead };

function useBusiness(enrollment: EnrollmentRead | null): BusinessLoad {
  const [load, setLoad] = useState<BusinessLoad>({ status: "loading" });
  const businessId = enrollment?.businessId;
  useEffect(() => {
    if (businessId === undefined) return;
    let live = true;
    read(api.api.business({ businessId }).get())
      .then((business) => live && setLoad({ status: "ready", business }))
      .catch(() => live && setLoad({ status: "error" }));
    return () => {
      live = false;
    };
  }, [businessId]);
  return load;
}

/** The class a notice is for, from the address: a whole number within the list, else null. */
export function classAt(enrollment: EnrollmentRead, classIndex: string) {
  if (!/^\d{1,3}$/.test(classIndex)) return null;
  return enrollment.employeeClasses[Number(classIndex)] ?? null;
}

export default function NoticePage({ params }: { params: { enrollmentId: string; classIndex: string } }) {
  usePageTitle("ICHRA Notice");
  const load = useEnrollment(params.enrollmentId);
  const enrollment = load.status === "ready" ? load.enrollment : null;
  const business = useBusiness(enrollment);

  if (load.status === "error" || business.status === "error") return <EnrollmentLoadError />;
  if (!enrollment || business.status === "loading") {
    return (
      <section class="dashboard-page">
        <h1>ICHRA Notice</h1>
        <p aria-busy="true">Loading notice...</p>
      </section>
    );
  }
  const back = (
    <p class="no-print">
      <Link href={`/dashboard/${enrollment.businessId}`}>← Back to dashboard</Link>
    </p>
  );
  const cls = classAt(enrollment, params.classIndex);
  if (!cls) {
    return (
      <section class="dashboard-page">
        {back}
        <h1>Notice Not Found</h1>
        <p>This enrollment has no such employee class. Choose a notice from the Documents tab of your dashboard.</p>
      </section>
    );
  }
  const { contact } = business.business;
  return (
    <section class="notice-page">
      {back}
      <EmployeeNotice
        businessName={enrollment.business.name}
        className={cls.name}
        monthlyAllowance={cls.allowanceAmount}
        ageBands={cls.ageBands}
        planYearStart={enrollment.effectiveDate}
        planYearEnd={planYearEnd(enrollment.effectiveDate)}
        contactName={`${contact.firstName} ${contact.lastName}`}
        contactEmail={contact.email}
        contactPhone={contact.phone ?? undefined}
      />
    </section>
  );
}
