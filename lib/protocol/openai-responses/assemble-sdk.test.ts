/**
 * Differential test: our fold equals the official SDK's own accumulator (`openai` 6.30.1,
 * `responses.stream().finalResponse()`) on the same bytes: the recorded fixture, and a stream
 * written here in the same shape with a text message before the call (content parts, text
 * deltas).
 *
 * What the SDK adds: `output_parsed: null` on the response, `parsed_arguments: null` on each
 * function_call item and `parsed: null` on each message content part (helper fields, not on the
 * wire; the app parses `arguments` itself). The comparison drops them and checks their values.
 * What the SDK drops: `response.output_item.done` and the final response of
 * `response.incomplete` / `response.failed` (it keeps the snapshot it built from
 * `response.created` and the deltas, status `in_progress`); we take both, shown below. On a
 * stream that ends in `response.completed` this makes no difference, as that response replaces
 * the snapshot in both.
 */
import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { assembleOpenAIResponsesStream } from "@/lib/protocol/openai-responses/assemble";
import { decodeSse } from "@/lib/protocol/sse";
import { createSseFetch, readFixtureBytes, readFixtureText } from "@/lib/protocol/testing/fixtures";

type Json = Record<string, unknown>;

async function assembleWithSdk(bytes: Uint8Array): Promise<Json> {
  const client = new OpenAI({ apiKey: "x", maxRetries: 0, fetch: createSseFetch(bytes) });
  const stream = client.responses.stream({ model: "m", input: "hi" });
  return JSON.parse(JSON.stringify(await stream.finalResponse())) as Json;
}

function dropSdkHelpers(response: Json): { response: Json; helpers: unknown[] } {
  const { output_parsed: outputParsed, ...rest } = response;
  const helpers: unknown[] = [outputParsed];
  const output = (rest.output as Json[]).map((item) => {
    if (item.type === "function_call") {
      const { parsed_arguments: parsed, ...call } = item;
      helpers.push(parsed);
      return call;
    }
    if (item.type !== "message") return item;
    const content = (item.content as Json[]).map(({ parsed, ...part }) => (helpers.push(parsed), part));
    return { ...item, content };
  });
  return { response: { ...rest, output }, helpers };
}

function assembleOurs(bytes: Uint8Array): Json {
  const assembly = assembleOpenAIResponsesStream(decodeSse(new TextDecoder().decode(bytes)).events);
  expect(assembly.done).toBe(true);
  expect(assembly.notes).toEqual([]);
  return JSON.parse(JSON.stringify(assembly.response)) as Json;
}

/** The fixture with a message item (one output_text part, streamed in two deltas) inserted before the call. */
function withTextMessage(): Uint8Array {
  const text = readFixtureText("openai-responses-stream-function-call.sse");
  const blocks = text.trimEnd().split("\n\n");
  const sse = (data: Json) => `event: ${String(data.type)}\ndata: ${JSON.stringify(data)}`;
  const part = { type: "output_text", annotations: [], logprobs: [], text: "" };
  const message = { id: "msg_1", type: "message", status: "in_progress", content: [], role: "assistant" };
  const done = { ...message, status: "completed", content: [{ ...part, text: "Let me check." }] };
  const shift = (block: string) =>
    block
      .replace(/"output_index":0/g, '"output_index":1')
      .replace(/"output":\[\{/, `"output":[${JSON.stringify(done)},{`);
  const inserted = [
    sse({ type: "response.output_item.added", output_index: 0, item: message }),
    sse({ type: "response.content_part.added", output_index: 0, content_index: 0, item_id: "msg_1", part }),
    sse({
      type: "response.output_text.delta",
      output_index: 0,
      content_index: 0,
      item_id: "msg_1",
      delta: "Let me ",
    }),
    sse({
      type: "response.output_text.delta",
      output_index: 0,
      content_index: 0,
      item_id: "msg_1",
      delta: "check.",
    }),
    sse({
      type: "response.output_text.done",
      output_index: 0,
      content_index: 0,
      item_id: "msg_1",
      text: "Let me check.",
    }),
    sse({
      type: "response.content_part.done",
      output_index: 0,
      content_index: 0,
      item_id: "msg_1",
      part: done.content[0],
    }),
    sse({ type: "response.output_item.done", output_index: 0, item: done }),
  ];
  return new TextEncoder().encode(
    [...blocks.slice(0, 2), ...inserted, ...blocks.slice(2).map(shift)].join("\n\n") + "\n\n",
  );
}

describe("Responses stream assembly agrees with the openai SDK's ResponseStream", () => {
  it("openai-responses-stream-function-call.sse: identical responses, apart from the SDK's helper fields", async () => {
    const bytes = readFixtureBytes("openai-responses-stream-function-call.sse");
    const sdk = dropSdkHelpers(await assembleWithSdk(bytes));
    expect(assembleOurs(bytes)).toEqual(sdk.response);
    expect(sdk.helpers).toEqual([null, null]);
  });

  it("a text message before the call: identical, and the in-progress assemblies agree too", async () => {
    const bytes = withTextMessage();
    const sdk = dropSdkHelpers(await assembleWithSdk(bytes));
    const ours = assembleOurs(bytes);
    expect(ours).toEqual(sdk.response);
    expect(sdk.helpers).toEqual([null, null, null]);
    const { events } = decodeSse(new TextDecoder().decode(bytes));
    const beforeEnd = assembleOpenAIResponsesStream(events.slice(0, -1));
    expect(beforeEnd.response!.output).toEqual(ours.output);
    expect(beforeEnd.partialJson).toEqual({ 1: '{"location":"San Francisco, CA"}' });
  });

  it("response.incomplete: the SDK keeps its in-progress snapshot, we take the final response", async () => {
    const text = readFixtureText("openai-responses-stream-function-call.sse").replaceAll(
      "response.completed",
      "response.incomplete",
    );
    const incomplete = text.replace(
      '"status":"completed","background"',
      '"status":"incomplete","background"',
    );
    const bytes = new TextEncoder().encode(incomplete);
    const sdk = await assembleWithSdk(bytes);
    expect(sdk.status).toBe("in_progress");
    expect(sdk.usage).toBeNull();
    const ours = assembleOurs(bytes);
    expect(ours.status).toBe("incomplete");
    expect(ours.usage).toMatchObject({ input_tokens: 74, output_tokens: 20 });
    // The SDK ignores output_item.done too, so its item is still `in_progress`; ours is the done item.
    const sdkItem = (dropSdkHelpers(sdk).response.output as Json[])[0]!;
    expect(sdkItem.status).toBe("in_progress");
    expect(ours.output).toEqual([{ ...sdkItem, status: "completed" }]);
  });
});
