/**
 * For each of the three wire formats, the real SDK of that format drives the offline model end to
 * end through the agent loop: a read, its result, a summary, then a second message in the same
 * session (the whole history goes back in that format's shape).
 */
import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkTranscript } from "@/lib/protocol/doctor/check";
import type { WireFormat } from "@/lib/protocol/unified";
import type { TraceEvent } from "@/lib/trace/events";
import { projectTranscript } from "@/lib/trace/transcript";
import { only, openTestRuntime, type TestRuntime } from "./testing/offline-runtime";

let test: TestRuntime;
beforeEach(() => {
  test = openTestRuntime("toolscope-wires-");
});
afterEach(() => test.close());

/** The distinct wire event names of a turn, in first-seen order. */
function readEventNames(events: readonly TraceEvent[], turn: number): (string | null)[] {
  return [
    ...new Set(
      only(events, "wire.event")
        .filter((e) => e.turn === turn)
        .map((e) => e.event),
    ),
  ];
}

const EVENT_NAMES: Record<WireFormat, { tool: (string | null)[]; text: (string | null)[] }> = {
  anthropic: {
    tool: [
      "message_start",
      "content_block_start",
      "ping",
      "content_block_delta",
      "content_block_stop",
      "message_delta",
      "message_stop",
    ],
    text: [
      "message_start",
      "content_block_start",
      "ping",
      "content_block_delta",
      "content_block_stop",
      "message_delta",
      "message_stop",
    ],
  },
  "openai-chat": { tool: [null], text: [null] },
  "openai-responses": {
    tool: [
      "response.created",
      "response.in_progress",
      "response.output_item.added",
      "response.content_part.added",
      "response.output_text.delta",
      "response.output_text.done",
      "response.content_part.done",
      "response.output_item.done",
      "response.function_call_arguments.delta",
      "response.function_call_arguments.done",
      "response.completed",
    ],
    text: [
      "response.created",
      "response.in_progress",
      "response.output_item.added",
      "response.content_part.added",
      "response.output_text.delta",
      "response.output_text.done",
      "response.content_part.done",
      "response.output_item.done",
      "response.completed",
    ],
  },
};

/** The recorded bytes of one turn, assembled again by the official SDK of `wire`. */
async function reassembleWithSdk(wire: WireFormat, bytes: string): Promise<unknown> {
  const fetch = async () => new Response(bytes, { headers: { "content-type": "text/event-stream" } });
  if (wire === "anthropic") {
    const client = new Anthropic({ apiKey: "replay", maxRetries: 0, fetch });
    return client.messages.stream({ model: "m", max_tokens: 1, messages: [] }).finalMessage();
  }
  const client = new OpenAI({ apiKey: "replay", maxRetries: 0, fetch });
  if (wire === "openai-chat")
    return client.chat.completions.stream({ model: "m", messages: [] }).finalChatCompletion();
  return client.responses.stream({ model: "m", input: "" }).finalResponse();
}

const CALL_ID: Record<WireFormat, RegExp> = {
  anthropic: /^toolu_offline_[0-9a-f]{24}$/,
  "openai-chat": /^call_offline_[0-9a-f]{24}$/,
  "openai-responses": /^call_offline_[0-9a-f]{24}$/,
};

describe.each(["anthropic", "openai-chat", "openai-responses"] as const)(
  "the offline model speaking %s, through that format's SDK and the agent loop",
  // Whole runs through the SDKs and the store; the first one also loads every module.
  { timeout: 30_000 },
  (wire) => {
    it("reads a file, summarizes it, then answers a second message with the whole history", async () => {
      const id = test.create({ kind: "offline", wire });
      await test.send(id, "What is in notes/todo.md?");
      const events = await test.send(id, "List the files in notes/");

      expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i));
      expect(only(events, "run.finished")).toHaveLength(2);
      expect(only(events, "wire.error")).toEqual([]);
      expect(only(events, "request.assembled").map((e) => [e.turn, e.attempt, e.format])).toEqual([
        [1, 1, wire],
        [2, 1, wire],
        [3, 1, wire],
        [4, 1, wire],
      ]);
      expect(readEventNames(events, 1)).toEqual(EVENT_NAMES[wire].tool);
      expect(readEventNames(events, 2)).toEqual(EVENT_NAMES[wire].text);
      if (wire === "openai-chat") {
        const turn1 = only(events, "wire.event").filter((e) => e.turn === 1);
        expect(turn1.at(-1)?.data).toBe("[DONE]");
        expect(JSON.parse(turn1[0]!.data).choices[0].delta).toEqual({ role: "assistant", content: null });
      }

      const completed = only(events, "turn.completed");
      expect(completed.map((e) => [e.turn, e.attempt, e.format, e.stopReason.unified])).toEqual([
        [1, 1, wire, "tool_use"],
        [2, 1, wire, "end_turn"],
        [3, 1, wire, "tool_use"],
        [4, 1, wire, "end_turn"],
      ]);
      const [read, summary, list] = completed.map((e) => e.unified);
      expect(read!.content).toEqual([
        { type: "text", text: 'I\'ll use read_file with path "notes/todo.md".' },
        {
          type: "toolCall",
          id: expect.stringMatching(CALL_ID[wire]),
          name: "read_file",
          arguments: { path: "notes/todo.md" },
          rawArguments: wire === "anthropic" ? '{"path": "notes/todo.md"}' : '{"path":"notes/todo.md"}',
        },
      ]);
      expect(list!.content[1]).toMatchObject({
        type: "toolCall",
        name: "list_dir",
        arguments: { path: "notes/" },
      });
      expect(summary!.content).toHaveLength(1);
      expect(summary!.content[0]).toMatchObject({
        type: "text",
        text: expect.stringMatching(/^notes\/todo.md reads: "# Todo/),
      });

      const transcript = projectTranscript(events);
      expect(transcript.messages.map((m) => [m.role, m.content.map((b) => b.type)])).toEqual([
        ["user", ["text"]],
        ["assistant", ["text", "toolCall"]],
        ["user", ["toolResult"]],
        ["assistant", ["text"]],
        ["user", ["text"]],
        ["assistant", ["text", "toolCall"]],
        ["user", ["toolResult"]],
        ["assistant", ["text"]],
      ]);
      const calls = transcript.messages.flatMap((m) =>
        m.content.flatMap((b) => (b.type === "toolCall" ? [b.id] : [])),
      );
      const results = transcript.messages.flatMap((m) =>
        m.content.flatMap((b) => (b.type === "toolResult" ? [[b.toolCallId, b.isError]] : [])),
      );
      expect(results).toEqual(calls.map((callId) => [callId, false]));
      expect(checkTranscript(transcript.messages)).toEqual([]);
    });

    it("records bytes that the format's SDK assembles to exactly each recorded turn: no event lost", async () => {
      const id = test.create({ kind: "offline", wire });
      const events = await test.send(id, "What is in notes/todo.md?");
      for (const turn of only(events, "turn.completed")) {
        const bytes = only(events, "wire.event")
          .filter((e) => e.turn === turn.turn && e.attempt === turn.attempt)
          .map((e) => (e.event === null ? `data: ${e.data}\n\n` : `event: ${e.event}\ndata: ${e.data}\n\n`))
          .join("");
        const message = await reassembleWithSdk(wire, bytes);
        expect(JSON.parse(JSON.stringify(message))).toEqual(turn.message);
      }
    });
  },
);
