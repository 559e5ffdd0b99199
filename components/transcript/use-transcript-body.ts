import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { requestJson, shouldRetry } from "@/components/data/api";
import type { OpenAIChatMessageParam, OpenAIChatTool } from "@/lib/protocol/openai-chat/types";
import type { OpenAIResponsesInputItem, OpenAIResponsesTool } from "@/lib/protocol/openai-responses/types";
import type { UnifiedMessage } from "@/lib/protocol/unified";

/** The four shapes `GET /api/sessions/:id/transcript` writes (docs/api.md). */
export const TRANSCRIPT_FORMATS = ["anthropic", "openai-chat", "openai-responses", "unified"] as const;
export type TranscriptFormat = (typeof TRANSCRIPT_FORMATS)[number];

/** Chat Completions' `{ tools, messages }`, the system prompt as the first message. */
export interface OpenAIChatBody {
  tools?: OpenAIChatTool[];
  messages: OpenAIChatMessageParam[];
}

/** Responses' `{ instructions, tools, input }`. */
export interface OpenAIResponsesBody {
  instructions?: string;
  tools?: OpenAIResponsesTool[];
  input: OpenAIResponsesInputItem[];
}

/** The provider-neutral `{ system, tools, messages }`. */
export interface UnifiedBody {
  system: string;
  tools: { name: string }[];
  messages: UnifiedMessage[];
}

/** The route's answer; Anthropic's body is only ever shown as JSON here, so it stays loose. */
export type TranscriptBodyResponse = (
  | { format: "anthropic"; body: Record<string, unknown> }
  | { format: "openai-chat"; body: OpenAIChatBody }
  | { format: "openai-responses"; body: OpenAIResponsesBody }
  | { format: "unified"; body: UnifiedBody }
) & {
  /** What the format could not carry and was converted or left out, and why. */
  notes?: string[];
};

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
