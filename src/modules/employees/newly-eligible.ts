// An employee who becomes eligible after the enrollment was submitted (a new hire, someone
// moving into a class): added one at a time, and sent their invitation with their ICHRA
// notice in the same transaction, so the notice reaches them by the day their coverage can
// begin (54.9802-4(c)(6)(ii)) and they can register and claim like everyone else.

import { censusEmployees } from "@db/schema";
import { and, eq, sql } from "drizzle-orm";
import type { DB } from "../../db";
import { conflict, fieldError } from "../../http/errors";
import { hireDateOutOfRange, localToday, todayUtc } from "../../lib/date-rules";
import { normaliseEmail } from "../../lib/email-address";
import type { OwnedEnrollment } from "../businesses/access";
import { primaryContact } from "../businesses/service";
import { workplaceProblem } from "../compliance/class-checks";
import type { ClassBasis } from "../compliance/rules";
import { classOf } from "./classes";
import { coverageCanBeginWhenAdded } from "./dates";
import { issueInviteIn } from "./invites";
import type { NewEmployee } from "./model";
import type { Administrator } from "./notice-input";

export const ADD_BEFORE_SUBMIT_MESSAGE = "Until your enrollment is submitted, add employees by uploading your census.";

export async function addNewlyEligible(
  db: DB,
  owned: OwnedEnrollment,
  input: NewEmployee,
  baseUrl: string,
  administrator: Administrator,
  now = Date.now(),
): Promise<number> {
  const { enrollment, business } = owned;
  if (enrollment.finalizedAt === null) throw conflict(ADD_BEFORE_SUBMIT_MESSAGE);
  const cls = classOf(enrollment.employeeClasses, input.className);
  if (!cls)
    throw fieldError(
      "className",
      `Class must be one of the defined classes: ${(enrollment.employeeClasses ?? []).map((c) => c.name).join(", ")}`,
    );
  const hireOutOfRange = hireDateOutOfRange(input.hireDate, localToday());
  if (hireOutOfRange) throw fieldError("hireDate", hireOutOfRange);
  const workZip = input.workZip?.trim() || business.zip;
  const outside = workplaceProblem({ ...cls, basis: cls.basis as ClassBasis[] | undefined }, workZip);
  if (outside) throw fieldError("workZip", outside);
  const email = normaliseEmail(input.email);
  const eligibleFrom = coverageCanBeginWhenAdded(enrollment.effectiveDate, input.hireDate, todayUtc(new Date(now)));
  const contact = await primaryContact(db, business);

  db.transaction((tx) => {
    const taken = tx
      .select({ id: censusEmployees.id })
      .from(censusEmployees)
      .where(and(eq(censusEmployees.enrollmentId, enrollment.id), eq(censusEmployees.email, email)))
      .get();
    if (taken) throw conflict(`An employee with the email ${email} is already on this enrollment.`);
    const next = tx
      .select({ n: sql<number>`coalesce(max(${censusEmployees.rowNumber}), 1) + 1` })
      .from(censusEmployees)
      .where(eq(censusEmployees.enrollmentId, enrollment.id))
      .get()!.n;
    const employee = tx
      .insert(censusEmployees)
      .values({
        enrollmentId: enrollment.id,
        rowNumber: next,
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        email,
        dateOfBirth: input.dateOfBirth,
        homeZip: input.homeZip,
        className: cls.name,
        phone: input.phone?.trim() || null,
        hireDate: input.hireDate,
        workZip,
        eligibleFrom,
      })
      .returning()
      .get();
    // The invitation carries the notice: a late hire registers with it as everyone else did.
    issueInviteIn(tx, owned, { enrollment, businessName: business.name }, employee, baseUrl, contact, administrator, now);
  });
  return 1;
}
