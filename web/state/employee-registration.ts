// State of the employee registration flow. The server is the record: every step that
// changes something is saved there, and the screens show what it answered.
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
} from "@src/modules/employees/model";
import type { StatePremiumTable } from "@src/modules/premiums/model";
import { api, read } from "../api/client";
import { ApiError } from "../api/errors";

export const employeeSteps = ["Personal Info", "About ICHRA", "Plan Details", "Coverage", "Shop", "Terms", "Confirm"] as const;

export interface RegistrationForm {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  dateOfBirth: string;
  ssn: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  coverageLevel: CoverageLevel | "";
  healthPlanId: HealthPlanId | "";
  acceptTerms: boolean;
}

/** Which step each field is asked on, so a server error can send the person back to it. */
export const stepOfField: Record<string, number> = {
  firstName: 1,
  lastName: 1,
  email: 1,
  phone: 1,
  dateOfBirth: 1,
  ssn: 1,
  address: 1,
  city: 1,
  state: 1,
  zipCode: 1,
  coverageLevel: 4,
  healthPlanId: 5,
  acceptTerms: 6,
};

const emptyForm: RegistrationForm = {
  firstName: "",
  lastName: "",
  email: "",
  phone: "",
  dateOfBirth: "",
  ssn: "",
  address: "",
  city: "",
  state: "",
  zipCode: "",
  coverageLevel: "",
  healthPlanId: "",
  acceptTerms: false,
};

export type LoadState = "idle" | "loading" | "ready" | "invalid" | "error";

export const loadState = signal<LoadState>("idle");
export const registration = signal<RegistrationView | null>(null);
export const form = signal<RegistrationForm>({ ...emptyForm });
export const fieldErrors = signal<FieldErrors>({});
export const currentStep = signal(1);
export const saving = signal(false);
export const saveError = signal<string | null>(null);
export const premiums = signal<StatePremiumTable | null>(null);
export const premiumsFailed = signal(false);

let invite = "";
let enrollmentId = "";

/** The employee's ICHRA notice, opened with the same invite. */
export const noticeHref = () => `${noticePath(enrollmentId)}?invite=${encodeURIComponent(invite)}`;

export const ssnOnFile = computed(() => registration.value?.registration?.ssnMasked ?? null);
export const submitted = computed(() => Boolean(registration.value?.registration?.submittedAt));

/** The census prefill, overridden by what the employee already saved. */
export function formFrom(view: RegistrationView): RegistrationForm {
  const saved = view.registration;
  const pick = (key: keyof RegistrationView["prefill"]) => (saved?.[key] ?? null) || view.prefill[key] || "";
  return {
    firstName: pick("firstName"),
    lastName: pick("lastName"),
    email: pick("email"),
    phone: pick("phone"),
    dateOfBirth: pick("dateOfBirth"),
    ssn: "",
    address: saved?.address ?? "",
    city: saved?.city ?? "",
    state: saved?.state ?? "",
    zipCode: pick("zipCode"),
    coverageLevel: coverageLevels.find((level) => level === saved?.coverageLevel) ?? "",
    healthPlanId: healthPlanIds.find((plan) => plan === saved?.healthPlanId) ?? "",
    acceptTerms: Boolean(saved?.termsAcceptedAt),
  };
}

const registrationRoute = (id: string) => api.api["employee-registration"]({ enrollmentId: encodeURIComponent(id) });

export function updateField<K extends keyof RegistrationForm>(name: K, value: RegistrationForm[K]) {
  form.value = { ...form.value, [name]: value };
  if (fieldErrors.value[name]) {
    const { [name]: _gone, ...rest } = fieldErrors.value;
    fieldErrors.value = rest;
  }
}

export function goToStep(step: number) {
  currentStep.value = Math.min(Math.max(step, 1), employeeSteps.length);
  fieldErrors.value = {};
  saveError.value = null;
}

export async function loadRegistration(id: string, token: string): Promise<void> {
  enrollmentId = id;
  invite = token;
  loadState.value = "loading";
  if (!token) {
    loadState.value = "invalid";
    return;
  }
  try {
    const view = await read(registrationRoute(id).get({ query: { invite: token } }));
    registration.value = view;
    form.value = formFrom(view);
    currentStep.value = view.registration?.submittedAt ? employeeSteps.length : 1;
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
export type RegistrationFields = Omit<RegistrationSave, "invite" | "submit">;

export async function save(fields: RegistrationFields, next: number, options: { submit?: boolean } = {}): Promise<boolean> {
  saving.value = true;
  saveError.value = null;
  try {
    const view = await read(registrationRoute(enrollmentId).post({ invite, ...fields, ...(options.submit ? { submit: true } : {}) }));
    registration.value = view;
    form.value = { ...form.value, ssn: "" };
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
        error instanceof ApiError && error.status === 409 && error.serverMessage
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
  loadState.value = "idle";
  registration.value = null;
  form.value = { ...emptyForm };
  fieldErrors.value = {};
  currentStep.value = 1;
  saving.value = false;
  saveError.value = null;
  premiums.value = null;
  premiumsFailed.value = false;
  invite = "";
  enrollmentId = "";
}
