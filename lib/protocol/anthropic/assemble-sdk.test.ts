/**
 * Differential test: our fold equals the official SDK's own accumulator (`@anthropic-ai/sdk`
 * 1.14.0, `messages.stream().finalMessage()`) on the same bytes, for every Anthropic stream
 * fixture that ends in message_stop. Per the fixtures' errata, a terminating blank line is
 * appended where a capture lacks it, so the SDK sees its last event too.
 */
import Anthropic from "@anthropic-ai/sdk";
import { describe, expect, it } from "vitest";
import { assembleAnthropicStream } from "@/lib/protocol/anthropic/assemble";
import { decodeSse } from "@/lib/protocol/sse";
import {
  listAnthropicStreamFixtures,
  readManifest,
  readTerminatedFixtureBytes,
} from "@/lib/protocol/testing/fixtures";

const manifest = readManifest();
const streamsEndingInStop = listAnthropicStreamFixtures().filter(
  (name) => name.endsWith(".sse") && manifest[name]?.expected.message_stop_seen === true,
);

async function assembleWithSdk(bytes: Uint8Array): Promise<Record<string, unknown>> {
  const client = new Anthropic({
    apiKey: "x",
    maxRetries: 0,
    fetch: async () => new Response(bytes.slice(), { headers: { "content-type": "text/event-stream" } }),
  });
  const stream = client.messages.stream({
    model: "m",
    max_tokens: 16,
    messages: [{ role: "user", content: "hi" }],
  });
  // Through JSON: the SDK's getters are evaluated, its hidden and undefined fields dropped.
  const { parsed_output: parsedOutput, ...message } = JSON.parse(
    JSON.stringify(await stream.finalMessage()),
  ) as Record<string, unknown>;
  expect(parsedOutput).toBeNull(); // an SDK helper field, not part of the wire message
  return message;
}

function assembleOurs(bytes: Uint8Array): Record<string, unknown> {
  const { events } = decodeSse(new TextDecoder().decode(bytes));
  const assembly = assembleAnthropicStream(events);
  expect(assembly.done).toBe(true);
  return JSON.parse(JSON.stringify(assembly.message)) as Record<string, unknown>;
}

describe("stream assembly agrees with the Anthropic SDK's accumulator", () => {
  it("runs on the 9 fixtures that end in message_stop", () => {
    expect(streamsEndingInStop).toHaveLength(9);
  });

  const identical = streamsEndingInStop.filter(
    (name) =>
      name !== "anthropic-stream-fine-grained-max-tokens.sse" &&
      name !== "anthropic-stream-thinking-refusal.sse",
  );

  it.each(identical)("%s: identical messages", async (name) => {
    const bytes = readTerminatedFixtureBytes(name);
    expect(assembleOurs(bytes)).toEqual(await assembleWithSdk(bytes));
  });

  it("thinking-refusal: identical except usage.iterations, which SDK 1.14.0 does not merge from message_delta and we keep", async () => {
    const bytes = readTerminatedFixtureBytes("anthropic-stream-thinking-refusal.sse");
    const ours = assembleOurs(bytes);
    const sdk = await assembleWithSdk(bytes);
    const { iterations, ...ourUsage } = ours.usage as Record<string, unknown>;
    expect({ ...ours, usage: ourUsage }).toEqual(sdk);
    const expectedUsage = manifest["anthropic-stream-thinking-refusal.sse"]!.expected.message!
      .usage as Record<string, unknown>;
    expect(iterations).toEqual(expectedUsage.iterations);
    expect(iterations).toHaveLength(1);
    expect((sdk.usage as Record<string, unknown>).iterations).toBeUndefined();
  });

  it("fine-grained max_tokens: the SDK repairs the cut tool input its own way; we keep the start input and the raw text", async () => {
    const name = "anthropic-stream-fine-grained-max-tokens.sse";
    const bytes = readTerminatedFixtureBytes(name);
    const sdk = await assembleWithSdk(bytes);
    const sdkContent = sdk.content as Record<string, unknown>[];
    expect(sdkContent[1]!.input).toEqual({
      filename: "taxes.txt",
      lines_of_text: [
        "# COMPREHENSIVE TAX GUIDE FOR INDIVIDUALS WITH MULTIPLE W-2s",
        "",
        "## INTRODUCTION",
        "",
      ],
    });

    const { events } = decodeSse(new TextDecoder().decode(bytes));
    const assembly = assembleAnthropicStream(events);
    expect(assembly.partialJson[1]).toBe(manifest[name]!.expected.content![1]!.accumulated_partial_json);
    const ours = JSON.parse(JSON.stringify(assembly.message)) as Record<string, unknown>;
    expect(ours).toEqual({ ...sdk, content: [sdkContent[0], { ...sdkContent[1], input: {} }] });
  });
});
