// The success page's registration-link tool: a real personal link for the next census
// employee who has never been invited. It never takes over an invitation already sent,
// opened, registered or revoked: a new token would kill the link the employee was
// emailed, and would quietly undo a revocation. Tokens, links and the invitation email
// are the employee invitations' own (src/modules/employees/invites.ts).
import { and, asc, eq } from "drizzle-orm";
import { censusEmployees } from "../../../db/schema";
import type { DB, Tx } from "../../db";
import { conflict } from "../../http/errors";
import type { EnrollmentRow } from "../businesses/access";
import { formatDate } from "../../lib/date-rules";
import { inviteDeadline, inviteExpiresAt } from "../employees/dates";
import { invitationEmail, inviteLink, issueToken } from "../employees/invites";
import { enqueueEmail } from "../outbox/service";
import { ALL_INVITED_MESSAGE, NO_EMPLOYEES_MESSAGE, type RegistrationLinkAnswer } from "./model";

/** A link made after the registration window closed would be dead on arrival. */
function assertRegistrationOpen(effectiveDate: string, nowMs: number) {
  if (inviteExpiresAt(effectiveDate) <= nowMs) {
    throw conflict(`Registration closed on ${formatDate(inviteDeadline(effectiveDate))}, 60 days after the effective date; no new invitations can be sent.`);
  }
}

/** The first census employee (in file order) who has never been invited. */
function nextInvitee(tx: Tx, enrollmentId: number) {
  const employee = tx
    .select()
    .from(censusEmployees)
    .where(and(eq(censusEmployees.enrollmentId, enrollmentId), eq(censusEmployees.inviteStatus, "not_sent")))
    .orderBy(asc(censusEmployees.rowNumber))
    .limit(1)
    .get();
  if (employee) return employee;
  const anyone = tx.select({ id: censusEmployees.id }).from(censusEmployees).where(eq(censusEmployees.enrollmentId, enrollmentId)).limit(1).get();
  throw conflict(anyone ? ALL_INVITED_MESSAGE : NO_EMPLOYEES_MESSAGE);
}

function issueInvite(tx: Tx, enrollment: EnrollmentRow, origin: string, nowMs: number) {
  const employee = nextInvitee(tx, enrollment.id);
  assertRegistrationOpen(enrollment.effectiveDate, nowMs);
  const { token, expiresAt } = issueToken(tx, enrollment.effectiveDate, employee, nowMs);
  const invite: RegistrationLinkAnswer = {
    link: inviteLink(origin, enrollment.id, token),
    employee: { firstName: employee.firstName, lastName: employee.lastName, email: employee.email },
    expiresAt: new Date(expiresAt).toISOString(),
  };
  return { invite, employee };
}

export function createRegistrationLink(db: DB, enrollment: EnrollmentRow, origin: string, nowMs = Date.now()): RegistrationLinkAnswer {
  return db.transaction((tx) => issueInvite(tx, enrollment, origin, nowMs).invite);
}

/** Sends the next employee's registration link to the given address (the success page's test tool). */
export function emailRegistrationLink(db: DB, enrollment: EnrollmentRow, businessName: string, to: string, origin: string, nowMs = Date.now()): RegistrationLinkAnswer {
  return db.transaction((tx) => {
    const { invite, employee } = issueInvite(tx, enrollment, origin, nowMs);
    enqueueEmail(tx, invitationEmail({ enrollment, businessName }, employee, invite.link, to));
    return invite;
  });
}
