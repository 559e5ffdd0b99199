import { useMutation, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { InlineError } from "@/components/common/query-states";
import { requestJson } from "@/components/data/api";
import type { CaptureView } from "@/lib/contract/capture";
import type { RequestReplayReply } from "@/lib/contract/request-replay";
import type { RequestAssembled } from "@/lib/trace/events";

/** Beyond this many characters a response's JSON is cut. */
const MAX_CHARS = 20_000;

function showJson(value: unknown): string {
  const text = typeof value === "string" ? value : JSON.stringify(value, null, 2);
  return text.length > MAX_CHARS ? `${text.slice(0, MAX_CHARS)}\n…` : text;
}

/**
 * Replay of a captured request against another upstream (`POST …/requests/:turn/replay`), its
 * answer beside the original's. Only the upstreams that are ready and speak the request's format
 * are offered; nothing is recorded.
 */
export function RequestReplay({ sessionId, request }: { sessionId: string; request: RequestAssembled }) {
  const t = useTranslations("Context.replay");
  const capture = useQuery({
    queryKey: ["capture"],
    queryFn: () => requestJson<CaptureView>("/api/capture"),
  });
  const choices = (capture.data?.upstreams ?? []).filter(
    (upstream) => upstream.ready && upstream.formats.includes(request.format),
  );
  const [chosen, setChosen] = useState<string | null>(null);
  const upstream = chosen ?? choices[0]?.name ?? null;
  const replay = useMutation({
    mutationFn: (name: string) =>
      requestJson<RequestReplayReply>(
        `/api/sessions/${encodeURIComponent(sessionId)}/requests/${request.turn}/replay`,
        { method: "POST", body: { upstream: name } },
      ),
  });
  const shown = replay.data?.turn === request.turn ? replay.data : null;
  return (
    <>
      <h4>{t("heading")}</h4>
      <p className="context-replay-controls">
        <label>
          {t("upstreamLabel")}{" "}
          <select
            data-testid="context-replay-upstream"
            value={upstream ?? ""}
            onChange={(event) => setChosen(event.target.value)}
          >
            {choices.map((choice) => (
              <option key={choice.name} value={choice.name}>
                {choice.name}
              </option>
            ))}
          </select>
        </label>{" "}
        <button
          type="button"
          data-testid="context-replay"
          disabled={upstream === null || replay.isPending}
          onClick={() => upstream && replay.mutate(upstream)}
        >
          {replay.isPending ? t("replaying") : t("replay")}
        </button>
      </p>
      <InlineError error={replay.error} />
      {shown ? (
        <div className="context-snippets" data-testid="context-replay-result" data-status={shown.status}>
          <div>
            <p className="muted">{t("original")}</p>
            <pre data-testid="context-replay-original">{showJson(shown.original)}</pre>
          </div>
          <div>
            <p className="muted">{t("replayed", { upstream: shown.upstream, status: shown.status })}</p>
            <pre data-testid="context-replay-answer">{showJson(shown.replay)}</pre>
          </div>
        </div>
      ) : null}
    </>
  );
}
