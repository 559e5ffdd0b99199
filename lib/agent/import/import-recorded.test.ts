/**
 * Imports built from the recorded streams (`fixtures/recorded/`): a multi-request HAR whose
 * follow-up request repeats the assistant turn as the SDK sends it back, a capture cut mid-stream,
 * and a text capture cut inside a multi-byte UTF-8 character.
 */
import Anthropic from "@anthropic-ai/sdk";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Runtime } from "@/lib/agent/runtime";
import { checkTranscript } from "@/lib/protocol/doctor/check";
import { createSseFetch } from "@/lib/protocol/testing/fixtures";
import { readRecordedResponses, readRecordingManifest } from "@/lib/protocol/testing/recorded";
import type { EventOf, TraceEvent } from "@/lib/trace/events";
import { projectTranscript } from "@/lib/trace/transcript";
import { importSession } from "./import-session";
import { readImportRequest } from "@/lib/server/import-body";
import { openTestRuntime } from "./testing/runtime";
import type { ImportInput } from "./types";

let runtime: Runtime;
let dispose: () => void;
beforeEach(() => ({ runtime, dispose } = openTestRuntime()));
afterEach(() => dispose());

type Json = Record<string, unknown>;
const manifest = readRecordingManifest();
const decoder = new TextDecoder();

function importInput(input: ImportInput) {
  const outcome = importSession(runtime, input);
  if (!outcome.ok) throw new Error(outcome.problem.error);
  return { ...outcome.value, events: runtime.store.events(outcome.value.id) };
}

function only<K extends TraceEvent["kind"]>(events: TraceEvent[], kind: K): EventOf<K>[] {
  return events.filter((e): e is EventOf<K> => e.kind === kind);
}

/** What the SDK's MessageStream hands back as the assistant turn, as it would send it next time. */
async function readSdkMessage(bytes: Uint8Array): Promise<Json> {
  const client = new Anthropic({ apiKey: "x", maxRetries: 0, fetch: createSseFetch(bytes) });
  const stream = client.messages.stream({
    model: "m",
    max_tokens: 16,
    messages: [{ role: "user", content: "hi" }],
  });
  return JSON.parse(JSON.stringify(await stream.finalMessage())) as Json;
}

function harEntry(body: Json, sse: Uint8Array) {
  return {
    startedDateTime: "2025-01-01T00:00:00.000Z",
    request: {
      method: "POST",
      url: "https://api.anthropic.com/v1/messages",
      headers: [{ name: "content-type", value: "application/json" }],
      postData: { mimeType: "application/json", text: JSON.stringify(body) },
    },
    response: {
      status: 200,
      statusText: "OK",
      headers: [{ name: "content-type", value: "text/event-stream" }],
      content: { mimeType: "text/event-stream", text: decoder.decode(sse) },
    },
  };
}

describe("a multi-request HAR built from a recorded two-step run", () => {
  const name = "anthropic/anthropic-tool-search-bm25.1.chunks.txt";

  it("imports exactly one turn per response, though the follow-up repeats the turn in the SDK's key order", async () => {
    const [first, second] = readRecordedResponses(name, manifest[name]!);
    const sdkTurn = await readSdkMessage(first!);
    const content = sdkTurn.content as Json[];
    // The SDK puts a streamed block's `input` after `caller`, unlike the wire's content_block_start.
    expect(Object.keys(content.find((block) => block.type === "server_tool_use")!).at(-1)).toBe("input");
    const call = content.find((block) => block.type === "tool_use")!;
    const user = { role: "user", content: "What is the weather in San Francisco?" };
    const base = { model: "claude-sonnet-4-5", max_tokens: 1024, stream: true };
    const followUp = [
      user,
      { role: "assistant", content },
      { role: "user", content: [{ type: "tool_result", tool_use_id: call.id, content: "72°F, sunny" }] },
    ];
    const har = {
      log: {
        version: "1.2",
        creator: { name: "test", version: "1" },
        entries: [
          harEntry({ ...base, messages: [user] }, first!),
          harEntry({ ...base, messages: followUp }, second!),
        ],
      },
    };
    const imported = importInput({ kind: "json", value: har });
    const turns = only(imported.events, "turn.completed");
    expect(turns.map((turn) => [turn.turn, (turn.message as Json).id])).toEqual([
      [1, "msg_011bqgzot9grwdetCByUmXRP"],
      [2, "msg_0132hQ7tpsGJhdPtEBhmKA2R"],
    ]);
    expect(only(imported.events, "tool.result").map((result) => result.callId)).toEqual([call.id]);
    expect(imported.notes.filter((note) => note.includes("does not repeat"))).toEqual([]);
    expect(checkTranscript(projectTranscript(imported.events, Infinity).messages)).toEqual([]);
  });
});

/** A recording's SSE cut right after its second tool-argument fragment, as a dropped connection leaves it. */
function cutInsideArguments(name: string, marker: RegExp): string {
  const [bytes] = readRecordedResponses(name, manifest[name]!);
  const frames = decoder.decode(bytes).split(/(?<=\n\n)/);
  const fragments = frames.flatMap((frame, index) => (marker.test(frame) ? [index] : []));
  expect(fragments.length).toBeGreaterThanOrEqual(2);
  return frames.slice(0, fragments[1]! + 1).join("");
}

describe("a capture cut mid-stream", () => {
  it.each([
    ["anthropic/anthropic-json-tool.2.chunks.txt", /"input_json_delta","partial_json":"[^"]/],
    ["openai-chat/openai-python-tool-call-c6aa7e397b71.sse", /"arguments":"[^"]/],
    ["openai-responses/azure-tool-call.1.chunks.txt", /function_call_arguments\.delta/],
  ])("%s: the turn is marked cut and its call gets an interrupted result", (name, marker) => {
    const imported = importInput({ kind: "text", text: cutInsideArguments(name, marker) });
    const [turn, ...more] = only(imported.events, "turn.completed");
    expect(more).toEqual([]);
    expect(turn).toMatchObject({
      cut: true,
      stopReason: { unified: "other", raw: null },
      usage: { inputTokens: null, outputTokens: null },
    });
    const calls = turn!.unified.content.filter((block) => block.type === "toolCall");
    expect(calls).toHaveLength(1);
    expect(only(imported.events, "tool.result")).toEqual([
      expect.objectContaining({
        callId: calls[0]!.id,
        turn: 1,
        isError: true,
        errorKind: "interrupted",
        content: `The stream was cut before ${calls[0]!.name} ran; it did not run.`,
      }),
    ]);
    expect(imported.notes).toContain(
      "The turn was cut part-way: it is marked cut, and its 1 tool call has an interrupted result.",
    );
    const view = projectTranscript(imported.events, Infinity);
    expect(view.messages.find((message) => message.role === "assistant")?.cut).toBe(true);
    expect(checkTranscript(view.messages).filter((problem) => problem.severity === "error")).toEqual([]);
  });

  it("a whole capture is not cut: an ordinary turn, its call left for the next request", () => {
    const name = "anthropic/anthropic-json-tool.2.chunks.txt";
    const [bytes] = readRecordedResponses(name, manifest[name]!);
    const imported = importInput({ kind: "text", text: decoder.decode(bytes) });
    expect(only(imported.events, "turn.completed")[0]).not.toHaveProperty("cut");
    expect(only(imported.events, "tool.result")).toEqual([]);
  });
});

describe("a text capture cut inside a multi-byte UTF-8 character", () => {
  it("is read, the cut character as U+FFFD, with a note; the turn is what had arrived", async () => {
    const name = "anthropic/anthropic-clear-tool-uses.1.chunks.txt";
    const [bytes] = readRecordedResponses(name, manifest[name]!);
    const degree = bytes!.findIndex((byte, index) => byte === 0xc2 && bytes![index + 1] === 0xb0);
    expect(degree).toBeGreaterThan(0);
    const cut = bytes!.slice(0, degree + 1); // the first byte of "°" only
    const request = new Request("http://localhost/api/import", {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: cut,
    });
    const read = await readImportRequest(request);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.input).toEqual({ kind: "text", text: decoder.decode(bytes!.slice(0, degree)) + "\uFFFD" });
    const imported = importInput(read.input);
    expect(imported.notes).toContain(
      "The capture ends inside a multi-byte UTF-8 character (it was cut mid-character); that character reads as U+FFFD.",
    );
    const [turn] = only(imported.events, "turn.completed");
    expect(turn).toMatchObject({ cut: true });
    const textOf = (message: typeof turn) =>
      message!.unified.content.map((block) => (block.type === "text" ? block.text : "")).join("");
    const [whole] = only(importInput({ kind: "text", text: decoder.decode(bytes) }).events, "turn.completed");
    expect(textOf(turn).length).toBeGreaterThan(0);
    expect(textOf(whole).startsWith(textOf(turn))).toBe(true);
    expect(textOf(whole).length).toBeGreaterThan(textOf(turn).length);
  });

  it("a byte that is not UTF-8 inside the body is still refused", async () => {
    const request = new Request("http://localhost/api/import", {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: new Uint8Array([0x64, 0x61, 0xff, 0x61]),
    });
    const read = await readImportRequest(request);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.response.status).toBe(400);
  });
});
