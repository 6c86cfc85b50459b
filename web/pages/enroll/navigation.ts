// Moving between the wizard's steps: forward checks the step's needs (spec §4) and scrolls
// to the top; the new step's heading takes focus so keyboard and screen-reader users land
// at its start.
import { ApiError, messageOf } from "../../api/errors";
import { currentToast, dismissToast, toast } from "../../components/toast/toast-store";
import { stepHistory } from "../../lib/step-history";
import { missingBefore, stepCount, WIZARD_STEP_KEY, wizard } from "../../state/enrollment";

/** The shown step's heading takes the focus (a step moved to, or an editor closed). */
export function focusStepHeading() {
  requestAnimationFrame(() => document.querySelector<HTMLElement>(".wizard-step h2")?.focus());
}

/** A toast this recent was raised by the move itself (a step's save, then the move, in one go). */
const OWN_MOVE_MS = 500;

/** The wizard's steps, each an entry of the browser's history (web/lib/step-history.ts). */
const steps = stepHistory({
  key: WIZARD_STEP_KEY,
  count: stepCount,
  current: () => wizard.step.value,
  show(step) {
    // A failure a toast reports is the step's being left, and so is older news from it (a
    // census uploaded a while ago): either would be read as the next step's, over its
    // controls. Only the toast of this very move (its step saved) goes on with it.
    const shown = currentToast.value;
    if (shown && (shown.variant === "destructive" || Date.now() - shown.shownAt > OWN_MOVE_MS)) dismissToast();
    const forward = step > wizard.step.value;
    wizard.step.value = step;
    if (forward) window.scrollTo({ top: 0 });
    focusStepHeading();
  },
});

export const goToStep = steps.goTo;

/** The browser's Back moves to the step shown before. Answers how to stop. */
export const followWizardHistory = steps.follow;

/** Opens the next step when its needs are met, else says what is missing. */
export function goNext(): boolean {
  const target = wizard.step.value + 1;
  const missing = missingBefore(target);
  if (missing) {
    failed("Cannot Proceed", missing);
    return false;
  }
  goToStep(target);
  return true;
}

export function goPrevious() {
  if (wizard.step.value > 1) goToStep(wizard.step.value - 1);
}

/** The way back of every step's actions: Previous, which step 1 has nowhere to go to. */
export const previousStep = () => ({ label: "Previous", onClick: goPrevious, disabled: wizard.step.value === 1 });

/** The actions of a step that saves what it holds before moving on. */
export const saveAndContinue = (pending: boolean, disabled = false) => ({
  back: previousStep(),
  label: "Continue to Next Step",
  pendingLabel: "Saving...",
  pending,
  disabled,
});

/** A step that cannot go on says why in a destructive toast. */
export const failed = (title: string, description: string) => toast({ title, description, variant: "destructive" });

/**
 * The step's own check refused fields: Missing Information (the spec's) when one of them is
 * empty; when every one is filled in but not right (a date that is not the 1st), saying
 * something is missing would send the person looking for a field they did fill.
 */
export function fieldsToFix(values: Record<string, unknown>, errors: Record<string, string>, placeholders: readonly string[] = []) {
  // A select still on its "Select ..." choice holds a placeholder value: nothing was chosen.
  const empty = (v: unknown) => v === undefined || v === null || v === "" || v === false || v === 0 || placeholders.includes(v as string);
  if (Object.keys(errors).some((field) => empty(values[field])))
    failed("Missing Information", "Please complete all required fields before continuing.");
  else failed("Check the Highlighted Fields", "Please correct the highlighted fields before continuing.");
}

/** A step saves against the id an earlier step saved; without one, a toast says what to finish first. */
export function savedBefore(id: number | null, title: string, description: string): id is number {
  if (id) return true;
  failed(title, description);
  return false;
}

/**
 * Runs a step's save with the step shown pending. On failure the server's field messages go
 * beside the fields, and its message (or `fallback`) into a toast titled `title`.
 */
export async function saveStep(
  save: () => Promise<void>,
  step: {
    title: string;
    fallback: string;
    setPending: (pending: boolean) => void;
    setErrors: (errors: Record<string, string>) => void;
  },
) {
  step.setPending(true);
  try {
    await save();
  } catch (error) {
    if (error instanceof ApiError) step.setErrors(error.fieldErrors);
    failed(step.title, messageOf(error, step.fallback));
  } finally {
    step.setPending(false);
  }
}
