// Registering a business and reading it back.

import { businesses, users } from "@db/schema";
import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import type { DB, Tx } from "../../db";
import { conflict } from "../../http/errors";
import { companyDetails } from "../../lib/company";
import { normaliseEmail } from "../../lib/email-address";
import { iso } from "../../lib/iso";
import { anyEnrollmentSubmitted } from "../enrollments/rows";
import type { BusinessRow } from "./access";
import {
  type BusinessRead,
  type BusinessStatus,
  COMPANY_SUBMITTED_MESSAGE,
  type CompanyRegistration,
  type CompanyUpdate,
  DUPLICATE_EMAIL_MESSAGE,
} from "./model";
import { advanceBusiness } from "./status";

export const duplicateEmail = () => conflict(DUPLICATE_EMAIL_MESSAGE, { loginUrl: "/login" });

/** Thrown when the address already has an account; the caller decides what to tell whom. */
export class EmailTaken extends Error {
  constructor() {
    super(DUPLICATE_EMAIL_MESSAGE);
  }
}

/** The company's columns as registering and correcting store them: typed text trimmed, chosen values as sent. */
const companyColumns = (input: CompanyUpdate) => ({
  name: input.name.trim(),
  taxId: input.taxId,
  address: input.address.trim(),
  city: input.city.trim(),
  state: input.state,
  zip: input.zip,
  industry: input.industry,
  size: input.size,
});

/** The primary contact's name and phone, trimmed (the email is the account's and set once). */
const contactColumns = (input: CompanyUpdate) => ({
  firstName: input.firstName.trim(),
  lastName: input.lastName.trim(),
  phone: input.phone.trim(),
});

/** Creates the primary contact's user and the business in one transaction; EmailTaken when the address has an account. */
export function registerBusiness(db: DB, input: CompanyRegistration): { businessId: number; userId: number } {
  const email = normaliseEmail(input.email);
  try {
    return db.transaction((tx) => {
      const existing = tx.select({ id: users.id }).from(users).where(eq(users.email, email)).get();
      if (existing) throw new EmailTaken();
      const user = tx
        .insert(users)
        .values({ username: email, email, ...contactColumns(input), role: "business" })
        .returning({ id: users.id })
        .get();
      const business = tx
        .insert(businesses)
        .values({ userId: user.id, ...companyColumns(input), status: "registered" })
        .returning({ id: businesses.id })
        .get();
      return { businessId: business.id, userId: user.id };
    });
  } catch (error) {
    // Two registrations racing with one email: the unique index decides, the loser gets 409.
    if (String((error as Error)?.message).includes("UNIQUE constraint failed: users.")) throw new EmailTaken();
    throw error;
  }
}

/**
 * Records that an emailed sign-in link reached an employer's contact: answers true the first
 * time only. Until then the account was opened by whoever typed the address at registration,
 * and the caller ends the sessions that person holds.
 */
export async function confirmContactEmail(db: DB, userId: number, now = Date.now()): Promise<boolean> {
  const confirmed = await db
    .update(users)
    .set({ emailConfirmedAt: now })
    .where(and(eq(users.id, userId), eq(users.role, "business"), isNull(users.emailConfirmedAt)))
    .returning({ id: users.id })
    .get();
  return confirmed !== undefined;
}

/**
 * Corrects the company's details and its contact's name and phone, in one transaction; a
 * 409 once the business has submitted any enrollment.
 */
export async function updateCompany(db: DB, business: BusinessRow, input: CompanyUpdate): Promise<BusinessRow> {
  // Any submitted enrollment, not only the newest: a draft started since must not reopen
  // what an earlier, submitted one was reviewed on.
  if (await anyEnrollmentSubmitted(db, business.id)) throw conflict(COMPANY_SUBMITTED_MESSAGE);
  return db.transaction((tx) => {
    tx.update(users).set(contactColumns(input)).where(eq(users.id, business.userId)).run();
    return tx.update(businesses).set(companyColumns(input)).where(eq(businesses.id, business.id)).returning().get();
  });
}

/** The business's primary contact: the user who registered it. */
export async function primaryContact(db: DB, business: Pick<BusinessRow, "id" | "userId">): Promise<BusinessRead["contact"]> {
  const contact = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email, phone: users.phone })
    .from(users)
    .where(eq(users.id, business.userId))
    .get();
  if (!contact) throw new Error(`business ${business.id} has no user`);
  return contact;
}

export async function readBusiness(db: DB, business: BusinessRow): Promise<BusinessRead> {
  const contact = await primaryContact(db, business);
  return {
    id: business.id,
    ...companyDetails(business),
    status: business.status,
    createdAt: iso(business.createdAt),
    email: contact.email,
    contact,
  };
}

/** A user's most recent business (an owner normally has one). */
export async function latestBusinessOf(db: DB, userId: number): Promise<BusinessRow | undefined> {
  return await db.select().from(businesses).where(eq(businesses.userId, userId)).orderBy(desc(businesses.id)).limit(1).get();
}

/** The business a user owns (the employer's dashboard after sign-in). */
export async function businessIdOfUser(db: DB, userId: number): Promise<number | null> {
  return (await latestBusinessOf(db, userId))?.id ?? null;
}

/** Moves a business's status forward (never back), inside the transaction of the step that moved it. */
export function advanceBusinessIn(tx: Tx, business: Pick<BusinessRow, "id" | "status">, target: BusinessStatus): void {
  tx.update(businesses)
    .set({ status: advanceBusiness(business.status, target) })
    .where(eq(businesses.id, business.id))
    .run();
}

/** Each business's name and its primary contact's email, by id. */
export async function businessNamesAndContacts(db: DB, ids: number[]): Promise<Map<number, { name: string; email: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: businesses.id, name: businesses.name, email: users.email })
    .from(businesses)
    .innerJoin(users, eq(users.id, businesses.userId))
    .where(inArray(businesses.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, { name: r.name, email: r.email }]));
}

/** The employer whose primary contact has this email (sign-in links go only to them). */
export async function employerContactByEmail(db: DB, email: string): Promise<{ id: number; email: string; firstName: string } | undefined> {
  return await db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .innerJoin(businesses, eq(businesses.userId, users.id))
    .where(and(eq(users.email, normaliseEmail(email)), eq(users.role, "business")))
    .limit(1)
    .get();
}

export async function businessById(db: DB, id: number): Promise<BusinessRow | undefined> {
  return await db.select().from(businesses).where(eq(businesses.id, id)).get();
}
