// A link to another page opens that page at its top, as loading it would, and the focus
// moves to the page's main content, so a keyboard or screen-reader user starts there rather
// than on the link they left in the footer. The app keeps the window between pages, and
// with it the scroll and the focus: a footer link opened the next page where the last one
// was left, and the enrollment's last step opened its confirmation at the bottom.
//
// The browser's Back and Forward return to where the page was left. The browser restores
// that itself, but at once, while a page that reads its data first (the dashboard, My
// benefits) is still short: it was left mid-page and came back near the top. So the place
// is taken up again as the page grows, until it is reached, the person scrolls, or a few
// seconds pass. An address with an anchor (#) is left to scroll to it.
import { useEffect, useRef } from "react";
import { useLocation } from "wouter";

/** How long a return waits for its page to grow to where it was left. */
const RETURN_FOR_MS = 5000;

const address = () => window.location.pathname + window.location.search;

/** Where each address was left, as the window last scrolled on it. */
const leftAt = new Map<string, number>();
/** The address the browser's Back or Forward went to, and where it had been left, until its page has rendered. */
let popped: { path: string; y: number | undefined } | null = null;
/** Stops a return under way. */
let stopReturning: (() => void) | null = null;

if (typeof window !== "undefined") {
  window.addEventListener(
    "scroll",
    () => {
      if (!stopReturning) leftAt.set(address(), window.scrollY);
    },
    { passive: true },
  );
  window.addEventListener("popstate", () => {
    popped = { path: window.location.pathname, y: leftAt.get(address()) };
  });
}

/** Scrolls back to `y` as the page grows to it; a person's own scrolling, or time, ends it. */
function returnTo(y: number): void {
  stopReturning?.();
  const started = performance.now();
  const interrupts = ["wheel", "touchstart", "keydown", "pointerdown"] as const;
  const attempt = () => {
    window.scrollTo({ top: y });
    if (Math.abs(window.scrollY - y) < 2 || performance.now() - started > RETURN_FOR_MS) stop();
  };
  const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(attempt);
  const timer = setTimeout(() => stop(), RETURN_FOR_MS);
  function stop() {
    observer?.disconnect();
    clearTimeout(timer);
    for (const type of interrupts) window.removeEventListener(type, stop);
    stopReturning = null;
    leftAt.set(address(), window.scrollY);
  }
  stopReturning = stop;
  for (const type of interrupts) window.addEventListener(type, stop, { passive: true });
  observer?.observe(document.body);
  attempt();
}

/** The page's main content takes the focus, unless the page has put it inside already. */
function focusMain(): void {
  const main = document.getElementById("main");
  if (!main || main.contains(document.activeElement)) return;
  if (!main.hasAttribute("tabindex")) main.setAttribute("tabindex", "-1");
  main.focus({ preventScroll: true });
}

export function useTopOnNavigate(): void {
  const [location] = useLocation();
  const shown = useRef(location);
  useEffect(() => {
    if (shown.current === location) return;
    shown.current = location;
    const back = popped?.path === window.location.pathname ? popped : null;
    popped = null;
    if (back) {
      if (back.y !== undefined) returnTo(back.y);
      return;
    }
    stopReturning?.();
    if (window.location.hash) return;
    window.scrollTo({ top: 0 });
    focusMain();
  }, [location]);
}
