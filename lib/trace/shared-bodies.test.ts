import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { growEvents, recordRealSession } from "@/bench/long-session";
import type { TraceEvent } from "./events";
import { expandRequestBodies, shareRequestBodies, SharedBodyError } from "./shared-bodies";

/** The texts a page of `events` is made of, shared, then read back as the page reads them. */
function roundTrip(events: readonly object[]) {
  const texts = events.map((event) => JSON.stringify(event));
  const page = shareRequestBodies(texts);
  const read = expandRequestBodies(
    page.texts.map((text) => JSON.parse(text) as TraceEvent),
    page.shared,
  );
  // Only the events marked shared changed.
  const marked = new Set(page.shared);
  page.texts.forEach((text, index) => {
    if (!marked.has((events[index] as { seq: number }).seq)) expect(text).toBe(texts[index]);
  });
  return { texts, shared: page.texts, read };
}

function request(seq: number, body: unknown): object {
  return {
    kind: "request.assembled",
    turn: 1,
    attempt: 1,
    format: "anthropic",
    body,
    seq,
    at: seq,
    sessionId: "s",
  };
}

describe("request bodies shared in a page of the log", () => {
  it("read back as the very events of a real session's log (key order too), in far fewer bytes", async () => {
    const events = growEvents((await recordRealSession()).events, 3_000);
    const { texts, shared, read } = roundTrip(events);
    expect(read.map((event) => JSON.stringify(event))).toEqual(texts);
    const bytes = (list: string[]) => list.reduce((sum, text) => sum + text.length, 0);
    // Every request after a page's first shares its tools and system prompt at least.
    const requests = events.filter((event) => event.kind === "request.assembled").length;
    expect(shared.filter((text) => text.includes('"bodyShared"')).length).toBe(requests - 1);
    expect(bytes(shared)).toBeLessThan(bytes(texts) * 0.6);
    // Events that are not requests pass through untouched (the very texts).
    shared.forEach((text, index) => {
      if (events[index]!.kind !== "request.assembled") expect(text).toBe(texts[index]);
    });
  }, 60_000);

  it("share a real Claude Code request's tools and system as the same objects, and its history as a prefix", () => {
    const first = JSON.parse(
      readFileSync(path.join(process.cwd(), "fixtures/capture/claude-code-request.json"), "utf8"),
    ) as { messages: unknown[]; tools: unknown[] };
    const second = {
      ...first,
      messages: [...first.messages, { role: "assistant", content: [{ type: "text", text: "ok" }] }],
    };
    const third = { ...second, messages: [{ role: "user", content: "a new conversation" }] };
    const events = [request(0, first), { kind: "wire.event", seq: 1 }, request(2, second), request(3, third)];
    const { texts, shared, read } = roundTrip(events);
    expect(read.map((event) => JSON.stringify(event))).toEqual(texts);
    const sharing = JSON.parse(shared[2]!) as { body: { messages: unknown[] }; bodyShared: object };
    expect(sharing.body.messages).toHaveLength(1);
    expect(sharing.bodyShared).toEqual({
      from: 0,
      keys: Object.keys(second),
      same: Object.keys(second).filter((key) => key !== "messages"),
      prefix: { messages: first.messages.length },
    });
    const bodies = read.map((event) => (event as unknown as { body: typeof first }).body);
    expect(bodies[2]!.tools).toBe(bodies[0]!.tools);
    expect(bodies[2]!.messages[0]).toBe(bodies[0]!.messages[0]);
    // No common prefix: the third request's history is whole.
    expect((JSON.parse(shared[3]!) as { bodyShared: { prefix: object } }).bodyShared.prefix).toEqual({});
  });

  it("leave unshared what has nothing in common, or is not a JSON object body", () => {
    const events = [
      request(0, { model: "a", messages: [1] }),
      request(1, { other: true }),
      request(2, ["not", "an", "object"]),
      request(3, { model: "a" }),
      request(4, "text"),
      request(5, null),
    ];
    const { texts, shared, read } = roundTrip(events);
    expect(shared).toEqual(texts);
    expect(read).toEqual(events);
  });

  it("keep a body's key order, changed keys, a reordered value, and hostile keys", () => {
    const events = [
      request(0, JSON.parse('{"a":1,"__proto__":{"polluted":true},"tools":[{"name":"x"}],"messages":[1,2]}')),
      request(
        1,
        JSON.parse('{"messages":[1,2,3],"__proto__":{"polluted":true},"tools":[{"name":"x"}],"b":2}'),
      ),
      request(
        2,
        JSON.parse('{"messages":[1,2,3],"tools":[{"name":"x","extra":1}],"__proto__":{"polluted":true}}'),
      ),
      request(3, JSON.parse('{"tools":[{"extra":1,"name":"x"}],"messages":[0,1,2,3]}')),
    ];
    const { texts, shared, read } = roundTrip(events);
    expect(read.map((event) => JSON.stringify(event))).toEqual(texts);
    for (const event of read) {
      const value = (event as unknown as { body: object }).body;
      expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    }
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
    expect(JSON.parse(shared[1]!).bodyShared).toEqual({
      from: 0,
      keys: ["messages", "__proto__", "tools", "b"],
      same: ["__proto__", "tools"],
      prefix: { messages: 2 },
    });
    // The same tool with its keys in another order is not the same value; no prefix: unshared.
    expect(shared[3]).toBe(texts[3]);
  });

  it("refuse a shared body the page cannot read back, naming the event", () => {
    const expand = (events: object[]) => () => expandRequestBodies(events as TraceEvent[], [1]);
    const shared = { from: 0, keys: ["tools"], same: ["tools"], prefix: {} };
    expect(expand([request(1, {})].map((event) => ({ ...event, bodyShared: shared })))).toThrow(
      new SharedBodyError(
        "event 1: its body is shared with event 0, which is not the page's previous request",
      ),
    );
    expect(expand([request(0, { model: "a" }), { ...request(1, {}), bodyShared: shared }])).toThrow(
      "event 1: body.tools is shared but missing",
    );
    expect(expand([request(0, {}), { ...request(1, {}), bodyShared: { from: 0, keys: "tools" } }])).toThrow(
      "event 1: bodyShared is not { from, keys, same, prefix }",
    );
    expect(
      expand([
        request(0, { messages: [1] }),
        {
          ...request(1, { messages: [2] }),
          bodyShared: { from: 0, keys: ["messages"], same: [], prefix: { messages: 3 } },
        },
      ]),
    ).toThrow("event 1: body.messages is shared but missing");
  });

  it("never share a request that has a bodyShared of its own, nor from it; unmarked events are never expanded", () => {
    const body = { tools: [1, 2], messages: [1] };
    const events = [
      request(0, body),
      { ...request(1, body), bodyShared: { from: 0, keys: ["x"], same: ["x"], prefix: {} } },
      request(2, body),
      request(3, body),
    ];
    const { texts, shared, read } = roundTrip(events);
    expect(shared.slice(0, 3)).toEqual(texts.slice(0, 3));
    expect(JSON.parse(shared[3]!).bodyShared.from).toBe(2);
    expect(read).toEqual(events);
    // A request without a seq (never stored so) is not shared, nor shared with.
    const unnumbered = [request(0, body), { ...request(1, body), seq: "one" }, request(2, body)];
    expect(roundTrip(unnumbered).shared).toEqual(unnumbered.map((event) => JSON.stringify(event)));
  });
});
