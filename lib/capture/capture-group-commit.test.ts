/**
 * The relay's commits: the chunks of one turn of the event loop share a commit, written after
 * they were passed on (lib/capture/wire-events.ts). A commit the database refuses loses only its
 * own chunks' events, never part of a chunk, and the stream stops at the next chunk: the run ends
 * failed and the session's transcript stays valid.
 */
import Database from "better-sqlite3";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkTranscript } from "@/lib/protocol/doctor/check";
import {
  closingFrames,
  messageStartFrame,
  textDeltaFrame,
  textStartFrame,
} from "@/lib/protocol/testing/anthropic-frames";
import { writeProviderDefaults } from "@/lib/server/keys";
import {
  CAPTURE_TOKEN,
  type CaptureServer,
  eventsOf,
  onlyCaptureSession,
  startCaptureServer,
} from "@/lib/server/testing/capture-server";
import { DATABASE_FILE_NAME } from "@/lib/store/db";
import { projectTranscript } from "@/lib/trace/transcript";
import { LOST_CHUNK_MESSAGE } from "./wire-events";

/** Three chunks: events 0–2, then 3–4, then 5–7. */
const CHUNKS = [
  messageStartFrame() + textStartFrame() + textDeltaFrame("a"),
  textDeltaFrame("b") + textDeltaFrame("c"),
  closingFrames("end_turn", 3).join(""),
];

let server: CaptureServer;
let upstream: http.Server;
/** Lets the upstream write its next chunk. */
let next: () => void;

beforeEach(async () => {
  upstream = http.createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      response.writeHead(200, { "content-type": "text/event-stream" });
      let sent = 0;
      next = () => {
        sent += 1;
        if (sent < CHUNKS.length) response.write(CHUNKS[sent]);
        if (sent === CHUNKS.length - 1) response.end();
      };
      response.write(CHUNKS[0]);
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  server = await startCaptureServer({ ANTHROPIC_API_KEY: "sk-ant-upstream-0123456789abcdef" });
  const { port } = upstream.address() as AddressInfo;
  writeProviderDefaults("anthropic", { baseURL: `http://127.0.0.1:${port}` });
}, 60_000);
afterEach(async () => {
  await server.close();
  upstream.closeAllConnections();
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
}, 60_000);

async function post(): Promise<ReadableStreamDefaultReader<Uint8Array>> {
  const response = await fetch(`${server.origin}/capture/anthropic/v1/messages`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-api-key": CAPTURE_TOKEN,
      "x-toolscope-upstream": "anthropic",
    },
    body: JSON.stringify({
      model: "m",
      max_tokens: 8,
      stream: true,
      messages: [{ role: "user", content: "hi" }],
    }),
  });
  expect(response.status).toBe(200);
  return response.body!.getReader();
}

/** A database that refuses the row of `wire.event` number `index`, as a full disk would (another connection adds the trigger). */
function refuseWireEvent(index: number): void {
  const db = new Database(path.join(server.dataDir, DATABASE_FILE_NAME));
  db.exec(`CREATE TRIGGER refuse_wire_event BEFORE INSERT ON events
    WHEN NEW.kind = 'wire.event' AND json_extract(NEW.body, '$.index') = ${index}
    BEGIN SELECT RAISE(ABORT, 'the disk is full (test)'); END;`);
  db.close();
}

const decoder = new TextDecoder();

describe("the relay's group commit", { timeout: 60_000 }, () => {
  it("commits each chunk's events on its own, without a read of the store asking for them", async () => {
    const reader = await post();
    // Another connection sees only what was committed; this process's store writes nothing for it.
    const outside = new Database(path.join(server.dataDir, DATABASE_FILE_NAME), { readonly: true });
    const committed = outside.prepare("SELECT COUNT(*) FROM events WHERE kind = 'wire.event'").pluck();
    try {
      for (const [index, chunk] of CHUNKS.entries()) {
        const read = await reader.read();
        expect(decoder.decode(read.value)).toBe(chunk);
        await expect.poll(() => committed.get()).toBe([3, 5, 8][index]);
        next();
      }
    } finally {
      outside.close();
    }
    expect((await reader.read()).done).toBe(true);
    const sessionId = onlyCaptureSession(server);
    await expect.poll(() => eventsOf(server, sessionId, "run.finished").length).toBe(1);
    expect(eventsOf(server, sessionId, "wire.event").map((event) => event.index)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7,
    ]);
    // The seqs are dense: nothing was given twice or skipped.
    const seqs = server.runtime.store.events(sessionId).map((event) => event.seq);
    expect(seqs).toEqual(seqs.map((_, index) => index));
  });

  it("loses a refused commit's whole chunk, never part of one, and stops the stream at the next chunk", async () => {
    const reader = await post();
    expect(decoder.decode((await reader.read()).value)).toBe(CHUNKS[0]);
    refuseWireEvent(4);
    next();
    // The chunk was passed on before its commit, which then failed: the log keeps none of it.
    expect(decoder.decode((await reader.read()).value)).toBe(CHUNKS[1]);
    await expect.poll(() => server.output.some((line) => line.includes("writing events failed"))).toBe(true);
    next();
    await expect(reader.read()).rejects.toThrow();
    const sessionId = onlyCaptureSession(server);
    await expect.poll(() => eventsOf(server, sessionId, "run.failed").length).toBe(1);
    expect(eventsOf(server, sessionId, "wire.event").map((event) => event.index)).toEqual([0, 1, 2]);
    expect(eventsOf(server, sessionId, "run.failed")[0]?.reason).toContain(LOST_CHUNK_MESSAGE);
    expect(checkTranscript(projectTranscript(server.runtime.store.events(sessionId)).messages)).toEqual([]);
  });
});
