import Anthropic from "@anthropic-ai/sdk";
import type { MessageCreateParams } from "@anthropic-ai/sdk/resources/messages/messages";
import OpenAI from "openai";
import type { ChatCompletionCreateParams } from "openai/resources/chat/completions";
import type { ResponseCreateParams } from "openai/resources/responses/responses";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { EventOf, TraceEvent } from "@/lib/trace/events";
import { projectTranscript } from "@/lib/trace/transcript";
import { openTestRuntime, runOfflineSession } from "./import/testing/runtime";
import type { Runtime } from "./runtime";
import { getTranscriptBody, type TranscriptBody, type TranscriptFormat } from "./transcript-body";

let runtime: Runtime;
let dispose: () => void;
let session: { id: string; events: TraceEvent[] };

beforeEach(async () => {
  ({ runtime, dispose } = openTestRuntime());
  session = await runOfflineSession(runtime, "What is in notes/todo.md?", { system: "Be brief." });
});
afterEach(() => dispose());

function fetchBody(format: TranscriptFormat, at?: number): TranscriptBody {
  const outcome = getTranscriptBody(runtime, session.id, { format, ...(at === undefined ? {} : { at }) });
  if (!outcome.ok) throw new Error(outcome.problem.error);
  return outcome.value;
}

/** The first tool call of the run, as the log recorded it. */
function readCall(): { id: string; name: string; arguments: unknown } {
  const turn = session.events.find((e): e is EventOf<"turn.completed"> => e.kind === "turn.completed")!;
  const call = turn.unified.content.find((b) => b.type === "toolCall");
  if (call?.type !== "toolCall") throw new Error("the run made no tool call");
  return call;
}

/** A fetch that records the JSON body it is sent and answers with `reply`. */
function captureFetch(reply: unknown): { fetch: typeof fetch; sent: () => unknown } {
  let body = "";
  return {
    fetch: async (_url, init) => {
      body = String(init?.body);
      return Response.json(reply);
    },
    sent: () => JSON.parse(body) as unknown,
  };
}

describe("the transcript of an offline run in the four request shapes", () => {
  it("anthropic: { tools, system, messages } that the SDK types accept and the SDK sends unchanged", async () => {
    const out = fetchBody("anthropic");
    if (out.format !== "anthropic") throw new Error(out.format);
    const messages: MessageCreateParams["messages"] = out.body.messages;
    const tools: MessageCreateParams["tools"] = out.body.tools;
    const system: MessageCreateParams["system"] = out.body.system;
    expect(Object.keys(out.body)).toEqual(["tools", "system", "messages"]);
    expect(system).toBe("Be brief.");
    expect(tools?.map((tool) => ("name" in tool ? tool.name : ""))).toContain("read_file");
    const call = readCall();
    expect(messages.map((m) => [m.role, (m.content as { type: string }[]).map((b) => b.type)])).toEqual([
      ["user", ["text"]],
      ["assistant", ["text", "tool_use"]],
      ["user", ["tool_result"]],
      ["assistant", ["text"]],
    ]);
    expect((messages[1]!.content as unknown[])[1]).toEqual({
      type: "tool_use",
      id: call.id,
      name: call.name,
      input: call.arguments,
    });
    expect((messages[2]!.content as { tool_use_id: string }[])[0]!.tool_use_id).toBe(call.id);

    const capture = captureFetch({
      id: "msg_1",
      type: "message",
      role: "assistant",
      model: "m",
      content: [],
      stop_reason: "end_turn",
      stop_sequence: null,
      usage: { input_tokens: 1, output_tokens: 1 },
    });
    const client = new Anthropic({ apiKey: "test", fetch: capture.fetch, maxRetries: 0 });
    await client.messages.create({ model: "m", max_tokens: 8, ...out.body });
    expect(capture.sent()).toEqual({ model: "m", max_tokens: 8, ...out.body });
  });

  it("openai-chat: { tools, messages } with the system prompt first, tool calls and role: tool results", async () => {
    const out = fetchBody("openai-chat");
    if (out.format !== "openai-chat") throw new Error(out.format);
    const messages: ChatCompletionCreateParams["messages"] = out.body.messages;
    const tools: ChatCompletionCreateParams["tools"] = out.body.tools;
    expect(Object.keys(out.body)).toEqual(["tools", "messages"]);
    expect(tools?.every((tool) => tool.type === "function")).toBe(true);
    const call = readCall();
    expect(messages.map((m) => m.role)).toEqual(["system", "user", "assistant", "tool", "assistant"]);
    expect(messages[0]).toEqual({ role: "system", content: "Be brief." });
    const assistant = messages[2] as {
      tool_calls: { id: string; function: { name: string; arguments: string } }[];
    };
    expect(
      assistant.tool_calls.map((c) => [c.id, c.function.name, JSON.parse(c.function.arguments)]),
    ).toEqual([[call.id, call.name, call.arguments]]);
    expect(messages[3]).toMatchObject({ role: "tool", tool_call_id: call.id });

    const capture = captureFetch({ id: "c", object: "chat.completion", created: 0, model: "m", choices: [] });
    const client = new OpenAI({ apiKey: "test", fetch: capture.fetch, maxRetries: 0 });
    await client.chat.completions.create({ model: "m", ...out.body });
    expect(capture.sent()).toEqual({ model: "m", ...out.body });
  });

  it("openai-responses: { tools, instructions, input } with function_call and function_call_output items", async () => {
    const out = fetchBody("openai-responses");
    if (out.format !== "openai-responses") throw new Error(out.format);
    const input: ResponseCreateParams["input"] = out.body.input;
    const tools: ResponseCreateParams["tools"] = out.body.tools;
    const instructions: ResponseCreateParams["instructions"] = out.body.instructions;
    expect(Object.keys(out.body)).toEqual(["tools", "instructions", "input"]);
    expect(instructions).toBe("Be brief.");
    expect(tools?.length).toBeGreaterThan(0);
    const call = readCall();
    const items = out.body.input;
    expect(items.map((item) => item.type)).toEqual([
      "message",
      "message",
      "function_call",
      "function_call_output",
      "message",
    ]);
    expect(items[2]).toMatchObject({ type: "function_call", call_id: call.id, name: call.name });
    expect(JSON.parse((items[2] as { arguments: string }).arguments)).toEqual(call.arguments);
    expect(items[3]).toMatchObject({ type: "function_call_output", call_id: call.id });
    expect(Array.isArray(input)).toBe(true);

    const capture = captureFetch({ id: "r", object: "response", created_at: 0, model: "m", output: [] });
    const client = new OpenAI({ apiKey: "test", fetch: capture.fetch, maxRetries: 0 });
    await client.responses.create({ model: "m", ...out.body });
    expect(capture.sent()).toEqual({ model: "m", ...out.body });
  });

  it("unified: { system, tools, messages } exactly as the transcript projection holds them", () => {
    const out = fetchBody("unified");
    if (out.format !== "unified") throw new Error(out.format);
    const view = projectTranscript(session.events);
    expect(out.body).toEqual({
      system: "Be brief.",
      tools: view.tools,
      messages: view.messages.map(({ role, content }) => ({ role, content })),
    });
  });

  it("at=<seq> gives the conversation as of that event", () => {
    const firstTurn = session.events.find((e) => e.kind === "turn.completed")!;
    const out = fetchBody("openai-chat", firstTurn.seq);
    if (out.format !== "openai-chat") throw new Error(out.format);
    expect(out.body.messages.map((m) => m.role)).toEqual(["system", "user", "assistant"]);
    const before = fetchBody("anthropic", 0);
    expect(before.format === "anthropic" && before.body.messages).toEqual([]);
  });

  it("refuses an unknown session as not_found", () => {
    expect(getTranscriptBody(runtime, "ses_missing", { format: "anthropic" })).toEqual({
      ok: false,
      problem: { kind: "not_found", error: "No session with id ses_missing." },
    });
  });
});
