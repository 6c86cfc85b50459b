// Who may read or change a business and its enrollments: the owner who registered it or
// an admin. Someone else's ids answer 404, exactly like ids that do not exist, so ids
// cannot be probed.

import type { businesses, enrollments } from "@db/schema";
import type { DB } from "../../db";
import { notFound, unauthorized } from "../../http/errors";
import { ID_PATTERN } from "../../lib/patterns";
import { adminUsername } from "../admin/accounts";
import { requireSession } from "../auth/plugin";
import type { Session } from "../auth/sessions";
import { enrollmentById } from "../enrollments/rows";
import { businessById } from "./service";

export type BusinessRow = typeof businesses.$inferSelect;
export type EnrollmentRow = typeof enrollments.$inferSelect;

const mayAccess = (session: Session, business: BusinessRow) => session.kind === "admin" || business.userId === session.userId;

/**
 * The session, when it may read businesses at all: an admin session counts only while its
 * user is still an admin, as the admin area's own guard checks.
 */
async function ownerOrAdmin(db: DB, session: Session | null): Promise<Session> {
  const who = requireSession(session, "owner", "admin");
  if (who.kind === "admin" && !(await adminUsername(db, who.userId))) throw unauthorized();
  return who;
}

export async function accessBusiness(db: DB, session: Session | null, businessId: number): Promise<BusinessRow> {
  const who = await ownerOrAdmin(db, session);
  const business = await businessById(db, businessId);
  if (!business || !mayAccess(who, business)) throw notFound("Business not found.");
  return business;
}

/** An enrollment with its business. */
export interface OwnedEnrollment {
  enrollment: EnrollmentRow;
  business: BusinessRow;
}

/** The enrollment and its business, with no access check: callers decide who may see it. */
export async function enrollmentWithBusiness(db: DB, enrollmentId: number): Promise<OwnedEnrollment | null> {
  const enrollment = await enrollmentById(db, enrollmentId);
  const business = enrollment ? await businessById(db, enrollment.businessId) : undefined;
  return enrollment && business ? { enrollment, business } : null;
}

export async function accessEnrollment(db: DB, session: Session | null, enrollmentId: number): Promise<OwnedEnrollment> {
  const who = await ownerOrAdmin(db, session);
  const row = await enrollmentWithBusiness(db, enrollmentId);
  if (!row || !mayAccess(who, row.business)) throw notFound("Enrollment not found. Please complete the plan selection step first.");
  return row;
}

/** A route id as typed in the address, or null when the params' own check will refuse it. */
const ID = new RegExp(ID_PATTERN);
const routeId = (raw: string | undefined) => (raw && ID.test(raw) ? Number(raw) : null);

/**
 * The transform hook of a route on one enrollment (or one business): 401 without a session,
 * 403 for an employee's, then 404 when it is not the caller's, before its body or query is
 * checked, so a 400 naming fields is only ever said to whoever may change it. The handler
 * reads it again.
 */
const accessFirst =
  (param: "enrollmentId" | "businessId", access: (db: DB, session: Session | null, id: number) => Promise<unknown>) =>
  (db: DB) =>
  async ({ session, params }: { session: Session | null; params: Record<string, string | undefined> }) => {
    const id = routeId(params[param]);
    if (id === null) requireSession(session, "owner", "admin");
    else await access(db, session, id);
  };

export const enrollmentAccessFirst = accessFirst("enrollmentId", accessEnrollment);
export const businessAccessFirst = accessFirst("businessId", accessBusiness);
