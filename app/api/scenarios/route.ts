import { listScenarioSummaries } from "@/lib/agent/lesson-views";
import type { ScenarioList } from "@/lib/contract/lessons";
import { jsonResponse } from "@/lib/server/http";
import { readLessonLang } from "@/lib/server/query";
import { respond } from "@/lib/server/respond";

export const dynamic = "force-dynamic";

/** `GET /api/scenarios?lang=en|zh`: every lesson with its title, concepts and summary. */
export function GET(request: Request) {
  const lang = readLessonLang(new URL(request.url).searchParams);
  if (!lang.ok) return respond(lang);
  return jsonResponse<ScenarioList>(listScenarioSummaries(lang.value));
}
