/**
 * Chat Completions messages ↔ the unified model (docs/architecture.md, "Unified model").
 *
 * A role is not a block type: Chat Completions puts tool calls on the assistant message
 * (`tool_calls`) and each tool result in a message of its own (`role: "tool"`), where the unified
 * form (like Anthropic) has blocks. A refusal travels as an `unknown` block holding
 * `{ type: "refusal", refusal }`; an image part of a user message as `unknown` holding the part.
 *
 * @see https://platform.openai.com/docs/guides/function-calling#handling-function-calls
 */
import type { Block, ToolChoiceSpec, ToolSpec, UnifiedMessage } from "@/lib/protocol/unified";
import { readUnifiedMessage } from "./convert-unified";
import { parseToolArguments } from "./tool-arguments";
import { toolChoiceToOpenAIChat, toolsToOpenAIChat } from "./tools";
import type { OpenAIChatMessageParam, OpenAIChatRequestBody, OpenAIChatResponseMessage } from "./types";

export {
  toolChoiceFromOpenAIChat,
  toolChoiceToOpenAIChat,
  toolsFromOpenAIChat,
  toolsToOpenAIChat,
} from "./tools";
export { mapOpenAIChatFinishReason, mapOpenAIChatUsage } from "./stop-reason";

type ContentPart = { type: string; text?: unknown };

function readParts(content: string | readonly ContentPart[] | null | undefined): Block[] {
  if (content === null || content === undefined || content === "") return [];
  if (typeof content === "string") return [{ type: "text", text: content }];
  return content.map((part) =>
    part.type === "text" && typeof part.text === "string"
      ? { type: "text", text: part.text }
      : { type: "unknown", raw: part },
  );
}

function readText(content: string | readonly ContentPart[] | null | undefined): string {
  if (typeof content === "string") return content;
  return (content ?? [])
    .map((part) => (typeof part.text === "string" ? part.text : `[${part.type}]`))
    .join("\n");
}

/**
 * An assembled (or non-streamed) assistant message, or a request's (whose content may be parts),
 * in unified form: its text, its refusal (as an `unknown` block), then its tool calls, with
 * `arguments` parsed from the string (`null` when it does not parse, `{}` when it is empty) and
 * `rawArguments` the string itself.
 *
 * @see https://platform.openai.com/docs/api-reference/chat/object#chat/object-choices
 */
export function openAIChatMessageToUnified(
  message: Pick<OpenAIChatResponseMessage, "refusal" | "tool_calls"> & {
    content: string | readonly ContentPart[] | null;
  },
): UnifiedMessage {
  const content: Block[] = readParts(message.content);
  if (message.refusal) content.push({ type: "unknown", raw: { type: "refusal", refusal: message.refusal } });
  for (const call of message.tool_calls ?? []) {
    const raw = call.function.arguments;
    content.push({
      type: "toolCall",
      id: call.id,
      name: call.function.name,
      arguments: parseToolArguments(raw),
      rawArguments: raw,
    });
  }
  return { role: "assistant", content };
}

/**
 * A request's `messages` in unified form (for imports). `system` and `developer` messages become
 * the system prompt (joined by a blank line when there are several); each run of `role: "tool"`
 * messages becomes `toolResult` blocks (never errors: Chat Completions has no error flag) in one
 * user message, which a user message right after them joins.
 *
 * @see https://platform.openai.com/docs/api-reference/chat/create#chat-create-messages
 */
export function openAIChatMessagesToUnified(messages: readonly OpenAIChatMessageParam[]): {
  system: string | undefined;
  messages: UnifiedMessage[];
} {
  const system: string[] = [];
  const unified: UnifiedMessage[] = [];
  let resultsOpen = false;
  for (const message of messages) {
    const last = unified.at(-1);
    if (message.role === "system" || message.role === "developer") {
      system.push(readText(message.content));
      continue;
    }
    if (message.role === "assistant") {
      unified.push(
        openAIChatMessageToUnified({
          content: message.content ?? null,
          refusal: message.refusal ?? null,
          tool_calls: message.tool_calls,
        }),
      );
    } else if (message.role === "tool") {
      const result: Block = {
        type: "toolResult",
        toolCallId: message.tool_call_id,
        content: readText(message.content),
        isError: false,
      };
      if (resultsOpen && last) last.content.push(result);
      else unified.push({ role: "user", content: [result] });
    } else if (resultsOpen && last) {
      last.content.push(...readParts(message.content));
    } else {
      unified.push({ role: "user", content: readParts(message.content) });
    }
    resultsOpen = message.role === "tool";
  }
  return { system: system.length > 0 ? system.join("\n\n") : undefined, messages: unified };
}

/**
 * Unified messages as Chat Completions request `messages`, the system prompt first when there is
 * one. Tool results become `role: "tool"` messages in the order of the calls they answer, before
 * the rest of their user message; see `readUnifiedMessage` for each block.
 *
 * @see https://platform.openai.com/docs/guides/function-calling#handling-function-calls
 */
export function unifiedToOpenAIChatMessages(
  messages: readonly UnifiedMessage[],
  system?: string,
): OpenAIChatMessageParam[] {
  const out: OpenAIChatMessageParam[] = system ? [{ role: "system", content: system }] : [];
  let previous: UnifiedMessage | undefined;
  for (const message of messages) {
    out.push(...readUnifiedMessage(message, previous));
    previous = message;
  }
  return out;
}

export interface OpenAIChatRequestInput<S extends boolean = boolean> {
  model: string;
  /** The first message, `role: "system"`, when not empty. */
  system?: string;
  /** Toolscope's `ToolDefinition`s fit here; their own fields are dropped. */
  tools?: readonly ToolSpec[];
  messages: readonly UnifiedMessage[];
  /** Sent only when given and there are tools (the API rejects it without tools). */
  toolChoice?: ToolChoiceSpec;
  /** Sent only when given and there are tools (the API rejects it without tools). */
  parallelToolCalls?: boolean;
  /** `max_completion_tokens`, sent only when given. */
  maxTokens?: number;
  /** Defaults to `false`. A streamed request asks for the final usage chunk. */
  stream?: S;
}

/**
 * The exact request body, keys in this order: `model`, `stream`, `stream_options` (when
 * streaming: `{ include_usage: true }`), `max_completion_tokens` (when given), `tools` (only when
 * there are some: the API rejects an empty list), `tool_choice`, `parallel_tool_calls`,
 * `messages` (the system prompt first) — so it reads tools → system → messages.
 *
 * @see https://platform.openai.com/docs/api-reference/chat/create
 */
export function buildOpenAIChatRequest<S extends boolean = false>(
  input: OpenAIChatRequestInput<S>,
): OpenAIChatRequestBody<S> {
  const stream = (input.stream ?? false) as S;
  const hasTools = input.tools !== undefined && input.tools.length > 0;
  return {
    model: input.model,
    stream,
    ...(stream ? { stream_options: { include_usage: true } } : {}),
    ...(input.maxTokens !== undefined ? { max_completion_tokens: input.maxTokens } : {}),
    ...(hasTools ? { tools: toolsToOpenAIChat(input.tools!) } : {}),
    ...(hasTools && input.toolChoice !== undefined
      ? { tool_choice: toolChoiceToOpenAIChat(input.toolChoice) }
      : {}),
    ...(hasTools && input.parallelToolCalls !== undefined
      ? { parallel_tool_calls: input.parallelToolCalls }
      : {}),
    messages: unifiedToOpenAIChatMessages(input.messages, input.system),
  };
}
