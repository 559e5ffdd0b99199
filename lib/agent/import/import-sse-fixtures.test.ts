/**
 * Importing each `.sse` wire fixture as a pasted capture gives a session whose transcript, in the
 * fixture's own format, holds the blocks, ids and arguments MANIFEST.json expects; its events
 * are the capture's `wire.event`s (turn 1, attempt 1) and the assembled turn.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getTranscriptBody, type TranscriptFormat } from "@/lib/agent/transcript-body";
import type { Runtime } from "@/lib/agent/runtime";
import { LENIENT_FLUSH_NOTE } from "@/lib/protocol/sse";
import { listStreamFixtures, readFixtureText, readManifest } from "@/lib/protocol/testing/fixtures";
import type { EventOf, TraceEvent } from "@/lib/trace/events";
import { importSession } from "./import-session";
import { openTestRuntime } from "./testing/runtime";

let runtime: Runtime;
let dispose: () => void;
beforeAll(() => ({ runtime, dispose } = openTestRuntime()));
afterAll(() => dispose());

const manifest = readManifest();
type Expected = Record<string, unknown> & { content?: Record<string, unknown>[] };

function importFixture(name: string) {
  const outcome = importSession(runtime, { kind: "text", text: readFixtureText(name) });
  if (!outcome.ok) throw new Error(outcome.problem.error);
  const events = runtime.store.events(outcome.value.id);
  const body = (format: TranscriptFormat) => {
    const out = getTranscriptBody(runtime, outcome.value.id, { format });
    if (!out.ok) throw new Error(out.problem.error);
    return out.value.body as { messages?: unknown[]; input?: unknown[] };
  };
  return { ...outcome.value, events, body };
}

function only<K extends TraceEvent["kind"]>(events: TraceEvent[], kind: K): EventOf<K>[] {
  return events.filter((e): e is EventOf<K> => e.kind === kind);
}

/** The request blocks MANIFEST's assembled content becomes (tool_use as the API takes it back: id, name, input). */
function toRequestBlock(block: Record<string, unknown>): Record<string, unknown> {
  if (block.type === "text") return { type: "text", text: block.text };
  if (block.type === "thinking")
    return { type: "thinking", thinking: block.thinking, signature: block.signature };
  return { type: "tool_use", id: block.id, name: block.name, input: block.input };
}

describe("importing each .sse fixture as a raw capture", () => {
  it.each(listStreamFixtures("anthropic-"))("%s: anthropic transcript holds the expected blocks", (name) => {
    const expected = manifest[name]!.expected as Expected;
    const imported = importFixture(name);
    expect(imported.detected).toEqual({ format: "sse", provider: "anthropic" });
    const wire = only(imported.events, "wire.event");
    expect(wire.map((e) => e.event)).toEqual(expected.event_names);
    expect(wire.map((e) => [e.turn, e.attempt, e.index])).toEqual(wire.map((_, i) => [1, 1, i]));
    expect(imported.notes.includes(LENIENT_FLUSH_NOTE)).toBe(expected.ends_with_blank_line === false);
    const messages = imported.body("anthropic").messages;
    if (!expected.content) {
      expect(messages).toEqual([]);
      expect(only(imported.events, "wire.error")).toHaveLength(1);
      expect(only(imported.events, "turn.completed")).toHaveLength(0);
      return;
    }
    expect(messages).toEqual([{ role: "assistant", content: expected.content.map(toRequestBlock) }]);
    const unified = only(imported.events, "turn.completed")[0]!.unified.content;
    expected.content.forEach((block, index) => {
      if (typeof block.accumulated_partial_json === "string")
        expect(unified[index]).toMatchObject({
          type: "toolCall",
          rawArguments: block.accumulated_partial_json,
        });
    });
  });

  it.each(listStreamFixtures("openai-chat-"))(
    "%s: openai-chat transcript holds the expected tool calls",
    (name) => {
      const expected = manifest[name]!.expected as Expected & {
        choices: { tool_calls: { id: string; name: string; arguments: string }[] }[];
      };
      const imported = importFixture(name);
      expect(imported.detected).toEqual({ format: "sse", provider: "openai-chat" });
      expect(only(imported.events, "wire.event")).toHaveLength(expected.sse_events as number);
      expect(imported.body("openai-chat").messages).toEqual([
        {
          role: "assistant",
          tool_calls: expected.choices[0]!.tool_calls.map((call) => ({
            id: call.id,
            type: "function",
            function: { name: call.name, arguments: call.arguments },
          })),
        },
      ]);
    },
  );

  it.each(listStreamFixtures("openai-responses-"))(
    "%s: openai-responses input holds the expected items",
    (name) => {
      const expected = manifest[name]!.expected as Expected & {
        output_items: { call_id: string; name: string; arguments: string }[];
      };
      const imported = importFixture(name);
      expect(imported.detected).toEqual({ format: "sse", provider: "openai-responses" });
      expect(only(imported.events, "wire.event").map((e) => e.event)).toEqual(expected.event_names);
      expect(imported.body("openai-responses").input).toEqual(
        expected.output_items.map((item) => ({
          type: "function_call",
          call_id: item.call_id,
          name: item.name,
          arguments: item.arguments,
        })),
      );
      const completed = only(imported.events, "turn.completed")[0]!;
      expect(completed.stopReason.unified).toBe("tool_use");
      expect(completed.usage).toEqual({ inputTokens: 74, outputTokens: 20 });
    },
  );

  it("reads a capture sent as JSON { text }, and one with curl -i's HTTP head, the same way", () => {
    const text = readFixtureText("anthropic-stream-tool-use.sse");
    const wrapped = importSession(runtime, { kind: "json", value: { text } });
    const headed = importSession(runtime, {
      kind: "text",
      text: `HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\n\r\n${text}`,
    });
    if (!wrapped.ok || !headed.ok) throw new Error("import failed");
    const strip = (id: string) =>
      runtime.store.events(id).flatMap((e) => (e.kind === "wire.event" ? [[e.event, e.data]] : []));
    expect(strip(headed.value.id)).toEqual(strip(wrapped.value.id));
    expect(headed.value.notes[0]).toBe(
      "The capture began with an HTTP status line and headers (curl -i); they were skipped.",
    );
  });
});
