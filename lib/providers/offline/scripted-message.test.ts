/**
 * A reply with thinking, and a reply cut at max_tokens, as the offline model writes them in each
 * wire format (the SDK-level behaviour is tested in lib/agent/scripted-replies.test.ts).
 */
import { describe, expect, test } from "vitest";
import { encodeMessageAsChatChunks, toChatCompletion } from "./chat-sse";
import { respondOffline } from "./respond";
import { encodeMessageAsResponsesEvents, toResponse } from "./responses-sse";
import { encodeMessageAsSse, toMessageJson } from "./sse";
import type { OfflineReply } from "./types";
import { createRequest, WORKSPACE_TOOLS } from "./__fixtures__/tools";

const ECHO = { instructions: null, tools: [], tool_choice: "auto", parallel_tool_calls: true };
const CONTEXT = { created: 1_700_000_000, echo: ECHO };

/** The offline model's message for a one-message request when a planner replies `reply`. */
function respondWith(reply: OfflineReply) {
  return respondOffline(createRequest("hi", WORKSPACE_TOOLS), { planners: [() => reply] });
}

const CUT: OfflineReply = {
  blocks: [
    { type: "text", text: "Writing." },
    { type: "tool_use", name: "write_file", input: { path: "a.md", content: "hello" } },
  ],
  maxTokensCut: { cutAfterChars: 14 },
};

describe("a reply with thinking", () => {
  const message = respondWith({ thinking: "Read first.", blocks: [{ type: "text", text: "Ok." }] });

  test("starts with a signed thinking block", () => {
    expect(message.content[0]).toEqual({
      type: "thinking",
      thinking: "Read first.",
      signature: expect.stringMatching(/^[A-Za-z0-9+/]{32}$/),
    });
    expect(message.stop_reason).toBe("end_turn");
  });

  test("streams thinking_delta then one signature_delta (Anthropic), nothing (Chat), a reasoning item (Responses)", () => {
    const anthropic = encodeMessageAsSse(message).map((event) => event.data);
    expect(
      anthropic.slice(1, 6).map((data) => JSON.parse(data).delta?.type ?? JSON.parse(data).type),
    ).toEqual(["content_block_start", "ping", "thinking_delta", "thinking_delta", "signature_delta"]);
    expect(
      encodeMessageAsChatChunks(message, CONTEXT).some((event) => event.data.includes("Read first")),
    ).toBe(false);
    const responses = encodeMessageAsResponsesEvents(message, CONTEXT).map((event) => event.event);
    expect(responses.slice(2, 8)).toEqual([
      "response.output_item.added",
      "response.reasoning_summary_part.added",
      "response.reasoning_summary_text.delta",
      "response.reasoning_summary_text.delta",
      "response.reasoning_summary_text.done",
      "response.reasoning_summary_part.done",
    ]);
  });
});

describe("a reply cut at max_tokens inside a tool call", () => {
  const message = respondWith(CUT);
  const call = message.content[1]!;

  test("keeps the JSON text sent before the cut, and its partial parse as input", () => {
    expect(message.stop_reason).toBe("max_tokens");
    expect(call).toMatchObject({ type: "tool_use", rawJson: '{"path": "a.md', input: { path: "a.md" } });
    expect(toMessageJson(message).content[1]).not.toHaveProperty("rawJson");
  });

  test("Anthropic streams the cut text and still stops the block; message_delta says max_tokens", () => {
    const data = encodeMessageAsSse(message).map((event) => JSON.parse(event.data));
    const pieces = data.filter((d) => d.delta?.type === "input_json_delta").map((d) => d.delta.partial_json);
    expect(pieces.join("")).toBe('{"path": "a.md');
    expect(data.filter((d) => d.type === "content_block_stop")).toHaveLength(2);
    expect(data.find((d) => d.type === "message_delta").delta.stop_reason).toBe("max_tokens");
  });

  test("Chat ends with finish_reason length and the cut arguments", () => {
    const completion = toChatCompletion(message, CONTEXT);
    expect(completion.choices[0]!.finish_reason).toBe("length");
    expect(completion.choices[0]!.message.tool_calls![0]!.function.arguments).toBe('{"path": "a.md');
    const chunks = encodeMessageAsChatChunks(message, CONTEXT).map((event) => event.data);
    expect(chunks.some((data) => data.includes('"finish_reason":"length"'))).toBe(true);
  });

  test("Responses ends incomplete: the call item incomplete, then response.incomplete", () => {
    const response = toResponse(message, CONTEXT, true);
    expect([response.status, response.incomplete_details]).toEqual([
      "incomplete",
      { reason: "max_output_tokens" },
    ]);
    expect(response.output.map((item) => item.status)).toEqual(["completed", "incomplete"]);
    const events = encodeMessageAsResponsesEvents(message, CONTEXT);
    expect(events.at(-1)!.event).toBe("response.incomplete");
  });
});

describe("a tool call with its own arguments text", () => {
  const message = respondWith({
    blocks: [
      { type: "tool_use", name: "read_file", input: { path: "a.md" }, rawArguments: '{"path": "a.md",}' },
    ],
  });

  test("every wire streams the text as written; a non-streamed Anthropic body keeps the input", () => {
    const anthropic = encodeMessageAsSse(message).map((event) => JSON.parse(event.data));
    const pieces = anthropic
      .filter((d) => d.delta?.type === "input_json_delta")
      .map((d) => d.delta.partial_json);
    expect(pieces.join("")).toBe('{"path": "a.md",}');
    expect(toMessageJson(message).content[0]).toEqual({
      type: "tool_use",
      id: expect.any(String),
      name: "read_file",
      input: { path: "a.md" },
    });
    const chat = toChatCompletion(message, CONTEXT).choices[0]!.message.tool_calls![0]!.function.arguments;
    expect(chat).toBe('{"path": "a.md",}');
    expect(toResponse(message, CONTEXT, true).output[0]).toMatchObject({ arguments: '{"path": "a.md",}' });
  });
});
