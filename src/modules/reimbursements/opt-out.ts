// A registered employee opts out of the ICHRA and waives its future reimbursements
// (54.9802-4(c)(3), the right every notice promises), from the month waiverStartsWith says
// (model.ts). From it nothing accrues, is claimed or is approved (employee.ts
// allowanceEnded); what was approved before is paid as usual. It is for good once that month
// starts: until then the employee can take it back (a mistake costs nothing, as nothing was
// waived yet); after, one who wants to take part again writes to us.
import { reimbursementClaims } from "@db/schema";
import { and, eq, max, ne } from "drizzle-orm";
import type { DB } from "../../db";
import { conflict } from "../../http/errors";
import { daysFrom, todayUtc } from "../../lib/date-rules";
import { firstDayOf, monthOf } from "../../lib/months";
import { primaryContact } from "../businesses/service";
import { recordWaiver, withdrawWaiver } from "../employees/waiver";
import { enqueueEmail } from "../outbox/service";
import { employeeOptedOutEmail, optedOutEmail, optOutWithdrawnEmail } from "./emails";
import { allowanceEnded, type EmployeeContext, fullName } from "./employee";
import { ALREADY_WAIVED_MESSAGE, NOT_OPTED_OUT_MESSAGE, OPT_OUT_IN_EFFECT_MESSAGE, waiverStartsWith } from "./model";
import { eligibleFrom, planYearOfMonth, runOutEnds } from "./plan-years";

export interface OptOutOptions {
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
  const alreadyWaived = () => {
    const ended = allowanceEnded({ employmentEndedOn: null, waivedFrom: profile.waivedFrom, waivedAt: profile.waivedAt });
    return conflict(ALREADY_WAIVED_MESSAGE(ended!), { allowanceEnded: ended });
  };
  if (profile.waivedFrom !== null) throw alreadyWaived();
  const contact = await primaryContact(db, business);
  const recorded = db.transaction(
    (tx) => {
      // Read with the waiver's write: a claim sent meanwhile cannot be left after it.
      const claimed = tx
        .select({ month: max(reimbursementClaims.month) })
        .from(reimbursementClaims)
        .where(and(eq(reimbursementClaims.employeeId, profile.id), ne(reimbursementClaims.status, "denied")))
        .get()?.month;
      const waivedFrom = waiverStartsWith(monthOf(options.today), claimed ? [claimed] : []);
      if (!recordWaiver(tx, profile.id, waivedFrom, now)) return false;
      // The allowance ends with the waiver, or earlier with a last day of employment already recorded.
      const ended = allowanceEnded({ ...profile, waivedFrom, waivedAt: now })!;
      const planYear = planYearOfMonth(enrollment.effectiveDate, ended.lastMonth);
      const hadAllowance = planYear !== null && ended.lastMonth >= eligibleFrom(enrollment.effectiveDate, profile);
      enqueueEmail(
        tx,
        optedOutEmail(
          { email: profile.email, firstName: profile.firstName },
          {
            employerName: business.name,
            on: todayUtc(new Date(now)),
            lastMonth: ended.lastMonth,
            claimsUntil: hadAllowance ? runOutEnds(planYear) : null,
            takeBackUntil: daysFrom(firstDayOf(waivedFrom), -1),
          },
          options,
        ),
      );
      enqueueEmail(
        tx,
        employeeOptedOutEmail(
          { email: contact.email, firstName: contact.firstName },
          { businessId: business.id, name: business.name },
          { name: fullName(profile), lastMonth: ended.lastMonth },
          options.origin,
        ),
      );
      return true;
    },
    { behavior: "immediate" },
  );
  if (!recorded) throw alreadyWaived();
}

/** Takes the opting out back while its first month has not started where the employee is; both are emailed. */
export async function takeBackOptOut(db: DB, context: EmployeeContext, options: Pick<OptOutOptions, "today" | "now">): Promise<void> {
  const { profile, business } = context;
  const waivedFrom = profile.waivedFrom;
  if (waivedFrom === null) throw conflict(NOT_OPTED_OUT_MESSAGE);
  if (monthOf(options.today) >= waivedFrom) throw conflict(OPT_OUT_IN_EFFECT_MESSAGE(waivedFrom), { waivedFrom });
  const contact = await primaryContact(db, business);
  const names = { employerName: business.name, employeeName: fullName(profile), waivedFrom };
  const withdrawn = db.transaction(
    (tx) => {
      if (!withdrawWaiver(tx, profile.id, waivedFrom, options.now ?? Date.now())) return false;
      enqueueEmail(tx, optOutWithdrawnEmail({ email: profile.email, firstName: profile.firstName }, { ...names, toEmployer: false }));
      enqueueEmail(tx, optOutWithdrawnEmail({ email: contact.email, firstName: contact.firstName }, { ...names, toEmployer: true }));
      return true;
    },
    { behavior: "immediate" },
  );
  // Taken back meanwhile, from another window: nothing is left to take back.
  if (!withdrawn) throw conflict(NOT_OPTED_OUT_MESSAGE);
}
