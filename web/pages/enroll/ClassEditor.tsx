// The list of employee classes with delete buttons, and the Add Employee Class form. The
// list is local until saved; saving replaces the whole list on the server.
import { useState } from "react";
import { EmployeeClass } from "../../../src/modules/enrollments/model";
import { validate } from "../../../src/lib/field-errors";
import { formatUsd, formatUsdWhole } from "../../../src/lib/money";
import { averageAllowance } from "./calculator-math";
import { ApiError, api } from "../../api";
import { toast } from "../../components/toast/toast-store";
import { TextArea, TextField } from "./Field";
import type { Signal } from "@preact/signals-react";
import { emptyClassForm, type ClassDraft, type ClassFormDraft } from "../../state/enrollment";

export const classesDefined = (n: number) => `${n} ${n === 1 ? "class" : "classes"} defined`;

export function ClassCards({ classes, onDelete }: { classes: ClassDraft[]; onDelete?: (index: number) => void }) {
  return (
    <section aria-labelledby="class-count">
      <p id="class-count" class="class-count" aria-live="polite">
        {classesDefined(classes.length)}
      </p>
      {classes.length > 0 && (
        <ul class="class-cards">
          {classes.map((c, index) => (
            <li key={`${c.name}-${index}`}>
              <article class="class-card">
                <div>
                  <strong>{c.name}</strong>
                  <p class="class-allowance">{formatUsd(c.allowanceAmount)}/month</p>
                  {c.eligibilityRequirements && <p class="muted">{c.eligibilityRequirements}</p>}
                </div>
                {onDelete && (
                  <button type="button" class="secondary outline delete-class" aria-label={`Delete ${c.name}`} onClick={() => onDelete(index)}>
                    Delete
                  </button>
                )}
              </article>
            </li>
          ))}
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
export function AddClassForm({ onAdd, disabled = false, draft }: { onAdd: (c: ClassDraft) => void; disabled?: boolean; draft?: Signal<ClassFormDraft> }) {
  const [local, setLocal] = useState<ClassFormDraft>({ ...emptyClassForm });
  const form = draft ? draft.value : local;
  const setForm = (next: ClassFormDraft) => (draft ? (draft.value = next) : setLocal(next));
  const { name, allowance, eligibility } = form;
  const setName = (v: string) => setForm({ ...form, name: v });
  const setAllowance = (v: string) => setForm({ ...form, allowance: v });
  const setEligibility = (v: string) => setForm({ ...form, eligibility: v });
  const [errors, setErrors] = useState<Record<string, string>>({});

  function add(event: Event) {
    event.preventDefault();
    const candidate: ClassDraft = { name: name.trim(), allowanceAmount: allowance.trim() === "" ? 0 : Number(allowance) };
    if (eligibility.trim()) candidate.eligibilityRequirements = eligibility.trim();
    const found = validate(EmployeeClass, candidate);
    if (found) {
      setErrors(found);
      requestAnimationFrame(() => document.querySelector<HTMLElement>(".add-class-form [aria-invalid='true']")?.focus());
      return;
    }
    onAdd(candidate);
    setForm({ ...emptyClassForm });
    setErrors({});
    document.getElementById("class-name")?.focus();
  }

  return (
    <form class="add-class-form" onSubmit={add} noValidate aria-labelledby="add-class-title">
      <h3 id="add-class-title">Add Employee Class</h3>
      <div class="grid">
        <TextField id="class-name" label="Class Name" required value={name} error={errors.name} placeholder="e.g. Full-time employees" onInput={setName} maxLength={200} />
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
          onInput={setAllowance}
        />
      </div>
      <TextArea id="class-eligibility" label="Eligibility Requirements (optional)" value={eligibility} error={errors.eligibilityRequirements} onInput={setEligibility} maxLength={5000} rows={2} />
      <button type="submit" class="secondary" disabled={disabled}>
        Add Class
      </button>
    </form>
  );
}

export type SaveOutcome = { ok: true } | { ok: false; notFound: boolean; message: string };

/** PUT the whole list; answers what to tell the person (spec §8, Classes). */
export async function saveClasses(enrollmentId: number, classes: ClassDraft[]): Promise<SaveOutcome> {
  try {
    await api.put(`/api/enrollment/${enrollmentId}/classes`, { employeeClasses: classes });
    toast({ title: "Employee Classes Saved", description: "Your employee class definitions have been saved successfully." });
    return { ok: true };
  } catch (error) {
    const apiError = error instanceof ApiError ? error : null;
    const notFound = apiError?.status === 404;
    const message = notFound
      ? "Enrollment not found. Please complete the plan selection step first."
      : (apiError?.serverMessage ?? "Failed to save employee classes. Please try again.");
    toast({ title: "Save Failed", description: message, variant: "destructive" });
    return { ok: false, notFound, message };
  }
}
