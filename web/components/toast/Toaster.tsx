import { useLayoutEffect, useRef } from "react";
import { currentToast, dismissToast } from "./toast-store";

/** The toast viewport; mount once. Destructive toasts are announced assertively. */
export function Toaster() {
  const t = currentToast.value;
  const viewport = useRef<HTMLElement>(null);
  // The toast sits over the page's bottom edge (all the width of a phone). While it shows, what
  // the browser scrolls to (a focused field or link, scrollIntoView) stops above it rather than
  // under it, as the html's scroll-padding-top keeps it below the sticky header; and the page
  // is that much longer, so even its last lines can be scrolled out from under it.
  useLayoutEffect(() => {
    const root = document.documentElement.style;
    const body = document.body.style;
    const clear = () => {
      root.removeProperty("scroll-padding-bottom");
      body.removeProperty("padding-bottom");
    };
    if (!t) return clear();
    const height = `${viewport.current?.offsetHeight ?? 0}px`;
    root.setProperty("scroll-padding-bottom", height);
    body.setProperty("padding-bottom", height);
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
