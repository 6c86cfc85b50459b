// The employee registration saved through an invite, and the employer's list of employees.

import { censusEmployees, employeeRegistrations } from "@db/schema";
import { eq } from "drizzle-orm";
import type { DB, Tx } from "../../db";
import { badRequest, conflict, invalidFields, notFound } from "../../http/errors";
import { daysFrom, formatDate, planYearEnd, planYearStartOn, todayUtc } from "../../lib/date-rules";
import { normaliseEmail } from "../../lib/email-address";
import { validate } from "../../lib/field-errors";
import { iso } from "../../lib/iso";
import { formatCents, toDollars } from "../../lib/money";
import { later } from "../../lib/months";
import { todayIn } from "../../lib/time-zones";
import { enrollmentWithBusiness, type OwnedEnrollment } from "../businesses/access";
import { primaryContact } from "../businesses/service";
import { COVERAGE_LEVELS, type CoverageLevel } from "../compliance/allowance";
import { enqueueEmail } from "../outbox/service";
import { includesIndemnity, plansByIds } from "../plans/service";
import { allowanceCentsFor, allowancesFor, shownAllowanceFor } from "./classes";
import { type CoverageStart, coverageBegins, deadlineOf, inviteDeadline, noticeCalendar, noticeSentFor } from "./dates";
import { invitationDeclinedEmail, invitationDeclineWithdrawnEmail, invitationOptOutEmail } from "./emails";
import { type CensusEmployee, employeesOf, findInvite, markOpened } from "./invites";
import {
  type EmployeeListItem,
  OTHER_EMAIL_MESSAGE,
  REGISTERED_NEXT_STEPS,
  RegistrationComplete,
  type RegistrationSave,
  type RegistrationView,
  type SavedRegistration,
} from "./model";
import { seal, unseal } from "./sealed-field";
import { optedOutOf } from "./waiver";

type RegistrationRow = typeof employeeRegistrations.$inferSelect;

/** The row the sealed SSN belongs to, bound in as associated data. */
const ssnContext = (censusEmployeeId: number) => `employee_registrations.ssn:${censusEmployeeId}`;

/**
 * A save through the invite after the registration was submitted: changes go through us, the
 * plan's administrator (rulings), at the address given; opting out is on My benefits.
 */
export const SUBMITTED_MESSAGE = (administratorEmail: string) =>
  `Your registration has been submitted, so it can no longer be changed here. To correct something, write to us, the plan's administrator, at ${administratorEmail}.`;
const submittedMessage = (declining: boolean, administratorEmail: string) =>
  declining
    ? "Your registration is already submitted. To opt out now, sign in to My benefits: you can opt out there."
    : SUBMITTED_MESSAGE(administratorEmail);

/** Registering after an opting out that has taken effect: it cannot be taken back while its plan year runs. */
export const WAIVER_IN_EFFECT_MESSAGE = (waiver: { declinedOn: string; from: string; until: string }, administratorEmail: string) =>
  `You opted out on ${formatDate(waiver.declinedOn)}, and it took effect on ${formatDate(waiver.from)}: it cannot be taken back for the plan year ending ${formatDate(waiver.until)}. To ask about it, write to us, the plan's administrator, at ${administratorEmail}.`;

export const maskSsn = (last4: string) => `•••• ${last4}`;

/** A stored coverage level, or self only when none was chosen yet. */
const coverageLevelOf = (stored: string | null | undefined): CoverageLevel =>
  COVERAGE_LEVELS.find((level) => level === stored) ?? "individual";

/** Some employee of the enrollment has saved a registration (the census upload refuses to replace them then). */
export const aRegistration = (db: DB | Tx, enrollmentId: number) =>
  db
    .select({ id: employeeRegistrations.id })
    .from(employeeRegistrations)
    .where(eq(employeeRegistrations.enrollmentId, enrollmentId))
    .limit(1);

export async function registrationOf(db: DB, censusEmployeeId: number): Promise<RegistrationRow | null> {
  return (await db.select().from(employeeRegistrations).where(eq(employeeRegistrations.censusEmployeeId, censusEmployeeId)).get()) ?? null;
}

/** What was saved, as the registration shows it; its address is the invitation's (`invited`), whatever an older draft stored. */
function savedView(key: Buffer, row: RegistrationRow, invited: string): SavedRegistration {
  const last4 = row.ssnLast4Encrypted ? unseal(key, row.ssnLast4Encrypted, ssnContext(row.censusEmployeeId)) : null;
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    email: invited,
    phone: row.phone,
    dateOfBirth: row.dateOfBirth,
    ssnMasked: last4 ? maskSsn(last4) : null,
    address: row.address,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    coverageLevel: row.coverageLevel,
    healthPlanId: row.healthPlanId,
    termsAcceptedAt: iso(row.termsAcceptedAt),
    submittedAt: iso(row.submittedAt),
    declinedAt: iso(row.declinedAt),
  };
}

/** The census fields the registration screens start from, and when the person's invitation stops working (none for a sample). */
export type RegistrationPerson = Pick<
  CensusEmployee,
  "firstName" | "lastName" | "email" | "phone" | "dateOfBirth" | "homeZip" | "className" | "hireDate"
> &
  Partial<Pick<CensusEmployee, "inviteExpiresAt">>;

/** The name of the enrollment's plan. */
export async function planNameOf(db: DB, owned: OwnedEnrollment): Promise<string | undefined> {
  return (await plansByIds(db, [owned.enrollment.planId]))[0]?.name;
}

/** What the registration screens show of an employee: the census prefill, their allowance and what they saved. */
export function registrationView(
  key: Buffer,
  owned: OwnedEnrollment,
  employee: RegistrationPerson,
  row: RegistrationRow | null,
  /** The name of the employer's plan. */
  planName: string | undefined,
): RegistrationView {
  const level = coverageLevelOf(row?.coverageLevel);
  const shown = shownAllowanceFor(owned.enrollment, employee, level);
  const amounts = allowancesFor(owned.enrollment, employee);
  return {
    enrollmentId: owned.enrollment.id,
    businessName: owned.business.name,
    prefill: {
      firstName: employee.firstName,
      lastName: employee.lastName,
      email: employee.email,
      phone: employee.phone ?? "",
      dateOfBirth: employee.dateOfBirth,
      zipCode: employee.homeZip,
    },
    className: employee.className || null,
    allowance: toDollars(shown.cents),
    allowanceIsFallback: shown.fallback,
    allowances: amounts
      ? {
          individual: toDollars(amounts.individual),
          individualPlus1: toDollars(amounts.individualPlus1),
          family: toDollars(amounts.family),
        }
      : null,
    planIncludesIndemnity: includesIndemnity(planName),
    // Every enrollment has an effective date (NOT NULL): the plan starts that day.
    planStartDate: owned.enrollment.effectiveDate,
    coverageStartDate: coverageBegins(owned.enrollment.effectiveDate, employee),
    deadline: registrationDeadline(owned, employee),
    // Once submitted, the invite only shows what was saved: changes go through the
    // administrator (rulings), so a forwarded or leaked link cannot alter a registration.
    // Until then it can be filled in, before the plan starts or after (a late hire).
    editable: row?.submittedAt == null,
    optedOut: row?.declinedAt != null && row.submittedAt == null ? declinedView(owned, employee, row.declinedAt) : null,
    registration: row ? savedView(key, row, employee.email) : null,
  };
}

/** Where a US day ends last (Hawaii; American Samoa's few employers aside). */
const LAST_US_TIME_ZONE = "Pacific/Honolulu";

/**
 * The day a take-back of an opting out is judged by: the one still running in the country's
 * last time zone, so the last day promised is the employee's own wherever they are. One day
 * for the refusal, the employer's email and the registration's page alike.
 */
const takeBackDay = (now = Date.now()) => todayIn(LAST_US_TIME_ZONE, now);

/** The last day the employee's invitation registers them. */
const registrationDeadline = (owned: OwnedEnrollment, employee: { inviteExpiresAt?: number | null }, today = todayUtc()) =>
  employee.inviteExpiresAt ? deadlineOf(employee.inviteExpiresAt) : inviteDeadline(owned.enrollment.effectiveDate, today);

/**
 * The plan year an opt-out on `today` waives: the one the employee's HRA coverage would
 * begin in (a new hire's can begin in a later plan year than the first).
 */
const waivedPlanYear = (owned: OwnedEnrollment, employee: CoverageStart, today: string) =>
  planYearStartOn(owned.enrollment.effectiveDate, later(today, coverageBegins(owned.enrollment.effectiveDate, employee)));

/**
 * What an opting out on `declinedOn` waives: from the employee's first month in the plan year
 * it waives (their coverage start, or that plan year's) to the plan year's end. Until `from`
 * it can be taken back by registering; after that it holds for the plan year (decision 026),
 * as it may have let the employee claim a premium tax credit for those months.
 */
const waiverOf = (owned: OwnedEnrollment, employee: CoverageStart, declinedOn: string) => {
  const year = waivedPlanYear(owned, employee, declinedOn);
  return { declinedOn, from: later(year, coverageBegins(owned.enrollment.effectiveDate, employee)), until: planYearEnd(year) };
};

/**
 * The last day registering takes an opting out back: the day before its first waived month,
 * or the invitation's last day if that comes first; null once it has passed (`today`).
 */
const lastTakeBackDay = (waiver: ReturnType<typeof waiverOf>, deadline: string, today: string): string | null => {
  const lastDay = [daysFrom(waiver.from, -1), deadline].sort()[0]!;
  return lastDay >= today ? lastDay : null;
};

/** A recorded opting out as the registration shows it: until when registering takes it back, and the year it holds for. */
const declinedView = (owned: OwnedEnrollment, employee: CoverageStart & { inviteExpiresAt?: number | null }, declinedAt: number) => {
  const waiver = waiverOf(owned, employee, todayUtc(new Date(declinedAt)));
  return { takeBackUntil: lastTakeBackDay(waiver, registrationDeadline(owned, employee), takeBackDay()), until: waiver.until };
};

/** The employee, their enrollment and their saved registration, or 404 with nothing else. */
export async function resolveInvite(db: DB, enrollmentId: number, token: string | undefined) {
  const employee = await findInvite(db, enrollmentId, token);
  const owned = employee ? await enrollmentWithBusiness(db, enrollmentId) : null;
  if (!employee || !owned) throw notFound("This registration link is invalid or has expired.");
  return { employee, owned };
}

export async function openRegistration(db: DB, key: Buffer, enrollmentId: number, token: string | undefined): Promise<RegistrationView> {
  const { employee, owned } = await resolveInvite(db, enrollmentId, token);
  await markOpened(db, employee);
  return registrationView(key, owned, employee, await registrationOf(db, employee.id), await planNameOf(db, owned));
}

const fieldNames = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "dateOfBirth",
  "address",
  "city",
  "state",
  "zipCode",
  "coverageLevel",
  "healthPlanId",
] as const;

/**
 * Saves what the employee sent. While the flow is in progress any valid subset is kept;
 * `submit` needs the whole registration. Nothing changes after the submit, or once the
 * enrollment is active (409).
 */
export async function saveRegistration(
  db: DB,
  key: Buffer,
  enrollmentId: number,
  input: RegistrationSave,
  /** The site's address, for the sign-in link in the confirmation. */
  origin: string,
  /** Where a registered employee writes to correct what they submitted: ours, as the plan's administrator. */
  administratorEmail: string,
  now = Date.now(),
): Promise<RegistrationView> {
  const { employee, owned } = await resolveInvite(db, enrollmentId, input.invite);
  if ((await registrationOf(db, employee.id))?.submittedAt != null)
    throw conflict(submittedMessage(input.decline === true, administratorEmail));
  if (input.email !== undefined && normaliseEmail(input.email) !== normaliseEmail(employee.email))
    throw invalidFields({ email: OTHER_EMAIL_MESSAGE(employee.email) });

  const changes: Partial<typeof employeeRegistrations.$inferInsert> = {};
  for (const name of fieldNames) if (input[name] !== undefined) changes[name] = input[name];
  // The invitation's address as the census holds it, however its case was typed, on every
  // save: a draft saved before registrations took only that address is put right too.
  changes.email = employee.email;
  if (input.ssn !== undefined) changes.ssnLast4Encrypted = seal(key, input.ssn, ssnContext(employee.id));
  if (input.acceptTerms) changes.termsAcceptedAt = now;
  const submitting = input.submit === true;
  const declining = input.decline === true && !submitting;
  if (submitting) changes.submittedAt = now;
  // Registering takes back an earlier opt-out; opting out is recorded with its date.
  if (submitting) changes.declinedAt = null;
  if (declining) changes.declinedAt = now;

  // Whoever runs the payroll needs to know who still takes the offer (decision 026).
  const contact = input.decline === true || submitting ? await primaryContact(db, owned.business) : null;

  // The saved row is read, checked and written in one synchronous transaction: two saves
  // arriving together (a double click, two tabs) then update one row in turn instead of
  // both finding none and both inserting.
  db.transaction((tx) => {
    const existing = tx.select().from(employeeRegistrations).where(eq(employeeRegistrations.censusEmployeeId, employee.id)).get();
    // Checked again inside the transaction: a save racing the submit must not slip in after it.
    if (existing?.submittedAt != null) throw conflict(submittedMessage(declining, administratorEmail));
    // Opting out again changes nothing: the first date stands, and nobody is emailed twice.
    const declinedAgain = declining && existing?.declinedAt != null;
    if (declinedAgain) delete changes.declinedAt;
    const takenBack =
      submitting && existing?.declinedAt != null ? waiverOf(owned, employee, todayUtc(new Date(existing.declinedAt))) : null;
    if (takenBack) {
      const today = takeBackDay(now);
      if (takenBack.from <= today && today <= takenBack.until)
        throw conflict(WAIVER_IN_EFFECT_MESSAGE(takenBack, administratorEmail), { waiver: takenBack });
    }
    if (submitting) {
      const merged: Record<string, unknown> = {};
      for (const name of fieldNames) merged[name] = changes[name] ?? existing?.[name] ?? undefined;
      // Only whether an SSN is on file matters here; its digits were checked when it came in.
      merged.ssn = input.ssn ?? (existing?.ssnLast4Encrypted ? "0000" : undefined);
      merged.acceptTerms = input.acceptTerms ?? (existing?.termsAcceptedAt ? true : undefined);
      const missing = validate(RegistrationComplete, JSON.parse(JSON.stringify(merged)));
      if (missing) throw badRequest("Please complete the highlighted fields.", missing);
    }
    if (existing) {
      tx.update(employeeRegistrations)
        .set({ ...changes, updatedAt: now })
        .where(eq(employeeRegistrations.id, existing.id))
        .run();
    } else {
      tx.insert(employeeRegistrations)
        .values({ ...changes, censusEmployeeId: employee.id, enrollmentId, createdAt: now, updatedAt: now })
        .run();
    }
    const employer = { businessId: owned.business.id, name: owned.business.name };
    const employeeName = `${employee.firstName} ${employee.lastName}`;
    if (declining && !declinedAgain) {
      const today = todayUtc(new Date(now));
      const waived = waiverOf(owned, employee, today);
      const waiver = {
        ...waived,
        planYearStart: waivedPlanYear(owned, employee, today),
        takeBackUntil: lastTakeBackDay(waived, registrationDeadline(owned, employee, today), today),
      };
      enqueueEmail(tx, invitationOptOutEmail(employee, owned.business.name, waiver));
      enqueueEmail(tx, invitationDeclinedEmail(contact!, employer, employeeName, waiver, origin));
    }
    // Taken back before it started; once its plan year has ended, registering is simply registering.
    if (takenBack && takeBackDay(now) < takenBack.from)
      enqueueEmail(
        tx,
        invitationDeclineWithdrawnEmail(contact!, employer, employeeName, coverageBegins(owned.enrollment.effectiveDate, employee), origin),
      );
    if (submitting) {
      tx.update(censusEmployees).set({ inviteStatus: "registered" }).where(eq(censusEmployees.id, employee.id)).run();
      const to = employee.email;
      const first = (changes.firstName as string | undefined) ?? existing?.firstName ?? employee.firstName;
      const coverageStart = coverageBegins(owned.enrollment.effectiveDate, employee);
      const level = coverageLevelOf((changes.coverageLevel as string | undefined) ?? existing?.coverageLevel);
      const allowance = shownAllowanceFor(owned.enrollment, employee, level);
      enqueueEmail(tx, {
        kind: "employee_registration_confirmation",
        to,
        subject: "Your ICHRA registration is complete",
        text: [
          `Hello ${first},`,
          "",
          `Thank you for registering for the ICHRA benefits offered by ${owned.business.name}.`,
          coverageStart > owned.enrollment.effectiveDate
            ? `Your allowance begins on ${formatDate(coverageStart)}.`
            : `Your plan starts on ${formatDate(owned.enrollment.effectiveDate)}.`,
          // The fallback amount (no class of theirs known) is not promised in writing.
          ...(allowance.fallback ? [] : [`Your allowance is ${formatCents(allowance.cents)} a month.`]),
          "",
          "What comes next:",
          `1. Sign in to My benefits at ${origin}/login with this email address: we email you a one-time sign-in link.`,
          ...REGISTERED_NEXT_STEPS.map((step, i) => `${i + 2}. ${step}`),
          "",
          `You can review what you submitted with the personal link from your invitation until ${formatDate(registrationDeadline(owned, employee))}. To correct something, write to us, the plan's administrator, at ${administratorEmail}.`,
        ].join("\n"),
      });
    }
  });
  const fresh = await db.select().from(censusEmployees).where(eq(censusEmployees.id, employee.id)).get();
  return registrationView(key, owned, fresh ?? employee, await registrationOf(db, employee.id), await planNameOf(db, owned));
}

/** Each census employee with class, invite status and, once they registered, what they chose. */
export async function listEmployees(db: DB, owned: OwnedEnrollment): Promise<EmployeeListItem[]> {
  const [employees, registrations] = await Promise.all([
    employeesOf(db, owned.enrollment.id),
    db.select().from(employeeRegistrations).where(eq(employeeRegistrations.enrollmentId, owned.enrollment.id)),
  ]);
  const byEmployee = new Map(registrations.map((r) => [r.censusEmployeeId, r]));
  const notices = noticeCalendar(owned.enrollment, todayUtc());
  return employees.map((e) => {
    const r = byEmployee.get(e.id);
    const noticeYear = notices.dueYear(e);
    const cents = allowanceCentsFor(owned.enrollment, e, coverageLevelOf(r?.coverageLevel));
    return {
      id: e.id,
      firstName: e.firstName,
      lastName: e.lastName,
      email: e.email,
      className: e.className,
      allowance: cents === null ? null : toDollars(cents),
      inviteStatus: e.inviteStatus as EmployeeListItem["inviteStatus"],
      inviteSentAt: iso(e.inviteSentAt),
      inviteExpiresAt: iso(e.inviteExpiresAt),
      noticeSentAt: noticeSentFor(e, noticeYear) ? iso(e.noticeSentAt) : null,
      noticePlanYearStart: noticeYear,
      noticeDueBy: notices.dueBy(noticeYear, e),
      eligibleFrom: e.eligibleFrom,
      declinedAt: iso(r?.declinedAt ?? null),
      employmentEndedOn: e.employmentEndedOn,
      optedOut: r ? optedOutOf(r) : null,
      registration: r?.submittedAt ? { submittedAt: iso(r.submittedAt), coverageLevel: r.coverageLevel } : null,
    };
  });
}
