import { describe, expect, it } from "vitest";
import type { ToolDefinition } from "./config";
import type { NewEvent } from "./events";
import { collectClientCalls } from "./client-calls";
import { buildLog, sessionCreated, toolCall, turnCompleted } from "./testing/build-log";

const read: ToolDefinition = { name: "Read", input_schema: { type: "object", required: ["file_path"] } };
const write: ToolDefinition = { name: "Write", input_schema: { type: "object" } };
const tokens = { tools: 0, system: 0, messages: 0, total: 0, tokenizer: "t" };
const request = (turn: number, capture: boolean): NewEvent => ({
  kind: "request.assembled",
  turn,
  attempt: 1,
  format: "anthropic",
  body: {},
  tokens,
  ...(capture ? { capture: { path: "/v1/messages", upstream: "offline", client: "Claude Code" } } : {}),
});

describe("collectClientCalls", () => {
  it("collects a captured request's calls with the schema the client declared then", () => {
    const log = buildLog([
      sessionCreated({ tools: [read] }),
      request(1, true),
      turnCompleted(1, [toolCall("c1", "Read", { file_path: "a" })]),
      { kind: "session.configured", changes: { tools: { before: [read], after: [write] } } },
      request(2, true),
      turnCompleted(2, [toolCall("c2", "Write", {}), toolCall("c3", "Read", {})]),
    ]);
    expect(collectClientCalls(log)).toEqual([
      { id: "c1", name: "Read", turn: 1, schema: read.input_schema, input: { file_path: "a" } },
      { id: "c2", name: "Write", turn: 2, schema: write.input_schema, input: {} },
    ]);
    expect(collectClientCalls(log, 2).map((call) => call.id)).toEqual(["c1"]);
  });

  it("leaves out a run's own calls, unparseable arguments; a call that streamed no arguments is {}", () => {
    const broken = { ...toolCall("c2", "Read", {}), arguments: null, rawArguments: "{" };
    const empty = { ...toolCall("c3", "Read", {}), arguments: null, rawArguments: "" };
    const log = buildLog([
      sessionCreated({ tools: [read] }),
      request(1, false),
      turnCompleted(1, [toolCall("c1", "Read", {})]),
      request(2, true),
      turnCompleted(2, [broken, empty]),
    ]);
    expect(collectClientCalls(log)).toEqual([
      { id: "c3", name: "Read", turn: 2, schema: read.input_schema, input: {} },
    ]);
  });
});
