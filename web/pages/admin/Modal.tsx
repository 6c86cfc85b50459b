import type { ComponentChildren } from "preact";
import { useEffect, useId, useRef } from "react";

/**
 * A modal dialog: focus moves in, Escape, the × or the footer's back button leaves, the page
 * behind is inert. The back button ends the content, where a long dialog on a phone is read
 * to: the × is scrolled out of sight by then.
 */
export function Modal({
  title,
  back,
  onClose,
  children,
}: {
  title: string;
  /** The footer button's words: where closing leads, "Back to the leads". */
  back: string;
  onClose: () => void;
  children: ComponentChildren;
}) {
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
  // Escape (a cancel event, then close) and both buttons end in the one close event, so
  // onClose runs once; closing because the owner removed the dialog is not news to it.
  return (
    <dialog ref={ref} aria-labelledby={titleId} onClose={() => unmounting.current || onClose()}>
      <article>
        <header>
          {/* pico styles a header button with rel="prev" as the close control */}
          <button type="button" aria-label="Close" {...{ rel: "prev" }} onClick={() => ref.current?.close()} />
          <h2 id={titleId}>{title}</h2>
        </header>
        {children}
        <footer>
          <button type="button" class="secondary" onClick={() => ref.current?.close()}>
            {back}
          </button>
        </footer>
      </article>
    </dialog>
  );
}
