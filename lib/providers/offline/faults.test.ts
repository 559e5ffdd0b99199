import OpenAI, { BadRequestError } from "openai";
import { describe, expect, it } from "vitest";
import { createVirtualClock } from "@/lib/clock/virtual-clock";
import { chooseFaultIndex, createFaultPlan, planStreamChunks } from "./faults";
import { createOfflineFetch } from "./fetch";
import { serializeEvent, type SseEvent } from "./sse";
import { ANTHROPIC_WIRE, OPENAI_CHAT_WIRE, OPENAI_RESPONSES_WIRE } from "./wires";

const EVENTS: SseEvent[] = [
  { event: "message_start", data: '{"type":"message_start"}' },
  { event: "content_block_start", data: '{"type":"content_block_start","index":0}' },
  {
    event: "content_block_delta",
    data: '{"type":"content_block_delta","delta":{"type":"input_json_delta","partial_json":""}}',
  },
  {
    event: "content_block_delta",
    data: '{"type":"content_block_delta","delta":{"type":"input_json_delta","partial_json":"{\\"a"}}',
  },
  {
    event: "content_block_delta",
    data: '{"type":"content_block_delta","delta":{"type":"input_json_delta","partial_json":"\\": 1}"}}',
  },
  {
    event: "content_block_delta",
    data: '{"type":"content_block_delta","delta":{"type":"input_json_delta","partial_json":"}"}}',
  },
  { event: "message_stop", data: '{"type":"message_stop"}' },
];

describe("createFaultPlan", () => {
  it("hits a fault's turn until it has hit `times` attempts; slow-first-byte adds to the first failure", () => {
    const plan = createFaultPlan([
      { kind: "slow-first-byte", delayMs: 300, times: 2 },
      { kind: "http-status", status: 429, turn: 2, times: 2 },
      { kind: "cut-stream", turn: 2 },
    ]);
    const taken = [1, 2, 2, 2, 2].map((turn) => plan.take(turn));
    expect(taken.map(({ delayMs, failure }) => [delayMs, failure?.kind ?? null])).toEqual([
      [300, null],
      [300, "http-status"],
      [0, "http-status"],
      [0, "cut-stream"],
      [0, null],
    ]);
  });
});

describe("planStreamChunks", () => {
  const whole = EVENTS.map(serializeEvent);

  it("leaves the stream whole without a stream fault", () => {
    expect(planStreamChunks(EVENTS, null, ANTHROPIC_WIRE)).toEqual(whole);
    expect(planStreamChunks(EVENTS, { kind: "http-status" }, ANTHROPIC_WIRE)).toEqual(whole);
  });

  it("cut-stream ends inside the struck event's data, with no blank line", () => {
    const chunks = planStreamChunks(EVENTS, { kind: "cut-stream", afterEvents: 4 }, ANTHROPIC_WIRE);
    expect(chunks.slice(0, 4)).toEqual(whole.slice(0, 4));
    expect(chunks[4]).toBe(
      `event: content_block_delta\ndata: ${EVENTS[4]!.data.slice(0, Math.floor(EVENTS[4]!.data.length / 2))}`,
    );
    expect(chunks).toHaveLength(5);
  });

  it("overloaded sends the format's error event after the data events", () => {
    expect(planStreamChunks(EVENTS, { kind: "overloaded", afterEvents: 2 }, ANTHROPIC_WIRE)).toEqual([
      ...whole.slice(0, 2),
      'event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}\n\n',
    ]);
    expect(planStreamChunks(EVENTS, { kind: "overloaded", afterEvents: 1 }, OPENAI_CHAT_WIRE)[1]).toMatch(
      /^data: \{"error":\{"message":"The server is overloaded.*"type":"server_error","code":"server_is_overloaded","param":null\}\}\n\n$/,
    );
    expect(
      planStreamChunks(EVENTS, { kind: "overloaded", afterEvents: 1 }, OPENAI_RESPONSES_WIRE)[1],
    ).toMatch(/^event: error\ndata: \{"type":"error","sequence_number":1,"error":\{/);
  });

  it("garbled-json sends half of the struck event's data as a whole line, then ends", () => {
    const chunks = planStreamChunks(EVENTS, { kind: "garbled-json", afterEvents: 0 }, ANTHROPIC_WIRE);
    expect(chunks).toEqual(['event: message_start\ndata: {"type":"mes\n\n']);
  });

  it("strikes, by default, the middle piece of the first tool call's arguments; afterEvents is clamped", () => {
    expect(chooseFaultIndex(EVENTS, { kind: "cut-stream" }, ANTHROPIC_WIRE)).toBe(4);
    expect(chooseFaultIndex(EVENTS.slice(0, 2), { kind: "cut-stream" }, ANTHROPIC_WIRE)).toBe(1);
    expect(chooseFaultIndex(EVENTS, { kind: "cut-stream", afterEvents: 99 }, ANTHROPIC_WIRE)).toBe(6);
  });
});

describe("createOfflineFetch with faults", () => {
  it("answers an http-status fault in the format's shape, reading the turn from the transport context", async () => {
    const fetch = createOfflineFetch({
      clock: createVirtualClock(0),
      pace: 0,
      faults: [{ kind: "http-status", status: 503, turn: 2 }],
    });
    const body = JSON.stringify({ model: "m", stream: true, messages: [{ role: "user", content: "hi" }] });
    const post = (turn: number) =>
      fetch("http://offline.invalid/v1/chat/completions", { method: "POST", body }, { turn, attempt: 1 });
    expect((await post(1)).status).toBe(200);
    const failed = await post(2);
    expect([failed.status, failed.headers.get("retry-after"), failed.headers.get("x-request-id")]).toEqual([
      503,
      "0",
      expect.stringMatching(/^req_offline_/),
    ]);
    expect(await failed.json()).toEqual({
      error: {
        message: "Internal server error (a fault injected by the offline model).",
        type: "server_error",
        code: "server_is_overloaded",
        param: null,
      },
    });
    expect((await post(2)).status).toBe(200);
  });

  it("waits a slow first byte on the clock, and answers a bad OpenAI body with a 400 the SDK reads", async () => {
    const clock = createVirtualClock(0, { autoAdvance: true });
    const fetch = createOfflineFetch({
      clock,
      pace: 0,
      faults: [{ kind: "slow-first-byte", delayMs: 1500 }],
    });
    const client = new OpenAI({
      apiKey: "offline",
      baseURL: "http://offline.invalid/v1",
      maxRetries: 0,
      fetch,
    });
    const completion = await client.chat.completions.create({
      model: "m",
      messages: [{ role: "user", content: "hello there" }],
    });
    expect(clock.now()).toBe(1500);
    expect(completion).toMatchObject({ object: "chat.completion", choices: [{ finish_reason: "stop" }] });
    const bad = client.responses.create({ model: "m", input: [] });
    await expect(bad).rejects.toBeInstanceOf(BadRequestError);
    await expect(bad).rejects.toMatchObject({
      status: 400,
      error: { message: "messages: at least one message is required", type: "invalid_request_error" },
    });
  });
});
