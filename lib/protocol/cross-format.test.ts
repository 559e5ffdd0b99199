/**
 * The cross-format table: every type the three APIs emit is kept, converted or left out with a
 * note for each target, and every body written from the adapted messages passes the pairing
 * doctor and fits the SDK's request types.
 */
import type { MessageParam } from "@anthropic-ai/sdk/resources/messages/messages";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import type { ResponseInputItem } from "openai/resources/responses/responses";
import { describe, expect, it } from "vitest";
import { buildAnthropicRequest } from "./anthropic/convert";
import { adaptMessagesToFormat, CROSS_FORMAT_TABLE } from "./cross-format";
import { checkTranscript } from "./doctor/check";
import { buildOpenAIChatRequest } from "./openai-chat/convert";
import { buildOpenAIResponsesRequest } from "./openai-responses/convert";
import type { Block, UnifiedMessage, WireFormat } from "./unified";

const FORMATS: WireFormat[] = ["anthropic", "openai-chat", "openai-responses"];
const PNG = "iVBORw0KGgo=";

/** A sample of every raw type in the table (thinking blocks are unified blocks). */
const SAMPLES: Record<string, Block> = {
  thinking: { type: "thinking", thinking: "hmm", signature: "sig" },
  redacted_thinking: { type: "redacted_thinking", data: "opaque" },
  image: {
    type: "unknown",
    raw: { type: "image", source: { type: "base64", media_type: "image/png", data: PNG } },
  },
  image_url: {
    type: "unknown",
    raw: { type: "image_url", image_url: { url: `data:image/png;base64,${PNG}` } },
  },
  input_image: {
    type: "unknown",
    raw: { type: "input_image", image_url: `data:image/png;base64,${PNG}`, detail: "auto" },
  },
  refusal: { type: "unknown", raw: { type: "refusal", refusal: "I can't." } },
  reasoning: {
    type: "unknown",
    raw: { type: "reasoning", id: "rs_1", summary: [{ type: "summary_text", text: "s" }] },
  },
};
for (const type of Object.keys(CROSS_FORMAT_TABLE))
  SAMPLES[type] ??= { type: "unknown", raw: { type, id: `${type}_1` } };

/** What each target makes of each type: kept as is, sent as another type, or left out. */
const EXPECTED: Record<string, Record<WireFormat, string>> = {
  thinking: { anthropic: "kept", "openai-chat": "out", "openai-responses": "out" },
  redacted_thinking: { anthropic: "kept", "openai-chat": "out", "openai-responses": "out" },
  image: { anthropic: "kept", "openai-chat": "image_url", "openai-responses": "input_image" },
  image_url: { anthropic: "image", "openai-chat": "kept", "openai-responses": "input_image" },
  input_image: { anthropic: "image", "openai-chat": "image_url", "openai-responses": "kept" },
  refusal: { anthropic: "text", "openai-chat": "kept", "openai-responses": "text" },
  reasoning: { anthropic: "out", "openai-chat": "out", "openai-responses": "kept" },
};
for (const [type, rule] of Object.entries(CROSS_FORMAT_TABLE)) {
  EXPECTED[type] ??= Object.fromEntries(
    FORMATS.map((f) => [f, rule.native.includes(f) ? "kept" : "out"]),
  ) as Record<WireFormat, string>;
}

function outcomeOf(block: Block, target: WireFormat): { outcome: string; notes: string[]; block?: Block } {
  const { messages, notes } = adaptMessagesToFormat([{ role: "assistant", content: [block] }], target);
  const [adapted] = messages[0]?.content ?? [];
  if (!adapted) return { outcome: "out", notes };
  if (adapted === block) return { outcome: "kept", notes, block: adapted };
  const type = adapted.type === "unknown" ? String((adapted.raw as { type: string }).type) : adapted.type;
  return { outcome: type, notes, block: adapted };
}

describe("CROSS_FORMAT_TABLE", () => {
  const cases = Object.keys(SAMPLES).flatMap((type) => FORMATS.map((target) => [type, target] as const));
  it.each(cases)("%s → %s", (type, target) => {
    const { outcome, notes } = outcomeOf(SAMPLES[type]!, target);
    expect(outcome).toBe(EXPECTED[type]![target]);
    if (outcome === "kept") expect(notes).toEqual([]);
    else if (outcome === "out") {
      expect(notes[0]).toMatch(new RegExp(`^message 1 \\(assistant\\): ${type} \\(.+\\) was left out: .+`));
    } else expect(notes[0]).toContain(`was sent as ${outcome}`);
  });

  it("converts images between base64 and data URLs both ways, and a refusal to its text", () => {
    expect(outcomeOf(SAMPLES.image_url!, "anthropic").block).toEqual(SAMPLES.image);
    expect(outcomeOf(SAMPLES.image!, "openai-chat").block).toEqual(SAMPLES.image_url);
    expect(outcomeOf(SAMPLES.image!, "openai-responses").block).toEqual(SAMPLES.input_image);
    expect(outcomeOf(SAMPLES.refusal!, "anthropic").block).toEqual({ type: "text", text: "I can't." });
    const url = {
      type: "unknown",
      raw: { type: "image_url", image_url: { url: "https://x/y.png" } },
    } as Block;
    expect(outcomeOf(url, "anthropic").block).toEqual({
      type: "unknown",
      raw: { type: "image", source: { type: "url", url: "https://x/y.png" } },
    });
  });

  it("leaves out a type no format has, and wraps a custom tool's text input for Anthropic", () => {
    expect(outcomeOf({ type: "unknown", raw: { type: "hologram" } }, "anthropic")).toMatchObject({
      outcome: "out",
    });
    const custom: Block = {
      type: "toolCall",
      id: "c",
      name: "grep",
      arguments: "TODO",
      rawArguments: "TODO",
    };
    expect(outcomeOf(custom, "anthropic").block).toMatchObject({ arguments: { input: "TODO" } });
    expect(outcomeOf(custom, "openai-responses").outcome).toBe("kept");
  });
});

/** A conversation holding every type, with calls and results around them. */
const EVERYTHING: UnifiedMessage[] = [
  {
    role: "user",
    content: [
      { type: "text", text: "look" },
      SAMPLES.image!,
      SAMPLES.image_url!,
      SAMPLES.input_image!,
      SAMPLES.input_file!,
    ],
  },
  { role: "assistant", content: [SAMPLES.reasoning!] },
  { role: "user", content: [{ type: "text", text: "go on" }] },
  {
    role: "assistant",
    content: [
      ...Object.keys(CROSS_FORMAT_TABLE)
        .filter(
          (type) =>
            ![
              "image",
              "image_url",
              "input_image",
              "input_file",
              "input_audio",
              "file",
              "document",
              "search_result",
            ].includes(type),
        )
        .map((type) => SAMPLES[type]!),
      { type: "text", text: "calling" },
      {
        type: "toolCall",
        id: "c1",
        name: "read_file",
        arguments: { path: "a" },
        rawArguments: '{"path":"a"}',
      },
      { type: "toolCall", id: "c2", name: "grep", arguments: "TODO", rawArguments: "TODO" },
    ],
  },
  {
    role: "user",
    content: [
      { type: "toolResult", toolCallId: "c1", content: "A", isError: false },
      { type: "toolResult", toolCallId: "c2", content: "3", isError: false },
    ],
  },
];

const ANTHROPIC_TYPES = new Set([
  "text",
  "image",
  "document",
  "search_result",
  "thinking",
  "redacted_thinking",
  "tool_use",
  "tool_result",
  ...[
    "server_tool_use",
    "web_search_tool_result",
    "web_fetch_tool_result",
    "code_execution_tool_result",
    "bash_code_execution_tool_result",
    "text_editor_code_execution_tool_result",
    "tool_search_tool_result",
    "mcp_tool_use",
    "mcp_tool_result",
    "container_upload",
  ],
]);
const RESPONSES_TYPES = new Set([
  "message",
  "function_call",
  "function_call_output",
  "reasoning",
  "web_search_call",
  "file_search_call",
  "code_interpreter_call",
  "image_generation_call",
  "mcp_call",
  "mcp_list_tools",
  "mcp_approval_request",
  "mcp_approval_response",
]);
const TOOLS = [{ name: "read_file", input_schema: { type: "object" } }];

describe("every format's body of a conversation holding every type", () => {
  it.each(FORMATS)(
    "%s: passes the pairing doctor, fits the SDK's types and holds only its own types",
    (target) => {
      const { messages, notes } = adaptMessagesToFormat(EVERYTHING, target);
      expect(checkTranscript(messages)).toEqual([]);
      expect(notes.length).toBeGreaterThan(0);
      if (target === "anthropic") {
        const body = buildAnthropicRequest({ model: "m", maxTokens: 1, tools: TOOLS, messages });
        const sent = body.messages as unknown as MessageParam[];
        for (const message of sent)
          for (const block of message.content as { type: string }[])
            expect(ANTHROPIC_TYPES).toContain(block.type);
        expect(sent).toHaveLength(3); // the reasoning-only message is left out
      } else if (target === "openai-chat") {
        const sent: ChatCompletionMessageParam[] = buildOpenAIChatRequest({
          model: "m",
          tools: TOOLS,
          messages,
        }).messages;
        for (const message of sent) {
          expect(["user", "assistant", "tool", "system"]).toContain(message.role);
          if (Array.isArray(message.content))
            for (const part of message.content) expect(["text", "image_url", "refusal"]).toContain(part.type);
        }
        expect(sent.find((m) => m.role === "assistant" && "refusal" in m)).toBeDefined();
      } else {
        const sent: ResponseInputItem[] = buildOpenAIResponsesRequest({
          model: "m",
          tools: TOOLS,
          messages,
        }).input;
        for (const item of sent) expect(RESPONSES_TYPES).toContain(item.type);
        expect(sent.map((item) => item.type)).toContain("web_search_call");
      }
    },
  );
});
