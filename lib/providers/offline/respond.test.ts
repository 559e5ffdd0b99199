import { describe, expect, test } from "vitest";
import type { MessageCreateParamsNonStreaming } from "@anthropic-ai/sdk/resources/messages";
import { DEFAULT_PLANNERS } from "./plan";
import { respondOffline } from "./respond";
import { encodeMessageAsSse, serializeSse } from "./sse";
import type { OfflinePlanner, OfflineRequest } from "./types";
import { createRequest, TOOL_META, WORKSPACE_TOOLS } from "./__fixtures__/tools";

/** A conversation whose last user turn answers two tool calls, one of them with an error. */
function createResultTurn(results: unknown[]): MessageCreateParamsNonStreaming {
  return {
    model: "offline-1",
    max_tokens: 1024,
    tools: WORKSPACE_TOOLS,
    messages: [
      { role: "user", content: "What is in notes/todo.md? And list notes/" },
      {
        role: "assistant",
        content: [
          { type: "text", text: "I'll look." },
          { type: "tool_use", id: "toolu_a", name: "read_file", input: { path: "notes/todo.md" } },
          { type: "tool_use", id: "toolu_b", name: "list_dir", input: { path: "notes/" } },
        ],
      },
      { role: "user", content: results as never },
    ],
  };
}

describe("the offline model summarizes tool results", () => {
  test("one sentence per result, in order, naming the tool by its call id", () => {
    const body = createResultTurn([
      { type: "tool_result", tool_use_id: "toolu_a", content: "- buy milk\n- call Bob" },
      {
        type: "tool_result",
        tool_use_id: "toolu_b",
        content: [{ type: "text", text: "Directory not found: notes/\n    at listDir (workspace.ts:12)" }],
        is_error: true,
      },
    ]);
    const message = respondOffline(body);
    expect(message.stop_reason).toBe("end_turn");
    expect(message.content).toEqual([
      {
        type: "text",
        text: 'notes/todo.md reads: "- buy milk - call Bob". The call to list_dir failed: Directory not found: notes/.',
      },
    ]);
  });

  test("quotes a file's first 120 characters and any other result's 200, says when one is empty, and survives an unknown id", () => {
    const body = createResultTurn([
      { type: "tool_result", tool_use_id: "toolu_a", content: "x".repeat(250) },
      { type: "tool_result", tool_use_id: "toolu_b", content: "" },
      { type: "tool_result", tool_use_id: "toolu_zzz", content: "y".repeat(250), is_error: false },
      { type: "tool_result", tool_use_id: "toolu_q", content: "\n", is_error: true },
    ]);
    const [block] = respondOffline(body).content;
    expect(block).toEqual({
      type: "text",
      text: `notes/todo.md reads: "${"x".repeat(120)}…". notes/ is empty. The tool call toolu_zzz returned "${"y".repeat(200)}…". The tool call toolu_q failed: no error message.`,
    });
  });
});

describe("the offline model's text replies", () => {
  test("a message that matches nothing lists the tools", () => {
    const message = respondOffline(createRequest("hello there", WORKSPACE_TOOLS));
    expect(message.content).toEqual([
      {
        type: "text",
        text: "I'm the offline model and I couldn't match your message to a tool. Available tools: read_file, list_dir, write_file. Name a tool or mention a file path and I'll use it.",
      },
    ]);
  });

  test("tool_choice none and a request without tools say why no tool is called", () => {
    const none = respondOffline(
      createRequest("notes/a.md", WORKSPACE_TOOLS, { tool_choice: { type: "none" } }),
    );
    expect(none.content[0]).toEqual({
      type: "text",
      text: 'Tool use is off for this turn (tool_choice "none"). Available tools: read_file, list_dir, write_file.',
    });
    const bare = respondOffline({ model: "m", max_tokens: 5, messages: [{ role: "user", content: "hi" }] });
    expect(bare.content[0]).toEqual({
      type: "text",
      text: "I'm the offline model. This request has no tools, so I can only answer in text.",
    });
  });

  test("a tool call is preceded by a sentence built from the tool and its arguments", () => {
    const message = respondOffline(createRequest("Write 'buy milk' to notes/todo.md", WORKSPACE_TOOLS));
    expect(message.content[0]).toEqual({
      type: "text",
      text: 'I\'ll use write_file with path "notes/todo.md" and content "buy milk".',
    });
  });
});

describe("the offline model is deterministic", () => {
  const body = createRequest("What is in notes/todo.md?", WORKSPACE_TOOLS);

  test("the same body gives the same message and byte-identical SSE", () => {
    const first = respondOffline(body, { toolMeta: TOOL_META });
    const second = respondOffline(structuredClone(body), { toolMeta: TOOL_META });
    expect(second).toEqual(first);
    expect(serializeSse(encodeMessageAsSse(second))).toBe(serializeSse(encodeMessageAsSse(first)));
  });

  test("ids, usage and model are derived from the body; `stream` and key order do not matter", () => {
    const message = respondOffline(body, { toolMeta: TOOL_META });
    expect(message.id).toMatch(/^msg_offline_[0-9a-f]{24}$/);
    const toolUse = message.content[1];
    expect(toolUse?.type === "tool_use" && toolUse.id).toMatch(/^toolu_offline_[0-9a-f]{24}$/);
    expect(message.model).toBe("offline-1");
    expect(message.usage).toEqual({ input_tokens: 184, output_tokens: 48 });
    const reordered = Object.fromEntries(
      Object.entries({ ...body, stream: true }).reverse(),
    ) as unknown as OfflineRequest;
    expect(respondOffline(reordered, { toolMeta: TOOL_META })).toEqual(message);
    const other = respondOffline(createRequest("What is in notes/done.md?", WORKSPACE_TOOLS));
    expect(other.id).not.toBe(message.id);
  });
});

describe("the offline model's edges", () => {
  test("a tool named constructor and a property named __proto__ are plain data", () => {
    const tool = {
      name: "constructor",
      description: "Build a thing.",
      input_schema: JSON.parse(
        '{"type":"object","properties":{"__proto__":{"type":"string"}},"required":["__proto__"]}',
      ),
    };
    const message = respondOffline(
      { model: "m", max_tokens: 5, tools: [tool], messages: [{ role: "user", content: 'constructor "x"' }] },
      { toolMeta: {} },
    );
    const input = message.content[1]?.type === "tool_use" ? message.content[1].input : null;
    expect(input && Object.hasOwn(input, "__proto__")).toBe(true);
    expect(JSON.stringify(input)).toBe('{"__proto__":"x"}');
    expect(Object.getPrototypeOf(input)).toBe(Object.prototype);
  });

  test("toolMeta overrides the tool's own meta", () => {
    const tools = [WORKSPACE_TOOLS[2]!, { ...WORKSPACE_TOOLS[1]!, meta: { readOnly: true } }];
    const request: OfflineRequest = {
      model: "m",
      max_tokens: 5,
      tools,
      messages: [{ role: "user", content: "notes/" }],
    };
    const named = (toolMeta = {}) =>
      respondOffline(request, { toolMeta }).content.find((b) => b.type === "tool_use");
    expect(named()).toMatchObject({ name: "list_dir" });
    expect(named({ list_dir: { readOnly: false } })).toMatchObject({ name: "write_file" });
  });

  test("planners are a seam: one placed first decides, and passing falls through to the defaults", () => {
    const scripted: OfflinePlanner = (request) =>
      request.messages.length === 1 ? { blocks: [{ type: "text", text: "Scripted." }] } : null;
    const planners = [scripted, ...DEFAULT_PLANNERS];
    expect(respondOffline(body(), { planners }).content).toEqual([{ type: "text", text: "Scripted." }]);
    const passed = respondOffline(
      createResultTurn([{ type: "tool_result", tool_use_id: "toolu_a", content: "hi" }]),
      {
        planners,
      },
    );
    expect(passed.content).toEqual([{ type: "text", text: 'notes/todo.md reads: "hi".' }]);

    function body() {
      return createRequest("hello", WORKSPACE_TOOLS);
    }
  });
});
