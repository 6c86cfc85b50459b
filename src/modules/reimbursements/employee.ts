// The employee behind a reimbursement: who they are, their employer and enrollment, and
// what their allowance is in a plan year. Employee routes take them from the session
// (401 without an employee session); admin routes from a claim's or proof's employee.
import type { DB, Tx } from "../../db";
import { forbidden, unauthorized } from "../../http/errors";
import { monthOf } from "../../lib/months";
import type { Session } from "../auth/sessions";
import { type BusinessRow, type EnrollmentRow, enrollmentWithBusiness } from "../businesses/access";
import { allowanceCentsFor, classOf } from "../employees/classes";
import { type EmployeeProfile, registeredEmployee } from "../employees/directory";
import type { AllowanceEnded } from "../employees/model";
import { allowanceEnded, allowanceEndFactsOf } from "../employees/waiver";
import { eligibleFrom, type PlanYear } from "./plan-years";

export interface EmployeeContext {
  profile: EmployeeProfile;
  enrollment: EnrollmentRow;
  business: BusinessRow;
}

/** A registered employee with their enrollment and employer; null when there is none. */
export async function contextOfEmployee(db: DB, employeeId: number): Promise<EmployeeContext | null> {
  const profile = await registeredEmployee(db, employeeId);
  const owned = profile ? await enrollmentWithBusiness(db, profile.enrollmentId) : null;
  return profile && owned ? { profile, ...owned } : null;
}

/** Shown to an employer or admin session on an employee's own routes. */
export const EMPLOYEES_ONLY_MESSAGE = "This is for employees. Sign in with the link sent to your own email to see your benefits.";

/**
 * The employee's id, from an employee session: 401 without a session, 403 for another kind.
 * As a route's transform, it answers them before the body and the query are checked, so one
 * without an employee session learns nothing from a 400 naming the fields. (A body that is
 * not JSON at all is refused earlier, when it is parsed, as on every route.)
 */
export function employeeSessionFirst({ session }: { session: Session | null }): number {
  if (!session) throw unauthorized();
  if (session.kind !== "employee" || session.employeeId === null) throw forbidden(EMPLOYEES_ONLY_MESSAGE);
  return session.employeeId;
}

/**
 * The signed-in employee: 401 without a session (or once they are no longer registered),
 * 403 for another kind of session: an employer never reaches an employee's claims.
 */
export async function signedInEmployee(db: DB, session: Session | null): Promise<EmployeeContext> {
  const context = await contextOfEmployee(db, employeeSessionFirst({ session }));
  if (!context) throw unauthorized();
  return context;
}

/** What an employee is entitled to in one plan year. */
export interface Entitlement {
  planYear: PlanYear;
  /** The first month their allowance counts. */
  eligibleFrom: string;
  /**
   * The last month it counts: the month of the last day of their employment, or the month
   * before the first one they waived when they opted out, whichever comes first; null while
   * neither happened.
   */
  lastMonth: string | null;
  /** What ended it and when; null while nothing did. */
  ended: AllowanceEnded | null;
  /** Each month of the plan year with its allowance in cents (0 before eligibility). */
  schedule: { month: string; allowanceCents: number }[];
  carryOver: boolean;
}

/**
 * The monthly allowance comes from the employee's class through the one allowance rule
 * (age band by age on the plan year's first day, family tier by the coverage level they
 * registered with, new-hire terms by their hire date); this is the one place that asks.
 * No class of theirs means no allowance.
 */
function monthlyAllowanceCents(context: EmployeeContext, planYear: PlanYear): number {
  return (
    allowanceCentsFor(
      { employeeClasses: context.enrollment.employeeClasses, effectiveDate: planYear.start },
      { className: context.profile.className, dateOfBirth: context.profile.dateOfBirth, hireDate: context.profile.hireDate },
      context.profile.coverageLevel ?? "individual",
    ) ?? 0
  );
}

export function entitlementIn(context: EmployeeContext, planYear: PlanYear): Entitlement {
  const from = eligibleFrom(context.enrollment.effectiveDate, context.profile);
  const ended = allowanceEnded(context.profile);
  const last = ended?.lastMonth ?? null;
  const monthly = monthlyAllowanceCents(context, planYear);
  const counts = (month: string) => month >= from && (last === null || month <= last);
  return {
    planYear,
    eligibleFrom: from,
    lastMonth: last,
    ended,
    schedule: planYear.months.map((month) => ({ month, allowanceCents: counts(month) ? monthly : 0 })),
    carryOver: classOf(context.enrollment.employeeClasses, context.profile.className)?.carryOver !== false,
  };
}

/**
 * The entitlement as a transaction must act on it: the allowance's end read again inside it,
 * so a last day or an opting out recorded since `context` was read is not missed.
 */
export const entitlementUnderLock = (tx: Tx, context: EmployeeContext, planYear: PlanYear): Entitlement =>
  entitlementIn({ ...context, profile: { ...context.profile, ...allowanceEndFactsOf(tx, context.profile.id) } }, planYear);

/** Whether `month` comes after the allowance ended (employment ended, or the employee opted out): it has no allowance and draws on none. */
export const afterAllowanceEnds = <E extends Pick<Entitlement, "lastMonth" | "ended">>(
  entitlement: E,
  month: string,
): entitlement is E & { lastMonth: string; ended: AllowanceEnded } => entitlement.lastMonth !== null && month > entitlement.lastMonth;

/** The months of the plan year whose allowance has been reached by `today`. */
export const reachedMonths = (entitlement: Entitlement, today: string): string[] =>
  entitlement.schedule.filter((m) => m.allowanceCents > 0 && m.month <= monthOf(today)).map((m) => m.month);

/** The employee's name as staff and payroll read it. */
export const fullName = (profile: Pick<EmployeeProfile, "firstName" | "lastName">) => `${profile.firstName} ${profile.lastName}`;

/** The name the employer knows the employee by (their census's): payroll's lines and the employer's emails. */
export const nameForEmployer = (profile: Pick<EmployeeProfile, "censusFirstName" | "censusLastName">) =>
  `${profile.censusFirstName} ${profile.censusLastName}`;
