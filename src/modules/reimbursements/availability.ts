// What can still be approved for a month of a plan year, from each month's allowance and
// what is already approved for it. Pure: the ledger feeds it from its events, inside the
// transaction that decides.
//
// Each month's allowance is there for claims for that month, whenever they are decided
// (premiums are often paid ahead). With carry-over, an unused allowance also serves later
// months of the same plan year, so approving x for month M is allowed exactly when, for
// every month k from M on, everything approved up to k (x included) stays within the
// allowance up to k: otherwise a later month that already drew on M's allowance would be
// left overdrawn. Without carry-over each month stands alone. Nothing crosses into the
// next plan year: callers pass one plan year's months, each with the allowance it has
// (the ledger counts a month not reached yet only for the month being claimed).

export interface MonthFigures {
  month: string;
  /** The month's own allowance, in cents (0 before the employee is eligible). */
  allowanceCents: number;
  /** Approved for claims for this month, net of reversals, in cents. */
  approvedCents: number;
}

/** Cents that can still be approved for `month` (0 when it is not one of `months`). */
export function availableCents(months: readonly MonthFigures[], month: string, carryOver: boolean): number {
  const at = months.findIndex((m) => m.month === month);
  if (at < 0) return 0;
  if (!carryOver) return Math.max(0, months[at]!.allowanceCents - months[at]!.approvedCents);
  let allowed = 0;
  let approved = 0;
  let least = Number.POSITIVE_INFINITY;
  months.forEach((m, k) => {
    allowed += m.allowanceCents;
    approved += m.approvedCents;
    if (k >= at) least = Math.min(least, allowed - approved);
  });
  return Math.max(0, least);
}
