// The success page's preview tools (rulings: "The success page's development tools"): shown
// outside production or to admins. A preview link opens one employee's registration
// read-only and saves nothing; the sample invitation goes only to the signed-in person's own
// address, with a link that opens a made-up employee's registration. Neither issues an
// invite or changes anyone's invitation status: only a real invitation does.
//
// A preview token is `enrollmentId.employeeId.expiresAt.mac` (employee 0 is the made-up
// person), an HMAC-SHA256 under a key derived from the data key (HKDF). Nothing is stored,
// and a preview token is no invite: the registration's save route never accepts one.
import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import type { Config } from "../../config";
import type { DB } from "../../db";
import { conflict, forbidden, notFound } from "../../http/errors";
import { todayUtc } from "../../lib/date-rules";
import { adminEmail } from "../admin/accounts";
import type { Session } from "../auth/sessions";
import { enrollmentWithBusiness, type OwnedEnrollment } from "../businesses/access";
import { primaryContact } from "../businesses/service";
import type { OutgoingEmail } from "../outbox/service";
import { classOf } from "./classes";
import { inviteDeadline } from "./dates";
import { employeeOf, employeesOf, invitationEmail } from "./invites";
import { NOTICE_UNAVAILABLE_MESSAGE, registrationPath } from "./model";
import { type Administrator, noticeInput, noticeView } from "./notice-input";
import { planNameOf, type RegistrationPerson, registrationOf, registrationView } from "./service";

export const PREVIEW_VALID_DAYS = 7;
const dayMs = 24 * 60 * 60 * 1000;

export const PREVIEW_UNAVAILABLE_MESSAGE = "The preview tools are only available outside production, or to administrators.";
export const PREVIEW_INVALID_MESSAGE = "This preview link is invalid or has expired.";

export function previewKey(dataKey: Buffer): Buffer {
  return Buffer.from(hkdfSync("sha256", dataKey, Buffer.alloc(0), "ichra registration preview tokens v1", 32));
}

const mac = (key: Buffer, payload: string) => createHmac("sha256", key).update(payload).digest("base64url");

/** A token that opens the registration of `employeeId` (0: the made-up employee) of this enrollment, read-only, for a week. */
export function issuePreviewToken(key: Buffer, enrollmentId: number, employeeId: number, now = Date.now()) {
  const expiresAt = now + PREVIEW_VALID_DAYS * dayMs;
  const payload = `${enrollmentId}.${employeeId}.${expiresAt}`;
  return { token: `${payload}.${mac(key, payload)}`, expiresAt };
}

/** The employee a live token of this enrollment names (0: the made-up one); null for anything else. */
export function readPreviewToken(key: Buffer, enrollmentId: number, token: unknown, now = Date.now()): number | null {
  if (typeof token !== "string" || token.length > 200) return null;
  const match = /^(\d{1,12})\.(\d{1,12})\.(\d{1,16})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, enrollment, employee, expiresAt, given] = match;
  if (Number(enrollment) !== enrollmentId || Number(expiresAt) <= now) return null;
  const expected = Buffer.from(mac(key, `${enrollment}.${employee}.${expiresAt}`));
  const actual = Buffer.from(given!);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? Number(employee) : null;
}

export function previewLink(origin: string, enrollmentId: number, token: string): string {
  const url = new URL(registrationPath(enrollmentId), origin);
  url.searchParams.set("preview", token);
  return url.toString();
}

/** In production only admins get the tools; elsewhere the owner too. */
export function assertPreviewAllowed(config: Pick<Config, "production">, session: Session | null): void {
  if (config.production && session?.kind !== "admin") throw forbidden(PREVIEW_UNAVAILABLE_MESSAGE);
}

/** The made-up employee of the sample invitation: in the enrollment's first class, with no one's data. */
function samplePerson(owned: OwnedEnrollment): RegistrationPerson {
  return {
    firstName: "Alex",
    lastName: "Sample",
    email: "alex.sample@example.com",
    phone: null,
    dateOfBirth: "1990-06-15",
    homeZip: owned.business.zip,
    className: owned.enrollment.employeeClasses?.[0]?.name ?? "",
    hireDate: null,
  };
}

/** The employees the owner can preview, by name. */
export async function previewRoster(db: DB, owned: OwnedEnrollment) {
  const employees = await employeesOf(db, owned.enrollment.id);
  return { employees: employees.map((e) => ({ id: e.id, firstName: e.firstName, lastName: e.lastName, className: e.className })) };
}

export async function createPreviewLink(db: DB, key: Buffer, owned: OwnedEnrollment, employeeId: number, origin: string) {
  const employee = await employeeOf(db, owned.enrollment.id, employeeId);
  const { token, expiresAt } = issuePreviewToken(key, owned.enrollment.id, employee.id);
  return {
    link: previewLink(origin, owned.enrollment.id, token),
    employee: { firstName: employee.firstName, lastName: employee.lastName },
    expiresAt: new Date(expiresAt).toISOString(),
  };
}

/** The signed-in person's own address: the owner's, or the admin's account address. */
async function ownAddress(db: DB, session: Session, owned: OwnedEnrollment): Promise<string> {
  if (session.kind === "admin") {
    const email = await adminEmail(db, session.userId);
    if (!email) throw forbidden();
    return email;
  }
  return (await primaryContact(db, owned.business)).email;
}

/** The sample invitation: an employee's invitation, for the made-up employee, saying what it is, to the sender alone. */
export async function sampleInvitation(
  db: DB,
  key: Buffer,
  session: Session,
  owned: OwnedEnrollment,
  origin: string,
): Promise<OutgoingEmail> {
  const to = await ownAddress(db, session, owned);
  const { token } = issuePreviewToken(key, owned.enrollment.id, 0);
  const invitation = invitationEmail(
    { enrollment: owned.enrollment, businessName: owned.business.name },
    samplePerson(owned),
    previewLink(origin, owned.enrollment.id, token),
    inviteDeadline(owned.enrollment.effectiveDate, todayUtc()),
    to,
  );
  return {
    kind: "sample_invitation",
    to,
    subject: `Sample: ${invitation.subject}`,
    text: [
      `This is a sample of the invitation your employees receive, sent only to you. Its links open the registration and notice of a made-up employee, ${samplePerson(owned).firstName} ${samplePerson(owned).lastName}, read-only: nothing there is saved.`,
      "Nothing has been sent to any of your employees. Each gets their own invitation only when you send it from your dashboard.",
      "",
      "----------",
      "",
      invitation.text,
    ].join("\n"),
  };
}

/** The enrollment and the person a preview token opens, or 404 with nothing else. */
async function resolvePreview(db: DB, key: Buffer, enrollmentId: number, token: string | undefined) {
  const employeeId = readPreviewToken(key, enrollmentId, token);
  const owned = employeeId === null ? null : await enrollmentWithBusiness(db, enrollmentId);
  if (employeeId === null || !owned) throw notFound(PREVIEW_INVALID_MESSAGE);
  if (employeeId === 0) return { owned, person: samplePerson(owned), employeeId: null };
  const employee = await employeeOf(db, enrollmentId, employeeId).catch(() => null);
  if (!employee) throw notFound(PREVIEW_INVALID_MESSAGE);
  return { owned, person: employee, employeeId: employee.id };
}

/**
 * The registration as the employee sees it, never editable, with their SSN's digits left
 * out: the preview is for the employer. Opening it marks nothing.
 */
export async function openPreview(db: DB, key: Buffer, enrollmentId: number, token: string | undefined) {
  const { owned, person, employeeId } = await resolvePreview(db, key, enrollmentId, token);
  const row = employeeId === null ? null : await registrationOf(db, employeeId);
  const view = registrationView(key, owned, person, row, await planNameOf(db, owned));
  return { ...view, editable: false, registration: view.registration && { ...view.registration, ssnMasked: null } };
}

/** The notice the previewed employee would open: their class's, with their own amounts. */
export async function openPreviewNotice(
  db: DB,
  key: Buffer,
  administrator: Administrator,
  enrollmentId: number,
  token: string | undefined,
) {
  const { owned, person } = await resolvePreview(db, key, enrollmentId, token);
  const cls = classOf(owned.enrollment.employeeClasses, person.className);
  if (!cls) throw conflict(NOTICE_UNAVAILABLE_MESSAGE);
  return noticeView(noticeInput(owned, cls, await primaryContact(db, owned.business), administrator, person));
}
