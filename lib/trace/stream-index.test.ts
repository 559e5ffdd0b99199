import { describe, expect, it } from "vitest";
import { growEvents, recordRealSession } from "@/bench/long-session";
import type { TraceEvent } from "./events";
import { createStreamIndexer, indexStreamTurns, type StreamIndex } from "./stream-index";
import { describeWireEvents, listStreamTurns, selectStreamFormat, selectStreamRows } from "./stream-view";
import { buildLog } from "./testing/build-log";

/** The index answers every turn and every `upTo` as the scans of the whole log do. */
function expectAgrees(index: StreamIndex, events: readonly TraceEvent[], upTos: readonly number[]): void {
  const turns = listStreamTurns(events);
  for (const upTo of upTos)
    expect(index.turnsThrough(upTo), `turns through ${upTo}`).toEqual(listStreamTurns(events, upTo));
  for (const turn of [...turns, 999]) {
    expect(describeWireEvents(index.wireEvents(turn)), `rows of turn ${turn}`).toEqual(
      selectStreamRows(events, turn),
    );
    expect(index.format(turn), `format of turn ${turn}`).toBe(selectStreamFormat(events, turn));
  }
}

const wire = (turn: number, attempt: number, index: number, event: string | null, data: string) =>
  ({ kind: "wire.event", turn, attempt, index, event, data }) as const;

/** Turns out of order, a turn whose request comes after its first wire event, chat and Responses turns, a turn with no wire event. */
const mixed = buildLog([
  { kind: "request.assembled", turn: 1, attempt: 1, format: "anthropic", body: {} },
  wire(1, 1, 0, "message_start", '{"type":"message_start"}'),
  wire(2, 1, 0, null, '{"choices":[{"index":0,"delta":{"content":"hi"}}]}'),
  wire(
    1,
    1,
    1,
    "content_block_delta",
    '{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"a"}}',
  ),
  { kind: "request.assembled", turn: 2, attempt: 1, format: "openai-responses", body: {} },
  wire(3, 1, 0, "response.created", '{"type":"response.created"}'),
  { kind: "request.assembled", turn: 4, attempt: 1, format: "openai-chat", body: {} },
  wire(1, 2, 0, "message_start", '{"type":"message_start"}'),
  wire(5, 1, 0, null, "[DONE]"),
] as never);

describe("the stream panel's index", () => {
  it("answers as the scans on a hand-built log, at every upTo", () => {
    expectAgrees(indexStreamTurns(mixed), mixed, [-1, ...mixed.keys(), 99]);
  });

  it("kept up to date by appends, equals a fresh index; a replaced log starts again", () => {
    const indexer = createStreamIndexer();
    let log: TraceEvent[] = [];
    for (const event of mixed) {
      log = [...log, event];
      expectAgrees(indexer.update(log), log, [event.seq]);
    }
    const same = indexer.update(log);
    expect(indexer.update([...log])).toBe(same);
    const other = buildLog([wire(7, 1, 0, "message_start", "{}")] as never, "s2");
    expectAgrees(indexer.update(other), other, [0]);
    expect(indexer.update([]).turnsThrough(Infinity)).toEqual([]);
  });

  it("answers as the scans on the bench's real log (9 offline-model runs, 4,000 events)", async () => {
    const events = growEvents((await recordRealSession()).events, 4_000);
    expectAgrees(indexStreamTurns(events), events, [0, 37, 500, 1_234, 2_000, 3_999]);
  }, 120_000);
});
