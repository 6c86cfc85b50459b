// Moving between the wizard's steps: forward checks the step's needs (spec §4) and scrolls
// to the top; the new step's heading takes focus so keyboard and screen-reader users land
// at its start.
import { toast } from "../../components/toast/toast-store";
import { missingBefore, stepCount, wizard } from "../../state/enrollment";

function focusStepHeading() {
  requestAnimationFrame(() => document.querySelector<HTMLElement>(".wizard-step h2")?.focus());
}

export function goToStep(step: number) {
  const forward = step > wizard.step.value;
  wizard.step.value = Math.min(Math.max(step, 1), stepCount);
  if (forward) window.scrollTo({ top: 0 });
  focusStepHeading();
}

/** Opens the next step when its needs are met, else says what is missing. */
export function goNext(): boolean {
  const target = wizard.step.value + 1;
  const missing = missingBefore(target);
  if (missing) {
    toast({ title: "Cannot Proceed", description: missing, variant: "destructive" });
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
