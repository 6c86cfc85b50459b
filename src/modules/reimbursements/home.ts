// The employee's home (/benefits): this month's allowance, the balance, the proof of
// coverage, the claims and what to do next, all for the plan year containing today.
import { reimbursementClaims } from "@db/schema";
import { desc, eq } from "drizzle-orm";
import type { DB } from "../../db";
import { formatDate } from "../../lib/date-rules";
import { toDollars } from "../../lib/money";
import { addMonths, formatDay, formatMonth, later, monthOf } from "../../lib/months";
import type { Administrator } from "../employees/notice-input";
import { optedOutOf } from "../employees/waiver";
import { afterAllowanceEnds, type EmployeeContext, type Entitlement, entitlementIn } from "./employee";
import { accrueReached, planYearTotals, subjectOf, unpaidCentsOf } from "./ledger";
import type { BenefitsHome, ClaimView, NextStepCode, ProofView } from "./model";
import { optOutStart } from "./opt-out";
import { currentPlanYear, openPlanYears, planYearOfMonth, runOutEnds, upcomingPlanYear } from "./plan-years";
import { latestProof, readProof } from "./proofs";
import { claimViews } from "./views";

/** The allowance of the month it starts with, read in that month's own plan year (a new hire's may start in the next one). */
function firstMonthCents(context: EmployeeContext, effectiveDate: string, first: string): number {
  const year = planYearOfMonth(effectiveDate, first);
  return year ? (entitlementIn(context, year).schedule.find((m) => m.month === first)?.allowanceCents ?? 0) : 0;
}

/** The employee's claims a home shows: the newest, up to two plan years' worth and then some. */
const HOME_CLAIMS = 36;

/** Whether a claim can be sent for `month` today: it lies in one of the claimable ranges. */
const isClaimable = (claimableMonths: BenefitsHome["claimableMonths"], month: string) =>
  claimableMonths.some((range) => range.from <= month && month <= range.to);

/** The next step's code for one whose allowance ended (or will), by what ended it. */
const endedCode = (ended: { endedBy: "employment" | "waiver" }): NextStepCode =>
  ended.endedBy === "waiver" ? "opted-out" : "employment-ended";

function nextStep(
  entitlement: Entitlement,
  proof: ProofView | null,
  lastYear: BenefitsHome["lastYear"],
  nextYear: BenefitsHome["nextYear"],
  claims: ClaimView[],
  claimableMonths: BenefitsHome["claimableMonths"],
  usedUpMonths: readonly string[],
  today: string,
  /** Whether a month of allowance is in a plan year still open for claims. */
  allowanceLeft: boolean,
): { code: NextStepCode; message: string } {
  const month = monthOf(today);
  const question = claims.find((c) => c.status === "needs-info");
  if (question)
    return {
      code: "answer-question",
      message: `We need more information about your claim for ${formatMonth(question.month)}: ${question.reason ?? ""}`.trim(),
    };
  // One who opted out with no month of allowance left to claim is asked for nothing.
  if (entitlement.ended?.endedBy === "waiver" && !allowanceLeft)
    return {
      code: "opted-out",
      message: `You opted out of the ICHRA on ${formatDay(entitlement.ended.on)} and waived its reimbursements from ${formatMonth(addMonths(entitlement.ended.lastMonth, 1))} on: no month of your allowance is left to claim.`,
    };
  // One whose employment ends before the allowance's first month has nothing to claim, or prove.
  if (entitlement.ended?.endedBy === "employment" && entitlement.lastMonth !== null && entitlement.lastMonth < entitlement.eligibleFrom)
    return {
      code: "employment-ended",
      message: `Your employment ${entitlement.ended.on < today ? "ended" : "ends"} on ${formatDay(entitlement.ended.on)}, before your allowance would begin in ${formatMonth(entitlement.eligibleFrom)}: there is no month to claim.`,
    };
  // One who opted out with months still to claim reads that first: the proof is for those months only.
  const optedOut =
    entitlement.ended?.endedBy === "waiver" && entitlement.lastMonth !== null
      ? `You opted out of the ICHRA: your allowance ends with ${formatMonth(entitlement.lastMonth)}. For the months until then, `
      : "";
  if (!proof || proof.status === "rejected") {
    const ask = proof
      ? // The reason is the reviewer's own words, whatever their punctuation: it comes last.
        `Your proof of coverage was not accepted. Please send a new one. ${proof.reason ? `Our reason: ${proof.reason}` : "The email we sent says why."}`
      : "Send proof of your individual health coverage for this plan year: a document from your insurance company or the Marketplace, or for Medicare your Medicare card.";
    return { code: "prove-coverage", message: optedOut ? optedOut + ask[0]!.toLowerCase() + ask.slice(1) : ask };
  }
  // Last plan year's months close with its run-out: proving it comes before this month's claim.
  if (lastYear && (!lastYear.proof || lastYear.proof.status === "rejected"))
    return {
      code: "prove-last-year",
      message: `Your last plan year's premiums can still be claimed until ${formatDate(lastYear.claimsUntil)}: ${
        lastYear.proof ? "its proof of coverage was not accepted, please send a new one" : "send your proof of coverage for it first"
      }.`,
    };
  /** A month no claim holds but a denied one. */
  const free = (m: string) => !claims.some((c) => c.month === m && c.status !== "denied");
  // What the employee waits for: said before "all set", which would not be true yet.
  const waiting: { code: NextStepCode; message: string } | null =
    proof.status === "pending"
      ? { code: "wait-for-proof-review", message: "We are reviewing your proof of coverage. No claim can be approved until it is." }
      : claims.some((c) => c.status === "submitted")
        ? { code: "wait-for-review", message: "We are reviewing your claims." }
        : null;
  if (month < entitlement.eligibleFrom) {
    const ended = entitlement.ended;
    const lastMonth = entitlement.lastMonth;
    if (!ended || lastMonth === null) {
      if (waiting) return waiting;
      // Premiums are often paid ahead: the month to claim next is the first not claimed yet.
      let next = entitlement.eligibleFrom;
      while (!free(next) && entitlement.planYear.months.includes(next)) next = addMonths(next, 1);
      return {
        code: "not-eligible-yet",
        message: `Your allowance starts in ${formatMonth(entitlement.eligibleFrom)}. You can claim ${next === entitlement.eligibleFrom ? "a month" : formatMonth(next)} once you have paid its premium.`,
      };
    }
    // It also ends before long: what it covers is said, and once every month of it is claimed
    // (premiums paid ahead) there is nothing to ask for.
    const why = ended.endedBy === "waiver" ? "as you opted out of the ICHRA" : "as your employment ends";
    // Month by month to the last, across a plan year's end if it comes first.
    const span: string[] = [];
    for (let m = entitlement.eligibleFrom; m <= lastMonth; m = addMonths(m, 1)) span.push(m);
    // (An allowance that ends before it starts was answered above: by the opting out's branch,
    // or by the employment's.)
    if (span.every((m) => !free(m)))
      return (
        waiting ?? {
          code: endedCode(ended),
          message: `You're all set. Your allowance is for ${span.length === 1 ? formatMonth(span[0]!) : `${formatMonth(span[0]!)} to ${formatMonth(span.at(-1)!)}`} only, ${why}, and ${span.length === 1 ? "that month is" : "those months are"} claimed.`,
        }
      );
    return {
      code: "not-eligible-yet",
      message: `Your allowance starts in ${formatMonth(entitlement.eligibleFrom)} and ends with ${formatMonth(lastMonth)}, ${why}. You can claim a month once you have paid its premium.`,
    };
  }
  if (afterAllowanceEnds(entitlement, month))
    return entitlement.ended.endedBy === "waiver"
      ? {
          code: "opted-out",
          message: `You opted out of the ICHRA on ${formatDay(entitlement.ended.on)}, and your allowance ended with ${formatMonth(entitlement.lastMonth)}. Months until then can still be claimed while they are open for claims.`,
        }
      : {
          code: "employment-ended",
          message: `Your employment ended, and your allowance with ${formatMonth(entitlement.lastMonth)}. Months until then can still be claimed while they are open for claims.`,
        };
  const open = (m: string) => isClaimable(claimableMonths, m);
  // Not a month whose allowance later months' claims have used up: nothing could be approved for it.
  if (open(month) && free(month) && !usedUpMonths.includes(month))
    return { code: "submit-claim", message: `Submit your premium claim for ${formatMonth(month)} once you have paid it.` };
  // A denied month can be claimed again while it is open: say so, or the employee never hears
  // it; but not when nothing is left to approve for it (an allowance used up by later months).
  // The earliest such month first, as the months to claim are named; the denial's reason is on its card.
  const [denied] = claims
    .filter((c) => c.status === "denied" && open(c.month) && free(c.month) && !usedUpMonths.includes(c.month))
    .sort((a, b) => a.month.localeCompare(b.month));
  if (denied)
    return {
      code: "submit-claim",
      message: `Your claim for ${formatMonth(denied.month)} was denied. You can send a new claim for that month.`,
    };
  if (waiting) return waiting;
  // No month before the proven coverage start can be claimed.
  let next = later(addMonths(month, 1), monthOf(proof.coverageStart));
  // Nor one already claimed ahead (a premium paid ahead): the next to claim is the first free one.
  while (!free(next) && entitlement.planYear.months.includes(next)) next = addMonths(next, 1);
  // Nor one after the month employment ends.
  if (afterAllowanceEnds(entitlement, next))
    return entitlement.ended.endedBy === "waiver"
      ? {
          code: "opted-out",
          message: `You're all set. You opted out of the ICHRA: your allowance ends with ${formatMonth(entitlement.lastMonth)}, so there is no later month to claim.`,
        }
      : {
          code: "employment-ended",
          message: `You're all set. Your employment ends, and your allowance with it, in ${formatMonth(entitlement.lastMonth)}: there is no later month to claim.`,
        };
  // The next plan year's claims need its own proof, which can be sent from its notice's day.
  if (nextYear && (!nextYear.proof || nextYear.proof.status === "rejected"))
    return {
      code: "prove-next-year",
      message: `You're all set for now. Your next plan year starts on ${formatDate(nextYear.planYear.start)}: ${
        nextYear.proof ? "its proof of coverage was not accepted, please send a new one" : "send your proof of coverage for it"
      }, so its claims can be approved from its first month.`,
    };
  if (!entitlement.planYear.months.includes(next))
    return {
      code: "all-set",
      message: `You're all set for this plan year. Your next claim is for ${formatMonth(next)}, in your next plan year.`,
    };
  return { code: "all-set", message: `You're all set. Your next claim is for ${formatMonth(next)}.` };
}

export async function benefitsHome(
  db: DB,
  context: EmployeeContext,
  today: string,
  administrator: Pick<Administrator, "email" | "phone">,
  now = Date.now(),
): Promise<BenefitsHome> {
  const effectiveDate = context.enrollment.effectiveDate;
  const planYear = currentPlanYear(effectiveDate, today);
  const entitlement = entitlementIn(context, planYear);
  const subject = subjectOf(context);
  // The balance is a sum of events: the months reached so far must have theirs.
  await accrueReached(db, subject, entitlement, today, now);
  const month = monthOf(today);
  // The current plan year first, then the previous one during its run-out.
  const open = openPlanYears(effectiveDate, today);
  const upcoming = upcomingPlanYear(effectiveDate, today);
  const [totals, unpaidCents, openProofs, upcomingProof, claimRows] = await Promise.all([
    planYearTotals(db, context.profile.id, entitlement, today),
    unpaidCentsOf(db, { employeeId: context.profile.id }),
    Promise.all(open.map((year) => latestProof(db, context.profile.id, year.start))),
    upcoming && latestProof(db, context.profile.id, upcoming.start),
    db
      .select()
      .from(reimbursementClaims)
      .where(eq(reimbursementClaims.employeeId, context.profile.id))
      // By coverage month, the latest first (premiums are often claimed out of order); a
      // month claimed again after a denial shows its newest claim first.
      .orderBy(desc(reimbursementClaims.month), desc(reimbursementClaims.id))
      .limit(HOME_CLAIMS),
  ]);
  const [proof = null, lastYearProof = null] = await Promise.all(openProofs.map((row) => (row ? readProof(db, row) : null)));
  // The year that ended, during its run-out, when the employee was eligible in some month of it.
  const ended = open[1] && entitlementIn(context, open[1]).eligibleFrom <= open[1].months.at(-1)! ? open[1] : undefined;
  const lastYear = ended
    ? { planYear: { start: ended.start, end: ended.end }, claimsUntil: runOutEnds(ended), proof: lastYearProof }
    : null;
  // The next plan year's card asks for its proof: not when the allowance ends before it starts.
  const nextYear =
    upcoming && !afterAllowanceEnds(entitlement, upcoming.months[0]!)
      ? { planYear: { start: upcoming.start, end: upcoming.end }, proof: upcomingProof ? await readProof(db, upcomingProof) : null }
      : null;
  const claims = await claimViews(db, claimRows);
  const inYear = planYearOfMonth(effectiveDate, month)?.start === planYear.start;
  // A claim needs its plan year's proof sent and not rejected, and a month from its coverage start.
  const claimableMonths = open
    .flatMap((year, i) => {
      const live = openProofs[i];
      if (!live || live.status === "rejected") return [];
      const ofYear = entitlementIn(context, year);
      const from = later(later(ofYear.eligibleFrom, year.months[0]!), monthOf(live.coverageStart));
      const last = year.months.at(-1)!;
      return [{ from, to: afterAllowanceEnds(ofYear, last) ? ofYear.lastMonth : last }];
    })
    .filter((range) => range.from <= range.to);
  // A month with an allowance in a plan year still open for claims: what an ended allowance leaves to claim.
  const allowanceLeft = open.some((year) => entitlementIn(context, year).schedule.some((m) => m.allowanceCents > 0));
  const usedUpMonths = planYear.months.filter((m) => isClaimable(claimableMonths, m) && totals.month(m).availableCents === 0);
  return {
    employee: {
      id: context.profile.id,
      firstName: context.profile.firstName,
      lastName: context.profile.lastName,
      email: context.profile.email,
    },
    employer: { businessId: context.business.id, name: context.business.name },
    enrollmentId: context.enrollment.id,
    className: context.profile.className || null,
    carryOver: entitlement.carryOver,
    today,
    month,
    planYear: { start: planYear.start, end: planYear.end },
    eligibleFrom: entitlement.eligibleFrom,
    employmentEndedOn: context.profile.employmentEndedOn,
    allowanceEnded: entitlement.ended,
    optedOut: optedOutOf(context.profile),
    contact: { email: administrator.email, phone: administrator.phone },
    optOutFrom: optedOutOf(context.profile) ? null : optOutStart(db, context.profile.id, today, context.profile.employmentEndedOn),
    // The month's allowance as its ledger holds it (written when reached), like the balance beside it.
    allowance: toDollars(inYear ? totals.month(month).allowanceCents : 0),
    firstAllowance: month < entitlement.eligibleFrom ? toDollars(firstMonthCents(context, effectiveDate, entitlement.eligibleFrom)) : null,
    balance: toDollars(totals.balanceCents),
    available: toDollars(inYear ? totals.month(month).availableCents : 0),
    approvedUnpaid: toDollars(unpaidCents),
    paid: toDollars(totals.paidCents),
    claimableMonths,
    usedUpMonths,
    proof,
    lastYear,
    nextYear,
    claims,
    nextStep: nextStep(entitlement, proof, lastYear, nextYear, claims, claimableMonths, usedUpMonths, today, allowanceLeft),
  };
}
