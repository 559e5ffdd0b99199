/**
 * Fuzzing SSE decoding and stream assembly in all three wire formats (random re-chunking is
 * covered beside each assembler, in `assemble-rechunk.test.ts`). For every recorded stream:
 * - truncated at any byte, decoding and the fold never throw, strict or lenient, and strict
 *   decoding yields exactly the whole stream's first events (nothing invented, nothing changed);
 * - with bytes flipped, inserted or deleted, and with events whose JSON has a random subtree
 *   replaced by random JSON, decoding and the fold never throw.
 * What the app then makes of such an assembly (an imported capture) is fuzzed through the import
 * route (app/api/import/route-fuzz-recorded.test.ts); the events it once broke on are pinned in
 * stream-fuzz-regressions.test.ts.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createSseDecoder, decodeSse, type SseEvent } from "@/lib/protocol/sse";
import { hostileJson, parseOrText, replaceSubtree } from "@/lib/protocol/testing/mutate-json";
import { readStreamBytes, STREAM_FORMATS } from "@/lib/protocol/testing/stream-formats";

const RUNS = Number(process.env.FUZZ_RUNS ?? 40);

function decodeBytes(bytes: Uint8Array, lenient: boolean): SseEvent[] {
  const events: SseEvent[] = [];
  const decoder = createSseDecoder((event) => events.push(event));
  decoder.feed(bytes);
  decoder.end({ lenient });
  return events;
}

/** A byte-level edit: flip one byte, insert bytes, or delete a run. */
type ByteEdit =
  | { kind: "flip"; at: number; byte: number }
  | { kind: "insert"; at: number; bytes: Uint8Array }
  | { kind: "delete"; at: number; count: number };

const byteEdit = (length: number): fc.Arbitrary<ByteEdit> =>
  fc.oneof(
    fc.record({ kind: fc.constant("flip" as const), at: fc.nat(Math.max(0, length - 1)), byte: fc.nat(255) }),
    fc.record({
      kind: fc.constant("insert" as const),
      at: fc.nat(length),
      bytes: fc.uint8Array({ maxLength: 8 }),
    }),
    fc.record({
      kind: fc.constant("delete" as const),
      at: fc.nat(length),
      count: fc.integer({ min: 1, max: 16 }),
    }),
  );

function applyEdit(bytes: Uint8Array, edit: ByteEdit): Uint8Array {
  const copy = [...bytes];
  if (edit.kind === "flip") copy[edit.at] = edit.byte;
  else if (edit.kind === "insert") copy.splice(edit.at, 0, ...edit.bytes);
  else copy.splice(edit.at, edit.count);
  return Uint8Array.from(copy);
}

describe.each(Object.entries(STREAM_FORMATS))("%s streams", (_format, { fixtures, assemble }) => {
  it("has fixtures to fuzz", () => {
    expect(fixtures.length).toBeGreaterThan(0);
  });

  describe.each(fixtures)("%s", (name) => {
    const bytes = readStreamBytes(name);
    const whole = decodeSse(new TextDecoder().decode(bytes), { lenient: true }).events;

    it(`truncated at any byte never throws, and strict decoding keeps exactly the complete events (${RUNS} cuts + both ends)`, () => {
      const check = (cut: number) => {
        const prefix = bytes.subarray(0, cut);
        const strict = decodeBytes(prefix, false);
        expect(strict).toEqual(whole.slice(0, strict.length));
        assemble(strict);
        assemble(decodeBytes(prefix, true));
      };
      check(0);
      check(bytes.length);
      fc.assert(fc.property(fc.nat(bytes.length), check), { numRuns: RUNS });
    });

    it(`with bytes flipped, inserted or deleted never throws (${RUNS} runs)`, () => {
      fc.assert(
        fc.property(fc.array(byteEdit(bytes.length), { minLength: 1, maxLength: 4 }), (edits) => {
          const edited = edits.reduce(applyEdit, bytes);
          assemble(decodeBytes(edited, true));
        }),
        { numRuns: RUNS },
      );
    });

    it(`with one event's JSON changed at a random place to random JSON never throws (${RUNS} runs)`, () => {
      fc.assert(
        fc.property(
          fc.nat(),
          fc.array(fc.nat(), { maxLength: 6 }),
          hostileJson,
          (which, path, replacement) => {
            const index = which % whole.length;
            const events = whole.map((event, i) => {
              if (i !== index) return event;
              return {
                ...event,
                data: JSON.stringify(replaceSubtree(parseOrText(event.data), path, replacement)),
              };
            });
            assemble(events);
          },
        ),
        { numRuns: RUNS },
      );
    });
  });
});
