// The success page's registration-link tool: a real personal link for the next census
// employee not yet registered. Tokens, links and the invitation email are the employee
// invitations' own (src/modules/employees/invites.ts), so there is one definition of each.
import type { DB } from "../../db";
import { conflict } from "../../http/errors";
import type { EnrollmentRow } from "../businesses/access";
import { invitationEmail, inviteLink, issueToken } from "../employees/invites";
import { enqueueEmail } from "../outbox/service";
import { NO_EMPLOYEES_MESSAGE } from "./model";
import { nextInvitee } from "./service";

export interface Invite {
  link: string;
  employee: { firstName: string; lastName: string; email: string };
  expiresAt: string;
}

type Tx = Parameters<Parameters<DB["transaction"]>[0]>[0];

/** Issues a fresh link for the next employee not yet registered (an older link of theirs stops working). */
function issueInvite(tx: Tx, enrollment: EnrollmentRow, origin: string, nowMs: number) {
  const employee = nextInvitee(tx, enrollment.id);
  if (!employee) throw conflict(NO_EMPLOYEES_MESSAGE);
  const { token, expiresAt } = issueToken(tx, enrollment.effectiveDate, employee, nowMs);
  const invite: Invite = {
    link: inviteLink(origin, enrollment.id, token),
    employee: { firstName: employee.firstName, lastName: employee.lastName, email: employee.email },
    expiresAt: new Date(expiresAt).toISOString(),
  };
  return { invite, employee };
}

export function createRegistrationLink(db: DB, enrollment: EnrollmentRow, origin: string, nowMs = Date.now()): Invite {
  return db.transaction((tx) => issueInvite(tx, enrollment, origin, nowMs).invite);
}

/** Sends a registration link to the given address (the success page's test tool). */
export function emailRegistrationLink(db: DB, enrollment: EnrollmentRow, businessName: string, to: string, origin: string, nowMs = Date.now()): Invite {
  return db.transaction((tx) => {
    const { invite, employee } = issueInvite(tx, enrollment, origin, nowMs);
    enqueueEmail(tx, invitationEmail({ enrollment, businessName }, employee, invite.link, to));
    return invite;
  });
}
