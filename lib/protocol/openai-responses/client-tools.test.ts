import { describe, expect, it } from "vitest";
import { checkTranscript } from "@/lib/protocol/doctor/check";
import { openAIResponsesInputToUnified, openAIResponseToUnified } from "./convert";
import { unifiedToOpenAIResponsesInput } from "./convert-unified";
import { mapOpenAIResponsesStopReason } from "./stop-reason";

/** Each client-side tool's call and output item, in the shapes of the openai SDK's types. */
const PAIRS = [
  {
    name: "custom_tool_call",
    call: { type: "custom_tool_call", id: "ctc_1", call_id: "call_c", name: "grep", input: "TODO" },
    output: { type: "custom_tool_call_output", call_id: "call_c", output: "3 matches" },
    tool: "grep",
    input: "TODO",
    content: "3 matches",
    isError: false,
  },
  {
    name: "shell_call",
    call: {
      type: "shell_call",
      id: "sh_1",
      call_id: "call_s",
      action: { commands: ["ls"], max_output_length: null, timeout_ms: null },
      status: "completed",
    },
    output: {
      type: "shell_call_output",
      call_id: "call_s",
      output: [{ stdout: "notes", stderr: "", outcome: { type: "exit", exit_code: 0 } }],
    },
    tool: "shell",
    input: '{"commands":["ls"],"max_output_length":null,"timeout_ms":null}',
    content: "notes",
    isError: false,
  },
  {
    name: "local_shell_call",
    call: {
      type: "local_shell_call",
      id: "ls_1",
      call_id: "call_l",
      action: { type: "exec", command: ["pwd"], env: {} },
      status: "completed",
    },
    output: { type: "local_shell_call_output", id: "call_l", output: "/work" },
    tool: "local_shell",
    input: '{"type":"exec","command":["pwd"],"env":{}}',
    content: "/work",
    isError: false,
  },
  {
    name: "apply_patch_call",
    call: {
      type: "apply_patch_call",
      id: "ap_1",
      call_id: "call_a",
      operation: { type: "delete_file", path: "a.txt" },
      status: "completed",
    },
    output: { type: "apply_patch_call_output", call_id: "call_a", status: "failed", output: "no such file" },
    tool: "apply_patch",
    input: '{"type":"delete_file","path":"a.txt"}',
    content: "no such file",
    isError: true,
  },
] as const;

describe.each(PAIRS)("Responses $name items", ({ call, output, tool, input, content, isError }) => {
  const user = { type: "message", role: "user", content: "go" };

  it("group as a tool call in the assistant message and its result in the next user message", () => {
    const { messages } = openAIResponsesInputToUnified([user, call, output]);
    expect(messages).toEqual([
      { role: "user", content: [{ type: "text", text: "go" }] },
      {
        role: "assistant",
        content: [
          {
            type: "toolCall",
            id: call.call_id,
            name: tool,
            // A custom tool's free-form text is no JSON: the text itself is its arguments.
            arguments: call.type === "custom_tool_call" ? input : (JSON.parse(input) as unknown),
            rawArguments: input,
          },
        ],
      },
      { role: "user", content: [{ type: "toolResult", toolCallId: call.call_id, content, isError }] },
    ]);
    expect(checkTranscript(messages)).toEqual([]);
  });

  it("come back in the Responses transcript as a call and its output", () => {
    const { messages } = openAIResponsesInputToUnified([user, call, output]);
    const items = unifiedToOpenAIResponsesInput(messages);
    expect(items.map((item) => item.type)).toEqual(["message", "function_call", "function_call_output"]);
    expect(items[1]).toMatchObject({ call_id: call.call_id, name: tool, arguments: input });
    expect(items[2]).toMatchObject({ call_id: call.call_id, output: content });
  });

  it("stop the turn for a tool and convert as its call", () => {
    const response = { status: "completed", output: [call] };
    expect(mapOpenAIResponsesStopReason(response)).toEqual({ unified: "tool_use", raw: "completed" });
    expect(openAIResponseToUnified(response).content).toMatchObject([
      { type: "toolCall", id: call.call_id, name: tool },
    ]);
  });
});
