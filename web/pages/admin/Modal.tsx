import type { ComponentChildren } from "preact";
import { useEffect, useId, useRef } from "react";

/** A modal dialog: focus moves in, Escape or Close leaves, the page behind is inert. */
export function Modal({ title, onClose, children }: { title: string; onClose: () => void; children: ComponentChildren }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const unmounting = useRef(false);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      unmounting.current = true;
      dialog?.close();
    };
  }, []);
  // Escape (a cancel event, then close) and the Close button both end in the one close
  // event, so onClose runs once; closing because the owner removed the dialog is not news to it.
  return (
    <dialog ref={ref} aria-labelledby={titleId} onClose={() => unmounting.current || onClose()}>
      <article>
        <header>
          {/* pico styles a header button with rel="prev" as the close control */}
          <button type="button" aria-label="Close" {...{ rel: "prev" }} onClick={() => ref.current?.close()} />
          <h2 id={titleId}>{title}</h2>
        </header>
        {children}
      </article>
    </dialog>
  );
}
