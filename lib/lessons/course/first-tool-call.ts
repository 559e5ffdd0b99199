/**
 * Lesson `first-tool-call`: one question, one `read_file` call, one answer — and everything a
 * first tool call is made of: roles and blocks, the request's order, the SSE events, the input
 * streamed as partial JSON, the stop reason, and the id that pairs the call with its result.
 */
import type { Scenario } from "../types";
import type { ScriptView } from "@/lib/providers/offline/script-types";

/** The file the lesson reads. */
export const FIRST_TOOL_CALL_PATH = "notes/todo.md";

/** The model's answer after the result: the list's items, read from the result itself. */
function answerFromResult({ results }: ScriptView) {
  const result = results[0];
  if (!result || result.isError) return null;
  const items = result.content
    .split("\n")
    .flatMap((line) => {
      const item = /^- \[( |x)\] (.+)$/.exec(line.trim());
      return item ? [`${item[2]} (${item[1] === "x" ? "done" : "open"})`] : [];
    })
    .join("; ");
  const text = items ? `${FIRST_TOOL_CALL_PATH} lists: ${items}.` : `${FIRST_TOOL_CALL_PATH} is empty.`;
  return { blocks: [{ type: "text" as const, text }] };
}

export const firstToolCallLesson: Scenario = {
  id: "first-tool-call",
  title: { en: "Your first tool call", zh: "第一次工具调用" },
  summary: {
    en: "The model reads a file to answer a question. Follow one tool call from the request to the answer: roles and blocks, the streamed events, the stop reason, and the id that pairs the call with its result.",
    zh: "模型读取一个文件来回答问题。从请求一路跟到回答，看一次工具调用由什么组成：角色和块、流式事件、停止原因，以及把调用和结果配对的 id。",
  },
  concepts: ["roles-vs-blocks", "id-pairing", "stop-reason", "sse-events", "context-order", "partial-json"],
  system:
    "You help a person with the files in this workspace. Read a file before you answer a question about it.",
  tools: ["read_file", "list_dir", "write_file"],
  policy: {},
  messages: [{ text: { en: "What is in notes/todo.md?", zh: "notes/todo.md 里写了什么？" } }],
  script: [
    () => ({
      blocks: [
        { type: "text", text: `I'll read ${FIRST_TOOL_CALL_PATH}.` },
        { type: "tool_use", name: "read_file", input: { path: FIRST_TOOL_CALL_PATH } },
      ],
    }),
    answerFromResult,
  ],
  steps: [
    {
      target: "event:user.message",
      match: { kind: "user.message", fields: { turn: 1 } },
      text: {
        en: "Your question becomes a message with the role user. A message is a role plus a list of content blocks; this one holds a single text block.",
        zh: "你的问题变成一条角色为 user 的消息。一条消息就是一个角色加一串内容块；这一条里只有一个文本块。",
      },
    },
    {
      target: "event:request.assembled",
      match: { kind: "request.assembled", fields: { turn: 1 } },
      text: {
        en: "This is the exact body sent to the model. Its parts come in a fixed order: the tools first, then the system prompt, then the messages. The model reads the tool definitions before anything else.",
        zh: "这是发给模型的完整请求体。各部分的顺序是固定的：先是工具，然后是系统提示，最后是消息。模型最先读到的是工具定义。",
      },
    },
    {
      target: "event:wire.event",
      match: { kind: "wire.event", fields: { turn: 1, event: "message_start" } },
      text: {
        en: "The answer comes back as a stream of server-sent events. message_start opens the assistant message; each block then gets content_block_start, its deltas and content_block_stop.",
        zh: "回答以服务器推送事件（SSE）的形式流回来。message_start 打开助手消息；之后每个块依次收到 content_block_start、若干增量事件和 content_block_stop。",
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
        en: "After the text, a second block starts: a tool_use block. Its id and the tool's name arrive first, with an empty input.",
        zh: "文本之后，第二个块开始了：一个 tool_use 块。它的 id 和工具名先到，输入还是空的。",
      },
    },
    {
      target: "event:wire.event",
      match: { kind: "wire.event", fields: { turn: 1 }, includes: { data: '"partial_json":"{' } },
      text: {
        en: "The input arrives as pieces of JSON text in input_json_delta events. Until the last piece, the text is not valid JSON; the stream panel shows it partly parsed.",
        zh: "输入以一段段 JSON 文本的形式，通过 input_json_delta 事件到达。在最后一段到达之前，这段文本都不是合法的 JSON；流面板显示的是部分解析的结果。",
      },
    },
    {
      target: "event:wire.event",
      match: { kind: "wire.event", fields: { turn: 1, event: "message_delta" } },
      text: {
        en: "message_delta carries the stop reason: tool_use. The model stopped because it wants a tool to run, not because it is done.",
        zh: "message_delta 带来了停止原因：tool_use。模型停下来，是因为它要运行一个工具，而不是因为它说完了。",
      },
    },
    {
      target: "block:tool_use",
      match: { kind: "turn.completed", fields: { turn: 1, stopReason: { unified: "tool_use" } } },
      text: {
        en: "The assembled assistant message: one role, two blocks, a text block and a tool_use block. Roles belong to messages; text and tool calls are blocks inside them.",
        zh: "组装好的助手消息：一个角色，两个块，一个文本块和一个 tool_use 块。角色属于消息；文本和工具调用是消息里面的块。",
      },
    },
    {
      target: "event:tool.result",
      match: { kind: "tool.result", fields: { turn: 1, name: "read_file", isError: false } },
      text: {
        en: "The harness ran read_file. The result carries the call's id: that id is how the model knows which result answers which call.",
        zh: "运行框架执行了 read_file。结果带着调用的 id：模型正是靠这个 id 知道哪个结果回答了哪个调用。",
      },
    },
    {
      target: "block:tool_result",
      match: { kind: "request.assembled", fields: { turn: 2 } },
      text: {
        en: "The next request sends the whole conversation again. The result travels as a tool_result block in a user message, right after the assistant message that made the call, with tool_use_id set to the call's id.",
        zh: "下一个请求把整段对话再发一遍。结果作为 tool_result 块放在一条 user 消息里，紧跟在发起调用的助手消息后面，tool_use_id 就是调用的 id。",
      },
    },
    {
      target: "event:turn.completed",
      match: { kind: "turn.completed", fields: { turn: 2, stopReason: { unified: "end_turn" } } },
      text: {
        en: "This time the stop reason is end_turn: the model answered in text and asked for nothing more, so the run ends.",
        zh: "这一次停止原因是 end_turn：模型用文本作答，不再需要别的，运行就此结束。",
      },
    },
  ],
};
