// The employer wizard's state, in signals. What the person types is mirrored into
// localStorage so a reload or an error never loses it; what the server holds is reloaded
// from the server on start (see resume.ts), and the server always wins for saved data.
import { batch, effect, type Signal, signal } from "@preact/signals-react";
import { localToday, quickEffectiveDate } from "@src/lib/date-rules";
import type { CensusUploadAnswer } from "@src/modules/census/model";
import type { ClassBasis as ClassBasisValue } from "@src/modules/compliance/rules";
import type { EmployeeClass, EmployeeClassRead, EnrollmentRead } from "@src/modules/enrollments/model";
import type { PlanLimitsRead } from "@src/modules/plans/model";

export const stepLabels = [
  "Company Info",
  "Plan Design",
  "Employee Classes",
  "Employee Census",
  "Effective Date",
  "Review & Submit",
] as const;
export const stepCount = stepLabels.length;
/** Where the browser's history entries keep the wizard's step (web/lib/step-history.ts). */
export const WIZARD_STEP_KEY = "wizardStep";

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

/** A class as the wizard holds it: the classes endpoint's payload shape (dollars). */
export type ClassDraft = Omit<EmployeeClass, "basis"> & { basis?: ClassBasisValue[] };

/** An age band row as typed. */
export interface BandFormDraft {
  minAge: string;
  maxAge: string;
  allowance: string;
  /** Self + one and family amounts, when the class varies by family size. */
  plusOne?: string;
  family?: string;
}

export interface ClassFormDraft {
  name: string;
  allowance: string;
  /** Self + one and family amounts (empty: the class does not vary by family size). */
  plusOne: string;
  family: string;
  eligibility: string;
  basis: ClassBasisValue[];
  /** A state class's state, or a multi-state region's states, as typed ("TX, OK"). */
  states: string;
  /** A rating-area class's three-digit ZIP prefixes, as typed ("787, 786"). */
  ratingAreaZips: string;
  bands: BandFormDraft[];
  /** The new-hire subclass: hired on or after this date, with its own amounts. */
  newHireDate: string;
  newHireAllowance: string;
  newHirePlusOne: string;
  newHireFamily: string;
}

export const emptyClassForm: ClassFormDraft = {
  name: "",
  allowance: "",
  plusOne: "",
  family: "",
  eligibility: "",
  basis: [],
  states: "",
  ratingAreaZips: "",
  bands: [],
  newHireDate: "",
  newHireAllowance: "",
  newHirePlusOne: "",
  newHireFamily: "",
};

/** A class that keeps the traditional group plan, as typed. */
export interface GroupPlanDraft {
  name: string;
  basis: ClassBasisValue[];
  headcount: string;
}

const bandDraft = (b: NonNullable<EmployeeClassRead["ageBands"]>[number]) => {
  const { headcount: _headcount, ...band } = b;
  return band;
};

/** A class as the server reads it back → the class as the forms edit and save it. */
export function toClassDraft(c: EmployeeClassRead): ClassDraft {
  const draft: ClassDraft = { name: c.name, allowanceAmount: c.allowanceAmount };
  if (c.individualPlus1Amount !== undefined) draft.individualPlus1Amount = c.individualPlus1Amount;
  if (c.familyAmount !== undefined) draft.familyAmount = c.familyAmount;
  if (c.eligibilityRequirements) draft.eligibilityRequirements = c.eligibilityRequirements;
  if (c.basis?.length) draft.basis = c.basis as ClassBasisValue[];
  if (c.states?.length) draft.states = c.states;
  if (c.ratingAreaZips?.length) draft.ratingAreaZips = c.ratingAreaZips;
  if (c.ageBands?.length) draft.ageBands = c.ageBands.map(bandDraft);
  if (c.newHires) {
    const { headcount: _headcount, ageBands, ...terms } = c.newHires;
    draft.newHires = { ...terms, ...(ageBands?.length ? { ageBands: ageBands.map(bandDraft) } : {}) };
  }
  return draft;
}

/** Group-plan classes as the server reads them back → as the form edits them. */
export const toGroupPlanDrafts = (groups: EnrollmentRead["groupPlanClasses"]): GroupPlanDraft[] =>
  groups.map((g) => ({ name: g.name, basis: g.basis as ClassBasisValue[], headcount: String(g.headcount) }));

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

const isCensusAnswer = (stored: unknown): stored is CensusUploadAnswer =>
  typeof stored === "object" &&
  stored !== null &&
  Number.isInteger((stored as CensusUploadAnswer).accepted) &&
  Number.isInteger((stored as CensusUploadAnswer).rejected) &&
  Array.isArray((stored as CensusUploadAnswer).errors);

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
  /** The chosen plan's name and stated limits (classes allowed), for the classes step. */
  plan: typed<{ name: string; limits: PlanLimitsRead } | null>(() => null),
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
  /** The classes that keep a traditional group health plan (none: no group plan). */
  groupPlanClasses: typed<GroupPlanDraft[]>(
    () => [],
    (stored) => (Array.isArray(stored) ? stored : undefined),
  ),
  /** Employees expected on the first day of the plan year, all of them, as typed. */
  totalEmployees: typed(() => ""),
  /** True when the server holds exactly the classes in `classes`. */
  classesSaved: value(() => false),
  /** Employees the server holds for this enrollment (null: never uploaded). */
  censusCount: value<number | null>(() => null),
  /**
   * What the last upload answered: its row errors stay on screen, through a reload too, to be
   * corrected in the file (the census step shows them only while the server still holds
   * that upload's employees).
   */
  census: typed<CensusUploadAnswer | null>(
    () => null,
    (stored) => (isCensusAnswer(stored) ? stored : undefined),
  ),
  censusSkipped: value(() => false),
  /** Rows of the last census file the server refused: the step is unfinished while there are any. */
  censusRejected: value(() => 0),
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

/** The effective date step's default: 90 days ahead, then the first of the following month (spec §9, rulings). */
export const defaultEffectiveDate = (today = localToday()) => quickEffectiveDate(today, 90);

/** An empty or unreadable budget entry counts as 0 (spec §4). */
export function budgetNumber(text: string): number {
  const n = Number.parseFloat(text);
  return Number.isFinite(n) ? n : 0;
}
