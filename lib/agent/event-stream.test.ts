import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createVirtualClock } from "@/lib/clock/virtual-clock";
import { streamSessionEvents } from "./event-stream";
import type { Runtime } from "./runtime";
import { createSession } from "./sessions";
import { createTestRuntime } from "./testing/offline-runtime";

let dataDir: string;
let runtime: Runtime;

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-sse-"));
  runtime = createTestRuntime({ dataDir, clock: createVirtualClock(0, { autoAdvance: true }) });
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Reads SSE messages from the stream until `count` events have arrived. */
async function readEvents(
  stream: ReadableStream<Uint8Array>,
  count: number,
): Promise<{ id: number; seq: number }[]> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const events: { id: number; seq: number }[] = [];
  while (events.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = text.indexOf("\n\n")) >= 0) {
      const message = text.slice(0, end);
      text = text.slice(end + 2);
      const id = /^id: (\d+)$/m.exec(message)?.[1];
      const data = /^data: (.*)$/m.exec(message)?.[1];
      if (id !== undefined && data !== undefined)
        events.push({ id: Number(id), seq: (JSON.parse(data) as { seq: number }).seq });
    }
  }
  reader.releaseLock();
  return events;
}

describe("the events stream", () => {
  it("replays after Last-Event-ID, then delivers live events, each once and in order", async () => {
    const created = createSession(runtime, {});
    if (!created.ok) throw new Error(created.problem.error);
    const id = created.value.id;
    for (let turn = 1; turn <= 3; turn++)
      runtime.store.append(id, { kind: "user.message", turn, text: `m${turn}` });
    const controller = new AbortController();
    const stream = streamSessionEvents(runtime, id, 1, controller.signal);
    const received = readEvents(stream, 3);
    runtime.store.append(id, { kind: "user.message", turn: 4, text: "live" });
    expect(await received).toEqual([
      { id: 2, seq: 2 },
      { id: 3, seq: 3 },
      { id: 4, seq: 4 },
    ]);
    controller.abort();
    expect(runtime.openStreams.size).toBe(0);
  });
});
