// The success page's registration-link tool: a real personal link for the next census
// employee who has never been invited. It never takes over an invitation already sent,
// opened, registered or revoked: a new token would kill the link the employee was
// emailed, and would quietly undo a revocation. Tokens, links and the invitation email
// are the employee invitations' own (src/modules/employees/invites.ts).

import type { DB, Tx } from "../../db";
import type { EnrollmentRow } from "../businesses/access";
import { invitationEmail, inviteLink, issueToken, nextInvitee } from "../employees/invites";
import { enqueueEmail } from "../outbox/service";
import { ALL_INVITED_MESSAGE, NO_EMPLOYEES_MESSAGE, type RegistrationLinkAnswer } from "./model";

function issueInvite(tx: Tx, enrollment: EnrollmentRow, origin: string, nowMs: number) {
  const employee = nextInvitee(tx, enrollment.id, { allInvited: ALL_INVITED_MESSAGE, noEmployees: NO_EMPLOYEES_MESSAGE });
  // issueToken refuses (409) once the registration window has closed.
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
export function emailRegistrationLink(
  db: DB,
  enrollment: EnrollmentRow,
  businessName: string,
  to: string,
  origin: string,
  nowMs = Date.now(),
): RegistrationLinkAnswer {
  return db.transaction((tx) => {
    const { invite, employee } = issueInvite(tx, enrollment, origin, nowMs);
    enqueueEmail(tx, invitationEmail({ enrollment, businessName }, employee, invite.link, to));
    return invite;
  });
}
