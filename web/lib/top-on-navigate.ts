// A link to another page opens that page at its top, as loading it would. The app keeps
// the window between pages, and with it the scroll: a footer link opened the next page
// where the last one was left, on its footer, and the enrollment's last step opened its
// confirmation at the bottom. The browser's Back and Forward keep what the browser
// restores, and an address with an anchor (#) is left to scroll to it.
import { useEffect, useRef } from "react";
import { useLocation } from "wouter";

/** The address the browser's Back or Forward went to, until the page shown for it has rendered. */
let poppedTo: string | null = null;
if (typeof window !== "undefined") {
  window.addEventListener("popstate", () => {
    poppedTo = window.location.pathname;
  });
}

export function useTopOnNavigate(): void {
  const [location] = useLocation();
  const shown = useRef(location);
  useEffect(() => {
    if (shown.current === location) return;
    shown.current = location;
    const popped = poppedTo === window.location.pathname;
    poppedTo = null;
    if (popped || window.location.hash) return;
    window.scrollTo({ top: 0 });
  }, [location]);
}
