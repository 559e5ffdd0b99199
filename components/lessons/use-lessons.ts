import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocale } from "next-intl";
import { requestJson } from "@/components/data/api";
import { sessionsKey } from "@/components/data/types";
import type { LessonStepView } from "@/lib/trace/lesson-steps";

/** A lesson as `GET /api/scenarios?lang=` lists it (docs/api.md, "Scenarios"), in one language. */
export interface LessonSummary {
  id: string;
  title: string;
  /** The concept ids it shows (the course's 33, e.g. `id-pairing`). */
  concepts: string[];
  summary: string;
  /** How many scripted user messages `POST .../messages {}` sends, in all. */
  messages: number;
}

/** `GET /api/scenarios/:id?lang=`: the list item plus the guide's steps. */
export interface LessonDetail extends LessonSummary {
  steps: LessonStepView[];
}

const scenariosKey = (lang: string) => ["scenarios", lang] as const;
const scenarioKey = (id: string, lang: string) => ["scenario", id, lang] as const;

/** Every lesson, in the UI language. Lessons do not change while the app runs. */
export function useLessons() {
  const lang = useLocale();
  return useQuery({
    queryKey: scenariosKey(lang),
    queryFn: async () =>
      (await requestJson<{ scenarios: LessonSummary[] }>(`/api/scenarios?lang=${encodeURIComponent(lang)}`))
        .scenarios,
    staleTime: Infinity,
  });
}

/** One lesson with its steps, in the UI language (switching language refetches the texts). */
export function useLesson(id: string) {
  const lang = useLocale();
  return useQuery({
    queryKey: scenarioKey(id, lang),
    queryFn: () =>
      requestJson<LessonDetail>(`/api/scenarios/${encodeURIComponent(id)}?lang=${encodeURIComponent(lang)}`),
    staleTime: Infinity,
  });
}

/** `POST /api/sessions { scenario, title }` → the new lesson session's id. No run starts yet. */
export function useStartLesson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lesson: Pick<LessonSummary, "id" | "title">) =>
      requestJson<{ id: string }>("/api/sessions", {
        method: "POST",
        body: { scenario: lesson.id, title: lesson.title },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}
