import { describe, expect, it } from "vitest";
import type { TraceEvent } from "@/lib/trace/events";
import { mergeEvents, parseEventData } from "./merge-events";

function event(seq: number, text = `m${seq}`): TraceEvent {
  return { seq, at: 1000 + seq, sessionId: "s1", kind: "user.message", turn: 1, text };
}

const seqs = (events: TraceEvent[]) => events.map((e) => e.seq);

describe("mergeEvents keeps one event per seq, ordered by seq", () => {
  it("appends events that come after the last one", () => {
    expect(seqs(mergeEvents([event(0), event(1)], [event(2), event(3)]))).toEqual([0, 1, 2, 3]);
  });

  it("drops an event whose seq is already there, keeping the first copy", () => {
    const merged = mergeEvents([event(0), event(1, "original")], [event(1, "again"), event(2)]);
    expect(seqs(merged)).toEqual([0, 1, 2]);
    expect(merged[1]).toEqual(event(1, "original"));
  });

  it("sorts events that arrive out of order", () => {
    expect(seqs(mergeEvents([event(0), event(3)], [event(2), event(1)]))).toEqual([0, 1, 2, 3]);
  });

  it("returns the same array when nothing is new", () => {
    const existing = [event(0), event(1)];
    expect(mergeEvents(existing, [event(1)])).toBe(existing);
    expect(mergeEvents(existing, [])).toBe(existing);
  });
});

describe("parseEventData", () => {
  it("reads an event", () => {
    expect(parseEventData(JSON.stringify(event(4)))).toEqual(event(4));
  });

  it("returns null for text that is not an event", () => {
    expect(parseEventData("not json")).toBeNull();
    expect(parseEventData('{"kind":"user.message"}')).toBeNull();
    expect(parseEventData("null")).toBeNull();
  });
});
