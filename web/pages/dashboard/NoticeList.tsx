// The Documents tab: each class's ICHRA notice, with the last day it can go out.

import { formatLongDate, isIsoDate, todayUtc } from "@src/lib/date-rules";
import { classNoticeYear, newEmployersFirstYear, planYearNoticeDue } from "@src/modules/compliance/notice-dates";
import { NOTICE_DAYS_BEFORE_PLAN_YEAR } from "@src/modules/compliance/rules";
import type { EnrollmentRead } from "@src/modules/enrollments/model";
import { Link } from "wouter";
import { planYearEnd } from "../../lib/dates";

export function NoticeList({ enrollment }: { enrollment: EnrollmentRead }) {
  const dated = isIsoDate(enrollment.effectiveDate);
  // The plan year whose notices are due now, as the notices open below state it: the next
  // one's from 150 days before it starts.
  const start = dated ? classNoticeYear(enrollment.effectiveDate, todayUtc()) : enrollment.effectiveDate;
  const terms = { effectiveDate: enrollment.effectiveDate, newEmployer: enrollment.notice.newEmployer };
  return (
    <section aria-labelledby="notices-title">
      <h3 id="notices-title">Employee Notices</h3>
      <p>
        Each class's employees must get its ICHRA notice at least {NOTICE_DAYS_BEFORE_PLAN_YEAR.value} days before the plan year starts
        {dated &&
          newEmployersFirstYear(start, terms) &&
          " (as a business that did not exist 120 days before this plan year, by the day it starts)"}
        {dated && (
          <>
            : by <strong>{formatLongDate(planYearNoticeDue(start, terms))}</strong> for a plan year from {formatLongDate(start)} to{" "}
            {formatLongDate(planYearEnd(start))}
          </>
        )}
        . Open a notice to print it or save it as a PDF.
      </p>
      <ul class="notice-list">
        {enrollment.employeeClasses.map((c, index) => (
          <li key={`${c.name}-${index}`}>
            <Link href={`/enrollment/${enrollment.id}/notice/${index}`}>ICHRA notice: {c.name}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
