import { useEffect, useRef } from "react";
import type { ControlAction } from "./paused-point";

/**
 * The debugger's keys (docs/architecture.md, "Stepping"): F10 step, F5 continue, Shift+F5 interrupt. F5
 * and F10 are taken from the browser on this page (Ctrl+R still reloads). While a dialog is open
 * the keys do nothing (the dialog is what needs an answer).
 */
export function useControlKeys(run: (action: ControlAction) => void) {
  const runRef = useRef(run);
  useEffect(() => {
    runRef.current = run;
  });

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      const action = readAction(event);
      if (!action) return;
      event.preventDefault();
      if (document.querySelector("dialog[open]")) return;
      runRef.current(action);
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
}

function readAction(event: KeyboardEvent): ControlAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  if (event.key === "F10") return event.shiftKey ? null : "step";
  if (event.key === "F5") return event.shiftKey ? "interrupt" : "continue";
  return null;
}
