import { describe, expect, it } from "vitest";
import type { SseEvent } from "@/lib/protocol/sse";
import { chunksToStream, relayChunks, type RelayEnd, type RelayOptions } from "./relay";

const encoder = new TextEncoder();
const text = (chunk: Uint8Array | null) => (chunk === null ? null : new TextDecoder().decode(chunk));

/** A relay over `chunks` (as the upstream sends them) that notes each call in `log`. */
function relayOf(chunks: string[], log: string[], overrides: Partial<RelayOptions> = {}) {
  const client = new AbortController();
  const ends: RelayEnd[] = [];
  const relay = relayChunks({
    body: new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift();
        if (next === undefined) controller.close();
        else controller.enqueue(encoder.encode(next));
      },
    }),
    clientSignal: client.signal,
    onEvents: (events: SseEvent[]) => log.push(`events ${events.map((event) => event.data).join(",")}`),
    onEnd: (end) => ends.push(end),
    abortUpstream: () => log.push("abort"),
    ...overrides,
  });
  return { relay, ends, client };
}

describe("relayChunks", () => {
  it("hands over each chunk after its complete events were recorded, then null at the end", async () => {
    const log: string[] = [];
    const { relay, ends } = relayOf(["data: 1\n\ndata: 2", "\n\n", "data: 3\n\n"], log);
    const read = async () => {
      const chunk = text(await relay.read());
      log.push(`chunk ${JSON.stringify(chunk)}`);
      return chunk;
    };
    expect(await read()).toBe("data: 1\n\ndata: 2");
    expect(await read()).toBe("\n\n");
    expect(await read()).toBe("data: 3\n\n");
    expect(await read()).toBeNull();
    expect(log).toEqual([
      "events 1",
      'chunk "data: 1\\n\\ndata: 2"',
      "events 2",
      'chunk "\\n\\n"',
      "events 3",
      'chunk "data: 3\\n\\n"',
      "chunk null",
    ]);
    expect(ends).toEqual([{ kind: "ended", cutMidEvent: false }]);
  });

  it("rejects and passes nothing on when the log refuses a chunk's events, aborting the upstream", async () => {
    const log: string[] = [];
    const { relay, ends } = relayOf(["data: 1\n\n"], log, {
      onEvents: () => {
        throw new Error("disk full");
      },
    });
    await expect(relay.read()).rejects.toThrow("disk full");
    expect(log).toEqual(["abort"]);
    expect(ends).toEqual([{ kind: "record-failed", message: "disk full" }]);
  });

  it("ends client-gone once on cancel, and a read after it is the end", async () => {
    const log: string[] = [];
    const { relay, ends } = relayOf(["data: 1\n\n"], log);
    relay.cancel();
    relay.cancel();
    expect(await relay.read()).toBeNull();
    expect(log).toEqual(["abort"]);
    expect(ends).toEqual([{ kind: "client-gone" }]);
  });

  it("reads the same bytes as a Web stream (chunksToStream)", async () => {
    const log: string[] = [];
    const { relay } = relayOf(["data: 1\n\n", "data: 2\n\n"], log);
    expect(await new Response(chunksToStream(relay)).text()).toBe("data: 1\n\ndata: 2\n\n");
    expect(log).toEqual(["events 1", "events 2"]);
  });
});
