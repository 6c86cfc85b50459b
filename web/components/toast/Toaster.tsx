import { currentToast, dismissToast } from "./toast-store";

/** The toast viewport; mount once. Destructive toasts are announced assertively. */
export function Toaster() {
  const t = currentToast.value;
  return (
    <section class="toast-viewport" aria-label="Notifications">
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
