// Registering a business and reading it back.

import { businesses, censusEmployees, enrollments, users } from "@db/schema";
import { and, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { DB, Tx } from "../../db";
import { conflict } from "../../http/errors";
import { todayUtc } from "../../lib/date-rules";
import { iso } from "../../lib/iso";
import type { BusinessRow, EnrollmentRow } from "./access";
import { type BusinessRead, type CompanyRegistration, DUPLICATE_EMAIL_MESSAGE, type MyBusiness, type WizardProgress } from "./model";
import { enrollmentStatusOn } from "./status";

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

const duplicateEmail = () => conflict(DUPLICATE_EMAIL_MESSAGE, { loginUrl: "/login" });

/** Creates the primary contact's user and the business in one transaction. */
export function registerBusiness(db: DB, input: CompanyRegistration): { businessId: number; userId: number } {
  const email = normaliseEmail(input.email);
  try {
    return db.transaction((tx) => {
      const existing = tx.select({ id: users.id }).from(users).where(eq(users.email, email)).get();
      if (existing) throw duplicateEmail();
      const user = tx
        .insert(users)
        .values({
          username: email,
          email,
          firstName: input.firstName.trim(),
          lastName: input.lastName.trim(),
          phone: input.phone.trim(),
          role: "business",
        })
        .returning({ id: users.id })
        .get();
      const business = tx
        .insert(businesses)
        .values({
          userId: user.id,
          name: input.name.trim(),
          taxId: input.taxId,
          address: input.address.trim(),
          city: input.city.trim(),
          state: input.state,
          zip: input.zip,
          industry: input.industry,
          size: input.size,
          status: "registered",
        })
        .returning({ id: businesses.id })
        .get();
      return { businessId: business.id, userId: user.id };
    });
  } catch (error) {
    // Two registrations racing with one email: the unique index decides, the loser gets 409.
    if (String((error as Error)?.message).includes("UNIQUE constraint failed: users.")) throw duplicateEmail();
    throw error;
  }
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
    name: business.name,
    taxId: business.taxId,
    address: business.address,
    city: business.city,
    state: business.state,
    zip: business.zip,
    industry: business.industry,
    size: business.size,
    status: business.status,
    createdAt: iso(business.createdAt),
    email: contact.email,
    contact,
  };
}

/** Newest first: the order the dashboard, the wizard's resume and the plan step read enrollments in. */
export const newestEnrollmentsFirst = [desc(enrollments.createdAt), desc(enrollments.id)] as const;

const latestEnrollmentWhere = (db: DB | Tx, where: SQL | undefined) =>
  db
    .select()
    .from(enrollments)
    .where(where)
    .orderBy(...newestEnrollmentsFirst)
    .limit(1);

/** The latest enrollment of a business (the dashboard's "active plan"). */
export async function latestEnrollment(db: DB, businessId: number): Promise<EnrollmentRow | undefined> {
  return await latestEnrollmentWhere(db, eq(enrollments.businessId, businessId)).get();
}

/** The business's latest enrollment not yet submitted, inside a transaction (the plan step resumes it). */
export function latestOpenEnrollmentIn(tx: Tx, businessId: number): EnrollmentRow | undefined {
  return latestEnrollmentWhere(tx, and(eq(enrollments.businessId, businessId), isNull(enrollments.finalizedAt))).get();
}

/** A user's most recent business (an owner normally has one). */
async function latestBusinessOf(db: DB, userId: number): Promise<BusinessRow | undefined> {
  return await db.select().from(businesses).where(eq(businesses.userId, userId)).orderBy(desc(businesses.id)).limit(1).get();
}

async function wizardProgress(db: DB, enrollment: EnrollmentRow | undefined): Promise<WizardProgress> {
  if (!enrollment) {
    return { companyInfo: true, planDesign: false, employeeClasses: false, census: "none", effectiveDate: false, submitted: false };
  }
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)` })
    .from(censusEmployees)
    .where(eq(censusEmployees.enrollmentId, enrollment.id));
  return {
    companyInfo: true,
    planDesign: true,
    employeeClasses: (enrollment.employeeClasses?.length ?? 0) > 0,
    census: n > 0 ? "uploaded" : enrollment.censusSkipped ? "skipped" : "none",
    effectiveDate: enrollment.effectiveDateConfirmedAt !== null,
    submitted: enrollment.finalizedAt !== null,
  };
}

/** The signed-in owner's most recent business, for the wizard's resume; null when none. */
export async function myBusiness(db: DB, userId: number): Promise<MyBusiness | null> {
  const business = await latestBusinessOf(db, userId);
  if (!business) return null;
  const enrollment = await latestEnrollment(db, business.id);
  return {
    businessId: business.id,
    businessStatus: business.status,
    enrollmentId: enrollment?.id ?? null,
    enrollmentStatus: enrollment ? enrollmentStatusOn(enrollment, todayUtc()) : null,
    progress: await wizardProgress(db, enrollment),
  };
}

/** The business a user owns (the employer's dashboard after sign-in). */
export async function businessIdOfUser(db: DB, userId: number): Promise<number | null> {
  return (await latestBusinessOf(db, userId))?.id ?? null;
}
