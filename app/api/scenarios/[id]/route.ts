import { getScenarioDetail } from "@/lib/agent/lesson-views";
import type { ScenarioDetail } from "@/lib/contract/lessons";
import { readLessonLang } from "@/lib/server/query";
import { respond } from "@/lib/server/respond";

export const dynamic = "force-dynamic";

/** `GET /api/scenarios/:id?lang=en|zh`: one lesson with its guided steps. */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const lang = readLessonLang(new URL(request.url).searchParams);
  if (!lang.ok) return respond(lang);
  return respond<ScenarioDetail>(getScenarioDetail(id, lang.value));
}
