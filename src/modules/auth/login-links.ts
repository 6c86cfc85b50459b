// Sign-in by emailed one-time link, for employers and registered employees alike: the
// email carries a random token, the table only its SHA-256; a link works once, for 15
// minutes. A link belongs to an address, not an account: an address may be an employer's
// contact and an employee, or an employee of two employers, and the person chooses which
// when they use it. The link opens /login, whose Sign in button spends the token with a
// POST: mail scanners and link previews only fetch (GET), and would otherwise use the link
// up before its owner clicks it.

import { loginTokens } from "@db/schema";
import { and, count, eq, gt, isNull, lte } from "drizzle-orm";
import type { DB } from "../../db";
import { formatDate } from "../../lib/date-rules";
import { normaliseEmail } from "../../lib/email-address";
import { enrollmentWithBusiness } from "../businesses/access";
import { employerContactByEmail, latestBusinessOf } from "../businesses/service";
import { registeredEmployeesWithEmail } from "../employees/directory";
import { enqueueEmail } from "../outbox/service";
import { accountKey, LOGIN_LINK_TTL_MS } from "./model";
import { hashToken, newToken } from "./sessions";

/** More requests than this within one link lifetime send nothing more (no inbox flooding). */
const MAX_LINKS_PER_WINDOW = 3;

/** An account an address can sign in to: an employer's contact (a user) or a registered employee. */
export type SignInAccount = {
  /** What the person picks when the address has several: `owner:USER` or `employee:CENSUS_EMPLOYEE`. */
  as: string;
  label: string;
  firstName: string;
  businessId: number;
} & ({ role: "owner"; userId: number } | { role: "employee"; employeeId: number });

/** Every account of an address: its employer contact's, then each registered employee's. */
export async function accountsOf(db: DB, email: string): Promise<SignInAccount[]> {
  const accounts: SignInAccount[] = [];
  const contact = await employerContactByEmail(db, email);
  const business = contact ? await latestBusinessOf(db, contact.id) : undefined;
  if (contact && business) {
    accounts.push({
      as: accountKey("owner", contact.id),
      role: "owner",
      label: `Employer dashboard of ${business.name}`,
      firstName: contact.firstName,
      businessId: business.id,
      userId: contact.id,
    });
  }
  const employees = await registeredEmployeesWithEmail(db, email);
  const employers = await Promise.all(employees.map((e) => enrollmentWithBusiness(db, e.enrollmentId)));
  employees.forEach((employee, i) => {
    const owned = employers[i];
    if (!owned) return;
    // Two enrollments of one employer (a new plan year's census) are told apart by their start.
    const sameEmployer = employers.filter((o) => o?.business.id === owned.business.id).length > 1;
    accounts.push({
      as: accountKey("employee", employee.id),
      role: "employee",
      label: `Benefits from ${owned.business.name}${sameEmployer ? ` (plan from ${formatDate(owned.enrollment.effectiveDate)})` : ""}`,
      firstName: employee.firstName,
      businessId: owned.business.id,
      employeeId: employee.id,
    });
  });
  return accounts;
}

/** Queues a sign-in link when the address has an account; silent otherwise. */
export async function requestLoginLink(db: DB, email: string, origin: string, nowMs = Date.now()): Promise<boolean> {
  const address = normaliseEmail(email);
  const accounts = await accountsOf(db, address);
  if (accounts.length === 0) return false;
  // What the link reaches, by the kinds of account the address has (two employers' benefits are "your benefits").
  const roles = new Set(accounts.map((a) => a.role));
  const where =
    roles.size > 1 ? "your employer dashboard or your benefits" : roles.has("owner") ? "your employer dashboard" : "your benefits";
  return db.transaction((tx) => {
    const [{ recent }] = tx
      .select({ recent: count() })
      .from(loginTokens)
      .where(and(eq(loginTokens.email, address), gt(loginTokens.expiresAt, nowMs)))
      .all();
    if (recent >= MAX_LINKS_PER_WINDOW) return false;
    const token = newToken();
    tx.insert(loginTokens)
      .values({ tokenHash: hashToken(token), email: address, expiresAt: nowMs + LOGIN_LINK_TTL_MS })
      .run();
    const link = `${origin}/login?token=${token}`;
    enqueueEmail(tx, {
      kind: "sign_in_link",
      to: address,
      subject: "Your sign-in link",
      text: [
        `Hello ${accounts[0]!.firstName},`,
        "",
        `Open this link and choose Sign in to reach ${where}:`,
        link,
        "",
        "The link works once and expires in 15 minutes. If you did not ask to sign in, you can ignore this email.",
        "",
        "Advantage ICHRA",
      ].join("\n"),
    });
    return true;
  });
}

const usable = (token: string, nowMs: number) =>
  and(eq(loginTokens.tokenHash, hashToken(token)), isNull(loginTokens.usedAt), gt(loginTokens.expiresAt, nowMs));

/** The address of a token that can still be used, without using it; null when unknown, expired or used. */
export async function loginLinkAddress(db: DB, token: string, nowMs = Date.now()): Promise<string | null> {
  if (!token || token.length > 100) return null;
  const row = await db.select({ email: loginTokens.email }).from(loginTokens).where(usable(token, nowMs)).get();
  return row?.email ?? null;
}

/** Uses up a sign-in token; false when it was unknown, expired or already used (by a request racing this one too). */
export async function spendLoginLink(db: DB, token: string, nowMs = Date.now()): Promise<boolean> {
  if (!token || token.length > 100) return false;
  const row = await db.update(loginTokens).set({ usedAt: nowMs }).where(usable(token, nowMs)).returning({ email: loginTokens.email }).get();
  return row !== undefined;
}

/** Deletes sign-in tokens past their lifetime, used or not (they can never be redeemed) */
export function deleteExpiredLoginTokens(db: DB, nowMs = Date.now()): void {
  db.delete(loginTokens).where(lte(loginTokens.expiresAt, nowMs)).run();
}
