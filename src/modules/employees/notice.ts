// The ICHRA notice of an employee's own class, opened with their invite: the same notice
// the employer prints from the dashboard, with the employee's own self-only allowance.
import type { DB } from "../../db";
import { conflict } from "../../http/errors";
import { planYearEnd } from "../../lib/date-rules";
import { toDollars } from "../../lib/money";
import type { OwnedEnrollment } from "../businesses/access";
import { primaryContact } from "../businesses/service";
import { classAllowanceCents, classOf } from "./classes";
import { type EmployeeNoticeView, NOTICE_UNAVAILABLE_MESSAGE } from "./model";
import { resolveInvite } from "./service";

export async function openNotice(db: DB, enrollmentId: number, token: string | undefined): Promise<EmployeeNoticeView> {
  const { employee, owned } = await resolveInvite(db, enrollmentId, token);
  return noticeOf(db, owned, employee);
}

/** The notice of the employee's class, with their own allowance. */
export async function noticeOf(
  db: DB,
  owned: OwnedEnrollment,
  employee: { className: string | null; dateOfBirth: string | null },
): Promise<EmployeeNoticeView> {
  const { enrollment } = owned;
  const cls = classOf(enrollment.employeeClasses, employee.className);
  // The census names a class the employer has since renamed or removed: no notice to state.
  if (!cls) throw conflict(NOTICE_UNAVAILABLE_MESSAGE);
  const cents = classAllowanceCents(cls, enrollment.effectiveDate, employee.dateOfBirth);
  const contact = await primaryContact(db, owned.business);
  return {
    businessName: owned.business.name,
    className: cls.name,
    monthlyAllowance: toDollars(cents),
    planYearStart: enrollment.effectiveDate,
    planYearEnd: planYearEnd(enrollment.effectiveDate),
    contactName: `${contact.firstName} ${contact.lastName}`.trim(),
    contactEmail: contact.email,
    contactPhone: contact.phone || null,
  };
}
