"use client";

import { useTranslations } from "next-intl";
import { InlineError } from "@/components/common/query-states";
import type { ControlAction } from "./paused-point";
import { useControlAction } from "./use-controls";
import { useControlKeys } from "./use-control-keys";

const ACTIONS: readonly { action: ControlAction; key: string | null }[] = [
  { action: "step", key: "F10" },
  { action: "continue", key: "F5" },
  { action: "pause", key: null },
  { action: "interrupt", key: "Shift+F5" },
];

interface ControlBarProps {
  sessionId: string;
  enabled: Record<ControlAction, boolean>;
  /** Called before an action is sent (the screen jumps its cursor back to live). */
  onAction?: (action: ControlAction) => void;
}

/** Step, continue, pause and interrupt, with their keys shown; each enabled per the derived status. */
export function ControlBar({ sessionId, enabled, onAction }: ControlBarProps) {
  const t = useTranslations("Controls");
  const control = useControlAction(sessionId);

  function run(action: ControlAction) {
    if (!enabled[action] || control.isPending) return;
    onAction?.(action);
    control.mutate(action);
  }
  useControlKeys(run);

  return (
    <div className="control-bar" role="toolbar" aria-label={t("label")}>
      {ACTIONS.map(({ action, key }) => (
        <button
          key={action}
          type="button"
          className={`control control-${action}`}
          data-testid={`control-${action}`}
          disabled={!enabled[action] || control.isPending}
          aria-keyshortcuts={key ?? undefined}
          title={t(`hint.${action}`)}
          onClick={() => run(action)}
        >
          {t(action)}
          {key ? <kbd>{key}</kbd> : null}
        </button>
      ))}
      <InlineError error={control.error} />
    </div>
  );
}
