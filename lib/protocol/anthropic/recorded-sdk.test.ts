/**
 * Differential test on real recorded streams (`fixtures/recorded/anthropic/`): for every HTTP
 * response a recording holds, our fold and the official beta accumulator (`@anthropic-ai/sdk`
 * 1.14.0, `client.beta.messages.stream().finalMessage()`, which knows every beta block: server
 * tools, MCP, compaction, context management) assemble the same message from the same bytes.
 * Where the SDK throws, MANIFEST.json says which error, and what our fold does instead: a stream
 * error, or (for tool input that does not parse) the turn with a note.
 */
import Anthropic from "@anthropic-ai/sdk";
import { describe, expect, it } from "vitest";
import { assembleAnthropicStream } from "@/lib/protocol/anthropic/assemble";
import { decodeSse } from "@/lib/protocol/sse";
import { createSseFetch } from "@/lib/protocol/testing/fixtures";
import { readRecordedResponses, readRecordingManifest } from "@/lib/protocol/testing/recorded";

type Json = Record<string, unknown>;

const manifest = readRecordingManifest();
const recordings = Object.keys(manifest).filter((name) => manifest[name]!.wire === "anthropic");

async function assembleWithSdk(bytes: Uint8Array): Promise<{ message: Json } | { error: string }> {
  const client = new Anthropic({ apiKey: "x", maxRetries: 0, fetch: createSseFetch(bytes) });
  const stream = client.beta.messages.stream({
    model: "m",
    max_tokens: 16,
    messages: [{ role: "user", content: "hi" }],
  });
  try {
    // Through JSON: getters evaluated, hidden and undefined fields dropped.
    const { parsed_output: parsedOutput, ...message } = JSON.parse(
      JSON.stringify(await stream.finalMessage()),
    ) as Json;
    expect(parsedOutput ?? null).toBeNull(); // an SDK helper field, not on the wire
    return { message };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

function assembleOurs(bytes: Uint8Array) {
  return assembleAnthropicStream(decodeSse(new TextDecoder().decode(bytes)).events);
}

describe("recorded Anthropic streams assemble as the SDK's BetaMessageStream does", () => {
  it("has at least 20 recordings", () => {
    expect(recordings.length).toBeGreaterThanOrEqual(20);
  });

  it.each(recordings)("%s", async (name) => {
    const entry = manifest[name]!;
    const responses = readRecordedResponses(name, entry);
    expect(responses.length).toBeGreaterThan(0);
    for (const bytes of responses) {
      const sdk = await assembleWithSdk(bytes);
      const ours = assembleOurs(bytes);
      if ("error" in sdk) {
        expect(entry.sdk?.behaviour).toBe(sdk.error);
        if (entry.sdk?.note === undefined) expect(ours.error).toBeDefined();
        else
          expect({ error: ours.error, done: ours.done, notes: ours.notes }).toEqual({
            error: undefined,
            done: true,
            notes: [entry.sdk.note],
          });
        continue;
      }
      expect(entry.sdk).toBeUndefined();
      expect(ours.error).toBeUndefined();
      expect(ours.done).toBe(true);
      expect(JSON.parse(JSON.stringify(ours.message)) as Json).toEqual(sdk.message);
    }
  });
});
