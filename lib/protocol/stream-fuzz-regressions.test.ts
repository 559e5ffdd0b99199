/**
 * Events that once broke a fold, found by stream-fuzz.test.ts, pinned exactly: a type that is not
 * a string, content that is not blocks, a field whose value cannot be turned into text, and an
 * index so large that copying the array it indexes stalled the fold for seconds per event.
 */
import { describe, expect, it } from "vitest";
import type { SseEvent } from "@/lib/protocol/sse";
import { MAX_STREAM_INDEX } from "@/lib/protocol/stream-index";
import { STREAM_FORMATS } from "@/lib/protocol/testing/stream-formats";
const event = (data: unknown, name: string | null = null): SseEvent => ({
  event: name,
  data: JSON.stringify(data),
});
/** An Anthropic event: always named (the fold skips a data-only frame, as the SDK does). */
const named = (data: { type: unknown; [key: string]: unknown }, name?: string): SseEvent =>
  event(data, name ?? (typeof data.type === "string" ? data.type : null));
const UNPRINTABLE = { toString: 0 };

describe("events that once broke a fold", () => {
  it("Anthropic: an event whose own type is an object is read by its SSE event name", () => {
    const state = STREAM_FORMATS.anthropic.assemble([
      named({ type: "message_start", message: { content: [] } }),
      named(
        { type: UNPRINTABLE, index: 0, content_block: { type: "text", text: "" } },
        "content_block_start",
      ),
    ]) as { message: { content: unknown[] }; notes: string[] };
    expect(state.message.content).toEqual([{ type: "text", text: "" }]);
    expect(state.notes).toEqual([]);
  });

  it("Anthropic: a message_start whose content holds a number is refused, with a note", () => {
    const state = STREAM_FORMATS.anthropic.assemble([
      named({ type: "message_start", message: { content: ["", 5e-324] } }),
      named({
        type: "content_block_delta",
        index: 1,
        delta: { type: "input_json_delta", partial_json: "{" },
      }),
    ]) as { message: unknown; notes: string[] };
    expect(state.message).toBeNull();
    expect(state.notes).toEqual([
      "message_start without a message object whose content is typed blocks",
      "content_block_delta before message_start was ignored",
    ]);
  });

  it("Anthropic: a text delta that is an unprintable object is a note, not a throw", () => {
    const state = STREAM_FORMATS.anthropic.assemble([
      named({ type: "message_start", message: { content: [] } }),
      named({ type: "content_block_start", index: 0, content_block: { type: "text", text: "a" } }),
      named({ type: "content_block_delta", index: 0, delta: { type: "text_delta", text: UNPRINTABLE } }),
    ]) as { message: { content: unknown[] }; notes: string[] };
    expect(state.message.content).toEqual([{ type: "text", text: "a" }]);
    expect(state.notes).toEqual([
      "content_block_delta could not be folded (TypeError: Cannot convert object to primitive value) and was ignored",
    ]);
  });

  it("OpenAI chat: a delta whose content is an unprintable object is a note, not a throw", () => {
    const chunk = { id: "c", choices: [{ index: 0, delta: { content: UNPRINTABLE } }] };
    const state = STREAM_FORMATS["openai-chat"].assemble([
      event({ ...chunk, choices: [{ index: 0, delta: { content: "a" } }] }),
      event(chunk),
    ]) as {
      notes: string[];
    };
    expect(state.notes).toEqual([
      "a chunk could not be folded (TypeError: Cannot convert object to primitive value) and was ignored",
    ]);
  });

  it.each([MAX_STREAM_INDEX + 1, 2 ** 31, Number.MAX_SAFE_INTEGER])(
    "ignores a block, choice or output index of %d in every format, at once",
    (index) => {
      const anthropic = STREAM_FORMATS.anthropic.assemble([
        named({ type: "message_start", message: { content: [] } }),
        named({ type: "content_block_start", index, content_block: { type: "text", text: "" } }),
      ]) as { message: { content: unknown[] }; notes: string[] };
      expect(anthropic.message.content).toEqual([]);
      expect(anthropic.notes).toEqual(["content_block_start without an index or a typed content_block"]);
      const chat = STREAM_FORMATS["openai-chat"].assemble([
        event({
          id: "c",
          choices: [
            { index: 0, delta: { tool_calls: [{ index, id: "t", function: { name: "f", arguments: "" } }] } },
          ],
        }),
      ]) as { completion: unknown; notes: string[] };
      expect(chat.completion).toBeNull();
      expect(chat.notes).toEqual(["a chunk whose choice 0 has a tool call lacking an index was ignored"]);
      const responses = STREAM_FORMATS["openai-responses"].assemble([
        event({ type: "response.created", response: { id: "r", output: [], status: "in_progress" } }),
        event({
          type: "response.output_item.added",
          output_index: index,
          item: { type: "message", content: [] },
        }),
      ]) as { response: { output: unknown[] }; notes: string[] };
      expect(responses.response.output).toEqual([]);
      expect(responses.notes).toEqual(["response.output_item.added without an output_index was ignored"]);
    },
  );
});
