// The list of employee classes with delete buttons, and the Add Employee Class form. The
// list is local until saved; saving replaces the whole list on the server.

import type { Signal } from "@preact/signals-react";
import { validate } from "@src/lib/field-errors";
import { formatUsd, formatUsdWhole } from "@src/lib/money";
import { ageBandFieldErrors, ageBandsInCents } from "@src/modules/compliance/age-bands";
import { EmployeeClass } from "@src/modules/enrollments/model";
import { useState } from "react";
import { api, read } from "../../api/client";
import { ApiError, messageOf } from "../../api/errors";
import { AffordabilityCheck } from "../../components/compliance/AffordabilityCheck";
import { Heading, type HeadingLevel } from "../../components/compliance/Heading";
import { TextArea, TextField } from "../../components/forms/Field";
import { toast } from "../../components/toast/toast-store";
import { plural } from "../../lib/plural";
import { type ClassDraft, type ClassFormDraft, emptyClassForm } from "../../state/enrollment";
import { AgeBandsEditor, bandsFromForm } from "./AgeBandsEditor";
import { BandList } from "./BandList";
import { BasisField, basisText } from "./BasisField";
import { averageAllowance } from "./calculator-math";
import { classErrorMessages } from "./class-errors";

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
}: {
  classes: ClassDraft[];
  onDelete?: (index: number) => void;
  /** The server's field errors (`employeeClasses.N...`), shown on class N. */
  errors?: Record<string, string>;
  /** Plan year for the affordability checks. */
  planYear?: number;
  headingLevel?: HeadingLevel;
}) {
  return (
    <section aria-labelledby="class-count">
      <p id="class-count" class="class-count" aria-live="polite">
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
                        <p class="class-allowance">{formatUsd(c.allowanceAmount)}/month</p>
                        {basis && <p class="class-basis">Based on: {basis}</p>}
                        {c.eligibilityRequirements && <p class="muted">{c.eligibilityRequirements}</p>}
                        {c.ageBands && c.ageBands.length > 0 && <BandList bands={c.ageBands} />}
                      </div>
                      {onDelete && (
                        <button
                          type="button"
                          class="secondary outline delete-class"
                          aria-label={`Delete ${c.name}`}
                          onClick={() => onDelete(index)}
                        >
                          Delete
                        </button>
                      )}
                    </div>
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
          Average allowance: <strong>{formatUsdWhole(averageAllowance(classes.map((c) => c.allowanceAmount)))}/month</strong>
        </p>
      )}
    </section>
  );
}

/** The add form keeps what was typed until the class is added (in `draft` when given, so
 * the wizard keeps it across reloads). */
export function AddClassForm({
  onAdd,
  disabled = false,
  draft,
  headingLevel = 3,
}: {
  onAdd: (c: ClassDraft) => void;
  disabled?: boolean;
  draft?: Signal<ClassFormDraft>;
  headingLevel?: HeadingLevel;
}) {
  const [local, setLocal] = useState<ClassFormDraft>({ ...emptyClassForm });
  const form = draft ? draft.value : local;
  const setForm = (next: ClassFormDraft) => {
    if (draft) draft.value = next;
    else setLocal(next);
  };
  const { name, allowance, eligibility, basis, bands } = form;
  const setField =
    <K extends keyof ClassFormDraft>(key: K) =>
    (value: ClassFormDraft[K]) =>
      setForm({ ...form, [key]: value });
  const [errors, setErrors] = useState<Record<string, string>>({});

  function add(event: Event) {
    event.preventDefault();
    const candidate: ClassDraft = { name: name.trim(), allowanceAmount: allowance.trim() === "" ? 0 : Number(allowance) };
    if (eligibility.trim()) candidate.eligibilityRequirements = eligibility.trim();
    if (basis.length) candidate.basis = [...basis];
    if (bands.length) candidate.ageBands = bandsFromForm(bands);
    // The schema first (each field), then the rules across bands (order, gaps, 3:1), as the server checks them.
    const found =
      validate(EmployeeClass, candidate) ?? (candidate.ageBands ? ageBandFieldErrors(ageBandsInCents(candidate.ageBands), "ageBands") : {});
    if (Object.keys(found).length > 0) {
      setErrors(found);
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>(".add-class-form [aria-invalid='true'], .add-class-form [role='alert']")?.focus?.(),
      );
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
      <div class="grid">
        <TextField
          id="class-name"
          label="Class Name"
          required
          value={name}
          error={errors.name}
          placeholder="e.g. Full-time employees"
          onInput={setField("name")}
          maxLength={200}
        />
        <TextField
          id="class-allowance"
          label="Monthly Allowance ($)"
          type="number"
          inputMode="decimal"
          min="1"
          step="0.01"
          required
          value={allowance}
          error={errors.allowanceAmount}
          onInput={setField("allowance")}
        />
      </div>
      <TextArea
        id="class-eligibility"
        label="Eligibility Requirements (optional)"
        value={eligibility}
        error={errors.eligibilityRequirements}
        onInput={setField("eligibility")}
        maxLength={5000}
        rows={2}
      />
      <BasisField value={basis} onChange={setField("basis")} error={errors.basis} />
      <AgeBandsEditor rows={bands} onChange={setField("bands")} errors={errors} />
      <button type="submit" class="secondary" disabled={disabled}>
        Add Class
      </button>
    </form>
  );
}

export type SaveOutcome = { ok: true } | { ok: false; notFound: boolean; fieldErrors: Record<string, string> };

/** PUT the whole list; answers what to tell the person (spec §8, Classes). */
export async function saveClasses(enrollmentId: number, classes: ClassDraft[], offersGroupPlan = false): Promise<SaveOutcome> {
  try {
    await read(api.api.enrollment({ enrollmentId }).classes.put({ employeeClasses: classes, offersGroupPlan }));
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
