/**
 * Differential test on real recorded streams (`fixtures/recorded/openai-responses/`): our fold
 * equals the `openai` SDK's `ResponseStream` (6.30.1, `finalResponse()`) on the same bytes, apart
 * from the SDK's helper fields (`output_parsed`, `parsed_arguments`, a content part's `parsed`),
 * which are not on the wire. Where the SDK throws, MANIFEST.json says which error, and our fold
 * holds a stream error.
 */
import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { assembleOpenAIResponsesStream } from "@/lib/protocol/openai-responses/assemble";
import { decodeSse } from "@/lib/protocol/sse";
import { createSseFetch } from "@/lib/protocol/testing/fixtures";
import { readRecordedResponses, readRecordingManifest } from "@/lib/protocol/testing/recorded";

type Json = Record<string, unknown>;

const manifest = readRecordingManifest();
const recordings = Object.keys(manifest).filter((name) => manifest[name]!.wire === "openai-responses");

async function assembleWithSdk(bytes: Uint8Array): Promise<{ response: Json } | { error: string }> {
  const client = new OpenAI({ apiKey: "x", maxRetries: 0, fetch: createSseFetch(bytes) });
  const stream = client.responses.stream({ model: "m", input: "hi" });
  try {
    return { response: JSON.parse(JSON.stringify(await stream.finalResponse())) as Json };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/** The response without the SDK's helper fields; every one of them must be null. */
function dropSdkHelpers(response: Json): Json {
  const { output_parsed: outputParsed, ...rest } = response;
  expect(outputParsed).toBeNull();
  const output = (rest.output as Json[]).map((item) => {
    if (item.type === "function_call") {
      const { parsed_arguments: parsed, ...call } = item;
      expect(parsed).toBeNull();
      return call;
    }
    if (item.type !== "message") return item;
    const content = (item.content as Json[]).map(({ parsed, ...part }) => {
      expect(parsed).toBeNull();
      return part;
    });
    return { ...item, content };
  });
  return { ...rest, output };
}

describe("recorded Responses streams assemble as the SDK's ResponseStream does", () => {
  it("has at least 10 recordings", () => {
    expect(recordings.length).toBeGreaterThanOrEqual(10);
  });

  it.each(recordings)("%s", async (name) => {
    const entry = manifest[name]!;
    for (const bytes of readRecordedResponses(name, entry)) {
      const sdk = await assembleWithSdk(bytes);
      const ours = assembleOpenAIResponsesStream(decodeSse(new TextDecoder().decode(bytes)).events);
      if ("error" in sdk) {
        expect(entry.sdk?.behaviour).toBe(sdk.error);
        expect(ours.error).toBeDefined();
        continue;
      }
      expect(entry.sdk).toBeUndefined();
      expect(ours.error).toBeUndefined();
      expect(ours.done).toBe(true);
      expect(JSON.parse(JSON.stringify(ours.response)) as Json).toEqual(dropSdkHelpers(sdk.response));
    }
  });
});

describe("a recorded Responses stream that fails mid-stream", () => {
  it("openai-error.1: the SDK throws; we keep the error event and the failed response after it", () => {
    const name = "openai-responses/openai-error.1.chunks.txt";
    const [bytes] = readRecordedResponses(name, manifest[name]!);
    const ours = assembleOpenAIResponsesStream(decodeSse(new TextDecoder().decode(bytes)).events);
    expect(ours.error).toMatchObject({ code: "insufficient_quota" });
    expect(ours.response?.status).toBe("failed");
  });
});
