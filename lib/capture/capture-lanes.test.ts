/**
 * Against a real upstream on 127.0.0.1 that records what it is sent: concurrent requests grouped
 * into one session go upstream one at a time and leave runs that do not interleave (turns, seq,
 * pairing), while separate sessions still run side by side; and the OpenAI-compatible upstream
 * gets its own key, never the OpenAI key.
 */
import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { countWaiting } from "@/lib/capture/lanes";
import {
  closingFrames,
  messageStartFrame,
  textDeltaFrame,
  textStartFrame,
} from "@/lib/protocol/testing/anthropic-frames";
import { writeProviderDefaults, writeProviderKey } from "@/lib/server/keys";
import { CAPTURE_TOKEN, startCaptureServer, type CaptureServer } from "@/lib/server/testing/capture-server";
import type { TraceEvent } from "@/lib/trace/events";

const OPENAI_KEY = "sk-openai-real-0123456789abcdef";
const COMPAT_KEY = "compat-upstream-key-0123456789";

function anthropicStream(text: string): [string, string[]] {
  return [
    messageStartFrame(`msg_${text}`),
    [textStartFrame(), textDeltaFrame(text), ...closingFrames("end_turn", 3)],
  ];
}

const CHAT_COMPLETION = {
  id: "chatcmpl-up",
  object: "chat.completion",
  created: 1,
  model: "m",
  choices: [
    {
      index: 0,
      message: { role: "assistant", content: "hi", refusal: null },
      logprobs: null,
      finish_reason: "stop",
    },
  ],
  usage: { prompt_tokens: 3, completion_tokens: 1, total_tokens: 4 },
};

let server: CaptureServer;
let upstream: http.Server;
let origin: string;
const seen: { url: string; headers: http.IncomingHttpHeaders }[] = [];
let inFlight = 0;
let mostInFlight = 0;
let gate: Promise<void>;
let openGate: () => void;

beforeEach(async () => {
  seen.length = 0;
  inFlight = mostInFlight = 0;
  gate = new Promise((resolve) => (openGate = resolve));
  upstream = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => {
      seen.push({ url: request.url ?? "", headers: request.headers });
      if (request.url?.includes("/chat/completions")) {
        response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(CHAT_COMPLETION));
        return;
      }
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
      const text = (JSON.parse(body) as { messages: { content: string }[] }).messages[0]!.content;
      const [start, rest] = anthropicStream(text);
      response.writeHead(200, { "content-type": "text/event-stream" });
      response.write(start);
      void gate.then(() => {
        inFlight--;
        response.end(rest.join(""));
      });
    });
  });
  upstream.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  server = await startCaptureServer({ OPENAI_API_KEY: OPENAI_KEY });
  writeProviderDefaults("anthropic", { baseURL: origin });
}, 60_000);
afterEach(async () => {
  openGate();
  await server.close();
  upstream.closeAllConnections();
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
}, 60_000);

function anthropic() {
  return new Anthropic({
    apiKey: CAPTURE_TOKEN,
    baseURL: `${server.origin}/capture/anthropic`,
    maxRetries: 0,
  });
}

async function until(condition: () => boolean): Promise<void> {
  for (let tries = 0; !condition(); tries++) {
    if (tries > 400) throw new Error("the condition never held");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The runs of a session's log: the events from each `run.started` to its end, in seq order. */
function splitRuns(events: readonly TraceEvent[]): TraceEvent[][] {
  const runs: TraceEvent[][] = [];
  for (const event of events) {
    if (event.kind === "run.started") runs.push([]);
    runs.at(-1)?.push(event);
  }
  return runs;
}

describe("one request at a time per capture session", { timeout: 60_000 }, () => {
  it("sends concurrent requests of one session upstream one by one, each its own turn, unmixed", async () => {
    const client = anthropic();
    const headers = { "x-toolscope-session": "parallel-run", "x-toolscope-upstream": "anthropic" };
    const ask = (text: string) =>
      client.messages
        .stream({ model: "m", max_tokens: 64, messages: [{ role: "user", content: text }] }, { headers })
        .finalMessage();
    const first = ask("alpha");
    await until(() => seen.length === 1);
    const second = ask("beta");
    const third = ask("gamma");
    // Both reach Toolscope (and, without a queue, the upstream) while the first is open.
    await until(() => seen.length === 3 || countWaiting(server.runtime, "parallel-run") === 2);
    const reachedWhileFirstOpen = seen.length;
    openGate();
    const replies = await Promise.all([first, second, third]);
    expect(replies.map((reply) => reply.content)).toEqual([
      [expect.objectContaining({ text: "alpha" })],
      [expect.objectContaining({ text: "beta" })],
      [expect.objectContaining({ text: "gamma" })],
    ]);
    expect(reachedWhileFirstOpen).toBe(1);
    expect(mostInFlight).toBe(1);
    const events = server.runtime.store.events("parallel-run");
    expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index));
    const runs = splitRuns(events);
    expect(runs).toHaveLength(3);
    runs.forEach((run, index) => {
      expect(run.at(-1)?.kind).toBe("run.finished");
      // A user message is numbered by the turn before it, a result by its call's turn.
      const own = run.filter((event) => event.kind !== "user.message" && event.kind !== "tool.result");
      const turns = new Set(own.flatMap((event) => ("turn" in event ? [event.turn] : [])));
      expect([...turns]).toEqual([index + 1]);
    });
  });

  it("records a request identical to the one in flight, sent without a header, as that turn's next attempt once it ends", async () => {
    const client = anthropic();
    const ask = () =>
      client.messages
        .stream(
          { model: "m", max_tokens: 64, messages: [{ role: "user", content: "twice" }] },
          { headers: { "x-toolscope-upstream": "anthropic" } },
        )
        .finalMessage();
    const first = ask();
    await until(() => seen.length === 1);
    const [session] = server.runtime.store.listSessions();
    const second = ask();
    await until(() => countWaiting(server.runtime, session!.id) === 1);
    openGate();
    await Promise.all([first, second]);
    expect(server.runtime.store.listSessions().map((row) => row.id)).toEqual([session!.id]);
    const events = server.runtime.store.events(session!.id);
    const attempts = (kind: "request.assembled" | "turn.completed") =>
      events.flatMap((event) => (event.kind === kind ? [[event.turn, event.attempt]] : []));
    expect(attempts("request.assembled")).toEqual([
      [1, 1],
      [1, 2],
    ]);
    expect(attempts("turn.completed")).toEqual([
      [1, 1],
      [1, 2],
    ]);
    expect(events.filter((event) => event.kind === "user.message")).toHaveLength(1);
  });

  it("runs requests of different sessions side by side", async () => {
    const client = anthropic();
    const ask = (session: string) =>
      client.messages
        .stream(
          { model: "m", max_tokens: 64, messages: [{ role: "user", content: session }] },
          { headers: { "x-toolscope-session": session, "x-toolscope-upstream": "anthropic" } },
        )
        .finalMessage();
    const both = Promise.all([ask("one"), ask("two")]);
    await until(() => seen.length === 2);
    expect(mostInFlight).toBe(2);
    openGate();
    await both;
  });

  it("drops a waiting request whose client hangs up, recording nothing for it", async () => {
    const client = anthropic();
    const headers = { "x-toolscope-session": "hung-run", "x-toolscope-upstream": "anthropic" };
    const first = client.messages
      .stream({ model: "m", max_tokens: 64, messages: [{ role: "user", content: "first" }] }, { headers })
      .finalMessage();
    await until(() => seen.length === 1);
    const controller = new AbortController();
    const second = client.messages.create(
      { model: "m", max_tokens: 64, messages: [{ role: "user", content: "second" }] },
      { headers, signal: controller.signal },
    );
    const secondFailed = second.then(
      () => null,
      (error: unknown) => error,
    );
    await until(() => countWaiting(server.runtime, "hung-run") === 1);
    controller.abort();
    await until(() => countWaiting(server.runtime, "hung-run") === 0);
    expect(await secondFailed).toBeInstanceOf(Error);
    expect(
      server.runtime.store.events("hung-run").filter((event) => event.kind === "run.started"),
    ).toHaveLength(1);
    openGate();
    await first;
    expect(seen).toHaveLength(1);
    expect(
      server.runtime.store.events("hung-run").filter((event) => event.kind === "run.started"),
    ).toHaveLength(1);
  });
});

describe("the OpenAI-compatible upstream's key", { timeout: 60_000 }, () => {
  function openai() {
    return new OpenAI({
      apiKey: CAPTURE_TOKEN,
      baseURL: `${server.origin}/capture/openai/v1`,
      maxRetries: 0,
      defaultHeaders: { "x-toolscope-upstream": "openai-compatible" },
    });
  }

  it("sends no key at all when none is set for it, never the OpenAI key", async () => {
    writeProviderDefaults("openai-chat", { baseURL: `${origin}/v1` });
    const reply = await openai().chat.completions.create({
      model: "m",
      messages: [{ role: "user", content: "hi" }],
    });
    expect(reply.choices[0]?.message.content).toBe("hi");
    expect(seen).toHaveLength(1);
    expect(seen[0]!.url).toBe("/v1/chat/completions");
    expect(seen[0]!.headers.authorization).toBeUndefined();
    expect(JSON.stringify(seen[0]!.headers)).not.toContain(OPENAI_KEY);
    expect(JSON.stringify(seen[0]!.headers)).not.toContain(CAPTURE_TOKEN);
  });

  it("sends TOOLSCOPE_COMPAT_API_KEY, and the log never holds it", async () => {
    await server.close();
    server = await startCaptureServer({ OPENAI_API_KEY: OPENAI_KEY, TOOLSCOPE_COMPAT_API_KEY: COMPAT_KEY });
    writeProviderDefaults("openai-chat", { baseURL: `${origin}/v1` });
    await openai().chat.completions.create({
      model: "m",
      messages: [{ role: "user", content: `say ${COMPAT_KEY}` }],
    });
    expect(seen[0]!.headers.authorization).toBe(`Bearer ${COMPAT_KEY}`);
    expect(JSON.stringify(seen[0]!.headers)).not.toContain(OPENAI_KEY);
    const [session] = server.runtime.store.listSessions();
    expect(JSON.stringify(server.runtime.store.events(session!.id))).not.toContain(COMPAT_KEY);
  });

  it("sends the key entered on the Settings page, which TOOLSCOPE_COMPAT_API_KEY overrides, and the log never holds it", async () => {
    const stored = "compat-settings-key-9876543210";
    writeProviderDefaults("openai-chat", { baseURL: `${origin}/v1` });
    writeProviderKey("openai-compatible", stored);
    const ask = () =>
      openai().chat.completions.create({
        model: "m",
        messages: [{ role: "user", content: `say ${stored}` }],
      });
    await ask();
    expect(seen[0]!.headers.authorization).toBe(`Bearer ${stored}`);
    const [session] = server.runtime.store.listSessions();
    expect(JSON.stringify(server.runtime.store.events(session!.id))).not.toContain(stored);
    await server.close();
    server = await startCaptureServer({ TOOLSCOPE_COMPAT_API_KEY: COMPAT_KEY });
    writeProviderDefaults("openai-chat", { baseURL: `${origin}/v1` });
    writeProviderKey("openai-compatible", stored);
    await ask();
    expect(seen[1]!.headers.authorization).toBe(`Bearer ${COMPAT_KEY}`);
  });
});
