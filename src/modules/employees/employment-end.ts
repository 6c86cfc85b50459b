// An employee who leaves. The employer records the last day of their employment: their
// allowance ends with that month (employees/waiver.ts allowanceEnded), a later month cannot
// be claimed or approved, and what was approved before is still paid with payroll. A
// registered employee is emailed what that means for them, with their right to opt out for
// good (the notice's promise). A date recorded by mistake is corrected, or cleared.
import { censusEmployees, type StoredEmployeeClass } from "@db/schema";
import { eq } from "drizzle-orm";
import type { DB, Tx } from "../../db";
import { fieldError } from "../../http/errors";
import { daysFrom, formatDate, isIsoDate, planYearEnd, planYearStartOn, todayUtc } from "../../lib/date-rules";
import { firstDayOf, monthOf } from "../../lib/months";
import type { OwnedEnrollment } from "../businesses/access";
import { claimsUntil } from "../compliance/notice-dates";
import { enqueueEmail } from "../outbox/service";
import { coverageBegins } from "./dates";
import { allowanceNeverBeginsEmail, employmentEndClearedEmail, employmentEndedEmail } from "./emails";
import { employeeOf } from "./invites";
import { ENDED_ON_INVALID_MESSAGE } from "./model";
import type { Administrator } from "./notice-input";
import { allowanceEnded, allowanceEndFactsOf, optedOutOf } from "./waiver";

/** How far ahead a last day can be recorded: a notice period, not a guess at next year. */
const AHEAD_DAYS = 366;

export const endedOnMessages = {
  invalid: ENDED_ON_INVALID_MESSAGE,
  beforeHire: (hired: string) => `The last day of employment cannot be before the hire date (${formatDate(hired)}).`,
  beforePlan: (start: string) =>
    `The last day of employment cannot be before the plan starts (${formatDate(start)}). For someone who left before then, revoke their invitation instead.`,
  tooFar: (latest: string) => `The last day of employment can be at most a year ahead (${formatDate(latest)}).`,
};

function check(endedOn: string, employee: { hireDate: string | null; registered: boolean }, planStart: string, today: string): void {
  if (!isIsoDate(endedOn)) throw fieldError("endedOn", endedOnMessages.invalid);
  if (employee.hireDate && endedOn < employee.hireDate) throw fieldError("endedOn", endedOnMessages.beforeHire(employee.hireDate));
  // Before the plan starts there is no allowance to end: one not registered yet has their
  // invitation revoked instead. One already registered can be taken off no other way, so
  // their day is taken, and their allowance never begins.
  if (endedOn < planStart && !employee.registered) throw fieldError("endedOn", endedOnMessages.beforePlan(planStart));
  const latest = daysFrom(today, AHEAD_DAYS);
  if (endedOn > latest) throw fieldError("endedOn", endedOnMessages.tooFar(latest));
}

/**
 * What else follows a changed last day, in the same transaction: the server's composition
 * passes the reimbursements' settling of the ledger, a feature this one does not import.
 */
export type EmploymentEndChanged = (tx: Tx, employeeId: number, employeeClasses: StoredEmployeeClass[] | null) => void;

/** Records (or, with null, clears) the last day of an employee's employment; emails a registered employee a new date. */
export async function recordEmploymentEnd(
  db: DB,
  owned: OwnedEnrollment,
  employeeId: number,
  endedOn: string | null,
  administrator: Administrator,
  afterChange: EmploymentEndChanged,
): Promise<void> {
  const today = todayUtc();
  const employee = await employeeOf(db, owned.enrollment.id, employeeId);
  if (endedOn !== null)
    check(
      endedOn,
      { hireDate: employee.hireDate, registered: employee.inviteStatus === "registered" },
      owned.enrollment.effectiveDate,
      today,
    );
  if (employee.employmentEndedOn === endedOn) return;
  db.transaction((tx) => {
    tx.update(censusEmployees).set({ employmentEndedOn: endedOn }).where(eq(censusEmployees.id, employee.id)).run();
    afterChange(tx, employee.id, owned.enrollment.employeeClasses);
    if (employee.inviteStatus !== "registered") return;
    // A date cleared as a mistake: the employee was told of it, so they are told it is gone.
    if (endedOn === null) {
      enqueueEmail(tx, employmentEndClearedEmail(employee, owned.business.name, employee.employmentEndedOn!));
      return;
    }
    // An opting out that ends the allowance earlier stands: the email names the month it ends with.
    // The last day was just written: the allowance has an end, its own or the opting out's.
    const facts = allowanceEndFactsOf(tx, employee.id);
    const ended = allowanceEnded(facts)!;
    const begins = coverageBegins(owned.enrollment.effectiveDate, employee);
    // Months until the last one are claimed until the run-out of the plan year they are in.
    const claimableUntil = claimsUntil(planYearEnd(planYearStartOn(owned.enrollment.effectiveDate, firstDayOf(ended.lastMonth))));
    enqueueEmail(
      tx,
      ended.lastMonth < monthOf(begins)
        ? allowanceNeverBeginsEmail(employee, owned.business.name, { endedOn, begins, today })
        : employmentEndedEmail(employee, owned.business.name, {
            endedOn,
            ended,
            claimableUntil,
            optedOut: optedOutOf(facts) !== null,
            administrator,
            today,
          }),
    );
  });
}
