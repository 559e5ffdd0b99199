import { Type, type Static } from "@sinclair/typebox";
import type { OpenAIChatMessageParam, OpenAIChatTool } from "@/lib/protocol/openai-chat/types";
import type { OpenAIResponsesInputItem, OpenAIResponsesTool } from "@/lib/protocol/openai-responses/types";
import type { UnifiedMessage } from "@/lib/protocol/unified";
import { ToolDefinitionSchema } from "./config";
import { TraceEvents } from "./events";
import { closed, literals, typed } from "./helpers";
import { SessionView } from "./sessions";

/**
 * `GET /api/sessions/:id/transcript` and `GET /api/sessions/:id/export` (docs/api.md, "Sessions").
 * A transcript body is exactly the request body a provider would be sent, so its messages are
 * checked as objects and typed with lib/protocol's wire types.
 */

export const TRANSCRIPT_FORMATS = ["anthropic", "openai-chat", "openai-responses", "unified"] as const;
export type TranscriptFormat = (typeof TRANSCRIPT_FORMATS)[number];
export const TranscriptFormatSchema = literals(TRANSCRIPT_FORMATS);

const Item = Type.Object({}, { additionalProperties: true });
const items = <T>() => typed<T[]>(Type.Array(Item));

/** Anthropic's `{ system, tools, messages }`; `system` and `tools` are absent when empty, as in a request. */
export const AnthropicTranscriptBody = Type.Object(
  { system: Type.Optional(Type.String()), tools: Type.Optional(items<object>()), messages: items<object>() },
  closed,
);
export type AnthropicTranscriptBody = Static<typeof AnthropicTranscriptBody>;

/** Chat Completions' `{ tools, messages }`, the system prompt as the first message. */
export const OpenAIChatTranscriptBody = Type.Object(
  { tools: Type.Optional(items<OpenAIChatTool>()), messages: items<OpenAIChatMessageParam>() },
  closed,
);
export type OpenAIChatTranscriptBody = Static<typeof OpenAIChatTranscriptBody>;

/** Responses' `{ instructions, tools, input }`. */
export const OpenAIResponsesTranscriptBody = Type.Object(
  {
    instructions: Type.Optional(Type.String()),
    tools: Type.Optional(items<OpenAIResponsesTool>()),
    input: items<OpenAIResponsesInputItem>(),
  },
  closed,
);
export type OpenAIResponsesTranscriptBody = Static<typeof OpenAIResponsesTranscriptBody>;

const UnifiedMessageView = typed<UnifiedMessage>(
  Type.Object(
    {
      role: literals(["user", "assistant"]),
      content: Type.Array(Type.Object({ type: Type.String() }, { additionalProperties: true })),
    },
    closed,
  ),
);

/** The provider-neutral `{ system, tools, messages }`, always all three; tools as the session records them. */
export const UnifiedTranscriptBody = Type.Object(
  {
    system: Type.String(),
    tools: Type.Array(ToolDefinitionSchema),
    messages: Type.Array(UnifiedMessageView),
  },
  closed,
);
export type UnifiedTranscriptBody = Static<typeof UnifiedTranscriptBody>;

/** `200`: `{ format, body }`, the conversation as of event `at` (default: the latest). */
/** What the format could not carry, converted or left out, and why (absent when nothing was). */
const Notes = Type.Optional(Type.Array(Type.String()));

export const TranscriptReply = Type.Union([
  Type.Object({ format: Type.Literal("anthropic"), body: AnthropicTranscriptBody, notes: Notes }, closed),
  Type.Object({ format: Type.Literal("openai-chat"), body: OpenAIChatTranscriptBody, notes: Notes }, closed),
  Type.Object(
    { format: Type.Literal("openai-responses"), body: OpenAIResponsesTranscriptBody, notes: Notes },
    closed,
  ),
  Type.Object({ format: Type.Literal("unified"), body: UnifiedTranscriptBody, notes: Notes }, closed),
]);
export type TranscriptReply = Static<typeof TranscriptReply>;

/** `200` of the export: the file `POST /api/import` reads back into the same events (ignoring `sessionId`). */
export const SessionExport = Type.Object(
  {
    format: Type.Literal("toolscope-export"),
    version: Type.Literal(1),
    session: SessionView,
    events: TraceEvents,
  },
  closed,
);
export type SessionExport = Static<typeof SessionExport>;
