// A multi-step form's steps as entries of the browser's history, at the same address: Back
// (a phone's back gesture included) returns to the step shown before, as the form's own
// buttons move, instead of leaving the form and what was typed in it. Forward is the form's
// own Continue, which saves the step: the browser's Forward, which would skip that save,
// stays where it is.

/** Each entry's place in the form's history, so a move says whether it went back or forward. */
const placeKey = (key: string) => `${key}Place`;

/** The place of the entry shown, per form. */
const places = new Map<string, number>();

/** Records `step` under `key` as a new history entry (or as the current one), keeping the router's state. */
export function rememberStep(key: string, step: number, replace = false): void {
  const place = (places.get(key) ?? 0) + (replace ? 0 : 1);
  places.set(key, place);
  const state = { ...(history.state ?? {}), [key]: step, [placeKey(key)]: place };
  if (replace) history.replaceState(state, "");
  else history.pushState(state, "");
}

export interface StepHistory {
  /** Where the history entries keep the step. */
  key: string;
  current(): number;
  /** Shows a step, as the form's own buttons would, without a history entry of its own. */
  show(step: number): void;
}

/** Follows Back from now on; the current entry holds the current step. Answers how to stop. */
export function followStepHistory(steps: StepHistory): () => void {
  // After a reload the entry still has its place; the entries before it are still the form's.
  const kept: unknown = (history.state as Record<string, unknown> | null)?.[placeKey(steps.key)];
  places.set(steps.key, typeof kept === "number" ? kept : 0);
  rememberStep(steps.key, steps.current(), true);
  const onPop = (event: PopStateEvent) => {
    const state = event.state as Record<string, unknown> | null;
    const step = state?.[steps.key];
    const place = state?.[placeKey(steps.key)];
    if (typeof step !== "number" || typeof place !== "number") return;
    const shown = places.get(steps.key) ?? 0;
    if (place === shown) return;
    // Forward: back to the entry of the step shown, which is the one before it.
    if (place > shown) return history.back();
    places.set(steps.key, place);
    if (step !== steps.current()) steps.show(step);
  };
  window.addEventListener("popstate", onPop);
  return () => window.removeEventListener("popstate", onPop);
}
