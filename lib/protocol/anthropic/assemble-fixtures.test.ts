/**
 * Every recorded Anthropic stream fixture assembles to the `expected` result in MANIFEST.json
 * (decoded leniently, as its errata says for the captures that end without a blank line).
 */
import { describe, expect, it } from "vitest";
import { decodeSse, LENIENT_FLUSH_NOTE, STRICT_DROP_NOTE } from "@/lib/protocol/sse";
import { assembleAnthropicStream } from "@/lib/protocol/anthropic/assemble";
import {
  listAnthropicStreamFixtures,
  readAnthropicFixtureEvents,
  readFixtureText,
  readManifest,
} from "@/lib/protocol/testing/fixtures";

const manifest = readManifest();
const fixtures = listAnthropicStreamFixtures();

/** The manifest annotates content blocks with what the parser saw; the blocks themselves lack these keys. */
function stripAnnotations(block: Record<string, unknown>): Record<string, unknown> {
  const { content_block_stop_seen: _stop, accumulated_partial_json: _json, ...rest } = block;
  return rest;
}

describe("Anthropic stream fixtures assemble to MANIFEST.json's expected result", () => {
  it("covers all 13 Anthropic stream fixtures", () => {
    expect(fixtures).toHaveLength(13);
    for (const name of fixtures) expect(manifest[name], name).toBeDefined();
  });

  describe.each(fixtures)("%s", (name) => {
    const expected = manifest[name]!.expected;
    const { events, notes } = readAnthropicFixtureEvents(name);
    const assembly = assembleAnthropicStream(events);

    it("decodes to the expected events, pings included", () => {
      expect(events).toHaveLength(expected.sse_events ?? expected.events ?? -1);
      if (expected.event_names) expect(events.map((event) => event.event)).toEqual(expected.event_names);
      if (expected.pings !== undefined)
        expect(events.filter((event) => event.event === "ping")).toHaveLength(expected.pings);
    });

    if (expected.ends_with_blank_line !== undefined)
      it("follows the specification unless asked to be lenient", () => {
        const strict = decodeSse(readFixtureText(name));
        if (expected.ends_with_blank_line) {
          expect(strict.events).toEqual(events);
          expect(strict.notes).toEqual([]);
          expect(notes).toEqual([]);
        } else {
          expect(strict.events).toEqual(events.slice(0, -1));
          expect(strict.notes).toEqual([STRICT_DROP_NOTE]);
          expect(notes).toEqual([LENIENT_FLUSH_NOTE]);
        }
      });

    if (expected.error !== undefined || expected.message !== undefined)
      it("records the error event, or none", () => {
        expect(assembly.error).toEqual(expected.error);
      });

    if (expected.content !== undefined)
      it("assembles the content blocks, by index", () => {
        const content = expected.content!;
        expect(assembly.message?.content).toEqual(content.map(stripAnnotations));
        content.forEach((block, index) => {
          if (block.content_block_stop_seen !== undefined) {
            expect(assembly.stoppedBlocks.includes(index), `block ${index} stopped`).toBe(
              block.content_block_stop_seen,
            );
          }
          // Annotated fixtures list the raw JSON of every tool block, and only of those.
          if (block.content_block_stop_seen !== undefined)
            expect(assembly.partialJson[index]).toBe(block.accumulated_partial_json);
        });
      });

    if (expected.message !== undefined)
      it("merges message_start and message_delta as expected (usage exactly)", () => {
        for (const [key, value] of Object.entries(expected.message!)) {
          expect(assembly.message?.[key], key).toEqual(value);
        }
        expect(assembly.done).toBe(expected.message_stop_seen);
      });
  });
});

describe("fixture specifics", () => {
  it("the cut fine-grained stream keeps the tool block's start input and its invalid raw JSON", () => {
    const assembly = assembleAnthropicStream(
      readAnthropicFixtureEvents("anthropic-stream-fine-grained-max-tokens.sse").events,
    );
    expect(assembly.stoppedBlocks).toEqual([0]);
    expect(assembly.message?.content[1]).toMatchObject({ type: "tool_use", input: {} });
    expect(() => JSON.parse(assembly.partialJson[1]!)).toThrow();
    expect(assembly.notes).toEqual([]);
  });

  it("an error-only stream has an error and no message", () => {
    for (const name of ["anthropic-stream-error-overloaded.sse", "anthropic-docs-stream-error.sse"]) {
      const assembly = assembleAnthropicStream(readAnthropicFixtureEvents(name).events);
      expect(assembly).toEqual({
        message: null,
        done: false,
        error: { type: "overloaded_error", message: "Overloaded" },
        partialJson: {},
        stoppedBlocks: [],
        notes: [],
      });
    }
  });

  it("the legacy /v1/complete stream: its completion event is noted and ignored, its error recorded", () => {
    const assembly = assembleAnthropicStream(
      readAnthropicFixtureEvents("anthropic-legacy-complete-stream-error.sse").events,
    );
    expect(assembly.message).toBeNull();
    expect(assembly.error).toEqual({ type: "overloaded_error", message: "Overloaded" });
    expect(assembly.notes).toEqual(['ignored an event of unknown type "completion"']);
  });

  it("the Go SDK's event list: message_start with an empty message, no message_delta", () => {
    const assembly = assembleAnthropicStream(
      readAnthropicFixtureEvents("anthropic-events-thinking-text-tool-use.jsonl").events,
    );
    expect(Object.keys(assembly.message!)).toEqual(["content"]);
    expect(assembly.done).toBe(true);
    expect(assembly.stoppedBlocks).toEqual([0, 1, 2]);
    expect(assembly.partialJson).toEqual({ 2: '{"city": "Los Angeles"}' });
  });
});
