/**
 * The in-place folds the live path uses (`reduceAnthropicEventInPlace`,
 * `reduceOpenAIChatEventInPlace`) give exactly what the pure folds give, event by event: on every
 * recorded stream, cut at every event, and with random subtrees of the events' JSON replaced by
 * hostile values (the fuzzing's own mutator), so wrong-typed deltas take the same path too.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as anthropic from "@/lib/protocol/anthropic/assemble";
import * as chat from "@/lib/protocol/openai-chat/assemble";
import { decodeSse, type SseEvent } from "@/lib/protocol/sse";
import { hostileJson, parseOrText, replaceSubtree } from "@/lib/protocol/testing/mutate-json";
import { readStreamBytes, STREAM_FORMATS } from "@/lib/protocol/testing/stream-formats";

const RUNS = Number(process.env.FUZZ_RUNS ?? 40);

const FOLDS = {
  anthropic: {
    fixtures: STREAM_FORMATS.anthropic.fixtures,
    start: anthropic.createAnthropicStreamState as () => unknown,
    pure: anthropic.reduceAnthropicEvent as (state: unknown, event: SseEvent) => unknown,
    inPlace: anthropic.reduceAnthropicEventInPlace as (state: unknown, event: SseEvent) => unknown,
  },
  "openai-chat": {
    fixtures: STREAM_FORMATS["openai-chat"].fixtures,
    start: chat.createOpenAIChatStreamState as () => unknown,
    pure: chat.reduceOpenAIChatEvent as (state: unknown, event: SseEvent) => unknown,
    inPlace: chat.reduceOpenAIChatEventInPlace as (state: unknown, event: SseEvent) => unknown,
  },
};

/** Folds `events` both ways, comparing after every event (a deep copy of the pure state: it is shared). */
function expectSameFolds(fold: (typeof FOLDS)["anthropic"], events: readonly SseEvent[]): void {
  let pure = fold.start();
  let inPlace = fold.start();
  for (const event of events) {
    pure = fold.pure(pure, event);
    inPlace = fold.inPlace(inPlace, event);
    expect(inPlace).toEqual(pure);
  }
}

function eventsOf(name: string): SseEvent[] {
  return decodeSse(new TextDecoder().decode(readStreamBytes(name)), { lenient: true }).events;
}

describe.each(Object.entries(FOLDS))("%s: the in-place fold", (_format, fold) => {
  it("has streams to compare", () => {
    expect(fold.fixtures.length).toBeGreaterThan(0);
  });

  it.each(fold.fixtures)("folds %s exactly as the pure fold does, after every event", (name) => {
    expectSameFolds(fold, eventsOf(name));
  });

  it("never leaves the pure fold's result when an event's JSON has a subtree replaced", () => {
    const streams = fold.fixtures.map(eventsOf).filter((events) => events.length > 0);
    fc.assert(
      fc.property(
        fc.nat(streams.length - 1),
        fc.nat(),
        fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
        hostileJson,
        (which, at, path, replacement) => {
          const events = streams[which]!;
          const index = at % events.length;
          const original = events[index]!;
          const mutated = {
            ...original,
            data: JSON.stringify(replaceSubtree(parseOrText(original.data), path, replacement)),
          };
          expectSameFolds(fold, [...events.slice(0, index), mutated, ...events.slice(index + 1)]);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
