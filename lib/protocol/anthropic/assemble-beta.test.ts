/**
 * Beta blocks and event-order rules of the Anthropic fold, each pinned against what the SDK's
 * `BetaMessageStream` (`@anthropic-ai/sdk` 1.14.0) does with the same events: compaction,
 * context management, MCP tool input, the fallback block, a second `message_start`, and frames
 * that carry no `event:` name.
 */
import { describe, expect, it } from "vitest";
import { assembleAnthropicStream } from "@/lib/protocol/anthropic/assemble";
import type { SseEvent } from "@/lib/protocol/sse";
import { emptyAssistantMessage } from "@/lib/protocol/testing/anthropic-frames";

const sse = (data: Record<string, unknown>): SseEvent => ({
  event: String(data.type),
  data: JSON.stringify(data),
});
const message = emptyAssistantMessage;
const START = sse({ type: "message_start", message: message("msg_1") });
const blockStart = (index: number, content_block: Record<string, unknown>) =>
  sse({ type: "content_block_start", index, content_block });
const delta = (index: number, value: Record<string, unknown>) =>
  sse({ type: "content_block_delta", index, delta: value });
const stop = (index: number) => sse({ type: "content_block_stop", index });
const STOP = sse({ type: "message_stop" });

describe("Anthropic beta blocks", () => {
  it("a compaction block takes its content (and encrypted_content) from compaction_delta", () => {
    const assembly = assembleAnthropicStream([
      START,
      blockStart(0, { type: "compaction", content: null }),
      delta(0, { type: "compaction_delta", content: "Summary so far.", encrypted_content: "enc" }),
      stop(0),
      STOP,
    ]);
    expect(assembly.message?.content).toEqual([
      { type: "compaction", content: "Summary so far.", encrypted_content: "enc" },
    ]);
    expect(assembly.notes).toEqual([]);
  });

  it("a failed compaction's compaction_delta sets content null, without an encrypted_content it never had", () => {
    const assembly = assembleAnthropicStream([
      START,
      blockStart(0, { type: "compaction", content: "" }),
      delta(0, { type: "compaction_delta", content: null }),
      stop(0),
    ]);
    expect(assembly.message?.content).toEqual([{ type: "compaction", content: null }]);
  });

  it("message_delta.context_management (beside delta, not in it) is kept on the message", () => {
    const applied = { applied_edits: [{ type: "clear_tool_uses_20250919", cleared_tool_uses: 2 }] };
    const assembly = assembleAnthropicStream([
      START,
      sse({
        type: "message_delta",
        delta: { stop_reason: "end_turn", stop_sequence: null },
        context_management: applied,
        usage: { output_tokens: 3 },
      }),
      STOP,
    ]);
    expect(assembly.message?.context_management).toEqual(applied);
    expect(assembly.message?.stop_reason).toBe("end_turn");
  });

  it("mcp_tool_use's input_json_delta fills its input, even when its start has no input", () => {
    const assembly = assembleAnthropicStream([
      START,
      blockStart(0, { type: "mcp_tool_use", id: "mcptoolu_1", name: "roll", server_name: "dice" }),
      delta(0, { type: "input_json_delta", partial_json: '{"sides"' }),
      delta(0, { type: "input_json_delta", partial_json: ": 6}" }),
      stop(0),
      STOP,
    ]);
    expect(assembly.message?.content).toEqual([
      { type: "mcp_tool_use", id: "mcptoolu_1", name: "roll", server_name: "dice", input: { sides: 6 } },
    ]);
  });

  it("a block the SDK does not stream input into keeps its input; the delta is a note", () => {
    const assembly = assembleAnthropicStream([
      START,
      blockStart(0, { type: "future_block", input: { a: 1 } }),
      delta(0, { type: "input_json_delta", partial_json: '{"a":2}' }),
      stop(0),
    ]);
    expect(assembly.message?.content).toEqual([{ type: "future_block", input: { a: 1 } }]);
    expect(assembly.notes).toEqual(["block 0: input_json_delta on a future_block block was ignored"]);
  });

  it("a fallback block relabels the message with the model that served it", () => {
    const assembly = assembleAnthropicStream([
      START,
      blockStart(0, { type: "fallback", from: { model: "m" }, to: { model: "m-2" } }),
      stop(0),
    ]);
    expect(assembly.message?.model).toBe("m-2");
  });
});

describe("Anthropic event order", () => {
  it("a second message_start before message_stop is a stream error; nothing more is folded", () => {
    const assembly = assembleAnthropicStream([
      START,
      blockStart(0, { type: "text", text: "" }),
      delta(0, { type: "text_delta", text: "first" }),
      sse({ type: "message_start", message: message("msg_2") }),
      blockStart(1, { type: "text", text: "second" }),
      STOP,
    ]);
    expect(assembly.error).toEqual({
      type: "unexpected_event_order",
      message: 'Unexpected event order, got message_start before receiving "message_stop"',
    });
    expect(assembly.message?.id).toBe("msg_1");
    expect(assembly.message?.content).toEqual([{ type: "text", text: "first" }]);
    expect(assembly.done).toBe(false);
  });

  it("a message_start after message_stop is the same error (the SDK keeps one message per response)", () => {
    const assembly = assembleAnthropicStream([START, STOP, START]);
    expect(assembly.error?.type).toBe("unexpected_event_order");
  });

  it("a data-only frame (no event: line) is skipped with a note, as the SDK skips it", () => {
    const unnamed = (data: Record<string, unknown>): SseEvent => ({
      event: null,
      data: JSON.stringify(data),
    });
    const assembly = assembleAnthropicStream([
      START,
      blockStart(0, { type: "text", text: "" }),
      unnamed({ type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "ghost" } }),
      delta(0, { type: "text_delta", text: "seen" }),
      unnamed({ type: "message_stop" }),
    ]);
    expect(assembly.message?.content).toEqual([{ type: "text", text: "seen" }]);
    expect(assembly.done).toBe(false);
    expect(assembly.notes).toEqual([
      "a data-only frame (no event: line) was ignored",
      "a data-only frame (no event: line) was ignored",
    ]);
  });
});
