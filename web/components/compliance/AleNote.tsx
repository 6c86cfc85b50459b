import { formatUsdWhole, toDollars } from "@src/lib/money";
import { ALE_FTE_THRESHOLD, ALE_OFFER_SHARE_BP, PENALTY_4980H_CENTS, percentLabel } from "@src/modules/compliance/rules";

/** The latest year whose penalty amounts are on file. */
const PENALTY_YEAR = Math.max(...Object.keys(PENALTY_4980H_CENTS).map(Number));

/** The applicable-large-employer rule and the penalty amounts, with their sources. */
export function AleNote() {
  const penalty = PENALTY_4980H_CENTS[PENALTY_YEAR];
  return (
    <div class="ale-note">
      <p>
        <strong>Applicable large employers</strong> ({ALE_FTE_THRESHOLD.value} or more full-time equivalent employees) must offer affordable
        coverage to at least {percentLabel(ALE_OFFER_SHARE_BP.value)} of their full-time employees, or may owe a penalty if an employee gets
        a premium tax credit. {PENALTY_YEAR} penalties: §4980H(a) {formatUsdWhole(toDollars(penalty.a))} and §4980H(b){" "}
        {formatUsdWhole(toDollars(penalty.b))} per employee per year.
      </p>
      <small>
        Sources: {penalty.source}; {ALE_FTE_THRESHOLD.source}.
      </small>
    </div>
  );
}
