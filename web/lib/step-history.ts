// A multi-step form's steps as entries of the browser's history, at the same address: Back
// (a phone's back gesture included) returns to the step shown before, as the form's own
// buttons move, instead of leaving the form and what was typed in it. Forward is the form's
// own Continue, which saves the step: the browser's Forward, which would skip that save,
// stays where it is.

export interface StepsOf {
  /** Where the history entries keep the step. */
  key: string;
  count: number;
  current(): number;
  /** Shows a step (within 1..count), without a history entry of its own. */
  show(step: number): void;
}

/**
 * The step this history entry showed, when it is one of the form's (a reload keeps the
 * entry): a reloaded form opens there again, rather than where it would resume from scratch.
 */
export function stepOfThisEntry(key: string): number | null {
  const step: unknown = (history.state as Record<string, unknown> | null)?.[key];
  return typeof step === "number" && Number.isInteger(step) && step >= 1 ? step : null;
}

/**
 * The form's moves: `goTo` shows a step (clamped to the form's) as a new history entry;
 * `follow` answers Back from now on, and returns how to stop.
 */
export function stepHistory(steps: StepsOf) {
  // Each entry's place in the form's history, so a move says whether it went back or forward.
  const placeKey = `${steps.key}Place`;
  let shownPlace = 0;
  const remember = (step: number, replace: boolean) => {
    if (!replace) shownPlace += 1;
    const state = { ...(history.state ?? {}), [steps.key]: step, [placeKey]: shownPlace };
    if (replace) history.replaceState(state, "");
    else history.pushState(state, "");
  };
  return {
    goTo(step: number) {
      const target = Math.min(Math.max(step, 1), steps.count);
      if (target !== steps.current()) remember(target, false);
      steps.show(target);
    },
    follow(): () => void {
      // After a reload the entry still has its place; the entries before it are still the form's.
      const kept: unknown = (history.state as Record<string, unknown> | null)?.[placeKey];
      shownPlace = typeof kept === "number" ? kept : 0;
      remember(steps.current(), true);
      const onPop = (event: PopStateEvent) => {
        const state = event.state as Record<string, unknown> | null;
        const step = state?.[steps.key];
        const place = state?.[placeKey];
        if (typeof step !== "number" || typeof place !== "number" || place === shownPlace) return;
        // Forward: back to the entry of the step shown, which is the one before it.
        if (place > shownPlace) return history.back();
        shownPlace = place;
        if (step !== steps.current()) steps.show(Math.min(Math.max(step, 1), steps.count));
      };
      window.addEventListener("popstate", onPop);
      return () => window.removeEventListener("popstate", onPop);
    },
  };
}
