import type { FieldErrors } from "@src/lib/field-errors";
import { formatCents, toDollars } from "@src/lib/money";
import {
  type AffordabilityResult,
  affordability,
  SAFE_HARBOR_LABELS,
  SAFE_HARBORS,
  type SafeHarbor,
} from "@src/modules/compliance/affordability";
import { parseAffordabilityInput } from "@src/modules/compliance/affordability-input";
import { resolveFigure, type YearlyFigure, yearsOf } from "@src/modules/compliance/figures";
import { FPL_SAFE_HARBOR_RULE, MissingFigureError, percentLabel } from "@src/modules/compliance/rules";
import { useId, useState } from "react";
import { useFigures } from "../../lib/use-figures";
import { FieldNotes } from "../forms/Field";
import { AleNote } from "./AleNote";
import { Heading, type HeadingLevel } from "./Heading";
import "./compliance.css";
import { focusFirstInvalid } from "../../lib/focus-after";

export interface AffordabilityCheckProps {
  /** Level of the widget's heading within the host page (default 2). */
  headingLevel?: HeadingLevel;
  /** Plan year to start with (e.g. from the effective date); defaults to the latest on file. */
  planYear?: number;
  /** Monthly self-only allowance in dollars to start with (e.g. the class's allowance). */
  monthlyAllowance?: number;
  /** Heading text; the wizard names the class here. */
  heading?: string;
  /** ZIP of the primary site of employment to start with (e.g. the class's work ZIP). */
  workZip?: string;
}

type Values = Record<
  "planYear" | "premium" | "allowance" | "income" | "payType" | "hourlyRate" | "monthlySalary" | "fpl" | "workZip",
  string
> & {
  safeHarbor: SafeHarbor;
};

const HARBOR_HELP: Record<SafeHarbor, string> = {
  household: "The employee's actual household income: the test itself, when you know it.",
  // The fields are annual: the hint says what the check does with the amount, not what to type.
  w2: "Box 1 of the employee's Form W-2 for the year, as is: the check uses a twelfth of it for each month.",
  "rate-of-pay": "For hourly employees, the hourly rate × 130 hours a month; for salaried employees, the monthly salary.",
  fpl: "The federal poverty line for one person for the year, as is: the check uses a twelfth of it for each month, the same for every employee.",
};

const SAFE_HARBOR_CHOICES = SAFE_HARBORS.map((harbor) => [harbor, SAFE_HARBOR_LABELS[harbor]] as const);
const PAY_TYPE_CHOICES = [
  ["hourly", "Hourly"],
  ["salaried", "Salaried"],
] as const;

const num = (text: string): number | undefined => (text.trim() === "" ? undefined : Number(text));

/** The poverty line a calendar-year plan uses: the previous year's guideline, or the latest published (said so). */
const fplFor = (figures: readonly YearlyFigure[], planYear: number) => resolveFigure(figures, "poverty-line", planYear - 1);

function fplDefaultText(figures: readonly YearlyFigure[], planYear: number): string {
  const fpl = fplFor(figures, planYear);
  return fpl ? String(toDollars(fpl.value)) : "";
}

/** The plan years to choose from: every published one, and the next one or two after the latest (using its figure, said so). */
function planYearsOf(figures: readonly YearlyFigure[], wanted: number | undefined): number[] {
  const published = yearsOf(figures, "affordability-percent");
  const latest = published[published.length - 1] ?? new Date().getFullYear();
  const years = new Set([...published, latest + 1]);
  if (wanted !== undefined && wanted >= (published[0] ?? wanted)) years.add(wanted);
  return [...years].sort((x, y) => x - y);
}

export function AffordabilityCheck(props: AffordabilityCheckProps) {
  const figures = useFigures();
  // The plan years and default figures come from the server's table: until it answers there is nothing to check with.
  if (!figures) {
    return (
      <section class="compliance-card affordability-check">
        <Heading level={props.headingLevel ?? 2} id="affordability-loading">
          {props.heading ?? "Affordability check"}
        </Heading>
        <p aria-busy="true">Loading the published figures...</p>
      </section>
    );
  }
  return <AffordabilityForm {...props} figures={figures} />;
}

function AffordabilityForm({
  planYear,
  monthlyAllowance,
  workZip,
  heading = "Affordability check",
  headingLevel = 2,
  figures,
}: AffordabilityCheckProps & { figures: readonly YearlyFigure[] }) {
  const id = useId();
  const years = planYearsOf(figures, planYear);
  const startYear = planYear !== undefined && years.includes(planYear) ? planYear : years[years.length - 1];
  const [values, setValues] = useState<Values>({
    planYear: String(startYear),
    premium: "",
    allowance: monthlyAllowance === undefined ? "" : String(monthlyAllowance),
    safeHarbor: "w2",
    income: "",
    payType: "hourly",
    hourlyRate: "",
    monthlySalary: "",
    fpl: fplDefaultText(figures, startYear),
    workZip: workZip ?? "",
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
      if (field === "planYear" && v.fpl === fplDefaultText(figures, Number(v.planYear))) next.fpl = fplDefaultText(figures, Number(value));
      return next;
    });
  };

  function check(event: Event) {
    event.preventDefault();
    const harbor = values.safeHarbor;
    const parsed = parseAffordabilityInput(
      {
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
        workZip: values.workZip.trim() || undefined,
      },
      figures,
    );
    setFailure(null);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      setResult(null);
      focusFirstInvalid(event.currentTarget as HTMLFormElement);
      return;
    }
    setErrors({});
    try {
      setResult({ result: affordability(parsed.input, figures), allowanceCents: parsed.input.monthlyAllowanceCents });
    } catch (error) {
      if (!(error instanceof MissingFigureError)) throw error;
      setResult(null);
      setFailure(error.message);
    }
  }

  // Form field names map onto the schema's field names for error messages.
  const incomeField = values.safeHarbor === "household" ? "annualHouseholdIncome" : "annualW2Wages";
  const field = (name: string, label: string, key: keyof Values, errorKey: string, hint?: string, type = "number") => {
    const inputId = `${id}-${name}`;
    const error = errors[errorKey];
    const describedBy = [hint ? `${inputId}-hint` : "", error ? `${inputId}-error` : ""].filter(Boolean).join(" ") || undefined;
    return (
      <div class="compliance-field">
        <label for={inputId}>{label}</label>
        <input
          id={inputId}
          name={name}
          type={type}
          inputMode={type === "number" ? "decimal" : "numeric"}
          min={type === "number" ? "0" : undefined}
          step={type === "number" ? "0.01" : undefined}
          value={values[key]}
          onInput={set(key)}
          aria-invalid={error ? "true" : undefined}
          aria-describedby={describedBy}
        />
        <FieldNotes id={inputId} hint={hint} error={error} />
      </div>
    );
  };

  /** One radio button per choice of `key`, labelled beside it; ids are `<id>-<idPart>-<value>`. */
  const radios = (key: "safeHarbor" | "payType", idPart: string, choices: readonly (readonly [string, string])[]) =>
    choices.map(([value, label]) => (
      <label key={value} for={`${id}-${idPart}-${value}`}>
        <input
          type="radio"
          id={`${id}-${idPart}-${value}`}
          name={`${id}-${key}`}
          value={value}
          checked={values[key] === value}
          onChange={set(key)}
        />
        {label}
      </label>
    ));

  const year = Number(values.planYear);
  const fpl = fplFor(figures, year);
  const percent = resolveFigure(figures, "affordability-percent", year);

  return (
    <section class="compliance-card affordability-check" aria-labelledby={`${id}-heading`}>
      <Heading level={headingLevel} id={`${id}-heading`}>
        {heading}
      </Heading>
      <form onSubmit={check} noValidate>
        <label for={`${id}-year`}>Plan year</label>
        <select id={`${id}-year`} name="planYear" value={values.planYear} onChange={set("planYear")}>
          {years.map((y) => (
            <option key={y} value={String(y)}>
              {y}
            </option>
          ))}
        </select>
        {percent?.note && (
          <p class="figure-note" role="note">
            {percent.note}.
          </p>
        )}
        {/* One under the other: side by side, the premium's longer label and hint left its input lower than the allowance's. */}
        {field(
          "premium",
          "Lowest-cost silver premium, self-only (monthly)",
          "premium",
          "lowestCostSilverPremium",
          values.workZip.trim()
            ? "For the rating area of the primary site of employment below (location safe harbor)."
            : "For the employee's rating area; give the work ZIP below to use their primary site of employment instead.",
        )}
        {field("allowance", "Monthly allowance, self-only", "allowance", "monthlyAllowance")}
        {field(
          "workZip",
          "Primary site of employment ZIP (optional)",
          "workZip",
          "workZip",
          "Where the employee mainly works: the location safe harbor prices the lowest-cost silver plan there.",
          "text",
        )}

        <fieldset>
          <legend>Measure income by</legend>
          {radios("safeHarbor", "harbor", SAFE_HARBOR_CHOICES)}
        </fieldset>

        {(values.safeHarbor === "household" || values.safeHarbor === "w2") &&
          field(
            "income",
            values.safeHarbor === "household" ? "Annual household income" : "Annual W-2 wages (box 1)",
            "income",
            incomeField,
            HARBOR_HELP[values.safeHarbor],
          )}

        {values.safeHarbor === "rate-of-pay" && (
          <>
            <fieldset aria-describedby={`${id}-pay-help`}>
              <legend>Pay type</legend>
              <small id={`${id}-pay-help`}>{HARBOR_HELP["rate-of-pay"]}</small>
              {radios("payType", "pay", PAY_TYPE_CHOICES)}
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
              ? `${HARBOR_HELP.fpl} Filled in with the ${fpl.year} figure for the 48 contiguous states and DC (${fpl.source})${fpl.note ? `: ${fpl.note}` : ""}. ${FPL_SAFE_HARBOR_RULE}`
              : `${HARBOR_HELP.fpl} No figure is on file for plan year ${year}; enter the one that applies. ${FPL_SAFE_HARBOR_RULE}`,
          )}

        <button type="submit">Check affordability</button>
      </form>

      <div class="affordability-result" role="status" aria-live="polite">
        {failure && <p class="compliance-error">{failure}</p>}
        {result && <ResultText {...result} />}
      </div>
      <AleNote figures={figures} />
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
        After the allowance, the employee pays {formatCents(result.employeeCostMonthlyCents)} a month for the lowest-cost silver plan. To be
        affordable that may be at most {formatCents(result.thresholdMonthlyCents)} a month: {percentLabel(result.percentBp)} (
        {result.percentSource}) of monthly income, taken as {result.incomeBasis}. The premium is for {result.location}.
      </p>
      {result.notes.map((note) => (
        <p key={note} class="figure-note">
          {note}.
        </p>
      ))}
      {!result.affordable && (
        <p class="result-raise">
          Raise the allowance by {formatCents(result.shortfallMonthlyCents)} a month, to{" "}
          {formatCents(allowanceCents + result.shortfallMonthlyCents)}, to make it affordable.
        </p>
      )}
    </article>
  );
}
