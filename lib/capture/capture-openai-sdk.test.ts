/**
 * The official OpenAI SDK pointed at the capture endpoints of a real HTTP server on the offline
 * upstream, Chat Completions and Responses, streamed and not: what the SDK assembled is what the
 * log's `turn.completed` holds; a tool call and the client's `role: "tool"` message or
 * `function_call_output` item in the next request are one session, paired.
 */
import OpenAI from "openai";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  CAPTURE_TOKEN,
  type CaptureServer,
  eventsOf,
  onlyCaptureSession,
  startCaptureServer,
} from "@/lib/server/testing/capture-server";

const READ_TOOL_CHAT: OpenAI.Chat.ChatCompletionTool = {
  type: "function",
  function: {
    name: "read_file",
    description: "Read a text file from the workspace.",
    parameters: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
  },
};
const READ_TOOL_RESPONSES: OpenAI.Responses.FunctionTool = {
  type: "function",
  name: "read_file",
  description: "Read a text file from the workspace.",
  parameters: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
  strict: false,
};
const QUESTION = "What is in notes/todo.md?";

let server: CaptureServer;
beforeEach(async () => {
  server = await startCaptureServer();
}, 60_000);
afterEach(async () => {
  await server.close();
}, 60_000);

function client(key = CAPTURE_TOKEN) {
  return new OpenAI({ apiKey: key, baseURL: `${server.origin}/capture/openai/v1`, maxRetries: 0 });
}

const plain = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

/** Fields the SDK's parse helpers add to what it assembled (never on the wire), at any depth. */
const SDK_FIELDS = new Set(["output_text", "output_parsed", "parsed", "parsed_arguments"]);
function dropSdkFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(dropSdkFields);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !SDK_FIELDS.has(key))
      .map(([key, item]) => [key, dropSdkFields(item)]),
  );
}

describe("capture with the OpenAI SDK, Chat Completions", { timeout: 60_000 }, () => {
  it("records a streamed completion as the SDK's stream helper assembled it", async () => {
    const stream = client().chat.completions.stream({
      model: "gpt-4.1",
      tools: [READ_TOOL_CHAT],
      messages: [{ role: "user", content: QUESTION }],
    });
    const completion = await stream.finalChatCompletion();
    expect(completion.choices[0]?.finish_reason).toBe("tool_calls");
    const sessionId = onlyCaptureSession(server);
    const [turn] = eventsOf(server, sessionId, "turn.completed");
    expect(turn?.message).toEqual(dropSdkFields(plain(completion)));
  });

  it("records a whole completion exactly as returned, and pairs the role: tool message of the next request", async () => {
    const openai = client();
    const first = await openai.chat.completions.create({
      model: "gpt-4.1",
      tools: [READ_TOOL_CHAT],
      messages: [{ role: "user", content: QUESTION }],
    });
    const sessionId = onlyCaptureSession(server);
    expect(eventsOf(server, sessionId, "turn.completed")[0]?.message).toEqual(plain(first));
    const assistant = first.choices[0]!.message;
    const call = assistant.tool_calls![0]!;
    await openai.chat.completions.create({
      model: "gpt-4.1",
      tools: [READ_TOOL_CHAT],
      messages: [
        { role: "user", content: QUESTION },
        assistant,
        { role: "tool", tool_call_id: call.id, content: "- [ ] Write tests" },
      ],
    });
    expect(onlyCaptureSession(server)).toBe(sessionId);
    expect(eventsOf(server, sessionId, "tool.result")).toMatchObject([
      { callId: call.id, name: "read_file", source: "client", content: "- [ ] Write tests" },
    ]);
  });
});

describe("capture with the OpenAI SDK, Responses", { timeout: 60_000 }, () => {
  it("records a streamed response as the SDK assembled it", async () => {
    const stream = client().responses.stream({
      model: "gpt-4.1",
      tools: [READ_TOOL_RESPONSES],
      input: QUESTION,
    });
    const response = await stream.finalResponse();
    const sessionId = onlyCaptureSession(server);
    const [turn] = eventsOf(server, sessionId, "turn.completed");
    expect(turn?.message).toEqual(dropSdkFields(plain(response)));
  });

  it("records a whole response and pairs the function_call_output item of the next request", async () => {
    const openai = client();
    const first = await openai.responses.create({
      model: "gpt-4.1",
      tools: [READ_TOOL_RESPONSES],
      input: QUESTION,
    });
    const sessionId = onlyCaptureSession(server);
    expect(eventsOf(server, sessionId, "turn.completed")[0]?.message).toEqual(dropSdkFields(plain(first)));
    const call = first.output.find((item) => item.type === "function_call");
    expect(call?.type).toBe("function_call");
    if (call?.type !== "function_call") return;
    await openai.responses.create({
      model: "gpt-4.1",
      tools: [READ_TOOL_RESPONSES],
      input: [
        { role: "user", content: QUESTION },
        ...(first.output as OpenAI.Responses.ResponseInputItem[]),
        { type: "function_call_output", call_id: call.call_id, output: "- [ ] Write tests" },
      ],
    });
    expect(onlyCaptureSession(server)).toBe(sessionId);
    expect(eventsOf(server, sessionId, "tool.result")).toMatchObject([
      { callId: call.call_id, name: "read_file", source: "client", content: "- [ ] Write tests" },
    ]);
  });

  it("raises the SDK's own AuthenticationError for a missing key", async () => {
    const attempt = client("wrong").responses.create({ model: "gpt-4.1", input: "Hello" });
    await expect(attempt).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
    await expect(attempt).rejects.toMatchObject({ status: 401, code: "invalid_api_key" });
  });
});
