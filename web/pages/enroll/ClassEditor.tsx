// The list of employee classes with delete buttons, and the Add Employee Class form. The
// list is local until saved; saving replaces the whole list on the server.

import type { Signal } from "@preact/signals-react";
import { validate } from "@src/lib/field-errors";
import { formatUsdWhole } from "@src/lib/money";
import { ageBandsInCents, amountsInCents } from "@src/modules/compliance/age-bands";
import { classComplianceErrors } from "@src/modules/compliance/class-checks";
import { headlineAmountsText, selfOnlyAllowanceOf } from "@src/modules/compliance/model";
import { EmployeeClass } from "@src/modules/enrollments/model";
import { type PlanLimitsRead, planLimitErrors } from "@src/modules/plans/model";
import { useState } from "react";
import { api, read } from "../../api/client";
import { ApiError, messageOf } from "../../api/errors";
import { AffordabilityCheck } from "../../components/compliance/AffordabilityCheck";
import { Heading, type HeadingLevel } from "../../components/compliance/Heading";
import { MoneyField, TextArea, TextField } from "../../components/forms/Field";
import { AskFirst } from "../../components/notice/AskFirst";
import { toast } from "../../components/toast/toast-store";
import { focusFirstInvalid } from "../../lib/focus-after";
import { plural } from "../../lib/plural";
import { type ClassDraft, type ClassFormDraft, emptyClassForm, type GroupPlanDraft } from "../../state/enrollment";
import { AgeBandsEditor, bandsFromForm } from "./AgeBandsEditor";
import { BandList, ClassDetails } from "./BandList";
import { BasisField, basisText } from "./BasisField";
import { averageAllowance } from "./calculator-math";
import { classErrorMessages } from "./class-errors";
import { TierFields, tierAmounts, typedNumber } from "./TierFields";

/** What deleting a class does, asked first: nothing else keeps what was typed for it. */
export const deleteClassQuestion = (name: string) =>
  `Delete the class ${name}? Its allowances and rules are removed, and you would have to add it again to get them back.`;

export const classesDefined = (n: number) => `${plural(n, "class", "classes")} defined`;

/** The allowance an affordability check starts from: the lowest one the class offers. */
export const lowestAllowance = (c: ClassDraft) =>
  c.ageBands?.length ? Math.min(...c.ageBands.map((b) => b.allowanceAmount)) : c.allowanceAmount;

export function ClassCards({
  classes,
  onDelete,
  errors = {},
  planYear,
  headingLevel = 3,
  workZip,
}: {
  classes: ClassDraft[];
  /** The business's ZIP: the primary site of employment the affordability checks start from. */
  workZip?: string;
  onDelete?: (index: number) => void;
  /** The server's field errors (`employeeClasses.N...`), shown on class N. */
  errors?: Record<string, string>;
  /** Plan year for the affordability checks. */
  planYear?: number;
  headingLevel?: HeadingLevel;
}) {
  /** The class asked about before it is deleted: its allowances and rules would have to be typed again. */
  const [deleting, setDeleting] = useState<number | null>(null);
  return (
    <section aria-labelledby="class-count">
      <p id="class-count" class="class-count" aria-live="polite" tabIndex={-1}>
        {classesDefined(classes.length)}
      </p>
      {classes.length > 0 && (
        <ul class="class-cards">
          {classes.map((c, index) => {
            const messages = classErrorMessages(errors, index);
            const basis = basisText(c.basis);
            return (
              <li key={`${c.name}-${index}`}>
                <article class="class-card" data-invalid={messages.length > 0 ? "true" : undefined}>
                  <div class="class-card-main">
                    <div class="class-card-head">
                      <div>
                        <strong>{c.name}</strong>
                        <p class="class-allowance">{headlineAmountsText(c)}</p>
                        {basis && <p class="class-basis">Based on: {basis}</p>}
                        <ClassDetails cls={c} />
                        {c.eligibilityRequirements && <p class="muted">{c.eligibilityRequirements}</p>}
                        {c.ageBands && c.ageBands.length > 0 && <BandList bands={c.ageBands} />}
                      </div>
                      {onDelete && deleting !== index && (
                        <button
                          type="button"
                          class="secondary outline delete-class"
                          aria-label={`Delete ${c.name}`}
                          data-delete-class={index}
                          onClick={() => setDeleting(index)}
                        >
                          Delete
                        </button>
                      )}
                    </div>
                    {onDelete && deleting === index && (
                      <AskFirst
                        id={`delete-class-${index}`}
                        question={deleteClassQuestion(c.name)}
                        yes="Yes, delete"
                        yesClass="danger"
                        pendingYes="Deleting..."
                        pending={false}
                        onYes={() => {
                          setDeleting(null);
                          onDelete(index);
                          // The card is gone: the keyboard goes on from the count of classes left.
                          requestAnimationFrame(() => document.getElementById("class-count")?.focus());
                        }}
                        onCancel={() => {
                          setDeleting(null);
                          requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-delete-class="${index}"]`)?.focus());
                        }}
                      />
                    )}
                    {messages.length > 0 && (
                      <ul class="class-errors field-error" aria-label={`Problems with ${c.name}`}>
                        {messages.map((m) => (
                          <li key={m}>{m}</li>
                        ))}
                      </ul>
                    )}
                    <details class="class-affordability">
                      <summary>Check affordability</summary>
                      <AffordabilityCheck
                        headingLevel={headingLevel}
                        heading={`Affordability check: ${c.name}`}
                        planYear={planYear}
                        monthlyAllowance={lowestAllowance(c)}
                        workZip={workZip}
                      />
                    </details>
                  </div>
                </article>
              </li>
            );
          })}
        </ul>
      )}
      {classes.length > 1 && (
        <p class="class-average">
          Average allowance: <strong>{formatUsdWhole(averageAllowance(classes.map(selfOnlyAllowanceOf)))}/month</strong>
        </p>
      )}
    </section>
  );
}

const list = (text: string, upper = false) =>
  text
    .split(/[\s,;]+/)
    .map((item) => (upper ? item.toUpperCase() : item))
    .filter(Boolean);

/** The form's fields that hold text as typed. */
type TextKey = { [K in keyof ClassFormDraft]: ClassFormDraft[K] extends string ? K : never }[keyof ClassFormDraft];

/** The new-hire fields of the form, by the tier they hold. */
const newHireKeys = { plusOne: "newHirePlusOne", family: "newHireFamily" } as const;

/** The form as typed → the class as the API takes it; blanks are left out so the schema names what is required. */
export function classFromForm(form: ClassFormDraft): ClassDraft {
  // An empty amount stays undefined, so the schema says it is required rather than too small.
  const candidate: ClassDraft = { name: form.name.trim(), allowanceAmount: typedNumber(form.allowance) as number, ...tierAmounts(form) };
  if (form.eligibility.trim()) candidate.eligibilityRequirements = form.eligibility.trim();
  if (form.basis.length) candidate.basis = [...form.basis];
  if ((form.basis.includes("state") || form.basis.includes("multi-state-region")) && form.states.trim())
    candidate.states = list(form.states, true);
  if (form.basis.includes("rating-area") && form.ratingAreaZips.trim()) candidate.ratingAreaZips = list(form.ratingAreaZips);
  if (form.bands.length) candidate.ageBands = bandsFromForm(form.bands);
  if (form.newHireDate.trim() || form.newHireAllowance.trim()) {
    candidate.newHires = {
      hiredOnOrAfter: form.newHireDate.trim(),
      allowanceAmount: typedNumber(form.newHireAllowance) as number,
      ...tierAmounts({ plusOne: form.newHirePlusOne, family: form.newHireFamily }),
    };
  }
  return candidate;
}

/**
 * Every problem the browser can see in one class before it is added, keyed by its own
 * fields (`name`, `basis`, `ageBands.N`...): the schema first, then the same class rules the
 * server checks, then the plan's limits with the classes already on the list.
 */
export function addClassErrors(
  candidate: ClassDraft,
  existing: readonly ClassDraft[],
  plan: { name: string; limits: PlanLimitsRead } | null,
): Record<string, string> {
  const schema = validate(EmployeeClass, candidate);
  if (schema) return schema;
  const rules = classComplianceErrors(
    [
      {
        ...amountsInCents(candidate),
        ...candidate,
        headcount: 0,
        ageBands: candidate.ageBands ? ageBandsInCents(candidate.ageBands) : undefined,
        newHires: candidate.newHires
          ? {
              ...candidate.newHires,
              ...amountsInCents(candidate.newHires),
              ageBands: candidate.newHires.ageBands ? ageBandsInCents(candidate.newHires.ageBands) : undefined,
            }
          : undefined,
      },
    ],
    { totalEmployees: 1, censusCount: 0, prefix: "class" },
  );
  const found: Record<string, string> = {};
  for (const [field, message] of Object.entries(rules)) found[field.replace(/^class\.0\.?/, "") || "_"] = message;
  if (plan) {
    const limits = planLimitErrors(plan, [...existing, candidate]);
    const limit = limits.employeeClasses ?? limits[`employeeClasses.${existing.length}.basis`];
    if (limit) found._ = limit;
  }
  return found;
}

/** The add form keeps what was typed until the class is added (in `draft` when given, so
 * the wizard keeps it across reloads). */
export function AddClassForm({
  onAdd,
  disabled = false,
  draft,
  headingLevel = 3,
  existing = [],
  plan = null,
}: {
  onAdd: (c: ClassDraft) => void;
  disabled?: boolean;
  draft?: Signal<ClassFormDraft>;
  headingLevel?: HeadingLevel;
  /** The classes already on the list (the plan's class limit counts them). */
  existing?: readonly ClassDraft[];
  plan?: { name: string; limits: PlanLimitsRead } | null;
}) {
  const [local, setLocal] = useState<ClassFormDraft>({ ...emptyClassForm });
  const form = { ...emptyClassForm, ...(draft ? draft.value : local) };
  const setForm = (next: ClassFormDraft) => {
    if (draft) draft.value = next;
    else setLocal(next);
  };
  const setField =
    <K extends keyof ClassFormDraft>(key: K) =>
    (value: ClassFormDraft[K]) =>
      setForm({ ...form, [key]: value });
  const [errors, setErrors] = useState<Record<string, string>>({});
  /** A text field's value, setter and error; the error is keyed by the API's name for the field. */
  const bind = (key: TextKey, apiField: string = key) => ({ value: form[key], error: errors[apiField], onInput: setField(key) });
  const tiered = form.plusOne.trim() !== "" || form.family.trim() !== "";
  const byState = form.basis.includes("state") || form.basis.includes("multi-state-region");
  const byRatingArea = form.basis.includes("rating-area");

  function add(event: Event) {
    event.preventDefault();
    const candidate = classFromForm(form);
    const found = addClassErrors(candidate, existing, plan);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      focusFirstInvalid(".add-class-form", "[role='alert']");
      return;
    }
    onAdd(candidate);
    setForm({ ...emptyClassForm });
    setErrors({});
    document.getElementById("class-name")?.focus();
  }

  return (
    <form class="add-class-form" onSubmit={add} noValidate aria-labelledby="add-class-title">
      <Heading level={headingLevel} id="add-class-title">
        Add Employee Class
      </Heading>
      {plan?.limits.maxClasses != null && (
        <p class="muted">
          The {plan.name} plan includes up to {plan.limits.maxClasses} employee classes.
        </p>
      )}
      <div class="grid">
        <TextField id="class-name" label="Class Name" required {...bind("name")} placeholder="e.g. Full-time employees" maxLength={200} />
        <MoneyField
          id="class-allowance"
          label="Monthly Allowance ($)"
          required
          {...bind("allowance", "allowanceAmount")}
          hint="Self only: for an employee covering only themselves. With age bands, each band's amounts apply instead."
        />
      </div>
      <fieldset class="tier-fields" aria-describedby="tier-hint">
        <legend>By family size (optional)</legend>
        <small id="tier-hint">
          Offer more to employees who also cover family members. Leave both empty to give everyone the amount above.
        </small>
        <div class="grid">
          <TierFields
            idPrefix="class"
            label={(name) => `${name} ($ a month)`}
            values={form}
            errors={errors}
            onInput={(tier, value) => setField(tier)(value)}
          />
        </div>
      </fieldset>
      <TextArea
        id="class-eligibility"
        label="Eligibility Requirements (optional)"
        {...bind("eligibility", "eligibilityRequirements")}
        maxLength={5000}
        rows={2}
      />
      <BasisField value={form.basis} onChange={setField("basis")} error={errors.basis} />
      {byState && (
        <TextField
          id="class-states"
          label={form.basis.includes("multi-state-region") ? "States of the region" : "State"}
          required
          {...bind("states")}
          placeholder={form.basis.includes("multi-state-region") ? "e.g. TX, OK, LA" : "e.g. TX"}
          hint="Two-letter codes. Each employee's work ZIP on the census must be in it."
        />
      )}
      {byRatingArea && (
        <TextField
          id="class-rating-area"
          label="Rating area ZIP prefixes"
          required
          {...bind("ratingAreaZips")}
          placeholder="e.g. 786, 787"
          hint="The three-digit ZIP prefixes that make up the rating area, all in one state. Each employee's work ZIP must start with one."
        />
      )}
      <AgeBandsEditor
        rows={form.bands}
        onChange={setField("bands")}
        errors={errors}
        tiered={tiered}
        classAmounts={{ allowance: form.allowance, plusOne: form.plusOne, family: form.family }}
      />
      <fieldset class="new-hire-fields" aria-describedby="new-hire-hint">
        <legend>New hires (optional)</legend>
        <small id="new-hire-hint">
          The only way to give new hires different terms: employees of this class hired on or after a date you choose now get the amounts
          below instead. The minimum class size does not apply to them.
        </small>
        <div class="grid">
          <TextField id="class-new-hire-date" label="Hired on or after" type="date" {...bind("newHireDate", "newHires.hiredOnOrAfter")} />
          <MoneyField
            id="class-new-hire-allowance"
            label="New hires: self only ($)"
            {...bind("newHireAllowance", "newHires.allowanceAmount")}
          />
        </div>
        {tiered && (
          <div class="grid">
            <TierFields
              idPrefix="class-new-hire"
              label={(name) => `New hires: ${name.toLowerCase()} ($)`}
              values={{ plusOne: form.newHirePlusOne, family: form.newHireFamily }}
              errors={errors}
              errorPrefix="newHires."
              onInput={(tier, value) => setField(newHireKeys[tier])(value)}
            />
          </div>
        )}
      </fieldset>
      {errors._ && (
        <p class="field-error" role="alert">
          {errors._}
        </p>
      )}
      <button type="submit" class="secondary" disabled={disabled}>
        Add Class
      </button>
    </form>
  );
}

export type SaveOutcome = { ok: true } | { ok: false; notFound: boolean; fieldErrors: Record<string, string> };

/** What the classes step sends besides the classes: the expected headcount and the group-plan classes, as typed. */
export interface EmployerSize {
  totalEmployees: string;
  groupPlanClasses: readonly GroupPlanDraft[];
}

/** The group-plan classes as the API takes them. */
export const groupPlanPayload = (groups: readonly GroupPlanDraft[]) =>
  groups.map((g) => ({ name: g.name.trim(), basis: g.basis, headcount: g.headcount.trim() === "" ? -1 : Number(g.headcount) }));

/** PUT the whole list; answers what to tell the person (spec §8, Classes). */
export async function saveClasses(enrollmentId: number, classes: ClassDraft[], size: EmployerSize): Promise<SaveOutcome> {
  try {
    const totalEmployees = size.totalEmployees.trim() === "" ? 0 : Number(size.totalEmployees);
    await read(
      api.api
        .enrollment({ enrollmentId })
        .classes.put({ employeeClasses: classes, totalEmployees, groupPlanClasses: groupPlanPayload(size.groupPlanClasses) }),
    );
    toast({ title: "Employee Classes Saved", description: "Your employee class definitions have been saved successfully." });
    return { ok: true };
  } catch (error) {
    const apiError = error instanceof ApiError ? error : null;
    const notFound = apiError?.status === 404;
    const message = notFound
      ? "Enrollment not found. Please complete the plan selection step first."
      : messageOf(error, "Failed to save employee classes. Please try again.");
    toast({ title: "Save Failed", description: message, variant: "destructive" });
    return { ok: false, notFound, fieldErrors: apiError?.status === 400 ? apiError.fieldErrors : {} };
  }
}
