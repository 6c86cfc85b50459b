import type { FieldErrors } from "@src/lib/field-errors";
import { formatUsd, toDollars } from "@src/lib/money";
import {
  type AffordabilityResult,
  affordability,
  SAFE_HARBOR_LABELS,
  SAFE_HARBORS,
  type SafeHarbor,
} from "@src/modules/compliance/affordability";
import { parseAffordabilityInput } from "@src/modules/compliance/affordability-input";
import {
  AFFORDABILITY_PLAN_YEARS,
  defaultFplForPlanYear,
  FPL_SAFE_HARBOR_RULE,
  MissingFigureError,
  percentLabel,
} from "@src/modules/compliance/rules";
import { useId, useState } from "react";
import { AleNote } from "./AleNote";
import { Heading, type HeadingLevel } from "./Heading";
import "./compliance.css";

export interface AffordabilityCheckProps {
  /** Level of the widget's heading within the host page (default 2). */
  headingLevel?: HeadingLevel;
  /** Plan year to start with (e.g. from the effective date); defaults to the latest on file. */
  planYear?: number;
  /** Monthly self-only allowance in dollars to start with (e.g. the class's allowance). */
  monthlyAllowance?: number;
  /** Heading text; the wizard names the class here. */
  heading?: string;
}

type Values = Record<"planYear" | "premium" | "allowance" | "income" | "payType" | "hourlyRate" | "monthlySalary" | "fpl", string> & {
  safeHarbor: SafeHarbor;
};

const HARBOR_HELP: Record<SafeHarbor, string> = {
  household: "The employee's actual household income: the test itself, when you know it.",
  w2: "Box 1 of the employee's Form W-2 for the year, divided by 12.",
  "rate-of-pay": "For hourly employees, the hourly rate × 130 hours a month; for salaried employees, the monthly salary.",
  fpl: "The federal poverty line for one person, divided by 12: the same for every employee.",
};

const num = (text: string): number | undefined => (text.trim() === "" ? undefined : Number(text));
const usd = (cents: number) => formatUsd(toDollars(cents));

function fplDefaultText(planYear: number): string {
  const fpl = defaultFplForPlanYear(planYear);
  return fpl ? String(toDollars(fpl.value)) : "";
}

export function AffordabilityCheck({
  planYear,
  monthlyAllowance,
  heading = "Affordability check",
  headingLevel = 2,
}: AffordabilityCheckProps) {
  const id = useId();
  const latest = AFFORDABILITY_PLAN_YEARS[AFFORDABILITY_PLAN_YEARS.length - 1];
  const startYear = planYear !== undefined && AFFORDABILITY_PLAN_YEARS.includes(planYear) ? planYear : latest;
  const [values, setValues] = useState<Values>({
    planYear: String(startYear),
    premium: "",
    allowance: monthlyAllowance === undefined ? "" : String(monthlyAllowance),
    safeHarbor: "w2",
    income: "",
    payType: "hourly",
    hourlyRate: "",
    monthlySalary: "",
    fpl: fplDefaultText(startYear),
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [result, setResult] = useState<{ result: AffordabilityResult; allowanceCents: number } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const set = (field: keyof Values) => (event: Event) => {
    const value = (event.currentTarget as HTMLInputElement).value;
    setResult(null); // a verdict for other figures would mislead
    setValues((v) => {
      const next = { ...v, [field]: value } as Values;
      // The default poverty line follows the plan year unless the person typed their own.
      if (field === "planYear" && v.fpl === fplDefaultText(Number(v.planYear))) next.fpl = fplDefaultText(Number(value));
      return next;
    });
  };

  function check(event: Event) {
    event.preventDefault();
    const harbor = values.safeHarbor;
    const parsed = parseAffordabilityInput({
      planYear: Number(values.planYear),
      lowestCostSilverPremium: num(values.premium),
      monthlyAllowance: num(values.allowance),
      safeHarbor: harbor,
      annualHouseholdIncome: harbor === "household" ? num(values.income) : undefined,
      annualW2Wages: harbor === "w2" ? num(values.income) : undefined,
      payType: harbor === "rate-of-pay" ? values.payType : undefined,
      hourlyRate: harbor === "rate-of-pay" && values.payType === "hourly" ? num(values.hourlyRate) : undefined,
      monthlySalary: harbor === "rate-of-pay" && values.payType === "salaried" ? num(values.monthlySalary) : undefined,
      fplAnnual: harbor === "fpl" ? num(values.fpl) : undefined,
    });
    setFailure(null);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      setResult(null);
      return;
    }
    setErrors({});
    try {
      setResult({ result: affordability(parsed.input), allowanceCents: parsed.input.monthlyAllowanceCents });
    } catch (error) {
      if (!(error instanceof MissingFigureError)) throw error;
      setResult(null);
      setFailure(error.message);
    }
  }

  // Form field names map onto the schema's field names for error messages.
  const incomeField = values.safeHarbor === "household" ? "annualHouseholdIncome" : "annualW2Wages";
  const field = (name: string, label: string, key: keyof Values, errorKey: string, hint?: string) => {
    const inputId = `${id}-${name}`;
    const error = errors[errorKey];
    const describedBy = [hint ? `${inputId}-hint` : "", error ? `${inputId}-error` : ""].filter(Boolean).join(" ") || undefined;
    return (
      <div class="compliance-field">
        <label for={inputId}>{label}</label>
        <input
          id={inputId}
          name={name}
          type="number"
          inputMode="decimal"
          min="0"
          step="0.01"
          value={values[key]}
          onInput={set(key)}
          aria-invalid={error ? "true" : undefined}
          aria-describedby={describedBy}
        />
        {hint && <small id={`${inputId}-hint`}>{hint}</small>}
        {error && <small id={`${inputId}-error`}>{error}</small>}
      </div>
    );
  };

  const fpl = defaultFplForPlanYear(Number(values.planYear));
  const year = Number(values.planYear);

  return (
    <section class="compliance-card affordability-check" aria-labelledby={`${id}-heading`}>
      <Heading level={headingLevel} id={`${id}-heading`}>
        {heading}
      </Heading>
      <form onSubmit={check} noValidate>
        <label for={`${id}-year`}>Plan year</label>
        <select id={`${id}-year`} name="planYear" value={values.planYear} onChange={set("planYear")}>
          {AFFORDABILITY_PLAN_YEARS.map((y) => (
            <option key={y} value={String(y)}>
              {y}
            </option>
          ))}
        </select>
        <div class="grid">
          {field(
            "premium",
            "Lowest-cost silver premium, self-only (monthly)",
            "premium",
            "lowestCostSilverPremium",
            "For the employee's rating area (their primary worksite may be used).",
          )}
          {field("allowance", "Monthly allowance, self-only", "allowance", "monthlyAllowance")}
        </div>

        <fieldset>
          <legend>Measure income by</legend>
          {SAFE_HARBORS.map((harbor) => (
            <label key={harbor} for={`${id}-harbor-${harbor}`}>
              <input
                type="radio"
                id={`${id}-harbor-${harbor}`}
                name={`${id}-safeHarbor`}
                value={harbor}
                checked={values.safeHarbor === harbor}
                onChange={set("safeHarbor")}
              />
              {SAFE_HARBOR_LABELS[harbor]}
            </label>
          ))}
          <small>{HARBOR_HELP[values.safeHarbor]}</small>
        </fieldset>

        {(values.safeHarbor === "household" || values.safeHarbor === "w2") &&
          field(
            "income",
            values.safeHarbor === "household" ? "Annual household income" : "Annual W-2 wages (box 1)",
            "income",
            incomeField,
          )}

        {values.safeHarbor === "rate-of-pay" && (
          <>
            <fieldset>
              <legend>Pay type</legend>
              {(["hourly", "salaried"] as const).map((type) => (
                <label key={type} for={`${id}-pay-${type}`}>
                  <input
                    type="radio"
                    id={`${id}-pay-${type}`}
                    name={`${id}-payType`}
                    value={type}
                    checked={values.payType === type}
                    onChange={set("payType")}
                  />
                  {type === "hourly" ? "Hourly" : "Salaried"}
                </label>
              ))}
            </fieldset>
            {values.payType === "hourly"
              ? field("hourlyRate", "Hourly rate", "hourlyRate", "hourlyRate")
              : field("monthlySalary", "Monthly salary", "monthlySalary", "monthlySalary")}
          </>
        )}

        {values.safeHarbor === "fpl" &&
          field(
            "fpl",
            "Federal poverty line for one person (annual)",
            "fpl",
            "fplAnnual",
            fpl
              ? `Filled in with the ${fpl.guidelineYear} figure for the 48 contiguous states and DC (${fpl.source}). ${FPL_SAFE_HARBOR_RULE}`
              : `No figure is on file for plan year ${year}; enter the one that applies. ${FPL_SAFE_HARBOR_RULE}`,
          )}

        <button type="submit">Check affordability</button>
      </form>

      <div class="affordability-result" role="status" aria-live="polite">
        {failure && <p class="compliance-error">{failure}</p>}
        {result && <ResultText {...result} />}
      </div>
      <AleNote />
    </section>
  );
}

function ResultText({ result, allowanceCents }: { result: AffordabilityResult; allowanceCents: number }) {
  return (
    <article class={result.affordable ? "result-ok" : "result-bad"}>
      <p class="result-verdict">
        <strong>{result.affordable ? "Affordable" : "Not affordable"}</strong>
      </p>
      <p>
        After the allowance, the employee pays {usd(result.employeeCostMonthlyCents)} a month for the lowest-cost silver plan. To be
        affordable that may be at most {usd(result.thresholdMonthlyCents)} a month: {percentLabel(result.percentBp)} ({result.percentSource}
        ) of monthly income, taken as {result.incomeBasis}.
      </p>
      {!result.affordable && (
        <p class="result-raise">
          Raise the allowance by {usd(result.shortfallMonthlyCents)} a month, to {usd(allowanceCents + result.shortfallMonthlyCents)}, to
          make it affordable.
        </p>
      )}
    </article>
  );
}
