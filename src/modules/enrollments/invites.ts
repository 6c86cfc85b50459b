// Personal registration links for census employees. The link carries a random 256-bit
// token; only its SHA-256 is stored, so the database alone cannot be turned into links.
import { eq } from "drizzle-orm";
import { censusEmployees } from "../../../db/schema";
import type { DB } from "../../db";
import { conflict } from "../../http/errors";
import { daysFrom } from "../../lib/date-rules";
import { hashToken, newToken } from "../auth/sessions";
import type { EnrollmentRow } from "../businesses/access";
import { enqueueEmail } from "../outbox/service";
import { invitationEmail } from "./emails";
import { NO_EMPLOYEES_MESSAGE } from "./model";
import { nextInvitee } from "./service";

export const INVITE_DAYS_AFTER_EFFECTIVE_DATE = 60;

export interface Invite {
  link: string;
  employee: { firstName: string; lastName: string; email: string };
  expiresAt: string;
  /** The last day the link works, YYYY-MM-DD. */
  expiresOn: string;
}

type Tx = Parameters<Parameters<DB["transaction"]>[0]>[0];

/** Issues a fresh link for the next employee not yet registered (an older link of theirs stops working). */
function issueInvite(tx: Tx, enrollment: EnrollmentRow, origin: string, nowMs: number): Invite {
  const employee = nextInvitee(tx, enrollment.id);
  if (!employee) throw conflict(NO_EMPLOYEES_MESSAGE);
  const token = newToken();
  const expiresOn = daysFrom(enrollment.effectiveDate, INVITE_DAYS_AFTER_EFFECTIVE_DATE);
  // The link works through the whole last day, wherever the employee is.
  const expiresAtMs = Date.parse(`${daysFrom(expiresOn, 1)}T12:00:00Z`);
  tx.update(censusEmployees)
    .set({ inviteTokenHash: hashToken(token), inviteStatus: "sent", inviteSentAt: nowMs, inviteExpiresAt: expiresAtMs })
    .where(eq(censusEmployees.id, employee.id))
    .run();
  return {
    link: `${origin}/employee-registration/${enrollment.id}?invite=${token}`,
    employee: { firstName: employee.firstName, lastName: employee.lastName, email: employee.email },
    expiresAt: new Date(expiresAtMs).toISOString(),
    expiresOn,
  };
}

export function createRegistrationLink(db: DB, enrollment: EnrollmentRow, origin: string, nowMs = Date.now()): Invite {
  return db.transaction((tx) => issueInvite(tx, enrollment, origin, nowMs));
}

/** Sends a registration link to the given address (the success page's test tool). */
export function emailRegistrationLink(db: DB, enrollment: EnrollmentRow, businessName: string, to: string, origin: string, nowMs = Date.now()): Invite {
  return db.transaction((tx) => {
    const invite = issueInvite(tx, enrollment, origin, nowMs);
    enqueueEmail(tx, invitationEmail({ to, employeeFirstName: invite.employee.firstName, businessName, link: invite.link, expiresOn: invite.expiresOn }));
    return invite;
  });
}
