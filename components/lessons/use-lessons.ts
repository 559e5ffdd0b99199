import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocale } from "next-intl";
import { requestJson } from "@/components/data/api";
import { sessionsKey } from "@/components/data/query-keys";
import type { ScenarioDetail, ScenarioList, ScenarioSummary } from "@/lib/contract/lessons";
import type { CreatedSession } from "@/lib/contract/sessions";

/** A lesson as `GET /api/scenarios?lang=` lists it (docs/api.md, "Scenarios"), in one language. */
export type LessonSummary = ScenarioSummary;

/** `GET /api/scenarios/:id?lang=`: the list item plus the guide's steps. */
export type LessonDetail = ScenarioDetail;

const scenariosKey = (lang: string) => ["scenarios", lang] as const;
const scenarioKey = (id: string, lang: string) => ["scenario", id, lang] as const;

/** Every lesson, in the UI language. Lessons do not change while the app runs. */
export function useLessons() {
  const lang = useLocale();
  return useQuery({
    queryKey: scenariosKey(lang),
    queryFn: async () =>
      (await requestJson<ScenarioList>(`/api/scenarios?lang=${encodeURIComponent(lang)}`)).scenarios,
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
      requestJson<CreatedSession>("/api/sessions", {
        method: "POST",
        body: { scenario: lesson.id, title: lesson.title },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}
