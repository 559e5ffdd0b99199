/**
 * The offline model's message as the Responses API streams it: `event:` + `data:` pairs, each
 * with a `sequence_number` from 0, in the order of `fixtures/wire/openai-responses-stream-*.sse`
 * and the API reference — `response.created`, `response.in_progress`, then per output item
 * `response.output_item.added`, its content (`response.content_part.added`,
 * `response.output_text.delta`s, `response.output_text.done`, `response.content_part.done` for
 * text; `response.function_call_arguments.delta`s and `.done` for a call),
 * `response.output_item.done`, and finally `response.completed`. Thinking is a `reasoning` item
 * whose summary streams as `response.reasoning_summary_*` events. A reply cut at `max_tokens`
 * ends its last item `incomplete` and the response with `response.incomplete`
 * (`incomplete_details.reason: "max_output_tokens"`). Pure.
 *
 * @see https://platform.openai.com/docs/api-reference/responses-streaming
 */
import "server-only";
import { assertNever } from "@/lib/protocol/unified";
import { readPromptTokens, type EncodeContext } from "./chat-sse";
import { splitJsonPieces, splitTextDeltas, type SseEvent } from "./sse";
import type { OfflineContentBlock, OfflineMessage } from "./types";

/** What the response echoes from the request: its instructions and tool settings. */
export interface ResponsesEcho {
  instructions: string | null;
  tools: unknown[];
  tool_choice: unknown;
  parallel_tool_calls: boolean;
}

export interface ResponsesEncodeContext extends EncodeContext {
  echo: ResponsesEcho;
}

type Item = Record<string, unknown> & { id: string; type: string };

function readHex(message: OfflineMessage): string {
  return message.id.replace(/^msg_offline_/, "");
}

/** The output item of one block: `completed`, or `incomplete` when it was cut at `max_tokens`. */
function toItem(block: OfflineContentBlock, message: OfflineMessage, index: number): Item {
  const cut = message.stop_reason === "max_tokens" && index === message.content.length - 1;
  const status = cut ? "incomplete" : "completed";
  switch (block.type) {
    case "text":
      return {
        id: `msg_offline_${readHex(message)}_${index}`,
        type: "message",
        status,
        content: [{ type: "output_text", annotations: [], logprobs: [], text: block.text }],
        role: "assistant",
      };
    case "thinking":
      return {
        id: `rs_offline_${readHex(message)}_${index}`,
        type: "reasoning",
        summary: [{ type: "summary_text", text: block.thinking }],
      };
    case "tool_use":
      return {
        id: block.id.replace(/^toolu_/, "fc_"),
        type: "function_call",
        status,
        arguments: block.rawJson ?? JSON.stringify(block.input),
        call_id: block.id.replace(/^toolu_/, "call_"),
        name: block.name,
      };
    default:
      return assertNever(block, "content block");
  }
}

/** Whether the reply was cut at `max_tokens` (the response is then `incomplete`). */
function isCut(message: OfflineMessage): boolean {
  return message.stop_reason === "max_tokens";
}

/**
 * The response object: `in_progress` with no output, or finished — `completed`, or `incomplete`
 * for a `max_tokens` cut — with every item and usage.
 */
export function toResponse(message: OfflineMessage, context: ResponsesEncodeContext, completed: boolean) {
  const { output_tokens: output, cache_read_input_tokens: cached } = message.usage;
  const input = readPromptTokens(message);
  const status = !completed ? "in_progress" : isCut(message) ? "incomplete" : "completed";
  return {
    id: `resp_offline_${readHex(message)}`,
    object: "response",
    created_at: context.created,
    status,
    error: null,
    incomplete_details: completed && isCut(message) ? { reason: "max_output_tokens" } : null,
    instructions: context.echo.instructions,
    model: message.model,
    output: completed ? message.content.map((block, index) => toItem(block, message, index)) : [],
    parallel_tool_calls: context.echo.parallel_tool_calls,
    tool_choice: context.echo.tool_choice,
    tools: context.echo.tools,
    usage: completed
      ? {
          input_tokens: input,
          input_tokens_details: { cached_tokens: cached ?? 0 },
          output_tokens: output,
          output_tokens_details: { reasoning_tokens: 0 },
          total_tokens: input + output,
        }
      : null,
    metadata: {},
  };
}

/** The events of a reasoning item: its summary part, streamed as summary text deltas. */
function encodeReasoning(item: Item, index: number): Record<string, unknown>[] {
  const part = (item.summary as { type: string; text: string }[])[0]!;
  const at = { item_id: item.id, output_index: index, summary_index: 0 };
  return [
    { type: "response.output_item.added", output_index: index, item: { ...item, summary: [] } },
    { type: "response.reasoning_summary_part.added", ...at, part: { ...part, text: "" } },
    ...splitTextDeltas(part.text).map((delta) => ({
      type: "response.reasoning_summary_text.delta",
      ...at,
      delta,
    })),
    { type: "response.reasoning_summary_text.done", ...at, text: part.text },
    { type: "response.reasoning_summary_part.done", ...at, part },
    { type: "response.output_item.done", output_index: index, item },
  ];
}

/** The events of one output item, without sequence numbers. */
function encodeItem(item: Item, index: number): Record<string, unknown>[] {
  const at = { item_id: item.id, output_index: index };
  if (item.type === "reasoning") return encodeReasoning(item, index);
  if (item.type === "function_call") {
    const args = item.arguments as string;
    return [
      {
        type: "response.output_item.added",
        output_index: index,
        item: { ...item, status: "in_progress", arguments: "" },
      },
      ...splitJsonPieces(args).map((delta) => ({
        type: "response.function_call_arguments.delta",
        ...at,
        delta,
      })),
      { type: "response.function_call_arguments.done", ...at, arguments: args },
      { type: "response.output_item.done", output_index: index, item },
    ];
  }
  const part = (item.content as { text: string }[])[0]!;
  const text = { ...at, content_index: 0 };
  return [
    {
      type: "response.output_item.added",
      output_index: index,
      item: { ...item, status: "in_progress", content: [] },
    },
    { type: "response.content_part.added", ...text, part: { ...part, text: "" } },
    ...splitTextDeltas(part.text).map((delta) => ({
      type: "response.output_text.delta",
      ...text,
      delta,
      logprobs: [],
    })),
    { type: "response.output_text.done", ...text, text: part.text, logprobs: [] },
    { type: "response.content_part.done", ...text, part },
    { type: "response.output_item.done", output_index: index, item },
  ];
}

/** The events the streaming API sends for `message`, each named after its `type`. */
export function encodeMessageAsResponsesEvents(
  message: OfflineMessage,
  context: ResponsesEncodeContext,
): SseEvent[] {
  const started = toResponse(message, context, false);
  const done = toResponse(message, context, true);
  const bodies: Record<string, unknown>[] = [
    { type: "response.created", response: started },
    { type: "response.in_progress", response: started },
    ...done.output.flatMap((item, index) => encodeItem(item, index)),
    { type: isCut(message) ? "response.incomplete" : "response.completed", response: done },
  ];
  return bodies.map(({ type, ...rest }, sequence) => ({
    event: type as string,
    data: JSON.stringify({ type, sequence_number: sequence, ...rest }),
  }));
}
