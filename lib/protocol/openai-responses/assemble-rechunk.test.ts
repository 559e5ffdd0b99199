/**
 * Property: however the bytes of a recorded Responses stream are cut into chunks, incremental
 * decoding plus the fold gives the same assembly — and the fold never mutates a state it was
 * given.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  assembleOpenAIResponsesStream,
  createOpenAIResponsesStreamState,
  reduceOpenAIResponsesEvent,
  snapshotToolArguments,
  type OpenAIResponsesStreamState,
} from "@/lib/protocol/openai-responses/assemble";
import { createSseDecoder, decodeSse } from "@/lib/protocol/sse";
import {
  freezeDeep,
  listStreamFixtures,
  readFixtureBytes,
  splitBytesAt,
} from "@/lib/protocol/testing/fixtures";

const RUNS = 200;

function assembleIncrementally(chunks: Uint8Array[]): { state: OpenAIResponsesStreamState; notes: string[] } {
  let state = freezeDeep(createOpenAIResponsesStreamState());
  const decoder = createSseDecoder((event) => {
    state = freezeDeep(reduceOpenAIResponsesEvent(state, event));
    snapshotToolArguments(state.partialJson); // as the scrubber does after every event
  });
  for (const chunk of chunks) decoder.feed(chunk);
  return { state, notes: decoder.end() };
}

describe.each(listStreamFixtures("openai-responses-"))("%s re-chunked at random byte boundaries", (name) => {
  const bytes = readFixtureBytes(name);
  const expected = assembleOpenAIResponsesStream(decodeSse(new TextDecoder().decode(bytes)).events);

  it(`assembles the same in every chunking (${RUNS} runs)`, () => {
    expect(expected.done).toBe(true);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: bytes.length }), { maxLength: 40 }), (cuts) => {
        const { state, notes } = assembleIncrementally(splitBytesAt(bytes, cuts));
        expect(state).toEqual(expected);
        expect(notes).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });

  it("assembles the same fed one byte at a time", () => {
    const cuts = Array.from({ length: bytes.length }, (_, index) => index);
    expect(assembleIncrementally(splitBytesAt(bytes, cuts)).state).toEqual(expected);
  });
});
