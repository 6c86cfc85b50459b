import { useLayoutEffect, useRef } from "react";
import { currentToast, dismissToast } from "./toast-store";

/** Where app.css puts the toast at the bottom right rather than over the top. */
const TOAST_AT_BOTTOM = "(min-width: 768px)";

/** The toast viewport; mount once. Destructive toasts are announced assertively. */
export function Toaster() {
  const t = currentToast.value;
  const viewport = useRef<HTMLElement>(null);
  // From a tablet's width up the toast sits over the page's bottom right; on a phone it comes
  // down over the top (app.css). While it shows, what the browser scrolls to (a focused field
  // or link, scrollIntoView) stops clear of it rather than under it. At the bottom the page is
  // that much longer too, so even its last lines can be scrolled out from under it; at the top
  // the html's own scroll-padding-top (the sticky header's room) is widened to clear it.
  useLayoutEffect(() => {
    const root = document.documentElement.style;
    const body = document.body.style;
    const clear = () => {
      root.removeProperty("scroll-padding-bottom");
      root.removeProperty("scroll-padding-top");
      body.removeProperty("padding-bottom");
    };
    if (!t) return clear();
    const height = viewport.current?.offsetHeight ?? 0;
    if (window.matchMedia?.(TOAST_AT_BOTTOM).matches ?? true) {
      root.setProperty("scroll-padding-bottom", `${height}px`);
      body.setProperty("padding-bottom", `${height}px`);
    } else root.setProperty("scroll-padding-top", `max(12.5rem, ${height + 16}px)`);
    return clear;
  }, [t]);
  return (
    <section class="toast-viewport" aria-label="Notifications" ref={viewport}>
      <div role="status" aria-live="polite" aria-atomic="true">
        {t && t.variant === "default" && <ToastCard key={t.id} {...t} />}
      </div>
      <div role="alert" aria-atomic="true">
        {t && t.variant === "destructive" && <ToastCard key={t.id} {...t} />}
      </div>
    </section>
  );
}

function ToastCard({ id, title, description, variant }: { id: number; title: string; description?: string; variant: string }) {
  return (
    <article class={`toast toast-${variant}`} data-variant={variant}>
      <div>
        <strong class="toast-title">{title}</strong>
        {description && <p class="toast-description">{description}</p>}
      </div>
      <button type="button" class="toast-close" aria-label="Dismiss notification" onClick={() => dismissToast(id)}>
        ×
      </button>
    </article>
  );
}
