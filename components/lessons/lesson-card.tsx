"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useId } from "react";
import { InlineError } from "@/components/common/query-states";
import { ConceptChips } from "./concept-chips";
import { useStartLesson, type LessonSummary } from "./use-lessons";

/**
 * One lesson in the list: what it teaches (title, summary, concepts) and Start, which creates the
 * lesson's session and opens the debugger, where the guide pane takes over.
 */
export function LessonCard({ lesson, number }: { lesson: LessonSummary; number: number }) {
  const t = useTranslations("Lessons");
  const router = useRouter();
  const start = useStartLesson();
  const titleId = useId();

  function startLesson() {
    start.mutate(lesson, {
      onSuccess: ({ id }) => router.push(`/sessions/${encodeURIComponent(id)}`),
    });
  }

  return (
    <li
      className="lesson-card"
      data-testid="lesson-card"
      data-lesson-id={lesson.id}
      aria-labelledby={titleId}
    >
      <div className="lesson-card-head">
        <span className="lesson-number" aria-hidden="true">
          {number}
        </span>
        <h2 id={titleId} className="lesson-title">
          {lesson.title}
        </h2>
      </div>
      <p className="lesson-summary">{lesson.summary}</p>
      <ConceptChips concepts={lesson.concepts} label={t("conceptsLabel")} />
      <div className="lesson-actions">
        <span className="muted lesson-meta">{t("messages", { count: lesson.messages })}</span>
        <button
          type="button"
          className="primary"
          data-testid="start-lesson"
          aria-describedby={titleId}
          disabled={start.isPending || start.isSuccess}
          onClick={startLesson}
        >
          {start.isPending || start.isSuccess ? t("starting") : t("start")}
        </button>
      </div>
      <InlineError error={start.error} />
    </li>
  );
}
