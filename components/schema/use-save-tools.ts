import { useMutation } from "@tanstack/react-query";
import { requestJson } from "@/components/data/api";
import type { ConfiguredSession } from "@/lib/contract/sessions";
import type { SavedTool } from "./tool-drafts";

/**
 * `PATCH /api/sessions/:id { tools }` with the whole tools array → `200 { session }`; the server
 * appends `session.configured`, which reaches the page over the event stream like every other
 * event (so the tool list, projected from the log, updates then). `409` while a run is live,
 * `400` naming the field: both arrive as `ApiError`.
 */
export function useSaveTools(sessionId: string) {
  return useMutation({
    mutationFn: (tools: SavedTool[]) =>
      requestJson<ConfiguredSession>(`/api/sessions/${encodeURIComponent(sessionId)}`, {
        method: "PATCH",
        body: { tools },
      }),
  });
}
