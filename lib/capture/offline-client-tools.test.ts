/**
 * The offline upstream answers a client's own tools usefully: Claude Code's recorded request
 * (fixtures/capture/claude-code-request.json: its tools, `role: "system"` messages,
 * `<system-reminder>` blocks, thinking, context management) gets a Read call on the file it asks
 * about, and the request carrying the result gets an answer quoting the file. The same choice is
 * made for a tool set of other names and schemas, in any order: nothing is tuned to Claude Code.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { respondOffline } from "@/lib/providers/offline/respond";
import type { OfflineRequest } from "@/lib/providers/offline/types";

const FIXTURE = path.join(process.cwd(), "fixtures", "capture", "claude-code-request.json");
const claudeCode = JSON.parse(fs.readFileSync(FIXTURE, "utf8")) as OfflineRequest & Record<string, unknown>;
const NOTES = "# Notes\n\nBuy milk. Call Ada about the parser.\n";

function toolCalls(request: OfflineRequest) {
  return respondOffline(request).content.filter((block) => block.type === "tool_use");
}

describe("the offline model on a client's own tools", () => {
  it("calls Claude Code's Read on the file the person asks about", () => {
    expect(claudeCode.messages.some((message) => message.role === "system")).toBe(true);
    const [call] = toolCalls(claudeCode);
    expect(call).toMatchObject({ name: "Read", input: { file_path: "notes.md" } });
  });

  it("answers the request carrying Read's result with text that quotes the file", () => {
    const [call] = toolCalls(claudeCode);
    const reply = respondOffline(claudeCode);
    const next: OfflineRequest = {
      ...claudeCode,
      messages: [
        ...claudeCode.messages,
        { role: "assistant", content: reply.content },
        {
          role: "user",
          content: [
            { type: "tool_result", tool_use_id: call!.type === "tool_use" ? call!.id : "", content: NOTES },
            { type: "text", text: "<system-reminder>\nWhatever the harness adds.\n</system-reminder>" },
          ] as never,
        },
      ],
    };
    const answer = respondOffline(next);
    expect(answer.stop_reason).toBe("end_turn");
    expect(answer.content).toEqual([
      { type: "text", text: 'Read returned "# Notes Buy milk. Call Ada about the parser.".' },
    ]);
  });

  it("makes the same choice among tools of other names and schemas, in any order", () => {
    const tools = [
      {
        name: "save_document",
        description: "Save a document, replacing it.",
        input_schema: {
          type: "object",
          properties: { location: { type: "string" }, body: { type: "string" } },
          required: ["location", "body"],
        },
      },
      {
        name: "patch_document",
        description: "Replace text in a document.",
        input_schema: {
          type: "object",
          properties: { file: { type: "string" }, find: { type: "string" }, replace: { type: "string" } },
          required: ["file", "find", "replace"],
        },
      },
      {
        name: "run_job",
        description: "Run a job script.",
        input_schema: {
          type: "object",
          properties: { script: { type: "string" }, scriptPath: { type: "string" } },
        },
      },
      {
        name: "open_document",
        description: "Show a document.",
        input_schema: {
          type: "object",
          properties: { file: { type: "string" }, page: { type: "integer" } },
          required: ["file"],
        },
      },
    ];
    const ask = (order: typeof tools) =>
      toolCalls({
        model: "m",
        max_tokens: 100,
        tools: order,
        messages: [{ role: "user", content: "What is in plan.txt?" }],
      });
    expect(ask(tools)).toMatchObject([{ name: "open_document", input: { file: "plan.txt" } }]);
    expect(ask([...tools].reverse())).toMatchObject([{ name: "open_document", input: { file: "plan.txt" } }]);
  });
});
