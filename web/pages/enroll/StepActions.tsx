import { wizard } from "../../state/enrollment";
import { goPrevious } from "./navigation";

/** Previous (disabled on step 1) and the step's own submit button. */
export function StepActions({
  label,
  pendingLabel,
  pending = false,
  disabled = false,
}: {
  label: string;
  pendingLabel?: string;
  pending?: boolean;
  disabled?: boolean;
}) {
  return (
    <div class="step-actions">
      <button type="button" class="secondary outline" disabled={wizard.step.value === 1} onClick={goPrevious}>
        Previous
      </button>
      <button type="submit" disabled={disabled || pending} aria-busy={pending ? "true" : undefined}>
        {pending && pendingLabel ? pendingLabel : label}
      </button>
    </div>
  );
}
