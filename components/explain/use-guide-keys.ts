import { useEffect, useRef } from "react";

/** Where typing happens: arrows there move the caret, not the lesson. */
function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
}

/**
 * Alt+→ Next and Alt+← Back anywhere on the debugger page (taken from the browser, whose own
 * Alt+arrows go back and forward in history), except while typing or while a dialog is open.
 */
export function useGuideKeys(handlers: { next: () => void; back: () => void }) {
  const ref = useRef(handlers);
  useEffect(() => {
    ref.current = handlers;
  });

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
      if (isEditable(event.target) || document.querySelector("dialog[open]")) return;
      event.preventDefault();
      if (event.key === "ArrowRight") ref.current.next();
      else ref.current.back();
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
}
