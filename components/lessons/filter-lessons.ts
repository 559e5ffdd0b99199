import type { LessonSummary } from "./use-lessons";

/**
 * The lessons whose title, summary, concept ids or concept names contain every word of `query`
 * (case-insensitive); all of them for an empty query. `nameOf` gives a concept's shown name.
 */
export function filterLessons(
  lessons: readonly LessonSummary[],
  query: string,
  nameOf: (concept: string) => string,
): LessonSummary[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...lessons];
  return lessons.filter((lesson) => {
    const haystack = [lesson.title, lesson.summary, ...lesson.concepts, ...lesson.concepts.map(nameOf)]
      .join("\n")
      .toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}
