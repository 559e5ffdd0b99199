/**
 * Responses output and input items ↔ the unified model (docs/architecture.md, "Unified model").
 *
 * Responses has no messages with blocks: a turn is a flat list of items (`message`,
 * `function_call`, `function_call_output`, `reasoning`, …). The unified form groups them back into
 * messages. A refusal part travels as an `unknown` block holding `{ type: "refusal", refusal }`;
 * an item or part this app does not model, as `unknown` holding it whole.
 *
 * @see https://platform.openai.com/docs/api-reference/responses
 */
import { isRecord } from "@/lib/protocol/json-value";
import { parseToolArguments } from "@/lib/protocol/openai-chat/tool-arguments";
import type { Block, ToolChoiceSpec, ToolSpec, UnifiedMessage } from "@/lib/protocol/unified";
import { isClientToolOutput, readClientToolCall, readClientToolOutput } from "./client-tools";
import { unifiedToOpenAIResponsesInput } from "./convert-unified";
import { toolChoiceToOpenAIResponses, toolsToOpenAIResponses } from "./tools";
import type { OpenAIResponse, OpenAIResponsesRequestBody } from "./types";

export { unifiedToOpenAIResponsesInput } from "./convert-unified";
export {
  toolChoiceFromOpenAIResponses,
  toolChoiceToOpenAIResponses,
  toolsFromOpenAIResponses,
  toolsToOpenAIResponses,
} from "./tools";
export { mapOpenAIResponsesStopReason, mapOpenAIResponsesUsage } from "./stop-reason";

/** An input or output item as it may arrive in an import: only `type` (or `role`) is relied on. */
export type OpenAIResponsesItemLike = { type?: string; role?: string; [key: string]: unknown };

function readText(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value ?? "");
}

/** A message's content: string, or parts whose text (`input_text`/`output_text`) becomes text blocks. */
function readContent(content: unknown): Block[] {
  if (typeof content === "string") return content === "" ? [] : [{ type: "text", text: content }];
  if (!Array.isArray(content)) return [];
  return content.map((part: unknown) =>
    isRecord(part) &&
    (part.type === "input_text" || part.type === "output_text") &&
    typeof part.text === "string"
      ? { type: "text", text: part.text }
      : { type: "unknown", raw: part },
  );
}

/** A `function_call_output`'s output as one string: text parts joined by newlines, other parts named. */
function readOutput(output: unknown): string {
  if (!Array.isArray(output)) return readText(output);
  return output
    .map((part: unknown) =>
      isRecord(part) && typeof part.text === "string"
        ? part.text
        : `[${isRecord(part) ? String(part.type) : "?"}]`,
    )
    .join("\n");
}

/** One item as unified blocks, with the role those blocks belong to (`system` for instructions). */
function readItem(item: OpenAIResponsesItemLike): { role: "user" | "assistant" | "system"; blocks: Block[] } {
  const call = readClientToolCall(item);
  if (call) {
    const raw = item.type === "function_call" ? readText(item.arguments) : call.input;
    // A custom tool takes free-form text, not JSON: the text is its arguments.
    const parsed = item.type === "custom_tool_call" ? raw : parseToolArguments(raw);
    const block: Block = {
      type: "toolCall",
      id: call.callId,
      name: call.name,
      arguments: parsed,
      rawArguments: raw,
    };
    return { role: "assistant", blocks: [block] };
  }
  const output = readClientToolOutput(item);
  if (output) {
    const content = item.type === "function_call_output" ? readOutput(item.output) : output.content;
    return {
      role: "user",
      blocks: [{ type: "toolResult", toolCallId: output.callId, content, isError: output.isError }],
    };
  }
  if (item.type === "message" || (item.type === undefined && typeof item.role === "string")) {
    const role =
      item.role === "system" || item.role === "developer"
        ? "system"
        : item.role === "assistant"
          ? "assistant"
          : "user";
    return { role, blocks: readContent(item.content) };
  }
  return { role: "assistant", blocks: [{ type: "unknown", raw: item }] };
}

/**
 * A response's `output` as one assistant message, item by item: a message's `output_text` parts
 * as text (other parts, refusals included, as `unknown`), each `function_call` as a `toolCall`
 * — `id` its `call_id`, `arguments` parsed from the string (`null` when it does not parse),
 * `rawArguments` the string itself — and so every other client-side call (`custom_tool_call` with
 * its free-form `input` text as both `arguments` and `rawArguments`; `shell_call`, `local_shell_call`, `apply_patch_call`, `computer_call` with their
 * action as JSON); any other item (reasoning, provider-run tool calls) as `unknown`.
 *
 * @see https://platform.openai.com/docs/api-reference/responses/object#responses/object-output
 */
export function openAIResponseToUnified(response: Pick<OpenAIResponse, "output">): UnifiedMessage {
  return { role: "assistant", content: response.output.flatMap((item) => readItem(item).blocks) };
}

/**
 * A request's `instructions` and `input` in unified form (for imports). System and developer
 * messages join the instructions as the system prompt (by a blank line). Consecutive assistant
 * items (messages, tool calls, reasoning) make one assistant message; each run of tool output
 * items (`function_call_output` and the other client-side tools' `*_output`) makes one user
 * message of `toolResult`s (errors only where the item says it failed: a failed
 * `apply_patch_call_output`), which a user message right after them joins. A string `input` is one user
 * message.
 *
 * @see https://platform.openai.com/docs/api-reference/responses/create#responses-create-input
 */
export function openAIResponsesInputToUnified(
  input: string | readonly OpenAIResponsesItemLike[],
  instructions?: string | null,
): { system: string | undefined; messages: UnifiedMessage[] } {
  const system: string[] = instructions ? [instructions] : [];
  const messages: UnifiedMessage[] = [];
  let resultsOpen = false;
  for (const item of typeof input === "string"
    ? [{ type: "message", role: "user", content: input }]
    : input) {
    const { role, blocks } = readItem(item);
    if (role === "system") {
      system.push(blocks.map((block) => (block.type === "text" ? block.text : "")).join("\n"));
      continue;
    }
    const last = messages.at(-1);
    const isResult = isClientToolOutput(item);
    const joins = last?.role === role && (role === "assistant" || resultsOpen);
    if (joins) last.content.push(...blocks);
    else messages.push({ role, content: blocks });
    resultsOpen = isResult;
  }
  return { system: system.length > 0 ? system.join("\n\n") : undefined, messages };
}

export interface OpenAIResponsesRequestInput<S extends boolean = boolean> {
  model: string;
  /** Sent as `instructions` when not empty. */
  system?: string;
  /** Toolscope's `ToolDefinition`s fit here; their own fields are dropped. */
  tools?: readonly ToolSpec[];
  messages: readonly UnifiedMessage[];
  /** Sent only when given and there are tools. */
  toolChoice?: ToolChoiceSpec;
  /** Sent only when given and there are tools. */
  parallelToolCalls?: boolean;
  /** `max_output_tokens`, sent only when given. */
  maxTokens?: number;
  /** Defaults to `false`. */
  stream?: S;
}

/**
 * The exact request body, keys in this order: `model`, `stream`, `max_output_tokens` (when
 * given), `tools` (only when there are some), `tool_choice`, `parallel_tool_calls`,
 * `instructions` (when not empty), `input` — so it reads tools → system → messages. The
 * conversation is sent whole (no `previous_response_id`), as Toolscope keeps it in its log.
 *
 * @see https://platform.openai.com/docs/api-reference/responses/create
 */
export function buildOpenAIResponsesRequest<S extends boolean = false>(
  input: OpenAIResponsesRequestInput<S>,
): OpenAIResponsesRequestBody<S> {
  const hasTools = input.tools !== undefined && input.tools.length > 0;
  return {
    model: input.model,
    stream: (input.stream ?? false) as S,
    ...(input.maxTokens !== undefined ? { max_output_tokens: input.maxTokens } : {}),
    ...(hasTools ? { tools: toolsToOpenAIResponses(input.tools!) } : {}),
    ...(hasTools && input.toolChoice !== undefined
      ? { tool_choice: toolChoiceToOpenAIResponses(input.toolChoice) }
      : {}),
    ...(hasTools && input.parallelToolCalls !== undefined
      ? { parallel_tool_calls: input.parallelToolCalls }
      : {}),
    ...(input.system ? { instructions: input.system } : {}),
    input: unifiedToOpenAIResponsesInput(input.messages),
  };
}
