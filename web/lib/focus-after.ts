// A button disabled while its action runs (or removed by what the action changed) drops the
// keyboard's focus to the page: the next Tab would start again at its top. Once the screen
// has drawn the action's outcome, the focus goes where the person goes on from, unless they
// have already put it somewhere themselves.

/** The focus went with an element that was removed or disabled. */
export const focusLost = (): boolean => document.activeElement === null || document.activeElement === document.body;

/** After the next frame, focuses what `target` answers then, if the focus was lost. */
export function refocusIfLost(target: () => HTMLElement | null | undefined): void {
  requestAnimationFrame(() => {
    if (focusLost()) target()?.focus();
  });
}

/**
 * After the next frame (once the errors are drawn), focuses the first field marked invalid
 * inside `root` (an element, or a selector), or else the first match of `orElse` there.
 */
export function focusFirstInvalid(root: Element | string, orElse?: string): void {
  requestAnimationFrame(() => {
    const scope = typeof root === "string" ? document.querySelector(root) : root;
    (scope?.querySelector<HTMLElement>("[aria-invalid='true']") ?? (orElse ? scope?.querySelector<HTMLElement>(orElse) : null))?.focus();
  });
}
