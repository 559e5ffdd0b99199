import { listScenarioSummaries } from "@/lib/agent/lesson-views";
import type { ScenarioList } from "@/lib/contract/lessons";
import { respond } from "@/lib/server/respond";

export const dynamic = "force-dynamic";

/** `GET /api/scenarios?lang=en|zh`: every lesson with its title, concepts and summary. */
export function GET(request: Request) {
  return respond<ScenarioList>(listScenarioSummaries(new URL(request.url).searchParams));
}
