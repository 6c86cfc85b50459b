// Personal invitations: the one place that issues, finds and revokes them. A token is 256
// random bits; the table keeps only its SHA-256, so a copy of the database opens nothing.

import { censusEmployees } from "@db/schema";
import { and, eq } from "drizzle-orm";
import type { DB, Tx } from "../../db";
import { conflict, found } from "../../http/errors";
import { formatDate, todayUtc } from "../../lib/date-rules";
import { formatCents } from "../../lib/money";
import { hashToken, newToken } from "../auth/sessions";
import type { EnrollmentRow, OwnedEnrollment } from "../businesses/access";
import { primaryContact } from "../businesses/service";
import { type NoticeInput, noticeText } from "../compliance/notice";
import { enqueueEmail } from "../outbox/service";
import { allowancesFor, classOf, shownAllowanceFor } from "./classes";
import { inviteDeadline, inviteExpiresAt } from "./dates";
import { noticePath, registrationPath, SEND_BEFORE_SUBMIT_MESSAGE } from "./model";
import { type Administrator, noticeInput } from "./notice-input";

export type CensusEmployee = typeof censusEmployees.$inferSelect;

export function inviteLink(baseUrl: string, enrollmentId: number, token: string): string {
  const url = new URL(registrationPath(enrollmentId), baseUrl);
  url.searchParams.set("invite", token);
  return url.toString();
}

/** The employee's ICHRA notice, opened with the same invite as their registration link. */
export function noticeLinkFor(registrationLink: string, enrollmentId: number): string {
  const url = new URL(registrationLink);
  url.pathname = noticePath(enrollmentId);
  return url.toString();
}

/** Who invites: the enrollment and the name of its business. */
export interface Inviter {
  enrollment: EnrollmentRow;
  businessName: string;
}

/**
 * The invitation: the link, the allowance the employee is shown, the deadline and, when
 * given, their ICHRA notice in full (which then counts as sent to them). `to` defaults to
 * the employee.
 */
export function invitationEmail(
  owned: Inviter,
  employee: Pick<CensusEmployee, "firstName" | "email" | "className" | "dateOfBirth" | "hireDate">,
  link: string,
  /** YYYY-MM-DD: the link's last day. */
  lastDay: string,
  to: string = employee.email,
  notice?: NoticeInput,
) {
  // The same figures the registration shows: the class's (by family size when it varies), or the spec's fallback.
  const amounts = allowancesFor(owned.enrollment, employee);
  const { cents } = shownAllowanceFor(owned.enrollment, employee);
  const deadline = formatDate(lastDay);
  const tiered = amounts !== null && (amounts.individualPlus1 !== amounts.individual || amounts.family !== amounts.individual);
  const allowance = tiered
    ? `Your monthly allowance from ${owned.businessName}: ${formatCents(amounts.individual)} for yourself, ${formatCents(amounts.individualPlus1)} for yourself and one family member, ${formatCents(amounts.family)} for your family.`
    : `Your monthly allowance from ${owned.businessName}: ${formatCents(cents)}.`;
  return {
    kind: "employee_invitation",
    to,
    subject: `${owned.businessName}: register for your ICHRA health benefits`,
    text: [
      `Hello ${employee.firstName},`,
      "",
      `${owned.businessName} is offering you an individual coverage health reimbursement arrangement (ICHRA).`,
      allowance,
      "",
      "Register with your personal link (please do not share it):",
      link,
      "",
      "Read your ICHRA notice (your allowance, the plan year, your right to opt out, and how the offer affects the premium tax credit):",
      noticeLinkFor(link, owned.enrollment.id),
      "",
      `Please register by ${deadline}. After that the link no longer works; ask ${owned.businessName} for a new one.`,
      ...(notice
        ? ["", "Your ICHRA notice follows. Please keep it: you need it to claim a premium tax credit.", "", noticeText(notice)]
        : []),
    ].join("\n"),
  };
}

/**
 * The one place a token is made: a fresh one for this employee (any older one stops
 * working), stored hashed, valid until its deadline (dates.ts): a new link can always be
 * sent, so an employee added late, or whose link lapsed, can still register.
 */
export function issueToken(
  tx: Tx,
  effectiveDate: string,
  employee: Pick<CensusEmployee, "id" | "inviteStatus" | "inviteOpenedAt">,
  now = Date.now(),
) {
  const deadline = inviteDeadline(effectiveDate, todayUtc(new Date(now)));
  const expiresAt = inviteExpiresAt(deadline);
  const token = newToken();
  const registered = employee.inviteStatus === "registered";
  tx.update(censusEmployees)
    .set({
      inviteTokenHash: hashToken(token),
      inviteStatus: registered ? "registered" : "sent",
      inviteSentAt: now,
      inviteOpenedAt: registered ? employee.inviteOpenedAt : null,
      inviteExpiresAt: expiresAt,
    })
    .where(eq(censusEmployees.id, employee.id))
    .run();
  return { token, expiresAt, deadline };
}

/**
 * Gives each employee a fresh token (any older one stops working) and queues the email,
 * in one transaction. A registered employee stays registered: the new link lets them
 * review their registration.
 */
export async function issueInvites(
  db: DB,
  owned: OwnedEnrollment,
  employees: CensusEmployee[],
  baseUrl: string,
  administrator: Administrator,
  now = Date.now(),
): Promise<number> {
  if (owned.enrollment.finalizedAt === null) throw conflict(SEND_BEFORE_SUBMIT_MESSAGE);
  const inviter = { enrollment: owned.enrollment, businessName: owned.business.name };
  const contact = await primaryContact(db, owned.business);
  db.transaction((tx) => {
    for (const employee of employees) issueInviteIn(tx, owned, inviter, employee, baseUrl, contact, administrator, now);
  });
  return employees.length;
}

/** One invitation inside the caller's transaction: a fresh token, the email with the notice, and the notice recorded as sent. */
export function issueInviteIn(
  tx: Tx,
  owned: OwnedEnrollment,
  inviter: Inviter,
  employee: CensusEmployee,
  baseUrl: string,
  contact: Awaited<ReturnType<typeof primaryContact>>,
  administrator: Administrator,
  now: number,
) {
  const { token, deadline } = issueToken(tx, owned.enrollment.effectiveDate, employee, now);
  const cls = classOf(owned.enrollment.employeeClasses, employee.className);
  const notice = cls ? noticeInput(owned, cls, contact, administrator, employee) : undefined;
  enqueueEmail(tx, invitationEmail(inviter, employee, inviteLink(baseUrl, owned.enrollment.id, token), deadline, employee.email, notice));
  if (notice)
    tx.update(censusEmployees)
      .set({ noticeSentAt: now, noticePlanYearStart: notice.planYearStart })
      .where(eq(censusEmployees.id, employee.id))
      .run();
}

/** Invites everyone on the census who has never been invited. */
export async function inviteAllNotYetInvited(
  db: DB,
  owned: OwnedEnrollment,
  baseUrl: string,
  administrator: Administrator,
): Promise<number> {
  const pending = await db
    .select()
    .from(censusEmployees)
    .where(and(eq(censusEmployees.enrollmentId, owned.enrollment.id), eq(censusEmployees.inviteStatus, "not_sent")));
  return issueInvites(db, owned, pending, baseUrl, administrator);
}

export async function employeeOf(db: DB, enrollmentId: number, employeeId: number): Promise<CensusEmployee> {
  const row = await db
    .select()
    .from(censusEmployees)
    .where(and(eq(censusEmployees.id, employeeId), eq(censusEmployees.enrollmentId, enrollmentId)))
    .get();
  return found(row, "Employee not found.");
}

/** Sends, or resends with a new token, one employee's invitation. */
export async function inviteOne(
  db: DB,
  owned: OwnedEnrollment,
  employeeId: number,
  baseUrl: string,
  administrator: Administrator,
): Promise<void> {
  const employee = await employeeOf(db, owned.enrollment.id, employeeId);
  await issueInvites(db, owned, [employee], baseUrl, administrator);
}

/** The link stops working at once. A completed registration is not taken back this way. */
export async function revokeInvite(db: DB, enrollmentId: number, employeeId: number): Promise<void> {
  const employee = await employeeOf(db, enrollmentId, employeeId);
  if (employee.inviteStatus === "registered")
    throw conflict("This employee has already registered; the invitation can no longer be revoked.");
  if (employee.inviteStatus === "not_sent") throw conflict("This employee has not been invited yet.");
  await db
    .update(censusEmployees)
    .set({ inviteTokenHash: null, inviteStatus: "revoked", inviteExpiresAt: null })
    .where(eq(censusEmployees.id, employee.id));
}

/** The employee a token belongs to, when it is live and for this enrollment; else null. */
export async function findInvite(
  db: DB,
  enrollmentId: number,
  token: string | undefined,
  now = Date.now(),
): Promise<CensusEmployee | null> {
  if (!token || token.length < 20 || token.length > 100) return null;
  const row = await db
    .select()
    .from(censusEmployees)
    .where(eq(censusEmployees.inviteTokenHash, hashToken(token)))
    .get();
  if (!row || row.enrollmentId !== enrollmentId) return null;
  if (row.inviteStatus === "revoked" || row.inviteStatus === "not_sent") return null;
  if (row.inviteExpiresAt === null || row.inviteExpiresAt <= now) return null;
  return row;
}

/** The first visit through a sent invite marks it opened. */
export async function markOpened(db: DB, employee: CensusEmployee, now = Date.now()): Promise<void> {
  if (employee.inviteStatus !== "sent") return;
  await db
    .update(censusEmployees)
    .set({ inviteStatus: "opened", inviteOpenedAt: now })
    .where(and(eq(censusEmployees.id, employee.id), eq(censusEmployees.inviteStatus, "sent")));
}

/** The enrollment's census employees, by name. */
export async function employeesOf(db: DB, enrollmentId: number): Promise<CensusEmployee[]> {
  return db
    .select()
    .from(censusEmployees)
    .where(eq(censusEmployees.enrollmentId, enrollmentId))
    .orderBy(censusEmployees.lastName, censusEmployees.firstName, censusEmployees.id);
}
