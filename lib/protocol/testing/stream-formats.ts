/**
 * The three wire formats side by side for the stream fuzzing: each one's recorded fixtures and its
 * fold, run as the app runs it (the partial tool arguments read after every event, as the
 * scrubber does). Test-only.
 */
import * as anthropic from "@/lib/protocol/anthropic/assemble";
import * as chat from "@/lib/protocol/openai-chat/assemble";
import * as responses from "@/lib/protocol/openai-responses/assemble";
import type { SseEvent } from "@/lib/protocol/sse";
import {
  listAnthropicStreamFixtures,
  listStreamFixtures,
  readAnthropicFixtureEvents,
  readFixtureBytes,
} from "./fixtures";

/** One wire format: its fixtures and its fold from raw events. */
export interface WireFormatUnderTest {
  fixtures: string[];
  /** Folds the events; must never throw. */
  assemble(events: readonly SseEvent[]): unknown;
}

function fold<S>(
  events: readonly SseEvent[],
  start: S,
  reduce: (state: S, event: SseEvent) => S,
  inspect: (state: S) => void,
): S {
  let state = start;
  for (const event of events) {
    state = reduce(state, event);
    inspect(state);
  }
  return state;
}

/** The formats by name, each with its fixtures and fold. */
export const STREAM_FORMATS: Readonly<
  Record<"anthropic" | "openai-chat" | "openai-responses", WireFormatUnderTest>
> = {
  anthropic: {
    fixtures: listAnthropicStreamFixtures(),
    assemble: (events) =>
      fold(events, anthropic.createAnthropicStreamState(), anthropic.reduceAnthropicEvent, (s) =>
        anthropic.snapshotToolArguments(s.partialJson),
      ),
  },
  "openai-chat": {
    fixtures: listStreamFixtures("openai-chat-"),
    assemble: (events) =>
      fold(events, chat.createOpenAIChatStreamState(), chat.reduceOpenAIChatEvent, (s) =>
        chat.snapshotToolArguments(s.partialJson),
      ),
  },
  "openai-responses": {
    fixtures: listStreamFixtures("openai-responses-"),
    assemble: (events) =>
      fold(events, responses.createOpenAIResponsesStreamState(), responses.reduceOpenAIResponsesEvent, (s) =>
        responses.snapshotToolArguments(s.partialJson),
      ),
  },
};

/** A fixture's bytes; the `.jsonl` event list is written out as SSE first. */
export function readStreamBytes(name: string): Uint8Array {
  if (!name.endsWith(".jsonl")) return readFixtureBytes(name);
  const text = readAnthropicFixtureEvents(name)
    .events.map(({ event, data }) => `event: ${event}\ndata: ${data}\n\n`)
    .join("");
  return new TextEncoder().encode(text);
}
