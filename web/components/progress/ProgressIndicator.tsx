export interface ProgressIndicatorProps {
  steps: readonly string[];
  /** 1-based number of the current step. */
  current: number;
  /** Steps passed over without being done (an opting out skips the choices it made moot). */
  skipped?: readonly number[];
}

export const percentComplete = (current: number, total: number) => Math.round((current / total) * 100);

export function ProgressIndicator({ steps, current, skipped = [] }: ProgressIndicatorProps) {
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
          const state = number === current ? "current" : skipped.includes(number) ? "skipped" : number < current ? "done" : "upcoming";
          return (
            <li key={label} class={`step-${state}`} data-state={state} aria-current={state === "current" ? "step" : undefined}>
              <span class="step-circle" aria-hidden="true">
                {state === "done" ? "✓" : state === "skipped" ? "–" : number}
              </span>
              <span class="step-name">
                {label}
                <span class="visually-hidden">
                  {state === "done"
                    ? " (completed)"
                    : state === "skipped"
                      ? " (skipped)"
                      : state === "upcoming"
                        ? " (upcoming)"
                        : " (current)"}
                </span>
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
