"use client";

import { useEffect, useRef, type ReactNode } from "react";

interface ModalDialogProps {
  title: string;
  /** Escape (or the close button) calls this; it must never decide anything on its own. */
  onDismiss: () => void;
  testId: string;
  children: ReactNode;
}

/**
 * A native modal `<dialog>` opened with `showModal()`: the rest of the page is inert, so focus
 * stays inside (the browser's own focus trap), and it is announced as a dialog. Escape only
 * hides it — the question it asks stays open, and the page keeps a way back to it.
 */
export function ModalDialog({ title, onDismiss, testId, children }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const dismissRef = useRef(onDismiss);
  useEffect(() => {
    dismissRef.current = onDismiss;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    const onCancel = (event: Event) => {
      event.preventDefault();
      dismissRef.current();
    };
    dialog.addEventListener("cancel", onCancel);
    return () => {
      dialog.removeEventListener("cancel", onCancel);
      if (dialog.open) dialog.close();
    };
  }, []);

  return (
    <dialog ref={ref} className="modal" aria-labelledby={`${testId}-title`} data-testid={testId}>
      <h2 id={`${testId}-title`}>{title}</h2>
      {children}
    </dialog>
  );
}
