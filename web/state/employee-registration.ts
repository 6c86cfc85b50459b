// State of the employee registration flow. The server is the record: every step that
// changes something is saved there, and the screens show what it answered. What is typed
// and not yet saved is kept in this tab (never the SSN), so a reload does not lose it.
import { computed, signal } from "@preact/signals-react";
import type { FieldErrors } from "@src/lib/field-errors";
import {
  type CoverageLevel,
  coverageLevels,
  type HealthPlanId,
  healthPlanIds,
  noticePath,
  type RegistrationSave,
  type RegistrationView,
  type SavedRegistration,
} from "@src/modules/employees/model";
import type { StatePremiumTable } from "@src/modules/premiums/model";
import { api, read } from "../api/client";
import { ApiError } from "../api/errors";
import { keepTyping, withKeptDraft } from "../lib/kept-drafts";
import { stepHistory } from "../lib/step-history";

export const employeeSteps = ["Personal Info", "About ICHRA", "Plan Details", "Coverage", "Shop", "Terms", "Confirm"] as const;

/** A text field comes back as the employee saved it, else as the census had it, else empty; kept in the tab until saved. */
const text = (step: number) => ({
  empty: "",
  step,
  kept: true,
  resume: (view: RegistrationView, name: string) =>
    (view.registration as Record<string, unknown> | null)?.[name] || (view.prefill as Record<string, unknown>)[name] || "",
});

/**
 * Every field of the registration, once: its empty value, the step that asks for it (so a
 * server error can send the person back there) and how a saved registration fills it. The
 * form's type, its empty state, the step table and the resumed form derive from it.
 */
const registrationFields = {
  firstName: text(1),
  lastName: text(1),
  email: text(1),
  phone: text(1),
  dateOfBirth: text(1),
  // Never sent back (only masked): an empty box keeps the one on file.
  ssn: { empty: "", step: 1, resume: () => "" },
  address: text(1),
  city: text(1),
  state: text(1),
  zipCode: text(1),
  coverageLevel: {
    empty: "" as CoverageLevel | "",
    step: 4,
    resume: (view: RegistrationView) => coverageLevels.find((level) => level === view.registration?.coverageLevel) ?? "",
  },
  healthPlanId: {
    empty: "" as HealthPlanId | "",
    step: 5,
    resume: (view: RegistrationView) => healthPlanIds.find((plan) => plan === view.registration?.healthPlanId) ?? "",
  },
  acceptTerms: { empty: false as boolean, step: 6, resume: (view: RegistrationView) => Boolean(view.registration?.termsAcceptedAt) },
} satisfies Record<keyof RegistrationFields, { empty: unknown; step: number; resume: (view: RegistrationView, name: string) => unknown }>;

type FieldName = keyof typeof registrationFields;
export type RegistrationForm = { [K in FieldName]: (typeof registrationFields)[K]["empty"] };

const fieldNames = Object.keys(registrationFields) as FieldName[];

/** Which step each field is asked on. */
export const stepOfField: Record<string, number> = Object.fromEntries(fieldNames.map((name) => [name, registrationFields[name].step]));

const emptyForm = Object.fromEntries(fieldNames.map((name) => [name, registrationFields[name].empty])) as RegistrationForm;

export type LoadState = "idle" | "loading" | "ready" | "invalid" | "error";

const resets: (() => void)[] = [];
/** A piece of the flow's state with its starting value, which resetRegistrationState brings back. */
function state<T>(initial: () => T) {
  const s = signal(initial());
  resets.push(() => {
    s.value = initial();
  });
  return s;
}

export const loadState = state<LoadState>(() => "idle");
export const registration = state<RegistrationView | null>(() => null);
export const form = state<RegistrationForm>(() => ({ ...emptyForm }));
export const fieldErrors = state<FieldErrors>(() => ({}));
export const currentStep = state(() => 1);
export const saving = state(() => false);
export const saveError = state<string | null>(() => null);
export const premiums = state<StatePremiumTable | null>(() => null);
export const premiumsFailed = state(() => false);

let invite = "";
let enrollmentId = "";
/** A preview link's token: the registration opened read-only, for the employer (rulings). */
let previewToken = "";

/** True when the registration was opened through a preview link: nothing is saved. */
export const previewing = state(() => false);

/** The employee's ICHRA notice, opened with the same invite (or the same preview link). */
export const noticeHref = () =>
  previewing.value
    ? `${noticePath(enrollmentId)}?preview=${encodeURIComponent(previewToken)}`
    : `${noticePath(enrollmentId)}?invite=${encodeURIComponent(invite)}`;

export const ssnOnFile = computed(() => registration.value?.registration?.ssnMasked ?? null);
export const submitted = computed(() => Boolean(registration.value?.registration?.submittedAt));

/** The census prefill, overridden by what the employee already saved. */
export const formFrom = (view: RegistrationView): RegistrationForm =>
  Object.fromEntries(fieldNames.map((name) => [name, registrationFields[name].resume(view, name)])) as RegistrationForm;

const registrationRoute = (id: string) => api.api["employee-registration"]({ enrollmentId: encodeURIComponent(id) });

/** The fields kept in the tab until saved: the text ones, which the SSN is not. */
const keptFields = fieldNames.filter((name) => "kept" in registrationFields[name]);
/** One employee's typing: an invitation is one person's. */
const keptAs = () => `registration-${enrollmentId}-${invite}`;

/** Keeps what differs from what the server holds; a preview keeps nothing. */
function rememberTyping() {
  const view = registration.value;
  if (!previewing.value && view) keepTyping(keptAs(), form.value, formFrom(view), keptFields);
}

export function updateField<K extends keyof RegistrationForm>(name: K, value: RegistrationForm[K]) {
  form.value = { ...form.value, [name]: value };
  rememberTyping();
  if (fieldErrors.value[name]) {
    const { [name]: _gone, ...rest } = fieldErrors.value;
    fieldErrors.value = rest;
  }
}

/** The registration's steps, each an entry of the browser's history (web/lib/step-history.ts). */
const steps = stepHistory({
  key: "registrationStep",
  count: employeeSteps.length,
  current: () => currentStep.value,
  show(step) {
    currentStep.value = step;
    fieldErrors.value = {};
    saveError.value = null;
  },
});

export const goToStep = steps.goTo;

/** The browser's Back moves to the step shown before. Answers how to stop. */
export const followRegistrationHistory = steps.follow;

/** The saved registration names these fields differently from the form. */
const savedAs: Partial<Record<FieldName, keyof SavedRegistration>> = { ssn: "ssnMasked", acceptTerms: "termsAcceptedAt" };

/**
 * The step a returning employee (a reload, the browser's back then forward, the link opened
 * again) picks up at: the first one with an answer not saved. About ICHRA and Plan Details
 * save nothing, so once Personal Info is saved the flow reopens at About ICHRA.
 */
export function resumeStep(saved: SavedRegistration | null): number {
  if (saved?.submittedAt || saved?.declinedAt) return employeeSteps.length;
  const unsaved = fieldNames.filter((name) => !saved?.[savedAs[name] ?? (name as keyof SavedRegistration)]);
  const first = Math.min(...unsaved.map((name) => registrationFields[name].step), employeeSteps.length - 1);
  return first === registrationFields.coverageLevel.step ? 2 : first;
}

export async function loadRegistration(id: string, token: string): Promise<void> {
  enrollmentId = id;
  invite = token;
  previewing.value = false;
  loadState.value = "loading";
  if (!token) {
    loadState.value = "invalid";
    return;
  }
  try {
    const view = await read(registrationRoute(id).get({ query: { invite: token } }));
    registration.value = view;
    const done = view.registration?.submittedAt || view.registration?.declinedAt;
    form.value = done ? formFrom(view) : withKeptDraft(keptAs(), formFrom(view), keptFields);
    currentStep.value = resumeStep(view.registration);
    loadState.value = "ready";
  } catch (error) {
    loadState.value = error instanceof ApiError && (error.status === 404 || error.status === 400) ? "invalid" : "error";
  }
}

/** Opens the registration a preview link names, read-only from its first step. */
export async function loadPreview(id: string, token: string): Promise<void> {
  enrollmentId = id;
  previewToken = token;
  previewing.value = true;
  loadState.value = "loading";
  try {
    const view = await read(registrationRoute(id).preview.get({ query: { preview: token } }));
    registration.value = view;
    form.value = formFrom(view);
    currentStep.value = 1;
    loadState.value = "ready";
  } catch (error) {
    loadState.value = error instanceof ApiError && (error.status === 404 || error.status === 400) ? "invalid" : "error";
  }
}

export async function loadPremiums(): Promise<void> {
  if (premiums.value) return;
  premiumsFailed.value = false;
  try {
    premiums.value = await read(api.api["state-premiums"].get());
  } catch {
    premiumsFailed.value = true;
  }
}

/**
 * Saves some fields (and, on the Terms step, submits). On success the server's answer
 * becomes the record and the flow moves to `next`; on a field error the person is sent to
 * the step of the first bad field, with everything they typed kept.
 */
/** What a step saves: the fields as the server's schema takes them. */
export type RegistrationFields = Omit<RegistrationSave, "invite" | "submit" | "decline">;

export async function save(
  fields: RegistrationFields,
  next: number,
  options: { submit?: boolean; decline?: boolean } = {},
): Promise<boolean> {
  // A preview saves nothing; its own buttons move between the steps.
  if (previewing.value) return false;
  saving.value = true;
  saveError.value = null;
  try {
    const view = await read(
      registrationRoute(enrollmentId).post({
        invite,
        ...fields,
        ...(options.submit ? { submit: true } : {}),
        ...(options.decline ? { decline: true } : {}),
      }),
    );
    registration.value = view;
    form.value = { ...form.value, ssn: "" };
    rememberTyping();
    goToStep(next);
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 400 && Object.keys(error.fieldErrors).length) {
      fieldErrors.value = error.fieldErrors;
      const first = Math.min(...Object.keys(error.fieldErrors).map((f) => stepOfField[f] ?? currentStep.value));
      if (first !== currentStep.value) currentStep.value = first;
    } else if (error instanceof ApiError && error.status === 404) {
      loadState.value = "invalid";
    } else {
      saveError.value =
        error instanceof ApiError && (error.status === 409 || error.status === 429) && error.serverMessage
          ? error.serverMessage
          : "Your answers could not be saved. Please check your connection and try again.";
    }
    return false;
  } finally {
    saving.value = false;
  }
}

/** For tests: back to the first visit. */
export function resetRegistrationState() {
  for (const reset of resets) reset();
  invite = "";
  enrollmentId = "";
  previewToken = "";
}
