"use client";

import { useTranslations } from "next-intl";
import { useEffect, useId } from "react";
import { InlineError } from "@/components/common/query-states";
import { useLesson } from "@/components/lessons/use-lessons";
import type { GuideMove } from "./guide-plan";
import { GuideMarks, revealMarks, useStepHighlight } from "./guide-marks";
import { GuideButtons, GuideText, TargetLabel } from "./guide-parts";
import { buildHighlightSelectors } from "./step-highlight";
import { useGuide, type GuideInputs } from "./use-guide";
import { useGuideKeys } from "./use-guide-keys";
import "./guide.css";

interface GuideExtras {
  /** Called with the graph nodes the current step points at (empty when none), to bring them into view. */
  onFocusNodes?: (nodeIds: readonly string[]) => void;
  /** Opens the dialog of the call the run waits on (approve, deny, or type a manual result). */
  onReviewCall?: () => void;
}

type GuidePaneProps = Omit<GuideInputs, "lesson"> & GuideExtras & { scenarioId: string };

/**
 * The lesson guide in the debugger: the current step's text in the UI
 * language, "Step k of n", Back and Next (also Alt+← / Alt+→). Next moves the run and the
 * explanation together; the step's place is marked in the graph, the stream and the transcript.
 */
export function GuidePane({ scenarioId, ...inputs }: GuidePaneProps) {
  const t = useTranslations("Guide");
  const lesson = useLesson(scenarioId);
  if (lesson.isPending)
    return (
      <aside
        className="guide-pane guide-loading"
        aria-label={t("label")}
        data-testid="guide"
        aria-busy="true"
      >
        <p className="muted">{t("loading")}</p>
      </aside>
    );
  if (lesson.isError)
    return (
      <aside className="guide-pane" aria-label={t("label")} data-testid="guide">
        <p className="inline-error" role="alert">
          {t("loadError", {
            message: lesson.error instanceof Error ? lesson.error.message : String(lesson.error),
          })}
        </p>
        <button type="button" onClick={() => void lesson.refetch()}>
          {t("retry")}
        </button>
      </aside>
    );
  return <GuideBody {...inputs} lesson={lesson.data} />;
}

/** The status line for a step that is not on screen yet, as a catalog key. */
const WAITING = {
  send: "sending",
  continue: "continuing",
  running: "running",
  approval: "approval",
  "manual-result": "manualResult",
  stuck: "stuck",
} as const;

function describeWait(move: GuideMove | null): (typeof WAITING)[keyof typeof WAITING] | null {
  if (move === null || move.kind === "seek") return null;
  return move.kind === "wait" ? WAITING[move.reason] : WAITING[move.kind];
}

function GuideBody({ onFocusNodes, onReviewCall, ...inputs }: GuideInputs & GuideExtras) {
  const t = useTranslations("Guide");
  const guide = useGuide(inputs);
  const { lesson, events } = inputs;
  const target = guide.step?.target ?? "";
  const highlight = useStepHighlight(events, guide.stepSeq, target);
  const selectors = buildHighlightSelectors(highlight);
  const focusKey = highlight.nodeIds.join("\n");
  useEffect(() => {
    onFocusNodes?.(focusKey ? focusKey.split("\n") : []);
  }, [focusKey, onFocusNodes]);
  useEffect(() => () => onFocusNodes?.([]), [onFocusNodes]);
  const textId = useId();
  useGuideKeys(guide);
  const wait = describeWait(guide.move);
  const position = Math.min(guide.index + 1, guide.count);

  return (
    <aside
      className={`guide-pane guide-${guide.phase}`}
      aria-label={t("label")}
      data-testid="guide"
      data-phase={guide.phase}
      data-step={guide.phase === "step" ? position : undefined}
      data-step-seq={guide.stepSeq ?? undefined}
      data-target={guide.step?.target}
    >
      <div className="guide-progress">
        <span className="guide-label">{t("label")}</span>
        <span className="guide-count" data-testid="guide-progress">
          {guide.phase === "intro"
            ? t("stepsCount", { count: guide.count })
            : guide.phase === "done"
              ? t("done")
              : t("progress", { step: position, count: guide.count })}
        </span>
        <progress
          max={guide.count}
          value={guide.phase === "done" ? guide.count : position}
          aria-hidden="true"
        />
      </div>
      <div
        className={`guide-body${guide.step && guide.stepSeq === null ? " is-pending" : ""}`}
        id={textId}
        aria-live="polite"
      >
        <GuideText guide={guide} lesson={lesson} />
        {guide.step ? (
          <p className="guide-where">
            <button
              type="button"
              className="guide-target"
              data-testid="guide-target"
              title={t("showHint")}
              disabled={selectors.length === 0}
              onClick={() => revealMarks(selectors)}
            >
              <TargetLabel target={target} />
            </button>
            {wait ? (
              <span className={`guide-wait guide-wait-${wait}`} data-testid="guide-wait" data-wait={wait}>
                {t(`wait.${wait}`)}
              </span>
            ) : null}
            {onReviewCall && (wait === "approval" || wait === "manualResult") ? (
              <button
                type="button"
                className="primary guide-review"
                data-testid="guide-review"
                onClick={onReviewCall}
              >
                {t("reviewCall")}
              </button>
            ) : null}
          </p>
        ) : null}
        {guide.error ? (
          <div className="guide-error">
            <InlineError error={guide.error} />
            <button type="button" onClick={guide.retry}>
              {t("retry")}
            </button>
          </div>
        ) : null}
      </div>
      <GuideButtons guide={guide} describedBy={textId} />
      <GuideMarks selectors={selectors} />
    </aside>
  );
}
