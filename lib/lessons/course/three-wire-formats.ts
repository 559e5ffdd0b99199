/**
 * Lesson `three-wire-formats`: the same kind of turn — a `read_file` call and its result — three
 * times, once per wire format. Before the second and third questions the session switches the
 * offline model's wire, so one conversation is sent as Anthropic Messages, then as OpenAI Chat
 * Completions, then as OpenAI Responses.
 */
import type { Scenario } from "../types";
import type { ScriptTurn } from "@/lib/providers/offline/script-types";

/** The file each question reads, in order. */
export const THREE_WIRE_FORMATS_PATHS = ["notes/todo.md", "notes/ideas.md", "README.md"] as const;

/** A turn that reads `path`. */
function readPath(path: string): ScriptTurn {
  return () => ({
    blocks: [
      { type: "text", text: `I'll read ${path}.` },
      { type: "tool_use", name: "read_file", input: { path } },
    ],
  });
}

export const threeWireFormatsLesson: Scenario = {
  id: "three-wire-formats",
  title: { en: "One turn, three wire formats", zh: "同一轮对话，三种传输格式" },
  summary: {
    en: "The same tool call and result, sent as Anthropic Messages, OpenAI Chat Completions and OpenAI Responses. Each format draws the line between roles, messages and blocks in its own place.",
    zh: "同样的工具调用和结果，分别用 Anthropic Messages、OpenAI Chat Completions 和 OpenAI Responses 发送。每种格式在角色、消息和块之间划界的位置都不一样。",
  },
  concepts: ["provider-formats"],
  system: "You help a person with the files in this workspace.",
  tools: ["read_file", "list_dir"],
  policy: {},
  provider: { wire: "anthropic" },
  messages: [
    { text: { en: "What is in notes/todo.md?", zh: "notes/todo.md 里写了什么？" } },
    {
      text: { en: "And what is in notes/ideas.md?", zh: "那 notes/ideas.md 里写了什么？" },
      reconfigure: { provider: { wire: "openai-chat" } },
    },
    {
      text: { en: "And what is in README.md?", zh: "那 README.md 里写了什么？" },
      reconfigure: { provider: { wire: "openai-responses" } },
    },
  ],
  script: [
    readPath(THREE_WIRE_FORMATS_PATHS[0]),
    null,
    readPath(THREE_WIRE_FORMATS_PATHS[1]),
    null,
    readPath(THREE_WIRE_FORMATS_PATHS[2]),
    null,
  ],
  steps: [
    {
      target: "event:request.assembled",
      match: { kind: "request.assembled", fields: { turn: 1, format: "anthropic" } },
      text: {
        en: "The first question goes out in Anthropic's format. The system prompt is a field of its own, and every message has a role and a list of typed content blocks.",
        zh: "第一个问题以 Anthropic 的格式发出。系统提示是单独的一个字段，每条消息都有一个角色和一串带类型的内容块。",
      },
    },
    {
      target: "event:wire.event",
      match: {
        kind: "wire.event",
        fields: { turn: 1, event: "content_block_start" },
        includes: { data: '"type":"tool_use"' },
      },
      text: {
        en: "Anthropic streams named events. The tool call is a tool_use block inside the assistant message, and its input follows in input_json_delta pieces.",
        zh: "Anthropic 流式发送带名字的事件。工具调用是助手消息里的一个 tool_use 块，它的输入随后分成几段，通过 input_json_delta 到达。",
      },
    },
    {
      target: "block:tool_result",
      match: { kind: "request.assembled", fields: { turn: 2, format: "anthropic" } },
      text: {
        en: "The result goes back as a tool_result block inside a user message. In this format a tool result is a block, and the message that carries it has the role user.",
        zh: "结果作为 tool_result 块放在一条 user 消息里送回。在这种格式里，工具结果是一个块，装着它的消息角色是 user。",
      },
    },
    {
      target: "event:session.configured",
      match: { kind: "session.configured" },
      text: {
        en: "Before the second question the session switches to OpenAI Chat Completions. The conversation is kept; only the format on the wire changes.",
        zh: "第二个问题之前，会话切换到了 OpenAI Chat Completions。对话内容保持不变；变的只是传输时的格式。",
      },
    },
    {
      target: "event:request.assembled",
      match: { kind: "request.assembled", fields: { turn: 3, format: "openai-chat" } },
      text: {
        en: "The same conversation in Chat Completions. The system prompt is the first message, the earlier call is an entry of tool_calls with its arguments as a JSON string, and its result is a message with the role tool.",
        zh: "同一段对话，换成 Chat Completions。系统提示成了第一条消息，之前的调用是 tool_calls 里的一项，参数是一个 JSON 字符串，它的结果是一条角色为 tool 的消息。",
      },
    },
    {
      target: "event:wire.event",
      match: { kind: "wire.event", fields: { turn: 3 }, includes: { data: '"tool_calls":[{"index":0,"id"' } },
      text: {
        en: "Chat streams data-only chunks with no event names. The call arrives in delta.tool_calls: the id and the name in the first chunk, then pieces of the arguments string.",
        zh: "Chat 流式发送只有数据、没有事件名的数据块。调用出现在 delta.tool_calls 里：第一块带着 id 和名字，后面几块是参数字符串的片段。",
      },
    },
    {
      target: "event:request.assembled",
      match: { kind: "request.assembled", fields: { turn: 5, format: "openai-responses" } },
      text: {
        en: "Now the Responses API. Its conversation is a list of items, not messages with blocks: each call is a function_call item and each result a function_call_output item, paired by call_id.",
        zh: "现在换成 Responses API。它的对话是一串条目，而不是带块的消息：每次调用是一个 function_call 条目，每个结果是一个 function_call_output 条目，靠 call_id 配对。",
      },
    },
    {
      target: "event:wire.event",
      match: {
        kind: "wire.event",
        fields: { turn: 5, event: "response.output_item.added" },
        includes: { data: '"type":"function_call"' },
      },
      text: {
        en: "Responses streams typed events. response.output_item.added opens the function_call item; response.function_call_arguments.delta events then carry its arguments.",
        zh: "Responses 流式发送带类型的事件。response.output_item.added 打开 function_call 条目；随后的 response.function_call_arguments.delta 事件带来它的参数。",
      },
    },
    {
      target: "event:turn.completed",
      match: { kind: "turn.completed", fields: { turn: 6, format: "openai-responses" } },
      text: {
        en: "Three formats, one conversation. The transcript pane shows it in each format side by side: the same call and result, drawn as blocks, as messages and as items.",
        zh: "三种格式，同一段对话。对话记录面板可以把三种格式并排显示：同样的调用和结果，分别画成块、消息和条目。",
      },
    },
  ],
};
