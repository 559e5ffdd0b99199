/**
 * Anthropic Messages stream frames as the API sends them (`event: <type>` + `data: <JSON>`), for
 * tests whose local HTTP server stands in for the provider. Test-only: recorded streams are in
 * {@link ./recorded}; these are the few hand-written frames a relay test needs to cut or split.
 */

/** One SSE message as the Messages API frames it. */
export const sseFrame = (event: string, data: unknown) =>
  `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** The `message` of a `message_start`: an assistant message with nothing in it yet. */
export const emptyAssistantMessage = (id: string) => ({
  id,
  type: "message",
  role: "assistant",
  model: "m",
  content: [],
  stop_reason: null,
  stop_sequence: null,
  usage: { input_tokens: 5, output_tokens: 1 },
});

/** `message_start` of an empty assistant message. */
export const messageStartFrame = (id = "msg_up") =>
  sseFrame("message_start", { type: "message_start", message: emptyAssistantMessage(id) });

export const textStartFrame = (index = 0) =>
  sseFrame("content_block_start", {
    type: "content_block_start",
    index,
    content_block: { type: "text", text: "" },
  });

export const textDeltaFrame = (text: string, index = 0) =>
  sseFrame("content_block_delta", {
    type: "content_block_delta",
    index,
    delta: { type: "text_delta", text },
  });

export const toolUseStartFrame = (id: string, name: string, index = 0) =>
  sseFrame("content_block_start", {
    type: "content_block_start",
    index,
    content_block: { type: "tool_use", id, name, input: {} },
  });

export const inputJsonDeltaFrame = (partialJson: string, index = 0) =>
  sseFrame("content_block_delta", {
    type: "content_block_delta",
    index,
    delta: { type: "input_json_delta", partial_json: partialJson },
  });

/** What ends a stream after its last block's deltas: the block's stop, `message_delta`, `message_stop`. */
export function closingFrames(stopReason: string, outputTokens: number, index = 0): string[] {
  return [
    sseFrame("content_block_stop", { type: "content_block_stop", index }),
    sseFrame("message_delta", {
      type: "message_delta",
      delta: { stop_reason: stopReason, stop_sequence: null },
      usage: { output_tokens: outputTokens },
    }),
    sseFrame("message_stop", { type: "message_stop" }),
  ];
}
