// A registered employee opts out of the ICHRA and waives its future reimbursements
// (54.9802-4(c)(3), the right every notice promises). What stays theirs: the month under
// way where they are, every month they already claimed (not denied; a premium paid ahead),
// and every month whose allowance is already written (the hourly upkeep writes a month's at
// its start in UTC, which can be ahead of them): the waiver starts with the month after the
// latest of these. From it nothing accrues, is claimed or is approved (employees/waiver.ts
// allowanceEnded); what was approved before is paid as usual. Until that month starts
// nothing is waived yet and the employee can take it back; after, it is for good, and one
// who wants to take part again writes to us.
import { reimbursementClaims, reimbursementEvents } from "@db/schema";
import { and, desc, eq, gt, inArray, max, ne, sum } from "drizzle-orm";
import type { DB, Tx } from "../../db";
import { conflict, unauthorized } from "../../http/errors";
import { addMonths, later, monthOf } from "../../lib/months";
import { primaryContact } from "../businesses/service";
import { type OptedOut, takeBackUntil } from "../employees/model";
import { allowanceEndFactsOf, recordWaiver, waiverOf, withdrawWaiver } from "../employees/waiver";
import { enqueueEmail } from "../outbox/service";
import { employeeOptedOutEmail, optedOutEmail, optOutWithdrawnEmail } from "./emails";
import { type EmployeeContext, nameForEmployer } from "./employee";
import {
  ALREADY_WAIVED_MESSAGE,
  allowanceKinds,
  NOT_OPTED_OUT_MESSAGE,
  NOTHING_TO_WAIVE_MESSAGE,
  OPT_OUT_IN_EFFECT_MESSAGE,
  OPT_OUT_MONTH_MOVED_MESSAGE,
} from "./model";
import { eligibleFrom, planYearOfMonth, runOutEnds } from "./plan-years";

/** How often an employee opts out or takes it back: each emails their employer. */
export const OPT_OUTS_PER_MINUTE = 3;
export const OPT_OUTS_PER_DAY = 6;

/**
 * The first month opting out now waives (YYYY-MM): the one after the month under way and
 * every month in `kept` (claimed and not denied, or already counted in the ledger).
 */
export function waiverStartsWith(thisMonth: string, kept: readonly string[]): string {
  return addMonths(kept.reduce(later, thisMonth), 1);
}

/**
 * The first month opting out on `today` (the employee's day) waives; null when no month is
 * left to waive (their allowance ends with their employment before it).
 */
export function optOutStart(db: DB | Tx, employeeId: number, today: string, employmentEndedOn: string | null): string | null {
  const claimed = db
    .select({ month: max(reimbursementClaims.month) })
    .from(reimbursementClaims)
    .where(and(eq(reimbursementClaims.employeeId, employeeId), ne(reimbursementClaims.status, "denied")))
    .get()?.month;
  // A month whose allowance stands: written, and not lapsed since (allowance-end.ts).
  const accrued = db
    .select({ month: reimbursementEvents.month })
    .from(reimbursementEvents)
    .where(and(eq(reimbursementEvents.employeeId, employeeId), inArray(reimbursementEvents.kind, [...allowanceKinds])))
    .groupBy(reimbursementEvents.month)
    .having(gt(sum(reimbursementEvents.amountCents), 0))
    .orderBy(desc(reimbursementEvents.month))
    .limit(1)
    .get()?.month;
  const start = waiverStartsWith(
    monthOf(today),
    [claimed, accrued].filter((m): m is string => !!m),
  );
  return employmentEndedOn !== null && monthOf(employmentEndedOn) < start ? null : start;
}

export interface OptOutOptions {
  /** The first month waived as the form stated it: nothing is recorded if the count has moved since. */
  statedFrom: string;
  origin: string;
  contactEmail: string;
  contactPhone: string;
  /** The employee's today (their time zone's), whose month stays theirs. */
  today: string;
  now?: number;
}

export async function optOut(db: DB, context: EmployeeContext, options: OptOutOptions): Promise<void> {
  const { profile, business, enrollment } = context;
  const now = options.now ?? Date.now();
  const contact = await primaryContact(db, business);
  // Under the write lock: a claim sent or a waiver recorded meanwhile is seen, not overwritten.
  const outcome = db.transaction(
    (tx): { already: OptedOut } | { nothingAfter: string } | { moved: string } | { gone: true } | { recorded: OptedOut } => {
      const already = waiverOf(tx, profile.id);
      if (already) return { already };
      const { employmentEndedOn } = allowanceEndFactsOf(tx, profile.id);
      const waivedFrom = optOutStart(tx, profile.id, options.today, employmentEndedOn);
      if (waivedFrom === null) return { nothingAfter: monthOf(employmentEndedOn!) };
      // The month is what the employee agreed to: one counted or claimed since moves it, and they read it again.
      if (waivedFrom !== options.statedFrom) return { moved: waivedFrom };
      const waiver = { waivedFrom, on: options.today };
      // Not recorded: another opting out came first, or the registration is gone (the employee removed meanwhile).
      if (!recordWaiver(tx, profile.id, waiver, now)) {
        const first = waiverOf(tx, profile.id);
        return first ? { already: first } : { gone: true };
      }
      const lastMonth = addMonths(waivedFrom, -1);
      const planYear = planYearOfMonth(enrollment.effectiveDate, lastMonth);
      const hadAllowance = planYear !== null && lastMonth >= eligibleFrom(enrollment.effectiveDate, profile);
      enqueueEmail(
        tx,
        optedOutEmail(
          { email: profile.email, firstName: profile.firstName },
          {
            employerName: business.name,
            on: options.today,
            lastMonth,
            claimsUntil: hadAllowance ? runOutEnds(planYear) : null,
            takeBackUntil: takeBackUntil(waivedFrom),
          },
          options,
        ),
      );
      enqueueEmail(
        tx,
        employeeOptedOutEmail(
          { email: contact.email, firstName: contact.firstName },
          { businessId: business.id, name: business.name },
          { name: nameForEmployer(profile), lastMonth },
          options.origin,
        ),
      );
      return { recorded: waiver };
    },
    { behavior: "immediate" },
  );
  if ("already" in outcome) throw conflict(ALREADY_WAIVED_MESSAGE(outcome.already), { optedOut: outcome.already });
  if ("nothingAfter" in outcome) throw conflict(NOTHING_TO_WAIVE_MESSAGE(outcome.nothingAfter));
  if ("moved" in outcome) throw conflict(OPT_OUT_MONTH_MOVED_MESSAGE(outcome.moved), { optOutFrom: outcome.moved });
  if ("gone" in outcome) throw unauthorized();
}

/** Takes the opting out back while its first month has not started where the employee is; both are emailed. */
export async function takeBackOptOut(db: DB, context: EmployeeContext, options: Pick<OptOutOptions, "today" | "now">): Promise<void> {
  const { profile, business } = context;
  const contact = await primaryContact(db, business);
  const refusal = db.transaction(
    (tx) => {
      const waiver = waiverOf(tx, profile.id);
      if (!waiver) return conflict(NOT_OPTED_OUT_MESSAGE);
      if (monthOf(options.today) >= waiver.waivedFrom)
        return conflict(OPT_OUT_IN_EFFECT_MESSAGE(waiver.waivedFrom), { waivedFrom: waiver.waivedFrom });
      withdrawWaiver(tx, profile.id, waiver.waivedFrom, options.now ?? Date.now());
      const names = { employerName: business.name, employeeName: nameForEmployer(profile), waivedFrom: waiver.waivedFrom };
      enqueueEmail(tx, optOutWithdrawnEmail({ email: profile.email, firstName: profile.firstName }, { ...names, toEmployer: false }));
      enqueueEmail(tx, optOutWithdrawnEmail({ email: contact.email, firstName: contact.firstName }, { ...names, toEmployer: true }));
      return null;
    },
    { behavior: "immediate" },
  );
  if (refusal) throw refusal;
}
