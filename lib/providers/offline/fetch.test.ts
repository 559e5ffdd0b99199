import Anthropic, { APIUserAbortError, BadRequestError, NotFoundError } from "@anthropic-ai/sdk";
import { describe, expect, test } from "vitest";
import { createVirtualClock } from "@/lib/clock/virtual-clock";
import { createOfflineFetch } from "./fetch";
import { respondOffline } from "./respond";
import { encodeMessageAsSse, serializeSse } from "./sse";
import { ALL_TOOLS, createRequest, TOOL_META, WORKSPACE_TOOLS } from "./__fixtures__/tools";

const BASE_URL = "http://offline.invalid";

/** An SDK client whose every request goes to the offline model. */
function createClient(fetch: typeof globalThis.fetch): Anthropic {
  return new Anthropic({ apiKey: "offline", baseURL: BASE_URL, fetch, maxRetries: 0 });
}

/** Lets pending promise callbacks run (no clock time passes). */
function flushCallbacks(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** The SDK's `finalMessage()` without `parsed_output`, which `messages.stream` adds itself (null without an output format). */
async function readFinalMessage(stream: ReturnType<Anthropic["messages"]["stream"]>) {
  const { parsed_output: parsed, ...message } = await stream.finalMessage();
  expect(parsed).toBeNull();
  return message;
}

/** A raw POST to the offline model's messages endpoint. */
function postMessages(
  fetch: typeof globalThis.fetch,
  body: unknown,
  signal?: AbortSignal,
): Promise<Response> {
  return fetch(`${BASE_URL}/v1/messages`, { method: "POST", body: JSON.stringify(body), signal });
}

describe("the real SDK talks to the offline model through createOfflineFetch", () => {
  const bodies = [
    createRequest("What is in notes/todo.md?", WORKSPACE_TOOLS),
    createRequest('Send an email to bob@example.com with subject "Lunch" and body "Ça va? 👋"', ALL_TOOLS),
    createRequest("hello there", ALL_TOOLS),
  ];

  test.each(bodies.map((body) => [body.messages[0]?.content, body] as const))(
    "messages.stream(%j).finalMessage() equals respondOffline(body)",
    async (_label, body) => {
      const client = createClient(
        createOfflineFetch({ clock: createVirtualClock(0), pace: 0, toolMeta: TOOL_META }),
      );
      const message = await readFinalMessage(client.messages.stream(body));
      expect(message).toEqual(respondOffline(body, { toolMeta: TOOL_META }));
    },
  );

  test("with a pace, events are spaced on the clock, and the test never waits", async () => {
    const clock = createVirtualClock(1_000, { autoAdvance: true });
    const body = bodies[0]!;
    const client = createClient(createOfflineFetch({ clock, pace: 4, toolMeta: TOOL_META }));
    const message = await readFinalMessage(client.messages.stream(body));
    const expected = respondOffline(body, { toolMeta: TOOL_META });
    expect(message).toEqual(expected);
    expect(clock.now()).toBe(1_000 + (encodeMessageAsSse(expected).length - 1) * 250);
  });

  test("messages.create without stream gets the same message as JSON", async () => {
    const client = createClient(
      createOfflineFetch({ clock: createVirtualClock(0), pace: 0, toolMeta: TOOL_META }),
    );
    expect(await client.messages.create(bodies[1]!)).toEqual(
      respondOffline(bodies[1]!, { toolMeta: TOOL_META }),
    );
  });

  test("a bad body is a 400 invalid_request_error, another path a 404", async () => {
    const client = createClient(createOfflineFetch({ clock: createVirtualClock(0), pace: 0 }));
    const bad = client.messages.create({ ...bodies[0]!, messages: [] });
    await expect(bad).rejects.toBeInstanceOf(BadRequestError);
    await expect(bad).rejects.toMatchObject({
      status: 400,
      error: {
        type: "error",
        error: { type: "invalid_request_error", message: "messages: at least one message is required" },
      },
    });
    await expect(client.models.list()).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe("createOfflineFetch on the wire", () => {
  const body = { ...createRequest("List the files in notes/", WORKSPACE_TOOLS), stream: true };

  test("streams the serialized events, one per chunk, with SSE and request-id headers", async () => {
    const fetch = createOfflineFetch({ clock: createVirtualClock(0), pace: 0, toolMeta: TOOL_META });
    const response = await postMessages(fetch, body);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(response.headers.get("request-id")).toMatch(/^req_offline_[0-9a-f]{24}$/);
    const expected = encodeMessageAsSse(respondOffline(body, { toolMeta: TOOL_META }));
    const chunks: string[] = [];
    const decoder = new TextDecoder();
    const reader = response.body!.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read())
      chunks.push(decoder.decode(read.value));
    expect(chunks).toEqual(expected.map((event) => serializeSse([event])));
    const again = await (await postMessages(fetch, body)).text();
    expect(again).toBe(chunks.join(""));
  });

  test("with pace 2 the next event waits 500 ms of clock time", async () => {
    const clock = createVirtualClock(0);
    const response = await postMessages(createOfflineFetch({ clock, pace: 2 }), body);
    const reader = response.body!.getReader();
    expect((await reader.read()).done).toBe(false);
    const second = reader.read();
    await flushCallbacks();
    expect(clock.pending()).toBe(1);
    clock.advance(499);
    expect(clock.pending()).toBe(1);
    clock.advance(1);
    expect(new TextDecoder().decode((await second).value)).toMatch(/^event: content_block_start\n/);
  });

  test("an abort mid-stream errors the stream, cancels the paced wait, and the SDK reports a user abort", async () => {
    const clock = createVirtualClock(0);
    const stream = createClient(createOfflineFetch({ clock, pace: 1 })).messages.stream(body);
    const outcome = stream.finalMessage().then(
      () => "finished",
      (error: unknown) => error,
    );
    const events: string[] = [];
    stream.on("streamEvent", (event) => {
      events.push(event.type);
      if (events.length === 2) stream.abort();
    });
    for (let step = 0; step < 10 && events.length < 2; step++) {
      await flushCallbacks();
      clock.advance(1_000);
    }
    expect(await outcome).toBeInstanceOf(APIUserAbortError);
    expect(events).toEqual(["message_start", "content_block_start"]);
    expect(clock.pending()).toBe(0);
  });

  test("an already aborted signal rejects with its reason", async () => {
    const controller = new AbortController();
    controller.abort(new Error("stop"));
    const fetch = createOfflineFetch({ clock: createVirtualClock(0), pace: 0 });
    await expect(postMessages(fetch, body, controller.signal)).rejects.toThrow("stop");
  });

  test("invalid JSON and a non-POST get Anthropic's error body", async () => {
    const fetch = createOfflineFetch({ clock: createVirtualClock(0), pace: 0 });
    const invalid = await fetch(`${BASE_URL}/v1/messages`, { method: "POST", body: "{" });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ type: "error", error: { type: "invalid_request_error" } });
    const get = await fetch(new Request(`${BASE_URL}/v1/messages`));
    expect(get.status).toBe(404);
    expect(await get.json()).toEqual({
      type: "error",
      error: { type: "not_found_error", message: "Not found: GET /v1/messages" },
    });
  });
});
