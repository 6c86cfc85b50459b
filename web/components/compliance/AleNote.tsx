import { formatUsdWhole, toDollars } from "@src/lib/money";
import { latestFigure, type YearlyFigure } from "@src/modules/compliance/figures";
import { ALE_FTE_THRESHOLD, ALE_OFFER_SHARE_BP, percentLabel } from "@src/modules/compliance/rules";

/**
 * The applicable-large-employer rules, kept apart as the law keeps them: the 95% offer rule
 * (§4980H(a), 26 CFR 54.4980H-4(a)) and the per-employee affordability penalty (§4980H(b)),
 * with the latest published penalty amounts and their source.
 */
export function AleNote({ figures }: { figures: readonly YearlyFigure[] | null }) {
  const a = figures ? latestFigure(figures, "penalty-4980h-a") : null;
  const b = figures ? latestFigure(figures, "penalty-4980h-b") : null;
  return (
    <div class="ale-note">
      <p>
        <strong>Applicable large employers</strong> ({ALE_FTE_THRESHOLD.value} or more full-time equivalent employees) owe the §4980H(a)
        penalty unless they offer coverage to at least {percentLabel(ALE_OFFER_SHARE_BP.value)} of their full-time employees and their
        dependent children (26 CFR 54.4980H-4(a)).
        {a && (
          <>
            {" "}
            In {a.year} it is {formatUsdWhole(toDollars(a.value))} a year per full-time employee, less the first 30.
          </>
        )}
      </p>
      <p>
        Separately, affordability is judged employee by employee: each full-time employee whose offer is not affordable and who takes a
        premium tax credit brings the §4980H(b) penalty (26 U.S.C. 4980H(b)).
        {b && (
          <>
            {" "}
            In {b.year} it is {formatUsdWhole(toDollars(b.value))} a year per such employee.
          </>
        )}
      </p>
      <small>
        Sources: {a ? `${a.source}; ` : ""}
        {ALE_FTE_THRESHOLD.source}.
      </small>
    </div>
  );
}
