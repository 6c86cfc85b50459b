// Links drawn as buttons (role="button", Pico's way of styling a call to action) are buttons
// to a keyboard user, who presses Space on a button: the browser only follows a link on
// Enter, and scrolls the page on Space.
export function spaceActivatesLinkButtons(target: Document = document): () => void {
  const onKey = (event: KeyboardEvent) => {
    // Once per press, as a button acts: a held Space repeats its keydown.
    if (event.key !== " " || event.repeat || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const link = event.target instanceof Element ? event.target.closest("a[role=button][href]") : null;
    if (!(link instanceof HTMLElement)) return;
    event.preventDefault();
    link.click();
  };
  target.addEventListener("keydown", onKey);
  return () => target.removeEventListener("keydown", onKey);
}
