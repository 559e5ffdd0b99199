/**
 * Property: however the bytes of a recorded stream are cut into chunks (inside a line, a CRLF or
 * a multibyte character), incremental decoding plus the fold gives the same assembly — and the
 * fold never mutates a state it was given.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  assembleAnthropicStream,
  createAnthropicStreamState,
  reduceAnthropicEvent,
  snapshotToolArguments,
  type AnthropicStreamState,
} from "@/lib/protocol/anthropic/assemble";
import { createSseDecoder, decodeSse } from "@/lib/protocol/sse";
import {
  freezeDeep,
  listAnthropicStreamFixtures,
  readAnthropicFixtureEvents,
  readFixtureBytes,
} from "@/lib/protocol/testing/fixtures";

const RUNS = 200;

/** The `.jsonl` event list is not SSE; it is written out as SSE (`event:` = its `type`) for this test. */
function readStreamBytes(name: string): Uint8Array {
  if (!name.endsWith(".jsonl")) return readFixtureBytes(name);
  const text = readAnthropicFixtureEvents(name)
    .events.map(({ event, data }) => `event: ${event}\ndata: ${data}\n\n`)
    .join("");
  return new TextEncoder().encode(text);
}

function splitAt(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
  const points = [...new Set(cuts)].sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let start = 0;
  for (const point of [...points, bytes.length]) {
    chunks.push(bytes.subarray(start, point));
    start = point;
  }
  return chunks;
}

function assembleIncrementally(chunks: Uint8Array[]): { state: AnthropicStreamState; notes: string[] } {
  let state = freezeDeep(createAnthropicStreamState());
  const decoder = createSseDecoder((event) => {
    state = freezeDeep(reduceAnthropicEvent(state, event));
    snapshotToolArguments(state.partialJson); // as the scrubber does after every event
  });
  for (const chunk of chunks) decoder.feed(chunk);
  const notes = decoder.end({ lenient: true });
  return { state, notes };
}

describe.each(listAnthropicStreamFixtures())("%s re-chunked at random byte boundaries", (name) => {
  const bytes = readStreamBytes(name);
  const whole = decodeSse(new TextDecoder().decode(bytes), { lenient: true });
  const expected = assembleAnthropicStream(whole.events);

  it(`assembles the same in every chunking (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: bytes.length }), { maxLength: 40 }), (cuts) => {
        const { state, notes } = assembleIncrementally(splitAt(bytes, cuts));
        expect(state).toEqual(expected);
        expect(notes).toEqual(whole.notes);
      }),
      { numRuns: RUNS },
    );
  });

  it("assembles the same fed one byte at a time", () => {
    const { state } = assembleIncrementally(
      splitAt(
        bytes,
        Array.from({ length: bytes.length }, (_, index) => index),
      ),
    );
    expect(state).toEqual(expected);
  });
});
