import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { requestJson, shouldRetry } from "@/components/data/api";
import type {
  OpenAIChatTranscriptBody,
  OpenAIResponsesTranscriptBody,
  TranscriptFormat,
  TranscriptReply,
  UnifiedTranscriptBody,
} from "@/lib/contract/transcript";

/** The four shapes `GET /api/sessions/:id/transcript` writes (docs/api.md), in tab order. */
export const TRANSCRIPT_FORMATS = [
  "anthropic",
  "openai-chat",
  "openai-responses",
  "unified",
] as const satisfies readonly TranscriptFormat[];
export type { TranscriptFormat };

export type OpenAIChatBody = OpenAIChatTranscriptBody;
export type OpenAIResponsesBody = OpenAIResponsesTranscriptBody;
export type UnifiedBody = UnifiedTranscriptBody;
/** The route's answer; Anthropic's body is only ever shown as JSON here. */
export type TranscriptBodyResponse = TranscriptReply;

/** The query key of one format's body as of event `seq`. */
export const transcriptBodyKey = (sessionId: string, format: TranscriptFormat, seq: number) =>
  ["transcript-body", sessionId, format, seq] as const;

/**
 * Fetches the conversation as of event `seq` in `format`; while a newer seq loads, the previous
 * body stays on screen. Not fetched while `enabled` is false.
 */
export function useTranscriptBody(
  sessionId: string,
  format: TranscriptFormat,
  seq: number,
  enabled: boolean,
) {
  return useQuery({
    queryKey: transcriptBodyKey(sessionId, format, seq),
    queryFn: () =>
      requestJson<TranscriptBodyResponse>(
        `/api/sessions/${encodeURIComponent(sessionId)}/transcript?format=${format}&at=${seq}`,
      ),
    enabled,
    retry: shouldRetry,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
}

/** Each format's message key under `Transcript.format.name` (next-intl keys avoid hyphens). */
export const FORMAT_NAME_KEYS = {
  anthropic: "anthropic",
  "openai-chat": "openaiChat",
  "openai-responses": "openaiResponses",
  unified: "unified",
} as const satisfies Record<TranscriptFormat, string>;
