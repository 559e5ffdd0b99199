/**
 * A transaction's events reach the bus (and so the live event streams) only once it commits: a
 * rolled-back append must not be seen, since the next append reuses its seq and a stream that
 * saw the phantom would drop the real event as a duplicate. Run on every engine.
 */
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { TraceEvent } from "@/lib/trace/events";
import { EventBus } from "./bus";
import type { EventStore } from "./event-store";
import { createRedactor } from "./redact";
import { storeEngines } from "./testing/engines";

describe.each(storeEngines())("publishing inside a transaction on $name", (engine) => {
  let bus: EventBus;
  let store: EventStore;
  let seen: string[];

  beforeEach(async () => {
    await engine.fresh();
    bus = new EventBus();
    store = engine.open(bus, createRedactor([]), () => 1000);
    store.createSession({ id: "s1", title: "One", provider: { kind: "offline" } });
    seen = [];
    bus.subscribe("s1", (event: TraceEvent) =>
      seen.push(`${event.seq} ${event.kind === "user.message" ? event.text : event.kind}`),
    );
  });
  afterAll(() => engine.dispose());

  it("publishes nothing of a rolled-back transaction, so the next event under the same seq is seen", () => {
    expect(() =>
      store.transaction(() => {
        store.append("s1", { kind: "user.message", turn: 1, text: "rolled back" });
        throw new Error("boom");
      }),
    ).toThrow("boom");
    store.append("s1", { kind: "user.message", turn: 1, text: "kept" });
    expect(seen).toEqual(["0 kept"]);
    expect(store.events("s1").map((e) => e.seq)).toEqual([0]);
  });

  it("publishes a committed transaction's events after the commit, in order, each once", () => {
    const countAtPublish: number[] = [];
    bus.subscribe("s1", () => countAtPublish.push(store.events("s1").length));
    store.transaction(() => {
      store.append("s1", { kind: "user.message", turn: 1, text: "a" });
      store.transaction(() => store.append("s1", { kind: "user.message", turn: 1, text: "b" }));
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual(["0 a", "1 b"]);
    expect(countAtPublish).toEqual([2, 2]);
  });

  it("publishes nothing of a nested transaction that failed and was caught", () => {
    store.transaction(() => {
      store.append("s1", { kind: "user.message", turn: 1, text: "a" });
      expect(() =>
        store.transaction(() => {
          store.append("s1", { kind: "user.message", turn: 1, text: "phantom" });
          throw new Error("inner");
        }),
      ).toThrow("inner");
    });
    expect(seen).toEqual(["0 a"]);
  });

  it("publishes at once outside a transaction", () => {
    store.append("s1", { kind: "user.message", turn: 1, text: "now" });
    expect(seen).toEqual(["0 now"]);
  });
});
