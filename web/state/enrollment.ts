// The employer wizard's state, in signals. What the person types is mirrored into
// localStorage so a reload or an error never loses it; what the server holds is reloaded
// from the server on start (see resume.ts), and the server always wins for saved data.
import { batch, effect, type Signal, signal } from "@preact/signals-react";
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

export const emptyCompany = {
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
export type CompanyDraft = typeof emptyCompany;

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

/**
 * One value of the wizard: where it starts, and, for what the person types, how a draft
 * kept in this browser reads back (anything unreadable starts over).
 */
interface Value<T> {
  initial: () => T;
  draft?: { read: (stored: unknown) => T | undefined; keepWhile?: () => boolean };
}
const value = <T>(initial: () => T): Value<T> => ({ initial });
const typed = <T>(
  initial: () => T,
  read: (stored: unknown) => T | undefined = (stored) => (stored ?? undefined) as T | undefined,
  keepWhile?: () => boolean,
): Value<T> => ({
  initial,
  draft: { read, keepWhile },
});

/** Every value of the wizard, once; the signals, the draft kept in localStorage and the reset derive from it. */
const values = {
  /** 1-based number of the step on screen. */
  step: value(() => 1),
  businessId: value<number | null>(() => null),
  enrollmentId: value<number | null>(() => null),
  /** The company form as typed; once registered, the server's copy for display (and no longer kept in storage). */
  company: typed<CompanyDraft>(
    () => ({ ...emptyCompany }),
    (stored) => ({ ...emptyCompany, ...(stored ?? {}) }),
    (): boolean => !wizard.businessId.value,
  ),
  planId: typed<number | null>(() => null),
  /** Kept as typed; an empty entry counts as 0. */
  monthlyBudget: typed(() => ""),
  classes: typed<ClassDraft[]>(
    () => [],
    (stored) => (Array.isArray(stored) ? stored : undefined),
  ),
  /** The Add Employee Class form as typed, before the class is added. */
  classForm: typed<ClassFormDraft>(
    () => ({ ...emptyClassForm }),
    (stored) => ({ ...emptyClassForm, ...(stored ?? {}) }),
  ),
  /** The employer also offers a traditional group health plan to another class. */
  offersGroupPlan: typed(
    () => false,
    (stored) => stored === true,
  ),
  /** True when the server holds exactly the classes in `classes`. */
  classesSaved: value(() => false),
  /** Employees the server holds for this enrollment (null: never uploaded). */
  censusCount: value<number | null>(() => null),
  census: value<CensusSummary | null>(() => null),
  censusSkipped: value(() => false),
  /** The enrollment's effective date: the one value the Plan Design, Effective Date and Review steps show and send. */
  effectiveDate: typed(() => ""),
  /** True when the server holds `effectiveDate` as confirmed on the Effective Date step. */
  effectiveDateSaved: typed(() => false),
  notes: typed(() => ""),
  /** The enrollment's status on the server, once known. */
  enrollmentStatus: value<string | null>(() => null),
};

type Values = typeof values;
type Name = keyof Values;
type ValueOf<K extends Name> = Values[K] extends Value<infer T> ? T : never;
const names = Object.keys(values) as Name[];

export const wizard = Object.fromEntries(names.map((name) => [name, signal(values[name].initial())])) as {
  [K in Name]: Signal<ValueOf<K>>;
};

export const BUSINESS_KEY = "last_business_id";
export const DRAFT_KEY = "enroll_draft";

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

const kept = names.filter((name) => values[name].draft);

/** Loads what was typed in this browser; the server's copy is applied on top later. */
export function loadDraft() {
  let draft: Record<string, unknown> = {};
  try {
    draft = JSON.parse(storage()?.getItem(DRAFT_KEY) ?? "{}") ?? {};
  } catch {
    draft = {};
  }
  batch(() => {
    for (const name of kept) {
      const spec = values[name] as Value<unknown>;
      (wizard[name] as Signal<unknown>).value = spec.draft!.read(draft[name]) ?? spec.initial();
    }
  });
}

function saveDraft() {
  const draft = Object.fromEntries(
    kept.map((name) => {
      const keepWhile = values[name].draft!.keepWhile;
      return [name, !keepWhile || keepWhile() ? wizard[name].value : undefined];
    }),
  );
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
    for (const name of names) (wizard[name] as Signal<unknown>).value = values[name].initial();
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
