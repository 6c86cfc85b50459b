export interface ProgressIndicatorProps {
  steps: readonly string[];
  /** 1-based number of the current step. */
  current: number;
}

export const percentComplete = (current: number, total: number) => Math.round((current / total) * 100);

export function ProgressIndicator({ steps, current }: ProgressIndicatorProps) {
  const total = steps.length;
  const percent = percentComplete(current, total);
  return (
    <div class="progress-indicator">
      <div class="progress-heading">
        <strong class="progress-label">{steps[current - 1]}</strong>
        <span>
          Step {current} of {total}
        </span>
        <span>{percent}% Complete</span>
      </div>
      <progress value={current} max={total} aria-label={`Step ${current} of ${total}: ${percent}% complete`} />
      <ol class="progress-steps">
        {steps.map((label, index) => {
          const number = index + 1;
          const state = number < current ? "done" : number === current ? "current" : "upcoming";
          return (
            <li key={label} class={`step-${state}`} data-state={state} aria-current={state === "current" ? "step" : undefined}>
              <span class="step-circle" aria-hidden="true">
                {state === "done" ? "✓" : number}
              </span>
              <span class="step-name">
                {label}
                <span class="visually-hidden">
                  {state === "done" ? " (completed)" : state === "upcoming" ? " (upcoming)" : " (current)"}
                </span>
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
