// The ICHRA Cost Calculator and the FICA Savings Calculator of the plan step.

import { formatUsd, formatUsdWhole, toDollars } from "@src/lib/money";
import { ficaSavingsRuleOfThumb } from "@src/modules/compliance/fica";
import { FICA_RULE_OF_THUMB_PER_EMPLOYEE_CENTS } from "@src/modules/compliance/rules";
import { useState } from "react";
import { AmountInput } from "../../components/compliance/AmountInput";
import { FicaSavingsEstimate } from "../../components/compliance/FicaSavingsEstimate";
import { annualCost, contribution, DEFAULT_EMPLOYEES, employeeCount, monthlyCost, SLIDER_MAX } from "./calculator-math";

function EmployeeCountInput({ id, count, onChange }: { id: string; count: number; onChange: (n: number) => void }) {
  return (
    <>
      <label htmlFor={id}>Number of Employees</label>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        value={String(count)}
        onInput={(e) => {
          const input = e.currentTarget as HTMLInputElement;
          const n = employeeCount(input.value);
          // Keep the box showing what counts: digits only, capped.
          input.value = String(n);
          onChange(n);
        }}
      />
      <input
        type="range"
        min={0}
        max={SLIDER_MAX}
        value={Math.min(count, SLIDER_MAX)}
        aria-label="Number of employees (slider)"
        onInput={(e) => onChange(Number((e.currentTarget as HTMLInputElement).value))}
      />
    </>
  );
}

export function CostCalculator({ onUseAsBudget }: { onUseAsBudget: (monthly: number) => void }) {
  const [employees, setEmployees] = useState(DEFAULT_EMPLOYEES);
  const [perEmployee, setPerEmployee] = useState("250");
  const each = contribution(perEmployee);
  const monthly = monthlyCost(employees, each);
  return (
    <article class="calculator" aria-labelledby="cost-calc-title">
      <h3 id="cost-calc-title">ICHRA Cost Calculator</h3>
      <EmployeeCountInput id="cost-employees" count={employees} onChange={setEmployees} />
      <AmountInput id="cost-contribution" label="Monthly Contribution per Employee ($)" value={perEmployee} onInput={setPerEmployee} />
      <dl class="calc-results">
        <dt>Total Monthly Cost</dt>
        <dd data-testid="cost-monthly">{formatUsd(monthly)}</dd>
        <dt>Total Annual Cost</dt>
        <dd data-testid="cost-annual">{formatUsd(annualCost(employees, each))}</dd>
      </dl>
      <button type="button" class="secondary" onClick={() => onUseAsBudget(monthly)}>
        Use as Monthly Budget
      </button>
    </article>
  );
}

/**
 * The spec's rule of thumb, and beside it the exact estimate for the plan year: 7.65% of
 * the reimbursements, with Social Security capped at that year's wage base.
 */
export function FicaCalculator({ planYear }: { planYear?: number }) {
  const [employees, setEmployees] = useState(DEFAULT_EMPLOYEES);
  const [allowance, setAllowance] = useState("250");
  // Without an effective date yet: the current calendar year (the latest wage base stands in if it is not published).
  const year = planYear ?? new Date().getFullYear();
  return (
    <article class="calculator" aria-labelledby="fica-calc-title">
      <h3 id="fica-calc-title">FICA Savings Calculator</h3>
      <EmployeeCountInput id="fica-employees" count={employees} onChange={setEmployees} />
      <dl class="calc-results">
        <dt>Estimated Annual FICA Savings</dt>
        <dd data-testid="fica-savings">{formatUsdWhole(toDollars(ficaSavingsRuleOfThumb(employees)))}</dd>
      </dl>
      <p class="muted">Estimated at {formatUsdWhole(toDollars(FICA_RULE_OF_THUMB_PER_EMPLOYEE_CENTS.value))} per employee per year.</p>
      <AmountInput id="fica-allowance" label="Monthly Allowance per Employee ($)" value={allowance} onInput={setAllowance} />
      <FicaSavingsEstimate
        headingLevel={4}
        ruleOfThumb={false}
        planYear={year}
        employeeCount={employees}
        monthlyAllowance={contribution(allowance)}
      />
    </article>
  );
}
