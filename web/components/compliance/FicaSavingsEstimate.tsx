import { formatCents, formatUsd, formatUsdWhole, toCents, toDollars } from "@src/lib/money";
import { type FicaEmployee, type FicaSavings, ficaSavingsExact, ficaSavingsRuleOfThumb } from "@src/modules/compliance/fica";
import { resolveFigure } from "@src/modules/compliance/figures";
import {
  FICA_RATE_BP,
  FICA_RULE_OF_THUMB_PER_EMPLOYEE_CENTS,
  MEDICARE_RATE_BP,
  percentLabel,
  SOCIAL_SECURITY_RATE_BP,
} from "@src/modules/compliance/rules";
import { useId, useState } from "react";
import { useFigures } from "../../lib/use-figures";
import { AmountInput } from "./AmountInput";
import { Heading, type HeadingLevel } from "./Heading";
import "./compliance.css";
import { plural } from "../../lib/plural";

export interface FicaSavingsEstimateProps {
  /** Level of the widget's heading within the host page (default 2). */
  headingLevel?: HeadingLevel;
  planYear: number;
  employeeCount: number;
  /** Monthly allowance per employee, in dollars. */
  monthlyAllowance: number;
  /**
   * Each employee's wages and reimbursements (e.g. from the census), in cents. Without
   * them the exact estimate treats every employee as paid the average wage entered here.
   */
  employees?: readonly FicaEmployee[];
  /** Average annual wages per employee, in dollars, to start with. */
  averageAnnualWages?: number;
  /** False where the host already states the rule of thumb (the plan step's calculator): one figure, shown once. */
  ruleOfThumb?: boolean;
}

const scale = (s: FicaSavings, n: number): FicaSavings => ({
  ...s,
  totalCents: s.totalCents * n,
  socialSecurityCents: s.socialSecurityCents * n,
  medicareCents: s.medicareCents * n,
});

export function FicaSavingsEstimate({
  planYear,
  employeeCount,
  monthlyAllowance,
  employees,
  averageAnnualWages,
  headingLevel = 2,
  ruleOfThumb = true,
}: FicaSavingsEstimateProps) {
  const id = useId();
  const [wagesText, setWagesText] = useState(averageAnnualWages === undefined ? "" : String(averageAnnualWages));
  const wages = Number(wagesText);
  const wagesValid = wagesText.trim() !== "" && Number.isFinite(wages) && wages >= 0;
  // A plan year whose wage base is not published yet is estimated with the latest one on
  // file, and says so; a year before every figure on file has no estimate.
  const figures = useFigures();
  const wageBase = figures ? resolveFigure(figures, "social-security-wage-base", planYear) : null;
  const baseYear = wageBase?.year ?? null;

  const count = employees ? employees.length : Math.max(0, Math.floor(employeeCount));
  // Without a census every employee is alike, so one employee's saving times the count.
  const exact =
    !wageBase || !figures
      ? null
      : employees
        ? ficaSavingsExact({ planYear, employees }, figures)
        : wagesValid
          ? scale(
              ficaSavingsExact(
                {
                  planYear,
                  employees: [{ annualWagesCents: toCents(wages), annualReimbursementCents: toCents(monthlyAllowance) * 12 }],
                },
                figures,
              ),
              count,
            )
          : null;

  return (
    <section class="compliance-card fica-savings" aria-labelledby={`${id}-heading`}>
      <Heading level={headingLevel} id={`${id}-heading`}>
        FICA savings estimate
      </Heading>
      {!employees && (
        <div class="compliance-field">
          <AmountInput
            id={`${id}-wages`}
            label="Average annual wages per employee"
            step="1"
            value={wagesText}
            onInput={setWagesText}
            hint="Taxable pay before the allowance; used for the Social Security wage base."
          />
        </div>
      )}
      <dl class="fica-estimates" aria-live="polite">
        {ruleOfThumb && (
          <>
            <dt>Rule of thumb</dt>
            <dd>
              <span class="amount">{formatUsdWhole(toDollars(ficaSavingsRuleOfThumb(count)))} a year</span>
              {formatUsdWhole(toDollars(FICA_RULE_OF_THUMB_PER_EMPLOYEE_CENTS.value))} per employee × {count}{" "}
              {count === 1 ? "employee" : "employees"}
            </dd>
          </>
        )}
        <dt>Exact estimate</dt>
        <dd>
          {!figures ? (
            <span aria-busy="true">Loading the published figures...</span>
          ) : !wageBase ? (
            <>No Social Security wage base is on file for {planYear}.</>
          ) : exact ? (
            <>
              <span class="amount">{formatCents(exact.totalCents)} a year</span>
              {percentLabel(FICA_RATE_BP)} of{" "}
              {employees
                ? "each employee's yearly reimbursements"
                : `${formatUsd(monthlyAllowance * 12)} in yearly reimbursements per employee × ${plural(count, "employee")}`}
              , in all: Social Security {formatCents(exact.socialSecurityCents)} ({percentLabel(SOCIAL_SECURITY_RATE_BP.value)} up to the{" "}
              {baseYear} wage base of {formatUsdWhole(toDollars(exact.wageBaseCents))}) and Medicare {formatCents(exact.medicareCents)} (
              {percentLabel(MEDICARE_RATE_BP.value)}, no cap).
            </>
          ) : (
            <>Enter average annual wages to see the exact estimate.</>
          )}
        </dd>
      </dl>
      {wageBase?.note && <small class="figure-note">{wageBase.note}. </small>}
      {wageBase && <small>Wage base source: {wageBase.source}.</small>}
    </section>
  );
}
