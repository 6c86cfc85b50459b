// The ICHRA notice of a class, and of one employee (their own amounts), as read on screen;
// and its delivery: every notice emailed to a participant is
// queued in the outbox in the same transaction that records when it was sent.
import { censusEmployees } from "@db/schema";
import { and, eq, inArray } from "drizzle-orm";
import type { DB, Tx } from "../../db";
import { conflict, found, notFound } from "../../http/errors";
import { formatDate, todayUtc } from "../../lib/date-rules";
import type { OwnedEnrollment } from "../businesses/access";
import { primaryContact } from "../businesses/service";
import { type NoticeInput, noticeText } from "../compliance/notice";
import { enqueueEmail } from "../outbox/service";
import { classOf } from "./classes";
import { noticeCalendar, noticeDueBy, noticeSentFor } from "./dates";
import { type CensusEmployee, employeeOf } from "./invites";
import { NOTICE_UNAVAILABLE_MESSAGE, type NoticeView, SEND_BEFORE_SUBMIT_MESSAGE } from "./model";
import { type Administrator, type NoticeContact, noticeInput, noticeView } from "./notice-input";
import { resolveInvite } from "./service";

/** An employee's own notice: their class's, with their own amounts; 409 when the class is gone (renamed or removed since). */
async function ownNotice(db: DB, administrator: Administrator, owned: OwnedEnrollment, employee: CensusEmployee): Promise<NoticeView> {
  const cls = classOf(owned.enrollment.employeeClasses, employee.className);
  if (!cls) throw conflict(NOTICE_UNAVAILABLE_MESSAGE);
  return noticeView(noticeInput(owned, cls, await primaryContact(db, owned.business), administrator, employee));
}

/** The notice an employee opens with their invite. */
export async function openNotice(
  db: DB,
  administrator: Administrator,
  enrollmentId: number,
  token: string | undefined,
): Promise<NoticeView> {
  const { employee, owned } = await resolveInvite(db, enrollmentId, token);
  return ownNotice(db, administrator, owned, employee);
}

/**
 * A registered employee's own notice, signed in (My benefits links it: they need it to claim
 * a premium tax credit, long after the invitation's link has stopped working).
 */
export async function employeeOwnNotice(
  db: DB,
  administrator: Administrator,
  owned: OwnedEnrollment,
  employeeId: number,
): Promise<NoticeView> {
  return ownNotice(db, administrator, owned, await employeeOf(db, owned.enrollment.id, employeeId));
}

/** One class's notice, for the employer to read or print. */
export async function classNotice(db: DB, administrator: Administrator, owned: OwnedEnrollment, classIndex: number): Promise<NoticeView> {
  const cls = found(owned.enrollment.employeeClasses?.[classIndex], "This enrollment has no such employee class.");
  return noticeView(noticeInput(owned, cls, await primaryContact(db, owned.business), administrator));
}

/** The email that delivers an employee's notice: their own notice, in full. */
export function noticeEmail(input: NoticeInput, employee: Pick<CensusEmployee, "firstName" | "email">, dueBy: string) {
  return {
    kind: "employee_notice",
    to: employee.email,
    subject: `${input.businessName}: your ICHRA notice (please keep it)`,
    text: [
      `Hello ${employee.firstName},`,
      "",
      `This is your notice of the individual coverage HRA that ${input.businessName} offers you, due to you by ${formatDate(dueBy)}. Please read it and keep it: you need it to claim a premium tax credit.`,
      "",
      noticeText(input),
    ].join("\n"),
  };
}

/**
 * Emails each employee their notice and records when, in one transaction. An employee whose
 * class no longer exists has no notice to state and is left out (the dashboard shows them
 * as not sent). Answers how many were sent.
 */
export function sendNoticesIn(
  tx: Tx,
  owned: OwnedEnrollment,
  contact: NoticeContact,
  administrator: Administrator,
  employees: readonly CensusEmployee[],
  now: number,
): number {
  let sent = 0;
  for (const employee of employees) {
    const cls = classOf(owned.enrollment.employeeClasses, employee.className);
    if (!cls) continue;
    const input = noticeInput(owned, cls, contact, administrator, employee);
    enqueueEmail(tx, noticeEmail(input, employee, noticeDueBy(owned.enrollment, input.planYearStart, employee)));
    tx.update(censusEmployees)
      .set({ noticeSentAt: now, noticePlanYearStart: input.planYearStart })
      .where(eq(censusEmployees.id, employee.id))
      .run();
    sent += 1;
  }
  return sent;
}

/**
 * Sends the notice due now to every employee of the enrollment who has not been sent it (or
 * to those given): before the plan starts, its first; later, each plan year's.
 */
export async function sendNotices(
  db: DB,
  owned: OwnedEnrollment,
  administrator: Administrator,
  employeeIds?: readonly number[],
  now = Date.now(),
): Promise<number> {
  if (owned.enrollment.finalizedAt === null) throw conflict(SEND_BEFORE_SUBMIT_MESSAGE);
  const contact = await primaryContact(db, owned.business);
  const where = employeeIds
    ? and(eq(censusEmployees.enrollmentId, owned.enrollment.id), inArray(censusEmployees.id, [...employeeIds]))
    : eq(censusEmployees.enrollmentId, owned.enrollment.id);
  const found = await db.select().from(censusEmployees).where(where);
  if (employeeIds && found.length !== employeeIds.length) throw notFound("Employee not found.");
  const notices = noticeCalendar(owned.enrollment, todayUtc(new Date(now)));
  const employees = employeeIds ? found : found.filter((e) => !noticeSentFor(e, notices.dueYear(e)));
  return db.transaction((tx) => sendNoticesIn(tx, owned, contact, administrator, employees, now));
}
