"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { ErrorState, LoadingState } from "@/components/common/query-states";
import { filterLessons } from "./filter-lessons";
import { LessonCard } from "./lesson-card";
import { useLessons } from "./use-lessons";
import "./lessons.css";

/**
 * `/lessons`: every lesson with what it teaches, a filter by words or concept, and Start. The
 * texts come from the API in the UI language.
 */
export function LessonsScreen() {
  const t = useTranslations("Lessons");
  const concepts = useTranslations("Concepts");
  const lessons = useLessons();
  const [query, setQuery] = useState("");
  const filterId = useId();
  const nameOf = (concept: string) => (concepts.has(concept as never) ? concepts(concept as never) : concept);
  const shown = lessons.data ? filterLessons(lessons.data, query, nameOf) : [];

  return (
    <div className="page lessons-page" data-testid="lessons-page">
      <div className="lessons-heading">
        <h1>{t("title")}</h1>
        <div className="lessons-filter">
          <label htmlFor={filterId}>{t("filterLabel")}</label>
          <input
            id={filterId}
            type="search"
            value={query}
            placeholder={t("filterPlaceholder")}
            data-testid="lessons-filter"
            onChange={(event) => setQuery(event.target.value)}
          />
        </div>
      </div>
      <p className="muted lessons-intro">{t("intro")}</p>
      {lessons.isPending ? (
        <LoadingState />
      ) : lessons.isError ? (
        <ErrorState error={lessons.error} onRetry={() => void lessons.refetch()} />
      ) : lessons.data.length === 0 ? (
        <p className="empty" data-testid="lessons-empty">
          {t("empty")}
        </p>
      ) : shown.length === 0 ? (
        <p className="empty" data-testid="lessons-no-match">
          {t("noMatch", { query })}
        </p>
      ) : (
        <ol className="lesson-list" aria-label={t("listLabel")}>
          {shown.map((lesson) => (
            <LessonCard key={lesson.id} lesson={lesson} number={lessons.data.indexOf(lesson) + 1} />
          ))}
        </ol>
      )}
    </div>
  );
}
