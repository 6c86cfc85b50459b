// The ICHRA notice of a class, and of one employee (their own amounts), from the one notice
// text (compliance/notice.ts); and its delivery: every notice emailed to a participant is
// queued in the outbox in the same transaction that records when it was sent.
import { censusEmployees, type StoredEmployeeClass } from "@db/schema";
import { and, eq, inArray } from "drizzle-orm";
import type { DB, Tx } from "../../db";
import { conflict, found, notFound } from "../../http/errors";
import { formatDate, planYearEnd, todayUtc } from "../../lib/date-rules";
import type { OwnedEnrollment } from "../businesses/access";
import { primaryContact } from "../businesses/service";
import { NOTICE_TITLE, type NoticeInput, noticeSections, noticeText } from "../compliance/notice";
import { enqueueEmail } from "../outbox/service";
import { allowancesFor, classOf } from "./classes";
import { coverageBegins, dueNoticeYear, type NoticeHistory, noticeCalendar, noticeDueBy, noticeSentFor } from "./dates";
import { type CensusEmployee, employeeOf } from "./invites";
import { NOTICE_UNAVAILABLE_MESSAGE, type NoticeView } from "./model";
import { resolveInvite } from "./service";

/** The plan administrator (us), named in every notice with a phone that is always there. */
export interface Administrator {
  name: string;
  email: string;
  phone: string;
}

export const administratorOf = (config: { contactEmail: string; contactPhone: string }): Administrator => ({
  name: "Advantage ICHRA",
  email: config.contactEmail,
  phone: config.contactPhone,
});

type Contact = Awaited<ReturnType<typeof primaryContact>>;

/**
 * The notice's facts for a class, and for one of its employees when given, for the plan year
 * whose notice is due today (dueNoticeYear): a hire in the plan's third year is told that
 * year's dates, not the first's, and from 150 days before a plan year everyone already sent
 * the one under way is told the next one's.
 */
export function noticeInput(
  owned: OwnedEnrollment,
  cls: StoredEmployeeClass,
  contact: Contact,
  administrator: Administrator,
  employee?: Pick<CensusEmployee, "className" | "dateOfBirth" | "hireDate"> & NoticeHistory,
): NoticeInput {
  const { enrollment, business } = owned;
  const { newHires, ...terms } = cls;
  const planYearStart = dueNoticeYear(enrollment.effectiveDate, todayUtc(), employee);
  // Amounts by age on that plan year's first day, as the ledger reckons them.
  const own = employee ? allowancesFor({ ...enrollment, effectiveDate: planYearStart }, employee) : null;
  const yearEnd = planYearEnd(planYearStart);
  // One whose coverage begins after this plan year's first day is told that day.
  const begins = employee ? coverageBegins(enrollment.effectiveDate, employee) : null;
  return {
    businessName: business.name,
    className: cls.name,
    terms,
    ...(newHires ? { newHires } : {}),
    ...(cls.carryOver === false ? { carryOver: false } : {}),
    ...(cls.eligibilityRequirements?.trim() ? { classDescription: cls.eligibilityRequirements.trim() } : {}),
    ...(own ? { own: cls.individualPlus1Cents !== undefined || cls.familyCents !== undefined ? own : { individual: own.individual } } : {}),
    ...(begins && begins > planYearStart && begins <= yearEnd ? { coverageBegins: begins } : {}),
    ...(enrollment.newEmployer && planYearStart === enrollment.effectiveDate ? { newEmployer: true } : {}),
    planYearStart,
    planYearEnd: yearEnd,
    contact: { name: `${contact.firstName} ${contact.lastName}`.trim(), email: contact.email, phone: contact.phone || null },
    administrator,
  };
}

export const noticeView = (input: NoticeInput): NoticeView => ({
  title: NOTICE_TITLE,
  businessName: input.businessName,
  className: input.className,
  planYearStart: input.planYearStart,
  planYearEnd: input.planYearEnd,
  sections: noticeSections(input),
});

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
  contact: Contact,
  administrator: Administrator,
  employees: readonly CensusEmployee[],
  now: number,
): number {
  let sent = 0;
  for (const employee of employees) {
    const cls = classOf(owned.enrollment.employeeClasses, employee.className);
    if (!cls) continue;
    const input = noticeInput(owned, cls, contact, administrator, employee);
    enqueueEmail(tx, noticeEmail(input, employee, noticeDueBy(owned.enrollment.effectiveDate, input.planYearStart, employee)));
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
  const contact = await primaryContact(db, owned.business);
  const where = employeeIds
    ? and(eq(censusEmployees.enrollmentId, owned.enrollment.id), inArray(censusEmployees.id, [...employeeIds]))
    : eq(censusEmployees.enrollmentId, owned.enrollment.id);
  const found = await db.select().from(censusEmployees).where(where);
  if (employeeIds && found.length !== employeeIds.length) throw notFound("Employee not found.");
  const notices = noticeCalendar(owned.enrollment.effectiveDate, todayUtc(new Date(now)));
  const employees = employeeIds ? found : found.filter((e) => !noticeSentFor(e, notices.dueYear(e)));
  return db.transaction((tx) => sendNoticesIn(tx, owned, contact, administrator, employees, now));
}
