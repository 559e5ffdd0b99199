/**
 * The graph's fold of a run of wire events at once (stream-events.ts, `foldRunGraphRange`) against
 * the fold event by event, on every real recorded stream (fixtures/recorded/, all three wire
 * formats), each in a log with a retry and with wire events of an attempt that has no request.
 */
import { describe, expect, it } from "vitest";
import { decodeSse } from "@/lib/protocol/sse";
import { readRecordedSse, readRecordingManifest } from "@/lib/protocol/testing/recorded";
import type { WireFormat } from "@/lib/protocol/unified";
import type { NewEvent, TraceEvent } from "../events";
import type { RunGraphState } from "./graph-state";
import { createRunGraphProjector } from "./projector";
import { createRunGraphState, foldRunGraph, readRunGraph, reduceRunGraph } from "./reduce-run-graph";
import { buildLog, requested } from "./testing/graph-log";

function wireEventsOf(
  turn: number,
  attempt: number,
  events: { event: string | null; data: string }[],
): NewEvent[] {
  return events.map((event, index) => ({
    kind: "wire.event" as const,
    turn,
    attempt,
    index,
    event: event.event,
    data: event.data,
    receivedAt: 0,
  }));
}

/** Turn 1: the stream cut halfway, then retried whole; turn 2: stray events of an attempt with no request, then the stream. */
function logOf(format: WireFormat, sse: { event: string | null; data: string }[]): TraceEvent[] {
  const request = (turn: number, attempt: number): NewEvent =>
    ({ ...requested(turn), format, attempt }) as NewEvent;
  const half = sse.slice(0, Math.ceil(sse.length / 2));
  return buildLog([
    { kind: "user.message", turn: 1, text: "go" },
    request(1, 1),
    ...wireEventsOf(1, 1, half),
    {
      kind: "wire.error",
      turn: 1,
      attempt: 1,
      source: "transport",
      status: null,
      message: "cut",
      body: null,
    },
    request(1, 2),
    ...wireEventsOf(1, 2, sse),
    { kind: "user.message", turn: 2, text: "again" },
    request(2, 1),
    ...wireEventsOf(2, 7, sse.slice(0, 3)),
    ...wireEventsOf(2, 1, sse),
  ]);
}

/** The fold one event at a time (the definition the range fold must equal): the state after each prefix. */
function foldOneByOne(events: readonly TraceEvent[]): RunGraphState[] {
  const states = [createRunGraphState()];
  for (const event of events) states.push(reduceRunGraph(states.at(-1)!, event));
  return states;
}

function expectSameState(actual: RunGraphState, expected: RunGraphState) {
  expect(readRunGraph(actual)).toEqual(readRunGraph(expected));
  expect(actual.stream).toEqual(expected.stream);
}

const manifest = readRecordingManifest();
let withBlocks = 0;

describe("the graph folds a run of wire events at once as it folds them one by one", () => {
  for (const [name, entry] of Object.entries(manifest)) {
    it(`${name}: at every cut, and through a projector scrubbing back and forth`, () => {
      const { events: sse } = decodeSse(new TextDecoder().decode(readRecordedSse(name, entry)));
      expect(sse.length).toBeGreaterThan(0);
      const log = logOf(entry.wire, sse);
      const reference = foldOneByOne(log);
      const step = Math.max(1, Math.floor(log.length / 120));
      const cuts = [
        ...Array.from({ length: Math.ceil(log.length / step) }, (_, index) => index * step),
        log.length,
      ];
      const streamed = readRunGraph(reference.at(-1)!).nodes.filter((node) => node.kind === "stream");
      if (streamed.some((node) => (node.streamBlocks?.length ?? 0) > 0)) withBlocks++;
      const projector = createRunGraphProjector(7);
      for (const cut of [...cuts, ...[...cuts].reverse()]) {
        const expected = reference[cut]!;
        const upTo = cut === 0 ? -1 : log[cut - 1]!.seq;
        expectSameState(foldRunGraph(createRunGraphState(), log, upTo), expected);
        expectSameState(projector.projectState(log, upTo), expected);
      }
    });
  }

  it("named blocks in nearly every recording (the comparison is not of empty streams)", () => {
    expect(withBlocks).toBeGreaterThan(Object.keys(manifest).length - 5);
  });
});
