import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { decodeSse } from "@/lib/protocol/sse";
import { readAnthropicFixtureEvents } from "@/lib/protocol/testing/fixtures";
import { encodeMessageAsSse, serializeSse, splitJsonPieces, splitTextDeltas, stringifyLikeApi } from "./sse";
import type { OfflineMessage } from "./types";

const MESSAGE: OfflineMessage = {
  id: "msg_offline_000000000000000000000000",
  type: "message",
  role: "assistant",
  model: "offline-1",
  content: [
    { type: "text", text: "I'll check the weather in Paris for you." },
    {
      type: "tool_use",
      id: "toolu_offline_1",
      name: "get_weather",
      input: { location: "Paris", unit: "celsius" },
    },
  ],
  stop_reason: "tool_use",
  stop_sequence: null,
  usage: { input_tokens: 377, output_tokens: 65 },
};

/** A value's structure: keys and leaf types, not values. */
function describeShape(value: unknown): unknown {
  if (Array.isArray(value)) return value.length > 0 ? [describeShape(value[0])] : [];
  if (value && typeof value === "object") {
    const entries = Object.entries(value).map(([key, item]) => [key, describeShape(item)] as const);
    return Object.fromEntries(entries.sort(([a], [b]) => a.localeCompare(b)));
  }
  return value === null ? "null" : typeof value;
}

/** A key naming an event by its type and, for deltas, its delta type and block type. */
function keyOf(event: { event: string | null; data: string }): string {
  const data = JSON.parse(event.data) as { delta?: { type?: string }; content_block?: { type?: string } };
  return [event.event, data.delta?.type, data.content_block?.type].filter(Boolean).join("/");
}

describe("encodeMessageAsSse speaks the Anthropic streaming wire format", () => {
  const events = encodeMessageAsSse(MESSAGE);

  test("events come in the API's order, with a ping after the first block starts", () => {
    expect(events.map((event) => event.event)).toEqual([
      "message_start",
      "content_block_start",
      "ping",
      ...Array(4).fill("content_block_delta"),
      "content_block_stop",
      "content_block_start",
      ...Array(5).fill("content_block_delta"),
      "content_block_stop",
      "message_delta",
      "message_stop",
    ]);
    expect(events[0]?.data).toBe(
      '{"type":"message_start","message":{"id":"msg_offline_000000000000000000000000","type":"message","role":"assistant","model":"offline-1","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":377,"output_tokens":1}}}',
    );
    expect(events[2]?.data).toBe('{"type": "ping"}');
    expect(events.at(-2)?.data).toBe(
      '{"type":"message_delta","delta":{"stop_reason":"tool_use","stop_sequence":null},"usage":{"output_tokens":65}}',
    );
    expect(events.at(-1)?.data).toBe('{"type":"message_stop"}');
  });

  test("text goes out a few words at a time, tool input as API-spaced JSON cut mid-key", () => {
    const deltas = events
      .map((event) => JSON.parse(event.data))
      .filter((data) => data.type === "content_block_delta");
    expect(deltas.filter((data) => data.index === 0).map((data) => data.delta.text)).toEqual([
      "I'll",
      " check the weather",
      " in Paris",
      " for you.",
    ]);
    expect(deltas.filter((data) => data.index === 1).map((data) => data.delta.partial_json)).toEqual([
      "",
      '{"locati',
      'on": "Paris',
      '", "unit"',
      ': "celsius"}',
    ]);
  });

  test("every event has the same JSON shape as that event in the documented recording", () => {
    const { events: fixture } = readAnthropicFixtureEvents("anthropic-docs-stream-tool-use.sse");
    const recorded = new Map(fixture.map((event) => [keyOf(event), event]));
    for (const event of events) {
      const twin = recorded.get(keyOf(event));
      expect(twin, keyOf(event)).toBeDefined();
      expect(describeShape(JSON.parse(event.data))).toEqual(describeShape(JSON.parse(twin?.data ?? "null")));
    }
  });

  test("the project's strict SSE decoder reads the serialized bytes back event for event", () => {
    expect(decodeSse(serializeSse(events))).toEqual({ events, notes: [] });
  });

  test("serializeSse writes `event:` and `data:` lines and a blank line per event", () => {
    expect(
      serializeSse([
        { event: "ping", data: '{"type": "ping"}' },
        { event: "message_stop", data: "{}" },
      ]),
    ).toBe('event: ping\ndata: {"type": "ping"}\n\nevent: message_stop\ndata: {}\n\n');
  });
});

describe("chunking loses nothing", () => {
  test("text deltas join back to the text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (text) => splitTextDeltas(text).join("") === text),
    );
  });

  test("JSON pieces join back, are 8–12 characters except the last, and never split a surrogate pair", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const json = stringifyLikeApi(value);
        const pieces = splitJsonPieces(json);
        expect(pieces.join("")).toBe(json);
        expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(value)));
        pieces.slice(0, -1).forEach((piece) => expect(Array.from(piece).length).toBeGreaterThanOrEqual(8));
        pieces.forEach((piece) => expect(Array.from(piece).length).toBeLessThanOrEqual(12));
        pieces.forEach((piece) => expect(piece).not.toMatch(/^[\udc00-\udfff]|[\ud800-\udbff]$/u));
      }),
    );
  });
});
