/**
 * The re-chunking property every stream fold must hold: however the bytes of a recorded stream
 * are cut into chunks (inside a line, a CRLF, a JSON string or a multibyte character),
 * incremental decoding plus the fold gives the same assembly as the whole stream — and the fold
 * never mutates a state it was given (every state is frozen). Test-only.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { RawArgumentsByIndex } from "@/lib/protocol/anthropic/convert";
import { snapshotToolArguments } from "@/lib/protocol/anthropic/tool-arguments";
import { createSseDecoder, decodeSse, type SseEvent } from "@/lib/protocol/sse";
import { freezeDeep, readFixtureBytes, splitBytesAt } from "./fixtures";

export const RECHUNK_RUNS = 200;

/** A provider's stream fold, and the fixtures it is checked on. */
export interface RechunkedFold<S extends { partialJson: RawArgumentsByIndex }> {
  fixtures: readonly string[];
  createState(): S;
  reduce(state: S, event: SseEvent): S;
  assemble(events: Iterable<SseEvent>): S;
  /** A fixture's bytes; default: the file as recorded. */
  readBytes?(name: string): Uint8Array;
  /** Decode leniently (a stream cut without its last blank line); its notes must then agree. */
  lenient?: boolean;
  /** Whether the whole stream's assembly is complete (every recorded stream is). */
  isDone?(state: S): boolean;
}

/** Declares, per fixture, the re-chunking tests of one fold. */
export function describeRechunking<S extends { partialJson: RawArgumentsByIndex }>(
  fold: RechunkedFold<S>,
): void {
  const lenient = fold.lenient ?? false;

  function assembleIncrementally(chunks: Uint8Array[]): { state: S; notes: string[] } {
    let state = freezeDeep(fold.createState());
    const decoder = createSseDecoder((event) => {
      state = freezeDeep(fold.reduce(state, event));
      snapshotToolArguments(state.partialJson); // as the scrubber does after every event
    });
    for (const chunk of chunks) decoder.feed(chunk);
    const notes = decoder.end({ lenient }); // may dispatch a last event, so before `state` is read
    return { state, notes };
  }

  describe.each([...fold.fixtures])("%s re-chunked at random byte boundaries", (name) => {
    const bytes = (fold.readBytes ?? readFixtureBytes)(name);
    const whole = decodeSse(new TextDecoder().decode(bytes), { lenient });
    const expected = fold.assemble(whole.events);

    it(`assembles the same in every chunking (${RECHUNK_RUNS} runs)`, () => {
      if (fold.isDone) expect(fold.isDone(expected)).toBe(true);
      if (!lenient) expect(whole.notes).toEqual([]);
      fc.assert(
        fc.property(fc.array(fc.integer({ min: 0, max: bytes.length }), { maxLength: 40 }), (cuts) => {
          const { state, notes } = assembleIncrementally(splitBytesAt(bytes, cuts));
          expect(state).toEqual(expected);
          expect(notes).toEqual(whole.notes);
        }),
        { numRuns: RECHUNK_RUNS },
      );
    });

    it("assembles the same fed one byte at a time", () => {
      const cuts = Array.from({ length: bytes.length }, (_, index) => index);
      expect(assembleIncrementally(splitBytesAt(bytes, cuts)).state).toEqual(expected);
    });
  });
}
