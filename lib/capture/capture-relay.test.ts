/**
 * The relay against a real upstream: a local HTTP server set as the `anthropic` upstream's base
 * URL. Events pass unbuffered and byte for byte, each logged before the client has it; upstream
 * errors pass through; a cut upstream and a client that hangs up each leave a valid, cut session;
 * the client's key never reaches the upstream, which gets the key Toolscope holds.
 */
import Anthropic from "@anthropic-ai/sdk";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkTranscript } from "@/lib/protocol/doctor/check";
import {
  closingFrames,
  inputJsonDeltaFrame,
  messageStartFrame,
  toolUseStartFrame,
} from "@/lib/protocol/testing/anthropic-frames";
import { writeProviderDefaults } from "@/lib/server/keys";
import {
  CAPTURE_TOKEN,
  type CaptureServer,
  eventsOf,
  onlyCaptureSession,
  startCaptureServer,
} from "@/lib/server/testing/capture-server";
import { projectTranscript } from "@/lib/trace/transcript";

const UPSTREAM_KEY = "sk-ant-upstream-0123456789abcdef";

const START = messageStartFrame();
const TOOL_START = toolUseStartFrame("toolu_up", "read_file");
const TOOL_DELTA = inputJsonDeltaFrame('{"path":"a.md"}');
const REST = closingFrames("tool_use", 9);

type UpstreamHandler = (request: http.IncomingMessage, response: http.ServerResponse, body: string) => void;

let server: CaptureServer;
let upstream: http.Server;
let handle: UpstreamHandler;
const seen: { url: string; headers: http.IncomingHttpHeaders }[] = [];

beforeEach(async () => {
  seen.length = 0;
  upstream = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => {
      seen.push({ url: request.url ?? "", headers: request.headers });
      handle(request, response, body);
    });
  });
  upstream.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  server = await startCaptureServer({ ANTHROPIC_API_KEY: UPSTREAM_KEY });
  const { port } = upstream.address() as AddressInfo;
  writeProviderDefaults("anthropic", { baseURL: `http://127.0.0.1:${port}` });
}, 60_000);
afterEach(async () => {
  await server.close();
  upstream.closeAllConnections();
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
}, 60_000);

const anthropic = () =>
  new Anthropic({
    apiKey: CAPTURE_TOKEN,
    baseURL: `${server.origin}/capture/anthropic`,
    maxRetries: 0,
    defaultHeaders: { "x-toolscope-upstream": "anthropic" },
  });
const REQUEST = { model: "m", max_tokens: 64, messages: [{ role: "user" as const, content: "Read a.md" }] };

function expectValidTranscript(sessionId: string) {
  const view = projectTranscript(server.runtime.store.events(sessionId));
  expect(checkTranscript(view.messages)).toEqual([]);
}

async function post(body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${server.origin}/capture/anthropic/v1/messages?beta=true`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-api-key": CAPTURE_TOKEN,
      "x-toolscope-upstream": "anthropic",
      ...headers,
    },
    body: JSON.stringify(body),
  });
}

describe("the capture relay", { timeout: 60_000 }, () => {
  it("passes each event on as it arrives, logged first, byte for byte; the upstream gets Toolscope's key, never the client's", async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const chunks = [START + TOOL_START.slice(0, 20), TOOL_START.slice(20) + TOOL_DELTA, REST.join("")];
    handle = (_request, response) => {
      response.writeHead(200, { "content-type": "text/event-stream", "request-id": "req_up" });
      response.write(chunks[0]);
      void released.then(() => {
        response.write(chunks[1]);
        response.end(chunks[2]);
      });
    };
    const response = await post({ ...REQUEST, stream: true });
    expect(response.headers.get("request-id")).toBe("req_up");
    const reader = response.body!.getReader();
    const first = await reader.read();
    const sessionId = onlyCaptureSession(server);
    // The client holds the first chunk while the upstream waits: its complete event is in the log already.
    expect(new TextDecoder().decode(first.value)).toBe(chunks[0]);
    expect(eventsOf(server, sessionId, "wire.event").map((event) => event.event)).toEqual(["message_start"]);
    release();
    let text = new TextDecoder().decode(first.value);
    for (;;) {
      const next = await reader.read();
      if (next.done) break;
      text += new TextDecoder().decode(next.value);
    }
    expect(text).toBe(chunks.join(""));
    expect(eventsOf(server, sessionId, "wire.event")).toHaveLength(6);
    expect(eventsOf(server, sessionId, "turn.completed")[0]?.unified.content).toMatchObject([
      { type: "toolCall", id: "toolu_up", name: "read_file", arguments: { path: "a.md" } },
    ]);
    expect(seen[0]?.url).toBe("/v1/messages?beta=true");
    expect(seen[0]?.headers["x-api-key"]).toBe(UPSTREAM_KEY);
    expect(JSON.stringify(seen[0]?.headers)).not.toContain(CAPTURE_TOKEN);
    expect(seen[0]?.headers["accept-encoding"]).toBe("identity");
    expect(eventsOf(server, sessionId, "request.assembled")[0]?.capture?.path).toBe("/v1/messages?beta=true");
  });

  /**
   * Wraps the store so the test sees which `wire.event`s each transaction (or `transactionSoon`,
   * whose writes share the next commit) appended (the store itself does the work), and can make
   * the log refuse one of them as a full disk would.
   */
  function watchWireEvents(refuseIndex?: number): number[][] {
    const store = server.runtime.store;
    const batches: number[][] = [];
    let open: number[] | null = null;
    const watch = (run: <T>(work: () => T) => T) => {
      const bound = run.bind(store);
      return <T>(work: () => T): T => {
        if (open) return bound(work);
        open = [];
        try {
          return bound(work);
        } finally {
          if (open.length > 0) batches.push(open);
          open = null;
        }
      };
    };
    store.transaction = watch(store.transaction);
    if (store.transactionSoon) store.transactionSoon = watch(store.transactionSoon);
    const append = store.append.bind(store);
    store.append = (sessionId, event, options) => {
      if (event.kind === "wire.event") {
        if (event.index === refuseIndex) throw new Error("the disk is full (test)");
        (open ?? batches[batches.push([]) - 1]!).push(event.index);
      }
      return append(sessionId, event, options);
    };
    return batches;
  }

  function streamInTwoChunks(): { chunks: string[]; release: () => void } {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const chunks = [START + TOOL_START + TOOL_DELTA, REST.join("")];
    handle = (_request, response) => {
      response.writeHead(200, { "content-type": "text/event-stream" });
      response.write(chunks[0]);
      void released.then(() => response.end(chunks[1]));
    };
    return { chunks, release };
  }

  it("appends all the events of one upstream chunk together, all or none, before the chunk is passed on", async () => {
    const batches = watchWireEvents();
    const { chunks, release } = streamInTwoChunks();
    const response = await post({ ...REQUEST, stream: true });
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe(chunks[0]);
    expect(batches).toEqual([[0, 1, 2]]);
    expect(eventsOf(server, onlyCaptureSession(server), "wire.event").map((event) => event.index)).toEqual([
      0, 1, 2,
    ]);
    release();
    while (!(await reader.read()).done);
    expect(batches).toEqual([
      [0, 1, 2],
      [3, 4, 5],
    ]);
    const sessionId = onlyCaptureSession(server);
    await expect.poll(() => eventsOf(server, sessionId, "run.finished").length).toBe(1);
    expect(eventsOf(server, sessionId, "wire.event").map((event) => event.index)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it("passes on nothing of a chunk the log refused, keeps none of its events, and ends the run failed", async () => {
    const batches = watchWireEvents(4);
    const { chunks, release } = streamInTwoChunks();
    const response = await post({ ...REQUEST, stream: true });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = decoder.decode((await reader.read()).value);
    release();
    const rest = (async () => {
      for (;;) {
        const next = await reader.read();
        if (next.done) return "ended";
        text += decoder.decode(next.value);
      }
    })();
    await expect(rest).rejects.toThrow();
    expect(text).toBe(chunks[0]);
    const sessionId = onlyCaptureSession(server);
    await expect.poll(() => eventsOf(server, sessionId, "run.failed").length).toBe(1);
    expect(batches).toEqual([[0, 1, 2], [3]]);
    // Index 3 was appended with the refused chunk's other events: taken back with them.
    expect(eventsOf(server, sessionId, "wire.event").map((event) => event.index)).toEqual([0, 1, 2]);
    expect(eventsOf(server, sessionId, "run.failed")[0]?.reason).toContain("the disk is full (test)");
    expectValidTranscript(sessionId);
  });

  it("passes an upstream error through with its status and body, which the SDK raises as its own", async () => {
    const body = { type: "error", error: { type: "overloaded_error", message: "Overloaded" } };
    handle = (_request, response) => {
      response.writeHead(529, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    const attempt = anthropic().messages.create(REQUEST);
    await expect(attempt).rejects.toMatchObject({ status: 529, error: body });
    const sessionId = onlyCaptureSession(server);
    expect(eventsOf(server, sessionId, "wire.error")).toMatchObject([
      { source: "http", status: 529, body: JSON.stringify(body) },
    ]);
    expect(eventsOf(server, sessionId, "run.failed")).toHaveLength(1);
  });

  it("records a repeat of an unanswered request as the next attempt of the same turn", async () => {
    let calls = 0;
    handle = (_request, response) => {
      calls += 1;
      if (calls === 1) {
        response.writeHead(529, { "content-type": "application/json" });
        return void response.end(
          JSON.stringify({ type: "error", error: { type: "overloaded_error", message: "Overloaded" } }),
        );
      }
      response.writeHead(200, { "content-type": "text/event-stream" });
      response.end(START + TOOL_START + TOOL_DELTA + REST.join(""));
    };
    await expect(anthropic().messages.create(REQUEST)).rejects.toMatchObject({ status: 529 });
    await anthropic().messages.stream(REQUEST).finalMessage();
    const sessionId = onlyCaptureSession(server);
    const requests = eventsOf(server, sessionId, "request.assembled");
    expect(requests.map((event) => [event.turn, event.attempt])).toEqual([
      [1, 1],
      [1, 2],
    ]);
    expect(eventsOf(server, sessionId, "turn.completed").map((event) => [event.turn, event.attempt])).toEqual(
      [[1, 2]],
    );
  });

  it("records an upstream that cuts its stream as cut: wire.error, a cut turn, its call answered interrupted", async () => {
    handle = (request, response) => {
      response.writeHead(200, { "content-type": "text/event-stream" });
      response.write(START + TOOL_START + TOOL_DELTA);
      setTimeout(() => request.socket.destroy(), 20);
    };
    const attempt = anthropic()
      .messages.stream({ ...REQUEST })
      .finalMessage();
    await expect(attempt).rejects.toThrow();
    const sessionId = onlyCaptureSession(server);
    await expect.poll(() => eventsOf(server, sessionId, "run.failed").length).toBe(1);
    expect(eventsOf(server, sessionId, "wire.error")[0]).toMatchObject({ source: "transport" });
    expect(eventsOf(server, sessionId, "turn.completed")).toMatchObject([
      { cut: true, stopReason: { unified: "other" } },
    ]);
    expect(eventsOf(server, sessionId, "run.failed")[0]?.syntheticResults).toMatchObject([
      { toolCallId: "toolu_up", errorKind: "interrupted" },
    ]);
    expectValidTranscript(sessionId);
  });

  it("aborts the upstream when the client hangs up mid-stream, leaving a valid, cut session", async () => {
    let upstreamClosed!: () => void;
    const closed = new Promise<void>((resolve) => (upstreamClosed = resolve));
    handle = (_request, response) => {
      response.writeHead(200, { "content-type": "text/event-stream" });
      response.write(START + TOOL_START + TOOL_DELTA);
      response.on("close", () => upstreamClosed());
    };
    const response = await post({ ...REQUEST, stream: true });
    const reader = response.body!.getReader();
    await reader.read();
    await reader.cancel();
    await closed;
    const sessionId = onlyCaptureSession(server);
    await expect.poll(() => eventsOf(server, sessionId, "run.interrupted").length).toBe(1);
    expect(eventsOf(server, sessionId, "turn.completed")).toMatchObject([{ cut: true }]);
    expectValidTranscript(sessionId);
  });

  it("never passes on a content-encoding it decoded", async () => {
    const { gzipSync } = await import("node:zlib");
    const message = {
      id: "msg_z",
      type: "message",
      role: "assistant",
      model: "m",
      content: [{ type: "text", text: "zipped" }],
      stop_reason: "end_turn",
      stop_sequence: null,
      usage: { input_tokens: 1, output_tokens: 1 },
    };
    handle = (_request, response) => {
      response.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" });
      response.end(gzipSync(JSON.stringify(message)));
    };
    const response = await post(REQUEST);
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(await response.json()).toEqual(message);
  });
});
