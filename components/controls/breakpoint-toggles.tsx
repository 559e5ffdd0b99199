"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { InlineError } from "@/components/common/query-states";
import { useHydrated } from "@/components/common/use-hydrated";
import type { Breakpoints } from "@/lib/trace/config";
import { useSetBreakpoints } from "./use-controls";

const POINTS: readonly (keyof Breakpoints)[] = [
  "beforeRequest",
  "onWireEvent",
  "beforeExecute",
  "afterResult",
  "endOfTurn",
];

/**
 * The five breakpoints (docs/api.md), as checkboxes. What is checked comes from the log
 * (`session.configured`); while a change is on its way (request sent, event not yet received)
 * the box shows the requested value, so it does not flick back. The requested value is React
 * state set in the change handler itself, so the box is checked the moment it is clicked (the
 * mutation's own state arrives a task later). Until the page is hydrated the boxes are disabled.
 */
export function BreakpointToggles({
  sessionId,
  breakpoints,
}: {
  sessionId: string;
  breakpoints: Breakpoints;
}) {
  const t = useTranslations("Controls.breakpoints");
  const set = useSetBreakpoints(sessionId);
  const hydrated = useHydrated();
  const [requested, setRequested] = useState<Partial<Breakpoints> | null>(null);
  const confirmed = set.data?.breakpoints;
  const caughtUp =
    confirmed !== undefined && POINTS.every((point) => confirmed[point] === breakpoints[point]);
  const shown = requested
    ? { ...breakpoints, ...requested }
    : set.isPending
      ? { ...breakpoints, ...set.variables }
      : !caughtUp && confirmed
        ? confirmed
        : breakpoints;
  const { reset } = set;
  useEffect(() => {
    if (caughtUp) reset();
  }, [caughtUp, reset]);
  return (
    <fieldset className="breakpoints" data-testid="breakpoints">
      <legend>{t("label")}</legend>
      {POINTS.map((point) => (
        <label key={point} className="breakpoint" title={t(`hint.${point}`)}>
          <input
            type="checkbox"
            data-testid={`breakpoint-${point}`}
            checked={shown[point]}
            disabled={!hydrated || requested !== null || set.isPending}
            onChange={(event) => {
              const change = { [point]: event.target.checked };
              setRequested(change);
              set.mutate(change, { onSettled: () => setRequested(null) });
            }}
          />
          {t(point)}
        </label>
      ))}
      <InlineError error={set.error} />
    </fieldset>
  );
}
