"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { ConceptChips } from "@/components/lessons/concept-chips";
import type { LessonDetail } from "@/components/lessons/use-lessons";
import { parseTarget } from "./step-highlight";
import type { Guide } from "./use-guide";

/** The guide's text: the lesson's summary and concepts, a step's text, or "lesson complete". */
export function GuideText({ guide, lesson }: { guide: Guide; lesson: LessonDetail }) {
  const t = useTranslations("Guide");
  if (guide.phase === "intro")
    return (
      <>
        <p className="guide-text" data-testid="guide-text">
          {lesson.summary}
        </p>
        <ConceptChips concepts={lesson.concepts} label={t("concepts")} />
      </>
    );
  if (guide.phase === "done")
    return (
      <p className="guide-text" data-testid="guide-text">
        {t("doneText")} <Link href="/lessons">{t("allLessons")}</Link>
      </p>
    );
  return (
    <p className="guide-text" data-testid="guide-text">
      {guide.step?.text}
    </p>
  );
}

/** "Graph node preflight", "Event tool.result", "Block tool_use": the protocol's word, in code. */
export function TargetLabel({ target }: { target: string }) {
  const t = useTranslations("Guide.target");
  const { type, name } = parseTarget(target);
  return (
    <>
      <span className="guide-target-kind">{t(type)}</span> <code>{name}</code>
    </>
  );
}

/** Back and Next (Start at the introduction, Finish on the last step), with their keys. */
export function GuideButtons({ guide, describedBy }: { guide: Guide; describedBy: string }) {
  const t = useTranslations("Guide");
  const last = guide.index === guide.count - 1;
  return (
    <div className="guide-actions" role="group" aria-label={t("navigation")}>
      <button
        type="button"
        data-testid="guide-back"
        aria-keyshortcuts="Alt+ArrowLeft"
        disabled={guide.phase === "intro"}
        onClick={guide.back}
      >
        {t("back")}
      </button>
      <button
        type="button"
        className="primary"
        data-testid="guide-next"
        aria-keyshortcuts="Alt+ArrowRight"
        aria-describedby={describedBy}
        disabled={!guide.canNext}
        onClick={guide.next}
      >
        {guide.phase === "intro" ? t("start") : last ? t("finish") : t("next")}
      </button>
      <span className="guide-keys muted" aria-hidden="true">
        <kbd>Alt</kbd> + <kbd>←</kbd> <kbd>→</kbd>
      </span>
    </div>
  );
}
