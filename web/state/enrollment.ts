// The employer wizard's state, in signals. What the person types is mirrored into
// localStorage so a reload or an error never loses it; what the server holds is reloaded
// from the server on start (see resume.ts), and the server always wins for saved data.
import { batch, effect, signal } from "@preact/signals-react";
import type { AgeBand } from "@src/modules/compliance/model";
import type { ClassBasis as ClassBasisValue } from "@src/modules/compliance/rules";
import type { EmployeeClassRead } from "@src/modules/enrollments/model";
import { daysFromToday } from "../lib/dates";

export const stepLabels = [
  "Company Info",
  "Plan Design",
  "Employee Classes",
  "Employee Census",
  "Effective Date",
  "Review & Submit",
] as const;
export const stepCount = stepLabels.length;

export interface CompanyDraft {
  name: string;
  taxId: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  industry: string;
  size: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  termsAccepted: boolean;
}

export const emptyCompany: CompanyDraft = {
  name: "",
  taxId: "",
  address: "",
  city: "",
  state: "select-state",
  zip: "",
  industry: "select-industry",
  size: "select-range",
  firstName: "",
  lastName: "",
  email: "",
  phone: "",
  termsAccepted: false,
};

export interface ClassDraft {
  name: string;
  allowanceAmount: number;
  eligibilityRequirements?: string;
  /** What the class is based on: one permitted class, or several for a combination. */
  basis?: ClassBasisValue[];
  /** Monthly allowances by age (dollars), youngest first. */
  ageBands?: AgeBand[];
}

/** An age band row as typed. */
export interface BandFormDraft {
  minAge: string;
  maxAge: string;
  allowance: string;
}

export interface ClassFormDraft {
  name: string;
  allowance: string;
  eligibility: string;
  basis: ClassBasisValue[];
  bands: BandFormDraft[];
}

export const emptyClassForm: ClassFormDraft = { name: "", allowance: "", eligibility: "", basis: [], bands: [] };

/** A class as the server reads it back → the class as the forms edit and save it. */
export function toClassDraft(c: EmployeeClassRead): ClassDraft {
  const draft: ClassDraft = { name: c.name, allowanceAmount: c.allowanceAmount };
  if (c.eligibilityRequirements) draft.eligibilityRequirements = c.eligibilityRequirements;
  if (c.basis?.length) draft.basis = c.basis as ClassBasisValue[];
  if (c.ageBands?.length)
    draft.ageBands = c.ageBands.map((b) =>
      b.maxAge === undefined
        ? { minAge: b.minAge, allowanceAmount: b.allowanceAmount }
        : { minAge: b.minAge, maxAge: b.maxAge, allowanceAmount: b.allowanceAmount },
    );
  return draft;
}

export interface CensusSummary {
  accepted: number;
  rejected: number;
  errors: { row: number; field: string; message: string }[];
}

export const wizard = {
  /** 1-based number of the step on screen. */
  step: signal(1),
  businessId: signal<number | null>(null),
  enrollmentId: signal<number | null>(null),
  /** The company form as typed; once registered, the server's copy for display. */
  company: signal<CompanyDraft>({ ...emptyCompany }),
  planId: signal<number | null>(null),
  /** Kept as typed; an empty entry counts as 0. */
  monthlyBudget: signal(""),
  classes: signal<ClassDraft[]>([]),
  /** The Add Employee Class form as typed, before the class is added. */
  classForm: signal<ClassFormDraft>({ ...emptyClassForm }),
  /** The employer also offers a traditional group health plan to another class. */
  offersGroupPlan: signal(false),
  /** True when the server holds exactly the classes in `classes`. */
  classesSaved: signal(false),
  /** Employees the server holds for this enrollment (null: never uploaded). */
  censusCount: signal<number | null>(null),
  census: signal<CensusSummary | null>(null),
  censusSkipped: signal(false),
  /** The enrollment's effective date: the one value the Plan Design, Effective Date and Review steps show and send. */
  effectiveDate: signal(""),
  /** True when the server holds `effectiveDate` as confirmed on the Effective Date step. */
  effectiveDateSaved: signal(false),
  notes: signal(""),
  /** The enrollment's status on the server, once known. */
  enrollmentStatus: signal<string | null>(null),
};

export const BUSINESS_KEY = "last_business_id";
export const DRAFT_KEY = "enroll_draft";

interface Draft {
  company?: CompanyDraft;
  planId?: number | null;
  monthlyBudget?: string;
  classes?: ClassDraft[];
  classForm?: ClassFormDraft;
  offersGroupPlan?: boolean;
  effectiveDate?: string;
  notes?: string;
  effectiveDateSaved?: boolean;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

export function storedBusinessId(): number | null {
  const raw = storage()?.getItem(BUSINESS_KEY);
  const id = raw ? Number(raw) : NaN;
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function rememberBusinessId(id: number) {
  storage()?.setItem(BUSINESS_KEY, String(id));
}

/** Loads what was typed in this browser; the server's copy is applied on top later. */
export function loadDraft() {
  let draft: Draft = {};
  try {
    draft = JSON.parse(storage()?.getItem(DRAFT_KEY) ?? "{}") ?? {};
  } catch {
    draft = {};
  }
  batch(() => {
    wizard.company.value = { ...emptyCompany, ...(draft.company ?? {}) };
    wizard.planId.value = draft.planId ?? null;
    wizard.monthlyBudget.value = draft.monthlyBudget ?? "";
    wizard.classes.value = Array.isArray(draft.classes) ? draft.classes : [];
    wizard.classForm.value = { ...emptyClassForm, ...(draft.classForm ?? {}) };
    wizard.offersGroupPlan.value = draft.offersGroupPlan === true;
    wizard.effectiveDate.value = draft.effectiveDate ?? "";
    wizard.effectiveDateSaved.value = draft.effectiveDateSaved ?? false;
    wizard.notes.value = draft.notes ?? "";
  });
}

function saveDraft() {
  const draft: Draft = {
    // Once registered, the server holds the company; keep its details out of storage.
    company: wizard.businessId.value ? undefined : wizard.company.value,
    planId: wizard.planId.value,
    monthlyBudget: wizard.monthlyBudget.value,
    classes: wizard.classes.value,
    classForm: wizard.classForm.value,
    offersGroupPlan: wizard.offersGroupPlan.value,
    effectiveDate: wizard.effectiveDate.value,
    effectiveDateSaved: wizard.effectiveDateSaved.value,
    notes: wizard.notes.value,
  };
  storage()?.setItem(DRAFT_KEY, JSON.stringify(draft));
}

/** Mirrors the wizard into localStorage on every change; answers the stop function. */
export function persistDraft(): () => void {
  return effect(saveDraft);
}

/** Forgets everything: used to start an enrollment for another company. */
export function resetWizard() {
  storage()?.removeItem(BUSINESS_KEY);
  clearDraft();
}

/** After submitting: the server holds it all, so nothing typed needs keeping. */
export function clearDraft() {
  batch(() => {
    wizard.step.value = 1;
    wizard.businessId.value = null;
    wizard.enrollmentId.value = null;
    wizard.company.value = { ...emptyCompany };
    wizard.planId.value = null;
    wizard.monthlyBudget.value = "";
    wizard.classes.value = [];
    wizard.classForm.value = { ...emptyClassForm };
    wizard.offersGroupPlan.value = false;
    wizard.classesSaved.value = false;
    wizard.censusCount.value = null;
    wizard.census.value = null;
    wizard.censusSkipped.value = false;
    wizard.effectiveDate.value = "";
    wizard.effectiveDateSaved.value = false;
    wizard.notes.value = "";
    wizard.enrollmentStatus.value = null;
  });
  storage()?.removeItem(DRAFT_KEY);
}

/** 'Cannot Proceed' reasons: what step `step` needs before it can open (spec §4). */
export function missingBefore(step: number): string | null {
  if (step >= 2 && !wizard.businessId.value) return "Please complete company information first.";
  if (step >= 3 && !wizard.enrollmentId.value) return "Please complete plan design step first.";
  if (step >= 4 && wizard.classes.value.length === 0) return "Please add at least one employee class.";
  if (step >= 6 && !wizard.effectiveDate.value) return "Please select an effective date.";
  return null;
}

export interface Progress {
  businessId: number | null;
  enrollmentId: number | null;
  classesSaved: boolean;
  censusDone: boolean;
  effectiveDateSaved: boolean;
}

/** The first step that still needs the person: where a resumed wizard opens. */
export function firstUnfinishedStep(p: Progress): number {
  if (!p.businessId) return 1;
  if (!p.enrollmentId) return 2;
  if (!p.classesSaved) return 3;
  if (!p.censusDone) return 4;
  if (!p.effectiveDateSaved) return 5;
  return 6;
}

/** A new effective date, typed on either step: it needs confirming again on the Effective Date step. */
export function changeEffectiveDate(value: string) {
  batch(() => {
    wizard.effectiveDate.value = value;
    wizard.effectiveDateSaved.value = false;
  });
}

/** The effective date step's default: 90 days from today (spec §9). */
export const defaultEffectiveDate = () => daysFromToday(90);

/** An empty or unreadable budget entry counts as 0 (spec §4). */
export function budgetNumber(text: string): number {
  const n = Number.parseFloat(text);
  return Number.isFinite(n) ? n : 0;
}
