import type { ComponentChildren } from "preact";
import { useEffect, useRef } from "react";

/** A modal dialog: focus moves in, Escape or Close leaves, the page behind is inert. */
export function Modal({ title, onClose, children }: { title: string; onClose: () => void; children: ComponentChildren }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog ref={ref} aria-labelledby="modal-title" onClose={onClose} onCancel={onClose}>
      <article>
        <header>
          {/* pico styles a header button with rel="prev" as the close control */}
          <button type="button" aria-label="Close" {...{ rel: "prev" }} onClick={onClose} />
          <h2 id="modal-title">{title}</h2>
        </header>
        {children}
      </article>
    </dialog>
  );
}
